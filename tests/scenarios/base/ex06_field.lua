-- base.md §6 BASE-EX-06 (field), first part; §4.3: 3 per completed city
-- bordering the field to the farmer majority; incomplete cities give
-- nothing.
-- North: cities X (E/E at x=0) and Y (E/E at x=1) closed, Z (E at x=2)
-- open. South of them one field, Red 2 farmers, Blue 1.
-- Players: 1 = Red, 2 = Blue.
scenario "BASE-EX-06: a field with two completed cities and an incomplete one" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },                     -- closes X
  { "E", at = { 1, 0 }, figure = { player = 1, on = "S" } },
  { "E", at = { 1, -1 }, rot = 2 },                     -- closes Y
  { "E", at = { 2, 0 }, figure = { player = 2, on = "S" } },   -- Z stays open
}

expect.closed { at = { 0, 0 }, port = "N" }
expect.closed { at = { 1, 0 }, port = "N" }
expect.open { at = { 2, 0 }, port = "N" }
expect.occupied { at = { 0, 0 }, port = "S", by = { 1, 1, 2 } }
final()
expect.final { 6, 0 }
expect.ledger_final { { player = 1, points = 6, reason = "field" } }
