-- traders-builders.md §7 TB-EX-01 (goods on completion), §2.3, §4.1: a
-- city with 1 wine and 2 wheat symbols, Blue's knight in it. You complete
-- it: Blue +10 (5 tiles, no pennant), You +0 points but 1 wine + 2 wheat.
-- The tokens show at the end (§4.2): You hold the most wine and the most
-- wheat (Blue none): +10 +10; nobody holds cloth: nobody scores it.
-- City: E (0,0) cap east - tb.R wine band - tb.G wheat band - tb.D wheat
-- corner (W+S) - E (3,1) cap north, placed by You.
-- Players: 1 = You, 2 = Blue.
scenario "TB-EX-01: goods go to the completer, points to the knight" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1 },
  { "tb.R", at = { 1, 0 }, figure = { player = 2, on = "W" } },  -- Blue's knight
  { "tb.G", at = { 2, 0 } },
  { "tb.D", at = { 3, 0 }, rot = 3 },
}

expect.feature { at = { 1, 0 }, port = "W", kind = "city", tiles = 4, wine = 1, wheat = 2, cloth = 0 }
play "place E 3,1 r0"
expect.closed { at = { 1, 0 }, port = "W" }
play "pass"
expect.score { 0, 10 }
expect.ledger_last_turn { { player = 2, points = 10, reason = "city" } }
final()
expect.final { 20, 10 }
expect.points { player = 1, reason = "goods", points = 20 }   -- wine + wheat
expect.points { player = 2, reason = "goods", points = 0 }
expect.ledger_final {
  { player = 1, points = 10, reason = "goods" },   -- wine majority
  { player = 1, points = 10, reason = "goods" },   -- wheat majority
}
