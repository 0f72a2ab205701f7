-- abbey-mayor.md §7 AM-EX-09, §3.3: two cities touching at a tile corner
-- are not connected. Blue's wagon closes a 2-tile city (E at 0,0 and E r2
-- at 0,-1: 4 points); the open city of the E r1 at (1,1), touching it only
-- diagonally, is no destination; only the return is left, so the wagon
-- goes home without a decision (§3.3: "if no such feature exists, it
-- must return").
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-09: no move to a city touching at a corner" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, kind = "wagon", on = "N" } },
  { "E", at = { 1, 1 }, rot = 3, fixed = true },
}

turn "place E 0,-1 r2"                -- turn() ends: no choice is left
expect.score { 4, 0 }
expect.supply { player = 1, kind = "wagon", count = 1 }
expect.player(2)
