-- abbey-mayor.md §7 AM-EX-11 (3), §3.3 "Cloister within a city": a wagon
-- may move from a city to a cloister inside it. A test tile (x.CC: city on
-- all sides around a cloister that touches it) is the city's east end.
-- City: E r1 (0,0) - x.CC (1,0) - closed by E caps N, E, S of x.CC.
-- 4 + ... tiles: E, x.CC, E, E, E = 5 tiles = 10. Blue +10, then the
-- cloister (incomplete, unoccupied) is allowed.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-11 (3): wagon from a city into the cloister inside it" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

tiles [[
tile x.CC
  city N* E* S* W* touches cloister
  cloister C
]]

setup {
  { "E", at = { 0, 0 }, rot = 1, figure = { player = 1, kind = "wagon", on = "E" } },
  { "x.CC", at = { 1, 0 } },
  { "E", at = { 1, -1 }, rot = 2 },
  { "E", at = { 2, 0 }, rot = 3 },
}

play("place E 1,1 r0", "pass")
expect.score { 10, 0 }
expect.moves { "action wagon 1 0 0 0", "action wagon 1 1 0 2" }
