-- abbey-mayor.md §7 AM-EX-08, AM-EX-13: Blue's wagon on a road that is
-- completed: T's gate road (0,0) - U (0,1) - cloister A r2 (0,2): 3 tiles,
-- Blue +3. Allowed: the incomplete city the road enters (any of its
-- tiles: here only T) and the incomplete cloister at the other end.
-- Then Red's knight in that city makes it refused (second part).
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-08: wagon from a completed road into the city at its end" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "T", at = { 0, 0 } },
  { "U", at = { 0, 1 }, figure = { player = 1, kind = "wagon", on = "N" } },
}

play("place A 0,2 r2", "pass")
expect.score { 3, 0 }
expect.moves {
  "action wagon 1 0 0 0",
  "action wagon 1 0 0 1",                 -- T's city
  "action wagon 1 0 2 1",                 -- A's cloister
}
choose "action wagon 1 0 0 1"
expect.occupied { at = { 0, 0 }, port = "N", by = { 1 } }
