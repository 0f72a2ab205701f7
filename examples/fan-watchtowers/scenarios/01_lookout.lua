-- Watchtowers (examples/fan-watchtowers/README.md, "Rules"): a meeple put
-- on the watchtower just placed scores 1 for every figure in the tower's
-- lines of sight: its row and column, each up to the first empty cell.
-- wt.A at 0,0 sees 0,-1 and 0,-2 to the north (a meeple each) and 1,0 to
-- the east (a meeple); the meeple on 1,-1 stands diagonally: not seen.
-- Players: 1 = You, 2 = Blue.
scenario "WATCH-01: the lookout counts the figures in sight" {
  game = "base", with = { "../watchtowers.lua" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, -2 }, rot = 0, figure = { player = 1, on = "W" } },  -- a field
  { "U", at = { 0, -1 }, rot = 0, figure = { player = 2, on = "N" } },  -- the road
  { "U", at = { 1, -1 }, rot = 0, figure = { player = 2, on = "N" } },  -- diagonal
  { "U", at = { 1, 0 }, rot = 0, figure = { player = 1, on = "E" } },   -- east field
}

play "place wt.A 0,0 r0"        -- its road N onto 0,-1's road, its E field on 1,0's W
play "deploy meeple E"          -- the free field east of its road
expect.ledger_last_turn { { player = 1, points = 3, reason = "lookout" } }
expect.score { 3, 0 }

-- a meeple on a tile with no tower: nothing
play { player = 2, "place U -1,0 r0", "deploy meeple W" }
expect.ledger_last_turn {}
