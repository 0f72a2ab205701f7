-- cult.md §4, §5 [FAQ]: a monk that a magic portal (The Princess & the
-- Dragon) puts on a cloister next to an occupied shrine is in a challenge
-- like any other. Red's heretic on the shrine at 0,0; the cloister at 1,0
-- is free, 7 of its 8 neighbours laid. Blue's portal tile at -1,1 sends a
-- monk there; Red then lays the 8th tile (2,1): Blue's cloister is
-- completed first: 9 to Blue, Red's heretic home with nothing.
-- Players: 1 = Blue, 2 = Red.
scenario "CULT-PD-01: a monk by the magic portal wins a challenge" {
  game = "base", with = { "princess_dragon", "cult" }, players = 2, start = false,
}

setup {
  { "cu.S", at = { 0, 0 }, figure = { player = 2, on = "C" } },
  { "B", at = { 1, 0 } },
  { "E", at = { 0, -1 } },
  { "E", at = { 1, -1 } },
  { "E", at = { 2, -1 } },
  { "E", at = { 2, 0 }, rot = 1 },
  { "U", at = { 0, 1 }, rot = 1 },
  { "U", at = { 1, 1 }, rot = 1 },
}

play("place pd.G2 -1,1 r0", "action portal 1 0 C 1")
expect.occupied { at = { 1, 0 }, port = "C", by = { 1 } }
expect.score { 0, 0 }
play("place U 2,1 r1", "pass")
expect.ledger_last_turn { { player = 1, points = 9, reason = "cloister" } }
expect.free { at = { 0, 0 }, port = "C" }
expect.supply { player = 2, kind = "meeple", count = 7 }
