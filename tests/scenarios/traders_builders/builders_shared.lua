-- traders-builders.md §3.1 [FAQ: wiki]: only "one of your followers in
-- the feature" matters; other players' followers and builders do not, and
-- several builders may share a feature. §4.1: builders do not count for
-- majority; every figure on a scored feature returns. §3.3: each player's
-- own builder triggers that player's double turn only.
-- Road: cloister A (0,0) end - U (0,1) Blue's thief + builder - U (0,2)
-- your thief - open south.
-- Players: 1 = You, 2 = Blue.
scenario "builders of two players share a road" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 } },
  { "U", at = { 0, 1 }, figures = {
      { player = 2, kind = "meeple", on = "N" },
      { player = 2, kind = "builder", on = "N" } } },
  { "U", at = { 0, 2 }, figure = { player = 1, kind = "meeple", on = "N" } },
}

-- You extend it (Blue's builder does not help you) and add your builder
play "place U 0,3 r0"
expect.legal "deploy builder N"
play "deploy builder N"
expect.occupied { at = { 0, 1 }, port = "N", by = { 1, 1, 2, 2 } }
expect.player(2)                       -- no second tile for you
-- Blue extends it: Blue's builder gives Blue a second tile
play("place U 0,4 r0", "pass")
expect.player(2)
expect.part(2)
-- which closes the road: 6 tiles, 1 thief each (builders do not count):
-- a tie, both score 6
play("place A 0,5 r2", "pass")
expect.score { 6, 6 }
expect.ledger_last_turn {
  { player = 1, points = 6, reason = "road" },
  { player = 2, points = 6, reason = "road" },
}
expect.supply { player = 1, kind = "builder", count = 1 }
expect.supply { player = 2, kind = "builder", count = 1 }
expect.player(1)
expect.part(1)
