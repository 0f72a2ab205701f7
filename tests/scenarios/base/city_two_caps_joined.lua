-- base.md §4.1: count tiles, not segments: a tile counts once even if
-- the same city crosses it twice (H with both caps in one city).
-- Ring: H(0,0) caps N and S; N r2 (0,-1), N r3 (1,-1), N r0 (1,1),
-- N r1 (0,1); the G r1 (N-S band) at 1,0 joins both halves:
-- 6 tiles, no pennant: 12 (14 if the H were counted twice).
scenario "a city through both caps of an H counts the H once" {
  game = "base", players = 2, start = false,
}

setup {
  { "H", at = { 0, 0 }, rot = 0, figure = { player = 2, on = "N" } },
  { "N", at = { 0, -1 }, rot = 2 },
  { "N", at = { 1, -1 }, rot = 3 },
  { "N", at = { 0, 1 }, rot = 1 },
  { "N", at = { 1, 1 }, rot = 0 },
}

expect.open { at = { 0, 0 }, port = "N" }
play "place G 1,0 r1"
expect.feature { at = { 0, 0 }, port = "N", closed = true, tiles = 6, points = 12 }
expect.feature { at = { 0, 0 }, port = "S", closed = true, tiles = 6 }
play "pass"
expect.score { 0, 12 }
expect.ledger_last_turn { { player = 2, points = 12, reason = "city" } }
