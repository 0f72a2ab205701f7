-- abbey-mayor.md §7 AM-EX-16 variant, §4.3 [FAQ], §5 (with T&B): as
-- AM-EX-16, but Red places the joining tile and puts his pig on it, in the
-- field just joined to the barn field, before the scoring: 2 per city with
-- the pig: Red +4; farmer and pig return.
-- Players: 1 = Red, 2 = Blue.
scenario "AM-EX-16 variant: barn connection with the pig, 2 per city" {
  game = "base", with = { "traders_builders", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 } },
  { "E", at = { 1, -1 }, rot = 2 },
  { "B", at = { 0, 2 }, fixed = true, figure = { player = 2, kind = "barn", on = "N" } },
}

play("place B 0,1 r0", "deploy pig N")
expect.score { 4, 0 }
expect.ledger_last_turn { { player = 1, points = 4, reason = "field" } }
expect.supply { player = 1, kind = "pig", count = 1 }
expect.supply { player = 1, kind = "meeple", count = 7 }
