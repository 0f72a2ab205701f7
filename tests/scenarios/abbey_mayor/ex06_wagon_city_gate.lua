-- abbey-mayor.md §7 AM-EX-06, §3.3: Blue's wagon is in a city that is
-- completed: T (0,0) (city N+E+W, road S through a gate) closed by three
-- E caps: 4 tiles, no pennant = 8. The road leaving through the gate
-- (T, U south, open) is connected: allowed, on either tile. Fields are not.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-06: wagon leaves a city through the gate road" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "T", at = { 0, 0 }, figure = { player = 1, kind = "wagon", on = "N" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { -1, 0 }, rot = 1 },
  { "U", at = { 0, 1 } },
}

play("place E 1,0 r3", "pass")
expect.score { 8, 0 }
expect.moves {
  "action wagon 1 0 0 0",
  "action wagon 1 0 0 2",                 -- T's road
  "action wagon 1 0 1 1",                 -- the U
}
choose "action wagon 1 0 1 1"
expect.occupied { at = { 0, 1 }, port = "N", by = { 1 } }
