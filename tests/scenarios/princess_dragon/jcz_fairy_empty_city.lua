-- JCloisterZone engine test
-- engine-tests/princess-and-dragon/fairy-empty-city.jcz
-- (farin/JCloisterZone-Client), converted: princess-dragon.md §2.3, §4
-- and abbey-mayor.md (a mayor in a city without pennants has strength 0):
-- the fairy's 3 points go to the follower's owner when the feature is
-- scored, whoever wins it, even when nobody does.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/CFc.1 = G,
-- BA/C = E; JCZ positions and rotations are ours (y grows south,
-- R90 = r1); a JCZ follower's location is absolute (a port of ours).
-- JCZ plays it alone; base needs two players: Bob, who deploys nothing,
-- lays a cloister B at 0,1 between Alice's turns. Alice's mayor on the G at
-- 0,-1 (band N-S, on the start's cap); her E at 0,-2 closes the city (3
-- tiles, no pennant: the mayor has strength 0, nobody scores it) and she
-- moves the fairy next to her mayor: 3.
-- JCZ asserts: Alice 3.
-- Players: 1 = Alice, 2 = Bob.
scenario "PD-JCZ-3: fairy-empty-city.jcz: Alice 3" {
  game = "base", with = { "abbey_mayor", "princess_dragon" }, players = 2,
}

stack { "G", "B", "E" }
play("place G 0,-1 r1", "deploy mayor N")
play("place B 0,1 r0", "pass")
play("place E 0,-2 r2", "action fairy 0 -1 N 0")
expect.ledger_last_turn { { player = 1, points = 3, reason = "fairy" } }
-- The save has no end turn: JCZ asserts the scores after the last move;
-- here the stack runs out there, and the final scoring adds nothing.
expect.score { 3, 0 }
expect.over()
expect.final { 3, 0 }
