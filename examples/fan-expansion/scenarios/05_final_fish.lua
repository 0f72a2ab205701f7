-- Lakes & Fishers, "Scoring": an unfinished lake at the end pays only its
-- fish, 1 each (tiles count nothing).
-- You: a fisher on open water lk.F (2 fish), open on every side but the
-- one facing D's road: 2. Blue: a fisher on the corner lake lk.C (1
-- fish), open: 1.
-- Players: 1 = You, 2 = Blue.
scenario "LAKES-05: unfinished lakes pay their fish" {
  game = "base", with = { "../lakes.lua" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 } },
  { "lk.F", at = { 0, 1 }, figure = { player = 1, kind = "fisher", on = "N" } },
  { "lk.C", at = { 3, 3 }, fixed = true, figure = { player = 2, kind = "fisher", on = "N" } },
}

expect.open { at = { 0, 1 }, port = "N" }
final()
expect.final { 2, 1 }
expect.ledger_final {
  { player = 1, points = 2, reason = "lake" },
  { player = 2, points = 1, reason = "lake" },
}
