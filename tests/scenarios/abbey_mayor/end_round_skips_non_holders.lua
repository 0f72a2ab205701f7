-- abbey-mayor.md §2 end of game, §3.1: after the last tile, players still
-- holding an abbey, in turn order from the left of the last player, may
-- place it. A player holding none has nothing to decide: their turn of
-- the end round passes by itself. Three players; player 2 starts without
-- an abbey (figures = { abbey = { 1, 0, 1 } }). Player 1 places the last
-- tile; player 2 is skipped; player 3 places the abbey; player 1 then
-- finds no hole left: the game ends.
scenario "end round: a player without an abbey is skipped" {
  game = "base", with = { "abbey_mayor" }, players = 3, start = false,
  figures = { abbey = { 1, 0, 1 } },
}

setup {
  { "B", at = { 0, -1 }, fixed = true },
  { "B", at = { 1, 0 }, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}
stack { "B" }

play("draw", "place B 2,0 r0", "pass")
expect.player(3)
expect.moves { "place am.abbey 0,0 r0", "action abbey_decline 0 0 0 0" }
play("place am.abbey 0,0 r0", "pass")
expect.over()
