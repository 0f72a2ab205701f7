-- abbey-mayor.md §7 AM-EX-09, §3.3: two cities touching at a tile corner
-- are not connected. Blue's wagon closes a 2-tile city (E at 0,0 and E r2
-- at 0,-1: 4 points); the open city of the E r1 at (1,1), touching it only
-- diagonally, is no destination; only the return is left.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-09: no move to a city touching at a corner" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, kind = "wagon", on = "N" } },
  { "E", at = { 1, 1 }, rot = 3, fixed = true },
}

play("place E 0,-1 r2", "pass")
expect.score { 4, 0 }
expect.moves { "action wagon 1 0 0 0" }
