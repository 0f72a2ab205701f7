-- new-world.md §7 NW-EX-01, §4.1 (trail: 1 per tile + 2 per trading
-- post; it ends at crossings). Red = player 1.
-- Column 1 (x = -1) beside the board's plains spaces: a crossing NW14 r1
-- (arms S, W, N) at -1,0 with Red's robber on its S arm, a straight
-- NW03 at -1,1; Red closes it with another crossing at -1,2 (N arm).
-- 3 tiles, no trading post: Red +3. Robber in column 1, both surveyors
-- in column 0: no bonus.
scenario "NW-EX-01: a completed 3-tile trail: Red +3" { game = "new_world", players = 2 }

setup {
  { "NW14", at = { -1, 0 }, rot = 1, figure = { player = 1, on = "S" } },
  { "NW03", at = { -1, 1 }, rot = 0 },
}
turn "place NW14 -1,2 r1"
expect.closed { at = { -1, 1 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 3, reason = "trail" } }
expect.score { 3, 0 }
expect.supply { player = 1, count = 5 }
