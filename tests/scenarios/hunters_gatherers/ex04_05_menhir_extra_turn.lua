-- hunters-gatherers.md §7 HG-EX-04 and HG-EX-05, §2 phase 4: you
-- complete a 4-tile forest with a menhir, your gatherer alone: +8 (4 x 2)
-- and an extra turn with a menhir tile. In it you place the menhir tile
-- m90 (forest on one side) with a gatherer, completing a 3-tile forest
-- that also holds a menhir: +6, and no further extra turn.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-04/05: menhir forest +8 and an extra turn; +6 and no second one" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "forest_kit.tiles" }   -- the shared forest test tiles
setup {
  { "FE", at = { 0, 0 } },
  { "FMm", at = { 0, 1 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "FM", at = { 0, 2 } },
  { "FEm", at = { 3, 0 }, fixed = true },
  { "FM", at = { 3, 1 } },
}
draws { "m90", stack = "menhir" }
play("place FE 0,3 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 8, reason = "forest" } }
expect.player(1)
expect.part(2)
expect.tile "m90"
play("place m90 3,2 r2", "deploy meeple N")
expect.ledger_last_turn { { player = 1, points = 8, reason = "forest" }, { player = 1, points = 6, reason = "forest" } }
expect.player(2)
expect.part(1)
expect.turn(2)
expect.score { 14, 0 }
expect.supply { player = 1, kind = "meeple", count = 5 }
