-- mage_witch.md §6 example 6 (§4, §5 Inns & Cathedrals): the witch halves
-- a cathedral city's points after the cathedral's bonus: 5 tiles at 3 =
-- 15, halved and rounded up: 8.
-- Red's knight on the cathedral tile, three E caps round it (open north);
-- Red's magic tile (mw.CFC, away from the city) puts the witch on the
-- city, named by its anchor (the E at -1,0); Blue's E closes it.
-- Players: 1 = Red, 2 = Blue.
scenario "MW-IC-1: the witch halves after the cathedral: 8" {
  game = "base", with = { "inns_cathedrals", "mage_witch" }, players = 2, start = false,
}

setup {
  { "ic.Cccc.c", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "E", at = { -1, 0 }, rot = 1 },
  { "E", at = { 1, 0 }, rot = 3 },
  { "E", at = { 0, 1 }, rot = 0 },
}
stack { "mw.CFC", "E" }
play("place mw.CFC 2,0 r0", "action magic 2 -1 0 1", "pass")
expect.feature { at = { 0, 0 }, port = "N", witch = 1, cathedral = 1, tiles = 4 }
play("place E 0,-1 r2", "pass")
expect.closed { at = { 0, 0 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 8, reason = "city" } }
