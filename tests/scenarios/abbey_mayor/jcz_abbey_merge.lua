-- JCloisterZone engine test engine-tests/abbey-and-mayor/abbey-merge.jcz
-- (farin/JCloisterZone-Client), converted: abbey-mayor.md §3.1 (the abbey
-- closes every feature that ends at it, without joining them).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0, and at 1,0), BA/CcRr =
-- P, BA/RFr Rk = U r(k+1), BA/Cc.1 = N, AM/A = am.abbey (same rotations);
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute (a port of ours); a JCZ barn at tile T
-- stands on T's north-west corner.
-- The save has no end turn: its scores are those after the last move.
-- Alice's knight on the D at 1,0 (cap N), Bob's on the P at 0,-1 (city S+E,
-- on the start's cap) and on the N at 2,-1 (city N+W); Alice's and Bob's N
-- at 2,-2 and 1,-2 bring that city round to the hole at 1,-1. Alice's abbey
-- there closes three cities: the start's (D + P, 2 tiles: Bob 4), the D's
-- cap at 1,0 (1 tile: Alice 2) and the three N's (3 tiles: Bob 6).
-- JCZ asserts: Alice 2, Bob 10.
-- Players: 1 = Alice, 2 = Bob.
scenario "AM-JCZ-1: abbey-merge.jcz: Alice 2, Bob 10" {
  game = "base", with = { "abbey_mayor" }, players = 2,
}

play("place D 1,0 r0", "deploy meeple N")
play("place P 0,-1 r2", "deploy meeple S")
play("place U 2,0 r1", "pass")
play("place N 2,-1 r0", "deploy meeple N")
play("place N 2,-2 r3", "pass")
play("place N 1,-2 r2", "pass")
play("place am.abbey 1,-1 r0", "pass")
expect.closed { at = { 1, 0 }, port = "N" }
expect.score { 2, 10 }
