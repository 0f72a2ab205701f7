-- JCloisterZone engine test
-- engine-tests/hills-and-sheep/multi_city_merge_abbey.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §6, §7.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/Cccc+ = C, BA/Cc+ = M,
-- BA/Cc.1 = N, BA/C = E, BA/CFc+ = F, BA/Rr = V, BA/RFr Rk = U r(k+1), AM/A
-- = am.abbey, HS/CC!.v = hs.CC_x.v (same rotations otherwise); JCZ positions
-- are ours (y grows south). hs.CC_x.v: a city N-W and a cap E that share
-- the N side (tiles/hills_sheep.tiles): a city laid against that side
-- joins both.
-- hs.CC_x.v north of the start, its shared side east: Bob's knight on its
-- cap (south, on the start's cap), Alice's on the cap north of it. Alice's
-- abbey at 1,-1 closes both cities on that side without joining them: two
-- cities of 2 tiles, 4 each.
-- JCZ asserts: Alice 4, Bob 4.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-13: multi_city_merge_abbey.jcz: Alice 4, Bob 4" {
  game = "base", with = { "abbey_mayor", "hills_sheep" }, players = 2,
}

play("place U 1,0 r1", "pass")
play("place hs.CC_x.v 0,-1 r1", "deploy meeple S")
play("place E 0,-2 r2", "deploy meeple S")
play("place U 2,0 r1", "pass")
play("place E 1,-2 r0", "pass")
play("place E 2,-1 r1", "pass")
play("place am.abbey 1,-1 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "city" }, { player = 2, points = 4, reason = "city" } }
expect.score { 4, 4 }
