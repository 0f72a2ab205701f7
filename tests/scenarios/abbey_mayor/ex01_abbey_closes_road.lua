-- abbey-mayor.md §7 AM-EX-01, §3.1: the abbey goes only into a hole (all 4
-- orthogonal neighbours placed), instead of drawing; it closes the road
-- ending at it (1 tile: Red +1); the road on its other side stays open.
-- Hole at (0,0): am.10 north (road S ends at a house, Red's thief), U r1
-- east (road W-E, open east), B south, B west.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-01: the abbey closes a one-tile road; only into a hole" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "am.10", at = { 0, -1 }, fixed = true, figure = { player = 2, on = "S" } },
  { "U", at = { 1, 0 }, rot = 1, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}

expect.phase "draw"                     -- Blue holds an abbey and a hole exists
expect.legal "place am.abbey 0,0 r0"
expect.illegal "place am.abbey 2,0 r0"  -- touches one tile only: not a hole
expect.illegal "place am.abbey 1,-1 r0" -- two neighbours: not a hole
expect.legal "draw"
play "place am.abbey 0,0 r0"
expect.closed { at = { 0, -1 }, port = "S" }
expect.open { at = { 1, 0 }, port = "W" }
expect.moves { "pass", "deploy meeple C", "deploy wagon C" }   -- a monk (or the wagon) only
play "pass"
expect.score { 0, 1 }
expect.ledger_last_turn { { player = 2, points = 1, reason = "road" } }
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.supply { player = 1, kind = "abbey", count = 0 }
-- Red's turn: Red still holds an abbey but there is no hole left: a draw
expect.player(2)
expect.phase "place_tile"
