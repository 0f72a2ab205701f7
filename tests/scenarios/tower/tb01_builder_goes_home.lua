-- tower.md §5 (with traders-builders.md §3.1): a builder is no follower, so
-- a tower never captures it; when the tower takes the last follower of its
-- owner from its road, the builder goes home (needs_own).
-- Blue's thief and builder on the road of U at 0,0 (N-S); Red lays to.F at
-- 1,0, a floor, and takes the thief: the builder returns to Blue.
-- Players: 1 = Red, 2 = Blue.
scenario "TO-TB-01: the builder goes home with its thief" {
  game = "base", with = { "traders_builders", "tower" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, figures = { { player = 2, on = "N" }, { player = 2, kind = "builder", on = "N" } } },
}

play("place to.F 1,0 r0", "action floor 1 0 0 0")
expect.moves { "action capture 2 0 0 1", "pass" }
play "action capture 2 0 0 1"
expect.free { at = { 0, 0 }, port = "N" }
expect.supply { player = 2, kind = "builder", count = 1 }
