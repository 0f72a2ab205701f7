-- bridges_castles_bazaars.md §6, §7 BCB-TB-01: a builder leaves with its
-- knight. Red's knight and builder in a cap (E at 0,0). Red closes the
-- 2-tile city (the builder's city grew: a second tile this turn, T&B) and
-- makes it a castle: the knight goes onto the castle, so the builder has
-- no follower of Red's in the city and goes home; nothing is scored.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-TB-01: the builder goes home when its knight makes a castle" {
  game = "base", with = { "traders_builders", "bridges_castles_bazaars" }, players = 2,
  start = false, options = { bridges = false, bazaar = false },
}

setup {
  { "E", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 1, kind = "builder", on = "N" } } },
}

play("place E 0,-1 r2", "pass", "action castle 1 0 -1 1")
expect.score { 0, 0 }
expect.supply { player = 1, kind = "builder", count = 1 }
expect.supply { player = 1, kind = "meeple", count = 6 }
expect.part(2)
