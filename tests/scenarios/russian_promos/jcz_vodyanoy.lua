-- JCloisterZone engine test
-- engine-tests/russian-promos/vodyanoy.jcz
-- (farin/JCloisterZone-Client), converted: russian_promos.md §3.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), RU/V = ru.V, BA/RFr =
-- U (JCZ's R0 is our r1); JCZ positions are ours (y grows south). The
-- save ends the game after two tiles (its endTurn 2).
-- The Vodyanoy at 0,1; Alice's meeple on the road of U at 1,0, a tile
-- diagonally next to it: trapped at once. At the end -2 for it, and the
-- road (D, U) holds nobody.
-- JCZ asserts: Alice -2.
-- Players: 1 = Bob, 2 = Alice. JCZ plays it alone; base needs two players,
-- so Bob lays the first tile, which changes nothing scored.
scenario "RU-JCZ-1: vodyanoy.jcz: Alice -2" {
  game = "base", with = { "russian_promos" }, players = 2,
}

stack { "ru.V", "U" }
play("place ru.V 0,1 r0", "pass")
play("place U 1,0 r1", "deploy meeple W")
expect.over()
expect.ledger_final { { player = 2, points = -2, reason = "vodyanoy" } }
expect.final { 0, -2 }
