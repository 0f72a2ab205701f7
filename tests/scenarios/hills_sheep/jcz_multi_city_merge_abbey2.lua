-- JCloisterZone engine test
-- engine-tests/hills-and-sheep/multi_city_merge_abbey2.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §6, §7.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/Cccc+ = C, BA/Cc+ = M,
-- BA/Cc.1 = N, BA/C = E, BA/CFc+ = F, BA/Rr = V, BA/RFr Rk = U r(k+1), AM/A
-- = am.abbey, HS/CC!.v = hs.CC_x.v (same rotations otherwise); JCZ positions
-- are ours (y grows south). hs.CC_x.v: a city N-W and a cap E that share
-- the N side (tiles/hills_sheep.tiles): a city laid against that side
-- joins both.
-- As multi_city_merge_open, then roads round the open cell -1,-2 and
-- Alice's abbey there closes the city: 8 tiles and 4 pennants (C, M, F, M):
-- 24.
-- JCZ asserts: Alice 24.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-15: multi_city_merge_abbey2.jcz: Alice 24" {
  game = "base", with = { "abbey_mayor", "hills_sheep" }, players = 2,
}

play("place C 0,-1 r0", "deploy meeple N")
play("place E -1,-1 r1", "pass")
play("place hs.CC_x.v 0,-2 r3", "pass")
play("place M 1,-1 r0", "pass")
play("place F 1,-2 r3", "pass")
play("place M 1,-3 r3", "pass")
play("place N 0,-3 r2", "pass")
play("place V -1,-3 r1", "pass")
play("place V -2,-3 r3", "pass")
play("place U -2,-2 r0", "pass")
play("place am.abbey -1,-2 r0", "pass")
expect.closed { at = { 0, -1 }, port = "N" }
expect.score { 24, 0 }
