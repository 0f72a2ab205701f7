-- JCloisterZone engine test
-- engine-tests/bridge-bazaar-and-castles/castle-unoccupied-trigger.jcz
-- (farin/JCloisterZone-Client), converted: bridges_castles_bazaars.md §7
-- BCB-JCZ-1, §4.2. JCZ's setup plays only the castles (elements: castle):
-- options bridges and bazaar off. JCZ tiles -> ours: BA/RCr = D (the start,
-- 0,0 r0), BA/C = E, BA/RRR = W; JCZ positions are ours (y grows south),
-- rotations R180 = r2.
-- Alice closes the start's city with a cap and her knight (a 2-tile city)
-- and makes it a castle: no city points. Bob lays a junction west of the
-- start, Alice one east: the start's road, 3 tiles, nobody on it, is
-- complete on the castle's tile 0,0: the castle scores its 3 for Alice.
-- JCZ asserts: Alice 3, Bob 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "BCB-JCZ-1: castle-unoccupied-trigger.jcz: Alice 3, Bob 0" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2,
  options = { bridges = false, bazaar = false },
}

play("place E 0,-1 r2", "deploy meeple S")
expect.moves { "action castle 1 0 -1 1", "pass" }
play "action castle 1 0 -1 1"
expect.score { 0, 0 }
expect.free { at = { 0, -1 }, port = "S" }          -- the knight stands on the castle
expect.supply { player = 1, kind = "meeple", count = 6 }
play("place W -1,0 r0", "pass")
play("place W 1,0 r0", "pass")
expect.closed { at = { 0, 0 }, port = "E" }
expect.ledger_last_turn { { player = 1, points = 3, reason = "castle" } }
expect.score { 3, 0 }
expect.supply { player = 1, kind = "meeple", count = 7 }
