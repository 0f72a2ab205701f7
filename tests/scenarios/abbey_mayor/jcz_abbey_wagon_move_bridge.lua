-- JCloisterZone engine test
-- engine-tests/abbey-and-mayor/abbey-wagon-move-bridge.jcz
-- (farin/JCloisterZone-Client), converted: abbey-mayor.md §3.1, §3.3 and
-- bridges_castles_bazaars.md §3: a road over a bridge ends at the abbey;
-- when it scores, the wagon on it moves on to the abbey. JCZ's rule
-- "wagon-move": "C1" is our default; the save's elements are the bridge,
-- the abbey and the wagon, no castle and no bazaar: castles = false,
-- bazaar = false.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RRR = W,
-- BA/RFr Rk = U r(k+1), BA/RRRR = X, BA/Rr = V, BA/RrC = K, AM/A =
-- am.abbey; JCZ's U with a bridge token W-E is our bridged tile U-bwe (the
-- U's road N-S, the bridge road W-E). JCZ positions and rotations are ours
-- (y grows south, R90 = r1); a JCZ follower's location is absolute.
-- The save has no end turn: its scores are those after the last move.
-- Bob's wagon on the bridge road of the U-bwe at 1,1 (the U's own road
-- runs N-S under it, from the W at 1,0); Alice's X at 2,1 ends the bridge
-- road east; the tiles round 0,1 make a hole, and Bob's abbey there ends it
-- west: X + U-bwe, 2 tiles: Bob 2; his wagon goes on to the abbey.
-- JCZ asserts: Bob 2.
-- Players: 1 = Alice, 2 = Bob.
scenario "AM-JCZ-8: abbey-wagon-move-bridge.jcz: Bob 2" {
  game = "base", with = { "abbey_mayor", "bridges_castles_bazaars" }, players = 2,
  options = { castles = false, bazaar = false },
}

stack { "W", "U", "X", "V", "U", "K", "U", "B" }   -- B: the game goes on (no end turn)
turn "place W 1,0 r0"
turn("place U-bwe 1,1 r0", "deploy wagon W")   -- the drawn U, bridged
expect.counter { player = 2, counter = "bridges_used", value = 1 }
turn "place X 2,1 r0"
turn "place V 1,2 r1"
turn("draw", "place U 0,2 r1")           -- not bridged: draw it first
turn "place K -1,0 r3"
turn("draw", "place U -1,1 r0")
play("place am.abbey 0,1 r0", "pass")
expect.score { 0, 2 }
expect.legal "action wagon 2 0 1 C"
play "action wagon 2 0 1 C"
expect.supply { player = 2, kind = "wagon", count = 0 }
expect.score { 0, 2 }
