-- JCloisterZone engine test engine-tests/abbey-and-mayor/multiple-barns.jcz
-- (farin/JCloisterZone-Client), converted: abbey-mayor.md §3.4, §4.4 (the
-- save gives each player 2 barns: figures = { barn = 2 } here).
-- JCZ and our digest differ: JCZ scores a field once for a player whatever
-- their number of barns in it (Alice 4); abbey-mayor.md §4.4 gives "the
-- owner of each barn" 4 per completed city, every barn the full amount
-- (scripts/abbey_mayor.lua: score_figure "barn"), so Alice's two barns,
-- in one field since the A at 1,1 joined their fields, score 4 each: 8.
-- Kept with the digest's answer, the default barn_final = per_barn; JCZ's
-- reading is the option barn_final = per_player
-- (jcz_multiple_barns_per_player.lua: Alice 4). (One barn per player, as
-- the game ships, never meets the question.)
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0, and at 2,2), BA/Rr = V,
-- BA/RRR = W, BA/RFr Rk = U r(k+1), BA/LR = A, BA/C = E;
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute (a port of ours); a JCZ barn at tile T
-- stands on T's north-west corner.
-- Alice's barns on the north-west corners of the U at 0,1 and the W at
-- 0,2; Bob's knight on the E at 2,1, closed by the D at 2,2 (2 tiles: 4).
-- The A at 1,1 (its road ends at the cloister) joins the fields north and
-- south of the U at 0,1: both barns stand in one field, which touches that
-- city only.
-- JCZ asserts: Alice 4, Bob 4. Here (digest): Alice 8, Bob 4.
-- Players: 1 = Alice, 2 = Bob.
scenario "AM-JCZ-7: multiple-barns.jcz: Alice 8 (JCZ 4: one field, two barns), Bob 4" {
  game = "base", with = { "abbey_mayor" }, players = 2,
  figures = { barn = 2 },
}

stack { "V", "W", "U", "V", "W", "A", "U", "U", "D", "E", "U", "V", "V", "W" }
play("place V -1,0 r3", "pass")
play("place W -1,1 r3", "pass")
play("place U 0,1 r1", "deploy barn NW")
play("place V -1,2 r2", "pass")
play("place W 0,2 r0", "deploy barn NW")
play("place A 1,1 r1", "pass")
play("place U 1,2 r1", "pass")
play("place U 1,0 r1", "pass")
play("place D 2,2 r0", "pass")
play("place E 2,1 r2", "deploy meeple S")
play("place U 2,0 r1", "pass")
play("place V 3,2 r1", "pass")
play("place V 3,0 r0", "pass")
play("place W 3,1 r3", "pass")
expect.over()
expect.final { 8, 4 }
expect.ledger_final { { player = 1, points = 4, reason = "barn" },
                      { player = 1, points = 4, reason = "barn" } }
