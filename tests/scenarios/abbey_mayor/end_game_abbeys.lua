-- abbey-mayor.md §2 end of game, §3.1: after the last tile (placed by
-- player 1) players still holding an abbey, in turn order from the left of
-- the last player, may place it into a hole; it may get a monk and is
-- scored at once (here incomplete). Then the game ends: player 1 still
-- holds one, but no hole is left. Final: the monk, 1 + 4 neighbours = 5.
-- Players: 1, 2.
scenario "end-game abbeys: round from the left of the last player" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, -1 }, fixed = true },
  { "B", at = { 1, 0 }, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}
stack { "B" }

play "draw"                              -- player 1 may play the abbey; draws instead
play("place B 2,0 r0", "pass")
expect.over(false)
expect.player(2)
expect.moves { "place am.abbey 0,0 r0", "action abbey_decline 0 0 0 0" }
play("place am.abbey 0,0 r0", "deploy meeple C")
expect.over()
expect.final { 0, 5 }
