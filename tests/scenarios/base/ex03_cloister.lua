-- base.md §6 BASE-EX-03 (cloister); §4.1 cloister complete when its 8
-- neighbours are there: 9 (1 for the cloister tile + 8).
-- Players: 1 places the last tile, 3 = Green (the monk).
scenario "BASE-EX-03: a monk scores 9 when the 8th neighbour arrives" {
  game = "base", players = 3, start = false,
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 3, kind = "meeple", on = "C" } },
  { "B", at = { 0, -1 } }, { "B", at = { 1, -1 } }, { "B", at = { 1, 0 } },
  { "B", at = { 1, 1 } }, { "B", at = { 0, 1 } }, { "B", at = { -1, 1 } },
  { "B", at = { -1, 0 } },
}

expect.open { at = { 0, 0 }, port = "C" }
play "place B -1,-1 r0"              -- the 8th neighbour
expect.closed { at = { 0, 0 }, port = "C" }
play "pass"
expect.score { 0, 0, 9 }
expect.ledger_last_turn { { player = 3, points = 9, reason = "cloister" } }
expect.supply { player = 3, count = 7 }
