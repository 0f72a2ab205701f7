-- examples/house-rules/cloister_completed.lua: an unfinished cloister
-- pays 1 at the end, however many neighbours it has (base.md §4.2 would
-- pay 1 + 2 neighbours = 3 here).
-- You: a monk on cloister B at 0,0 with roads U east and west of it.
-- Players: 1 = You, 2 = Blue.
scenario "cloister_completed: an unfinished cloister pays 1" {
  game = "base", players = 2, start = false,
  rules = { "../cloister_completed.lua" },
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 1, on = "C" } },
  { "U", at = { 1, 0 } },
  { "U", at = { -1, 0 } },
}

expect.feature { at = { 0, 0 }, port = "C", points = 1 }
final()
expect.final { 1, 0 }
expect.ledger_final { { player = 1, points = 1, reason = "cloister" } }
