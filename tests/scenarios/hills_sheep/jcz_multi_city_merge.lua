-- JCloisterZone engine test engine-tests/hills-and-sheep/multi_city_merge.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §7, the tile
-- hs.CC_x.v.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/Cccc+ = C, BA/Cc+ = M,
-- BA/Cc.1 = N, BA/C = E, BA/CFc+ = F, BA/Rr = V, BA/RFr Rk = U r(k+1), AM/A
-- = am.abbey, HS/CC!.v = hs.CC_x.v (same rotations otherwise); JCZ positions
-- are ours (y grows south). hs.CC_x.v: a city N-W and a cap E that share
-- the N side (tiles/hills_sheep.tiles): a city laid against that side
-- joins both.
-- Alice's knight on C north of the start; the city grows over M, M,
-- hs.CC_x.v (turned: its shared side faces C's city), N, N, and closes:
-- 8 tiles and 2 pennants (M, M, C: 3): hs.CC_x.v's two cities are one.
-- JCZ asserts: Alice 20.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-10: multi_city_merge.jcz: Alice 20" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

play("place C 0,-1 r0", "deploy meeple N")
play("place M -1,-1 r1", "pass")
play("place M -1,-2 r2", "pass")
play("place hs.CC_x.v 0,-2 r2", "pass")
play("place N 1,-1 r0", "pass")
play("place N 1,-2 r3", "pass")
expect.closed { at = { 0, -1 }, port = "N" }
expect.score { 20, 0 }
