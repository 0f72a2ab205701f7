-- base.md §6 BASE-EX-02 (same-turn claim); §2 ("a player may complete a
-- feature, deploy a follower on it, score it and get the follower back,
-- all in the same turn"); §4.1 road: 1 per tile, ends at a junction.
--
-- NOTE: BASE-EX-02 says Blue closes the 3-tile road L - U - V "ending at
-- a village" with a V tile. A V tile has no road end, so L + U + V leave
-- an odd number (5) of road ends and cannot form a closed road: the
-- example is impossible as written. Here the closing tile is a W (a
-- 3-way junction, i.e. a village), which keeps the example's numbers:
-- L junction -> U -> W junction = 3 tiles, Blue 3.
-- Players: 1 = Blue.
scenario "BASE-EX-02: close a road, claim it and score it in one turn" {
  game = "base", players = 2, start = false,
}

setup {
  { "L", at = { 0, 0 }, rot = 0 },   -- city N; roads E, S, W end at the junction
  { "U", at = { 1, 0 }, rot = 1 },   -- road W-E
}

play "place W 2,0 r0"                -- its W road meets the U: road closed
expect.closed { at = { 1, 0 }, port = "E" }
expect.free { at = { 1, 0 }, port = "E" }
expect.legal "deploy meeple W"       -- the road is closed but unoccupied
play "deploy meeple W"
expect.score { 3, 0 }
expect.ledger_last_turn { { player = 1, points = 3, reason = "road" } }
expect.supply { player = 1, kind = "meeple", count = 7 }   -- the thief came back
expect.player(2)
