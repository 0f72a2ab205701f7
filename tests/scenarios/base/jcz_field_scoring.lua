-- JCloisterZone engine test engine-tests/basic/field-scoring.jcz
-- (farin/JCloisterZone-Client), converted: base.md §3 (farmers: 3 points per
-- completed city their field touches).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/C = E,
-- BA/CFC.2 = H; JCZ positions and rotations are ours (y grows south,
-- R90 = r1); a JCZ follower's location is absolute (a port of ours).
-- Oscar's farmer on the E at 0,-1 (its cap faces the start's: a 2-tile city,
-- closed); the H at 0,-2 lies W-E, and the E at 1,-2 closes its east cap
-- with a second farmer of Oscar's. At the end: the first field touches the
-- closed start city and the closed H/E city (6), the second field only the
-- H/E city (3); the H's open west cap scores nothing for farmers.
-- JCZ asserts: Oscar 9 (field 3, field 6), Carol 0.
-- Players: 1 = Oscar, 2 = Carol.
scenario "BASE-JCZ-2: field-scoring.jcz: Oscar 9, Carol 0" {
  game = "base", players = 2,
}

stack { "E", "H", "E" }
play("place E 0,-1 r2", "deploy meeple NNW")
play("place H 0,-2 r1", "pass")
play("place E 1,-2 r3", "deploy meeple NNW")
expect.over()
expect.final { 9, 0 }
