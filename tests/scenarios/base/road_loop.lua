-- base.md §4.1: a road is complete when it forms a closed loop; 1 per
-- tile. Four V curves make a ring of 4 tiles: 4 points.
-- Players: 2 owns the thief, 1 closes the loop.
scenario "road loop: four curves close a ring worth 4" {
  game = "base", players = 2, start = false,
}

setup {
  { "V", at = { 0, 0 }, rot = 3, figure = { player = 2, on = "E" } },  -- road E-S
  { "V", at = { 1, 0 }, rot = 0 },                                      -- road W-S
  { "V", at = { 1, 1 }, rot = 1 },                                      -- road N-W
}

expect.open { at = { 0, 0 }, port = "E" }
play "place V 0,1 r2"                                                   -- road N-E
expect.feature { at = { 0, 0 }, port = "E", kind = "road", closed = true, tiles = 4 }
play "pass"
expect.score { 0, 4 }
expect.ledger_last_turn { { player = 2, points = 4, reason = "road" } }
expect.supply { player = 2, count = 7 }
