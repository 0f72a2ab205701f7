-- watchtowers.md §3, §4 (Abbey & Mayor, Inns & Cathedrals), WT-AM-01
-- [inferred; JCZ the same: a Follower]: the mayor is a follower: on the
-- tower tile's city it scores the meeple tower, even where it wins no
-- majority (a city with no coat of arms: strength 0); the large meeple
-- counts as one meeple. The meeple tower wt.CFRF_2M at 0,0: Alice's mayor
-- on its city, Bob's large meeple on the road of U at 0,1 (it joins the
-- tower's road). Alice's E at 0,-1 closes the 2-tile city: 2 followers in
-- the square, 2 x 2 = 4 to Alice; the city itself pays nobody.
-- Players: 1 = Alice, 2 = Bob.
scenario "WT-AM-01: the mayor scores the tower, the large meeple counts once" {
  game = "base", with = { "abbey_mayor", "inns_cathedrals", "watchtowers" }, players = 2,
  start = false,
}

setup {
  { "wt.CFRF_2M", at = { 0, 0 }, figure = { player = 1, kind = "mayor", on = "N" } },
  { "U", at = { 0, 1 }, figure = { player = 2, kind = "big", on = "N" } },
}

play("place E 0,-1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "watchtower" } }
expect.score { 4, 0 }
