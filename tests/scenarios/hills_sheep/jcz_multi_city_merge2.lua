-- JCloisterZone engine test engine-tests/hills-and-sheep/multi_city_merge2.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §7, the tile
-- hs.CC_x.v.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/Cccc+ = C, BA/Cc+ = M,
-- BA/Cc.1 = N, BA/C = E, BA/CFc+ = F, BA/Rr = V, BA/RFr Rk = U r(k+1), AM/A
-- = am.abbey, HS/CC!.v = hs.CC_x.v (same rotations otherwise); JCZ positions
-- are ours (y grows south). hs.CC_x.v: a city N-W and a cap E that share
-- the N side (tiles/hills_sheep.tiles): a city laid against that side
-- joins both.
-- Alice's knight on the cap at -1,-1 (facing east), Bob's on the cap at
-- 1,-1 (facing west); hs.CC_x.v between them, its shared side on the
-- start's cap: one city of 4 tiles, closed: 8 each.
-- JCZ asserts: Alice 8, Bob 8.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-11: multi_city_merge2.jcz: Alice 8, Bob 8" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

play("place U -1,0 r1", "pass")
play("place U 1,0 r1", "pass")
play("place E -1,-1 r1", "deploy meeple E")
play("place E 1,-1 r3", "deploy meeple W")
play("place hs.CC_x.v 0,-1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 8, reason = "city" }, { player = 2, points = 8, reason = "city" } }
expect.score { 8, 8 }
