-- The castle keeps its knight on the tile, off the city's segments
-- (scripts/bridges_castles_bazaars.lua, fig:move{tile}); the fairy stays on
-- that tile, next to it (docs/lua-api.md, companion: a follower moved off
-- the segments onto the companion's tile is still its follower), so it pays
-- 1 at each of Oscar's turns while the castle waits; no 3 when the city
-- becomes a castle (the knight is on no feature then) nor at the end.
-- JCloisterZone engine test
-- engine-tests/princess-and-dragon/fairy-endgame-incomplete-castle.jcz
-- (farin/JCloisterZone-Client), converted: princess-dragon.md §2.3, §4 and
-- bridges_castles_bazaars.md §4: a castle that never scores during play is
-- not scored at the end, so the fairy next to its knight pays no 3 at the
-- end (fairy_final = true, JCZ's reading, as the save asks); it still pays
-- 1 at the start of each of its owner's turns.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/C = E,
-- BA/RFr Rk = U r(k+1); JCZ positions and rotations are ours (y grows
-- south, R90 = r1); a JCZ follower's location is absolute (a port of ours).
-- The save has no bridge or bazaar move: bridges = false, bazaar = false,
-- as the BCB saves (tests/scenarios/bridges_castles_bazaars/jcz_*.lua).
-- JCZ plays it alone; base needs two players: Bob, who deploys nothing,
-- extends the start's road west (U at -1,0, -2,0, -3,0: it never closes, so
-- no feature completes near the castle). Oscar's knight on the E at 0,1
-- (cap S); his U at 1,0 and the fairy next to the knight; at the start of
-- his next turn 1 for the fairy, his E at 0,2 closes the 2-tile city and he
-- makes it a castle; 1 more at the start of his last turn (U at 2,0).
-- JCZ asserts: Oscar 2.
-- Players: 1 = Oscar, 2 = Bob.
scenario "PD-JCZ-5: fairy-endgame-incomplete-castle.jcz: Oscar 2" {
  game = "base", with = { "bridges_castles_bazaars", "princess_dragon" }, players = 2,
  options = { fairy_final = true, bridges = false, bazaar = false },
}

stack { "E", "U", "U", "U", "E", "U", "U" }
play("place E 0,1 r2", "deploy meeple S")
play("place U -1,0 r1", "pass")
play("place U 1,0 r1", "action fairy 0 1 S 0")
play("place U -2,0 r1", "pass")
play("place E 0,2 r0", "pass", "action castle 1 0 1 1")
expect.score { 1, 0 }
play("place U -3,0 r1", "pass")
play("place U 2,0 r1", "pass")
expect.over()
expect.final { 2, 0 }
