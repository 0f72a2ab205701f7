-- base.md §1.1 tile A, §4.1: a cloister surrounded by 8 tiles scores 9;
-- its road, ending at the cloister, closes when it ends again (here at a
-- second A's cloister): 2 tiles. The last tile closes both at once;
-- each feature is scored once.
scenario "tile A: cloister 9 and its road 2, closed by one tile" {
  game = "base", players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 }, figures = { { player = 1, on = "C" }, { player = 2, on = "S" } } },
  { "B", at = { 0, -1 } }, { "B", at = { 1, -1 } }, { "B", at = { 1, 0 } }, { "B", at = { 1, 1 } },
  { "B", at = { -1, 0 } }, { "B", at = { -1, -1 } }, { "B", at = { -1, 1 } },
}

play("place A 0,1 r2", "pass")       -- road N, ending at its cloister
expect.ledger_last_turn {
  { player = 1, points = 9, reason = "cloister" },
  { player = 2, points = 2, reason = "road" },
}
expect.score { 9, 2 }
