-- As last_tile_builder_abbey.lua (abbey-mayor.md §3.1 [FAQ], §5; Traders
-- & Builders §2.1, §2.4), but Blue passes the second part: the abbey
-- stays in hand for the end round (§3.1), which starts with Red.
-- Players: 1 = Blue, 2 = Red.
scenario "last tile extends the builder's road: passing the second part keeps the abbey" {
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
play "pass"                              -- Blue keeps the abbey for the end round
expect.supply { player = 1, kind = "abbey", count = 1 }
expect.player(2)                         -- the end round: Red first, then Blue
play("place am.abbey 3,1 r0", "pass")
expect.player(1)
expect.moves { "place am.abbey 1,1 r0", "action abbey_decline 0 0 0 0" }
play("place am.abbey 1,1 r0", "pass")
expect.over()
