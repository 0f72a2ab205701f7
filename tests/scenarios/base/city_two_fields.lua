-- base.md §4.3: a city bordering several fields scores separately for
-- each of those fields' majorities.
-- City E(cap E) - G - E(cap W), closed: four fields border it (the two
-- E fields and the G's north and south fields, all separate). P1 holds
-- the G's north and south fields: 3 + 3; P2 the west E's field: 3.
scenario "a city bordering two fields scores for each" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1, figure = { player = 2, on = "W" } },
  { "G", at = { 1, 0 }, figures = { { player = 1, on = "N" }, { player = 1, on = "S" } } },
  { "E", at = { 2, 0 }, rot = 3 },
}

final()
expect.final { 6, 3 }
expect.ledger_final {
  { player = 1, points = 3, reason = "field" },
  { player = 1, points = 3, reason = "field" },
  { player = 2, points = 3, reason = "field" },
}
