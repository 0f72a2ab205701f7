-- JCloisterZone engine test engine-tests/hills-and-sheep/vineyards-monastery.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §5.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/L = B, BA/LR = A,
-- BA/CFc.1 R90 = G r1, HS/RCC.v = hs.RCC.v, HS/C!.v = hs.C_x.v, HS/Cc.v =
-- hs.Cc.v; JCZ positions and rotations are ours (y grows south).
-- One player. Alice's monk on the cloister at 0,1; the 8 cells round it are
-- filled, 4 of them vineyards (1,0, 1,2, 0,2, -1,2): 9 + 3 x 4 = 21.
-- JCZ asserts: Alice 21, scored for the monastery.
-- Players: 1 = Bob, 2 = Alice. JCZ plays it alone; base needs two players,
-- so Bob lays every other tile (the first), which changes nothing scored.
scenario "HS-JCZ-8: vineyards-monastery.jcz: Alice 21" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

play("place hs.RCC.v 1,0 r1", "pass")
play("place B 0,1 r0", "deploy meeple C")
play("place A 1,1 r3", "pass")
play("place hs.C_x.v 1,2 r3", "pass")
play("place hs.Cc.v 0,2 r2", "pass")
play("place hs.C_x.v -1,2 r0", "pass")
play("place G -1,1 r1", "pass")
expect.score { 0, 0 }
play("place D -1,0 r2", "pass")
expect.closed { at = { 0, 1 }, port = "C" }
expect.ledger_last_turn { { player = 2, points = 21, reason = "cloister" } }
expect.score { 0, 21 }
