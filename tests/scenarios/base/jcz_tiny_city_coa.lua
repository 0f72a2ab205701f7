-- JCloisterZone engine test engine-tests/basic/tiny-city-coa.jcz
-- (farin/JCloisterZone-Client), converted: base.md (the tiny_city option;
-- scripts/base.lua: a completed 2-tile city with a pennant scores like an
-- incomplete one, 2 + pennants, JCloisterZone's reading). JCZ's rule
-- "tiny-city-scoring": "2" is our option tiny_city = 2. The save's
-- description says "Inns scoring"; it scores a tiny city with a coat of
-- arms (our pennant).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), AM/CCc+ = am.02 (a
-- cap N with a pennant, a separate band W-E; same orientation); JCZ
-- positions and rotations are ours (y grows south, R180 = r2).
-- JCZ plays it alone; base needs two players (Bob only waits: the game ends
-- after Wendy's tile). Wendy's am.02 at 0,-1 r2 turns its pennant cap south
-- onto the start's cap, with her knight: 2 tiles, 1 pennant: 2 + 1 = 3.
-- JCZ asserts: Wendy 3 (city 3).
-- Players: 1 = Wendy, 2 = Bob.
scenario "BASE-JCZ-5: tiny-city-coa.jcz: Wendy 3" {
  game = "base", with = { "abbey_mayor" }, players = 2, options = { tiny_city = 2 },
}

stack { "am.02" }
play("place am.02 0,-1 r2", "deploy meeple S")
expect.ledger_last_turn { { player = 1, points = 3, reason = "city" } }
-- The save has no end turn: JCZ asserts the scores after the last move;
-- here the stack runs out there, and the final scoring adds nothing.
expect.score { 3, 0 }
expect.over()
expect.final { 3, 0 }
