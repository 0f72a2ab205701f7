-- examples/house-rules/cloister_completed.lua: a completed cloister still
-- pays 9 (base.md §4.1). You: a monk on B at 0,0 with 7 neighbours; You
-- lay the 8th. Players: 1 = You, 2 = Blue.
scenario "cloister_completed: a completed cloister still pays 9" {
  game = "base", players = 2, start = false,
  rules = { "../cloister_completed.lua" },
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 1, on = "C" } },
  { "B", at = { -1, -1 } , fixed = true }, { "B", at = { 0, -1 } }, { "B", at = { 1, -1 } },
  { "B", at = { -1, 0 } }, { "B", at = { 1, 0 } },
  { "B", at = { -1, 1 } }, { "B", at = { 0, 1 } },
}

play("place B 1,1 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 9, reason = "cloister" } }
