-- abbey-mayor.md §3.1 [FAQ], §5 (with Traders & Builders §2.1, §2.4): the
-- last tile of the game extends Blue's builder's road: Blue gets the
-- second part of the double turn and, still holding an abbey, may place
-- it as that part, before the end round. Then the end round starts with
-- the next player: Red places their abbey into the other hole, and the
-- game ends (nobody holds an abbey any more).
-- Two holes, at 1,1 and 3,1, in a block of cloister tiles B. Blue's thief
-- and builder stand on the road of U at 10,0.
-- Players: 1 = Blue, 2 = Red.
scenario "last tile extends the builder's road: the abbey as the second part" {
  game = "base", with = { "traders_builders", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 } }, { "B", at = { 1, 0 } }, { "B", at = { 2, 0 } },
  { "B", at = { 0, 1 } }, { "B", at = { 2, 1 } },
  { "B", at = { 0, 2 } }, { "B", at = { 1, 2 } }, { "B", at = { 2, 2 } },
  { "B", at = { 3, 0 } }, { "B", at = { 3, 2 } }, { "B", at = { 4, 1 }, fixed = true },
  { "U", at = { 10, 0 }, fixed = true, figures = {
      { player = 1, kind = "meeple", on = "N" },
      { player = 1, kind = "builder", on = "N" } } },
}
stack { "U" }                            -- the last tile of the game

expect.phase "draw"                      -- Blue could place the abbey now
play("draw", "place U 10,1 r0", "pass")  -- the last tile extends the builder's road
expect.player(1)
expect.part(2)
expect.moves { "place am.abbey 1,1 r0", "place am.abbey 3,1 r0", "pass" }
play("place am.abbey 1,1 r0", "pass")
expect.supply { player = 1, kind = "abbey", count = 0 }
-- the end round, from Blue's left: Red
expect.player(2)
expect.moves { "place am.abbey 3,1 r0", "action abbey_decline 0 0 0 0" }
play("place am.abbey 3,1 r0", "pass")
expect.over()
