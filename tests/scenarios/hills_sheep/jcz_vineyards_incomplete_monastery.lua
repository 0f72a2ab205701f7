-- JCloisterZone engine test
-- engine-tests/hills-and-sheep/vineyards-incomplete-monastery.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §5.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/L = B, HS/RCC.v =
-- hs.RCC.v; JCZ positions and rotations are ours.
-- One player. Alice's monk at 1,1 next to the vineyard at 1,0; the game
-- ends (the save's endTurn 2) with the cloister unfinished: 3 tiles, 3
-- points, nothing for the vineyard.
-- JCZ asserts: Alice 3, scored for the monastery.
-- Players: 1 = Bob, 2 = Alice. JCZ plays it alone; base needs two players,
-- so Bob lays every other tile (the first), which changes nothing scored.
scenario "HS-JCZ-9: vineyards-incomplete-monastery.jcz: Alice 3" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

play("place hs.RCC.v 1,0 r1", "pass")
play("place B 1,1 r0", "deploy meeple C")
final()
expect.final { 0, 3 }
expect.ledger_final { { player = 2, points = 3, reason = "cloister" } }
