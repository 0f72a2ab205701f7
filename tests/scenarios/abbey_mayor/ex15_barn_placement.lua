-- abbey-mayor.md §7 AM-EX-15, AM-EX-14, §3.4, §4.2, §4.4: a field touching
-- 2 completed cities (E caps at (0,0) and (1,0), each closed by an E r2
-- above) holds Yellow's farmer. Blue places B at (1,1): the corner (1,1)
-- joins 4 tiles, all field there: the barn is legal; the corner (2,1) is
-- not (only 2 tiles). Placing it scores Yellow at once as at the end: 2x3
-- = 6, the farmer returns, Blue 0 now. Then no farmer may join the barn
-- field (§3.4). At the end the barn scores 4 per city: 8.
-- Players: 1 = Blue, 2 = Yellow.
scenario "AM-EX-15: barn placement scores the farmers; no farmer after it" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 } },
  { "E", at = { 1, -1 }, rot = 2 },
  { "B", at = { 0, 1 } },
}

play "place B 1,1 r0"
expect.legal "deploy barn N"
play "deploy barn N"
expect.score { 0, 6 }
expect.ledger_last_turn { { player = 2, points = 6, reason = "field" } }
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.supply { player = 1, kind = "barn", count = 0 }
-- Yellow extends the barn field: no farmer there
play "place U 2,1 r0"
expect.illegal "deploy meeple W"
expect.legal "deploy meeple E"
play "pass"
final()
expect.final { 8, 6 }
expect.ledger_final { { player = 1, points = 8, reason = "barn" } }
