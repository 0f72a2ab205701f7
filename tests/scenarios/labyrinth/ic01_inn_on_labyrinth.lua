-- labyrinth.md §4 LAB-IC-01 [FAQ: wiki, the interactions collected on the
-- Wikicarpedia talk page; advanced variant]: an inn on a labyrinth road
-- doubles its tiles (Inns & Cathedrals), the meeple bonus stays 2 each:
-- Alice alone, 5 tiles x 2 + 2 x 1 meeple = 12.
-- The inn tile ic.RCc.i at 0,1 turned so that its road N, with the inn,
-- ends the S arm at its city's gate.
-- Players: 1 = Alice, 2 = Bob.
scenario "LAB-IC-01: advanced with an inn: 12" {
  game = "base", with = { "inns_cathedrals", "labyrinth" }, players = 2, start = false,
  options = { labyrinth_variant = "advanced" },
}

setup {
  { "la.Rrrr", at = { 0, 0 } },
  { "W", at = { -1, 0 }, figure = { player = 1, on = "E" } },
  { "W", at = { 0, -1 } },
  { "W", at = { 1, 0 } },
}

stack { "ic.RCc.i" }
play("place ic.RCc.i 0,1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 12, reason = "road" } }
