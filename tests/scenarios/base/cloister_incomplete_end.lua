-- base.md §4.2: incomplete cloister scores 1 + 1 per neighbouring tile;
-- incomplete road 1 per tile (its cloister end is closed, the other not).
-- A(0,0) with P1's monk; U below carries its road on; B to the east.
-- Monk: 1 + 2 neighbours = 3. P2's thief on the road A-U: 2.
scenario "a cloister and its road, incomplete at the end" {
  game = "base", players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 }, figure = { player = 1, on = "C" } },
  { "U", at = { 0, 1 }, figure = { player = 2, on = "S" } },
  { "B", at = { 1, 0 } },
}

expect.open { at = { 0, 0 }, port = "C" }
expect.open { at = { 0, 0 }, port = "S" }
final()
expect.final { 3, 2 }
expect.ledger_final {
  { player = 1, points = 3, reason = "cloister" },
  { player = 2, points = 2, reason = "road" },
}
