-- watchtowers.md §4 (Traders & Builders), WT-TB-01 [inferred: a builder
-- is no meeple, and JCZ's meeple tower counts followers alone]. The meeple
-- tower wt.CFRF_2M at 0,0: Bob's knight on its city, Alice's builder on
-- its road (her knight on U at 0,1 holds the road).
-- Alice's E at 0,-1 closes the 2-tile city: the tower counts the
-- followers in its square, Bob's knight and Alice's, not the builder:
-- 2 x 2 = 4 to Bob, then the city's 4. Bob's A at 0,2 closes the road (3
-- tiles): the builder on the tower tile is no follower: no tower.
-- Players: 1 = Alice, 2 = Bob.
scenario "WT-TB-01: a builder neither counts for the meeple tower nor scores it" {
  game = "base", with = { "traders_builders", "watchtowers" }, players = 2, start = false,
}

setup {
  { "wt.CFRF_2M", at = { 0, 0 }, figures = {
      { player = 2, on = "N" }, { player = 1, kind = "builder", on = "S" } } },
  { "U", at = { 0, 1 }, figure = { player = 1, on = "N" } },
}

play("place E 0,-1 r2", "pass")
expect.ledger_last_turn { { player = 2, points = 4, reason = "watchtower" },
                          { player = 2, points = 4, reason = "city" } }
play("place A 0,2 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 3, reason = "road" } }
expect.score { 3, 8 }
