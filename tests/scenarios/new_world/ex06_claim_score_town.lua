-- new-world.md §7 NW-EX-06, §3.2 [note], §4.1: a tile completes an
-- unoccupied town, Red (player 1) deploys a shopkeeper on it, it scores at
-- once and the shopkeeper returns the same turn.
-- Board (reconstructed, tiles/new_world.tiles): New York is the starting
-- space at 0,3, a town open to the west. NW17 (town cap) turned r1 puts
-- its cap on the east side at -1,3: New York + 1 tile = 2 tiles, no flag:
-- 2 x 2 = 4. The surveyors both stand in column 0, the shopkeeper in
-- column 1: no bonus. Afterwards one surveyor moves to column 1.
scenario "NW-EX-06: claim and score a town in the same turn: Red +4" {
  game = "new_world", players = 2,
}

play "place NW17 -1,3 r1"
play "deploy settler E"
expect.closed { at = { -1, 3 }, port = "E" }
expect.score { 4, 0 }
expect.ledger_last_turn { { player = 1, points = 4, reason = "town" } }
expect.supply { player = 1, count = 5 }
expect.free { at = { -1, 3 }, port = "E" }
