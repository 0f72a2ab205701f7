-- abbey-mayor.md §7 AM-EX-16, §4.3: Red's farmer is in a field touching 2
-- completed cities (the south field of E (0,0) and E (1,0)); Blue's barn is
-- in the field of B (0,2). Blue places B at (0,1), joining the two fields:
-- Red +2 (1 per city), the farmer returns; Blue +0 now; the barn stays.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-16: barn connection scores 1 per city" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 } },
  { "E", at = { 1, -1 }, rot = 2 },
  { "B", at = { 0, 2 }, fixed = true, figure = { player = 1, kind = "barn", on = "N" } },
}

play("place B 0,1 r0", "pass")
expect.score { 0, 2 }
expect.ledger_last_turn { { player = 2, points = 2, reason = "field" } }
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.occupied { at = { 0, 0 }, port = "S", by = { 1 } }
final()
expect.final { 8, 2 }                   -- the barn: 4 x 2 cities
