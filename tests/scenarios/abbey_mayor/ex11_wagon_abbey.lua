-- abbey-mayor.md §7 AM-EX-11 (C1-1), §3.3, §5: a city closed by an abbey:
-- E r3 at (1,0), its cap facing the hole (0,0), holds Blue's wagon; Blue
-- places the abbey: the city (1 tile = 2) scores, Blue +2. Allowed: the
-- incomplete, unoccupied abbey (2). Refused: the road attached to the
-- abbey (6), U at (0,-1) (it touches the abbey, not the city); fields.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-11: wagon from a city closed by an abbey onto the abbey" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 1, 0 }, rot = 3, fixed = true, figure = { player = 1, kind = "wagon", on = "W" } },
  { "U", at = { 0, -1 }, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}

play("place am.abbey 0,0 r0", "pass")
expect.score { 2, 0 }
expect.moves { "action wagon 1 0 0 0", "action wagon 1 0 0 1" }
choose "action wagon 1 0 0 1"
expect.occupied { at = { 0, 0 }, port = "C", by = { 1 } }
