-- base.md §4.1: a road is complete when both ends terminate: at a
-- junction (village), a city or a cloister. Tile types W, A, T, U, S.
-- A W junction at 0,0 sends roads west, east and south:
--   turn 1, P1: A (road end at its cloister) closes W-A, 2 tiles, and
--               P1 puts a thief on it: 2.
--   turn 2, P2: T (road end at its city) closes W-T, 2 tiles, thief: 2.
--   turn 3, P1: U extends the south road; thief on it.
--   turn 4, P2: S (road end at its city) closes W-U-S, 3 tiles: P1 3.
scenario "roads ending at a junction, a cloister and a city" {
  game = "base", players = 2, start = false,
}

setup {
  { "W", at = { 0, 0 }, rot = 0 },
}

play("place A -1,0 r3", "deploy meeple E")
expect.ledger_last_turn { { player = 1, points = 2, reason = "road" } }
play("place T 1,0 r1", "deploy meeple W")
expect.ledger_last_turn { { player = 2, points = 2, reason = "road" } }
play("place U 0,1 r0", "deploy meeple N")
expect.ledger_last_turn { }
expect.supply { player = 1, count = 6 }
play "place S 0,2 r2"
expect.closed { at = { 0, 1 }, port = "N" }
play "pass"
expect.ledger_last_turn { { player = 1, points = 3, reason = "road" } }
expect.score { 5, 2 }
expect.supply { player = 1, count = 7 }
expect.supply { player = 2, count = 7 }
