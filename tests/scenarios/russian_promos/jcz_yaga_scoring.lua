-- JCloisterZone engine test
-- engine-tests/russian-promos/yaga-scoring.jcz
-- (farin/JCloisterZone-Client), converted: russian_promos.md §2.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), RU/L = ru.L, BA/RFr =
-- U (JCZ's R0 is our r1); JCZ positions are ours (y grows south). The
-- save ends the game after two tiles (its endTurn 2): the stack here
-- holds those two alone.
-- Alice's follower on Baba Yaga's hut at 0,1; Bob's U at 1,0 is the
-- second tile around it (the start is the first): at the end 1 for the
-- hut and 6 empty cells around it: 7.
-- JCZ asserts: Alice 7.
-- Players: 1 = Alice, 2 = Bob.
scenario "RU-JCZ-2: yaga-scoring.jcz: Alice 7" {
  game = "base", with = { "russian_promos" }, players = 2,
}

stack { "ru.L", "U" }
play("place ru.L 0,1 r0", "deploy meeple C")
play("place U 1,0 r1", "pass")
expect.over()
expect.ledger_final { { player = 1, points = 7, reason = "cloister" } }
expect.final { 7, 0 }
