-- abbey-mayor.md §7 AM-EX-08 / AM-EX-05 (refused: occupied): as AM-EX-08
-- but Red's knight is in the city: only the cloister and the return remain.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-08b: an occupied city is refused" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "T", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "U", at = { 0, 1 }, figure = { player = 1, kind = "wagon", on = "N" } },
}

play("place A 0,2 r2", "pass")
expect.moves { "action wagon 1 0 0 0", "action wagon 1 0 2 1" }
