-- abbey-mayor.md §3.1 [official: edition note]: option abbey_end_round =
-- false (the earlier FAQ): no abbey after the last tile; the game ends.
scenario "end-game abbeys off: the game ends with the last tile" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
  options = { abbey_end_round = false },
}

setup {
  { "B", at = { 0, -1 }, fixed = true },
  { "B", at = { 1, 0 }, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}
stack { "B" }

play "draw"
play("place B 2,0 r0", "pass")
expect.over()
