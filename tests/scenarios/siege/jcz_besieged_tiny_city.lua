-- JCloisterZone engine test engine-tests/siege/besieged-tiny-city.jcz
-- (farin/JCloisterZone-Client), converted: siege.md §3, §6 (the base
-- game's tiny_city option). As jcz_besieged_city_2_tiles, with JCZ's rule
-- "tiny-city-scoring": "2", our option tiny_city = 2: a completed 2-tile
-- city scores as an incomplete one (2), and the siege takes 1 a tile from
-- that: 0. JCZ asserts: Alice 0, "scored city for 0 points".
-- Players: 1 = Alice, 2 = Bob (JCZ: Alice alone).
scenario "SIEGE-JCZ-2: besieged-tiny-city.jcz: Alice 0" {
  game = "base", with = { "siege" }, players = 2, options = { tiny_city = 2 },
}

stack { "si.be.CFR" }
play("place si.be.CFR 0,-1 r2", "deploy meeple S")
expect.closed { at = { 0, -1 }, port = "S" }
expect.ledger_last_turn { { player = 1, points = 0, reason = "city" } }
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.over()
expect.final { 0, 0 }
