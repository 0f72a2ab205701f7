-- JCloisterZone engine test engine-tests/abbey-and-mayor/abbey-wagon-move.jcz
-- (farin/JCloisterZone-Client), converted: abbey-mayor.md §3.3 (after its
-- road scores, the wagon moves on to a directly connected incomplete,
-- unoccupied feature: here the abbey the road ends at). JCZ's rule
-- "wagon-move": "C1" is our default wagon_move = C1.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr Rk = U r(k+1),
-- BA/Rr = V, BA/L = B, BA/RRRR = X, AM/A = am.abbey (same rotations);
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute (a port of ours); a JCZ barn at tile T
-- stands on T's north-west corner.
-- The save has no end turn: its scores are those after the last move.
-- Bob's wagon on the V at 1,0 (the start's road, turning north); Alice's V
-- at 1,-1 turns it west to the hole at 0,-1, which the B's close round;
-- Alice's abbey there ends the road; Bob's X at -2,0 closes it at the
-- other end: X, U, D, V, V = 5 for Bob, and his wagon goes on to the abbey.
-- JCZ asserts: Bob 5.
-- Players: 1 = Alice, 2 = Bob.
scenario "AM-JCZ-2: abbey-wagon-move.jcz: Bob 5" {
  game = "base", with = { "abbey_mayor" }, players = 2,
}

play("place U -1,0 r1", "pass")
play("place V 1,0 r1", "deploy wagon N")
play("place V 1,-1 r0", "pass")
play("place B -1,-1 r0", "pass")
play("place B 1,-2 r0", "pass")
play("place B 0,-2 r0", "pass")
play("place am.abbey 0,-1 r0", "pass")
play("place X -2,0 r0", "pass")
expect.legal "action wagon 2 0 -1 C"
play "action wagon 2 0 -1 C"
expect.score { 0, 5 }
expect.supply { player = 2, kind = "wagon", count = 0 }
