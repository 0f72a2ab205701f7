-- JCloisterZone engine test
-- engine-tests/bridge-bazaar-and-castles/field-castle-scoring.jcz
-- (farin/JCloisterZone-Client), converted: bridges_castles_bazaars.md §7
-- BCB-JCZ-2, §4.2 (farmers, the chain). JCZ's setup plays only the castles:
-- options bridges and bazaar off. JCZ tiles -> ours: BA/RCr = D (the start,
-- 0,0 r0), BA/CC.2 = I, BA/C = E; rotations R90 = r1, R180 = r2, R270 = r3.
-- The save has one player, Alice, who lays all four tiles; meeple plays 2
-- or more, so Bob lays two plain cloister tiles south of the start in
-- between, touching nothing of Alice's (his field is south of the road).
-- I at 0,-1 closes the start's city (2 tiles, nobody in it: no points) and
-- takes Alice's farmer on its north-east field, which touches that city and
-- I's west cap. E at -1,-1 closes the west cap with Alice's knight: castle
-- 1. E at 0,-2 with a knight, then E at 0,-3 closes it: castle 2 (Alice
-- deploys nothing). Castle 2's city completes at 0,-2, next to castle 1:
-- castle 1 scores it, a castle's city being worth 0 [JCZ]: Alice +0,
-- knight home. The end (the save's endTurn 4): the farmer's field touches
-- the start's city (3) and both castles (4 each): 11.
-- JCZ asserts: Alice 11, Alice field 11, Alice castle 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "BCB-JCZ-2: field-castle-scoring.jcz: Alice 11" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2,
  options = { bridges = false, bazaar = false },
}

play("place I 0,-1 r3", "deploy meeple NE")
play("place B 0,1 r0", "pass")
play("place E -1,-1 r1", "deploy meeple E")
play "action castle 1 -1 -1 1"
expect.score { 0, 0 }
play("place B -1,1 r0", "pass")
play("place E 0,-2 r0", "deploy meeple N")
play("place B 1,1 r0", "pass")
play("place E 0,-3 r2", "pass")
play "action castle 1 0 -3 1"
expect.ledger_last_turn { { player = 1, points = 0, reason = "castle" } }
expect.supply { player = 1, kind = "meeple", count = 5 }  -- the farmer, castle 2's knight
final()
expect.final { 11, 0 }
expect.points { player = 1, reason = "field", points = 11 }
expect.points { player = 1, reason = "castle", points = 0 }
