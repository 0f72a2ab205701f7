-- JCloisterZone engine test
-- engine-tests/watchtowers/watchtower-city-castle-interaction.jcz
-- (farin/JCloisterZone-Client), converted: watchtowers.md §3, §4 (Bridges,
-- Castles and Bazaars: "Castle is not count as city").
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0, and the one placed),
-- BA/RRR = W, WT/CFRF_1C = wt.CFRF_1C; JCZ positions and rotations are
-- ours (y grows south, R90 = r1). Castles only (the save's elements:
-- castle).
-- Players: 1 = Alice, 2 = Bob. JCZ plays it alone; base needs two
-- players, so Bob lays a cloister (B) at 0,1, outside the tower's square
-- and the castle's neighbourhood, and the closing W: who lays a tile
-- changes nothing scored here.
-- Alice closes the start's city with D at 0,-1 and makes it a castle. Her
-- meeple on the city tower's road at 1,-1; W at -1,-1 closes the road (3
-- tiles: W, D, wt). The tower counts the tiles with a city in its square:
-- its own; the castle's two tiles are no city: 1. Then the road's 3, and
-- the castle beside the road scores the road's 3: 1 + 3 + 3 = 7.
-- JCZ asserts: Alice 7.
scenario "WT-JCZ-1: watchtower-city-castle-interaction.jcz: Alice 7" {
  game = "base", with = { "bridges_castles_bazaars", "watchtowers" }, players = 2,
  options = { bridges = false, bazaar = false },
}

stack { "D", "B", "wt.CFRF_1C", "W" }
play("place D 0,-1 r2", "deploy meeple S", "action castle 1 0 -1 1")
expect.score { 0, 0 }
play("place B 0,1 r0", "pass")
play("place wt.CFRF_1C 1,-1 r1", "deploy meeple W")
play("place W -1,-1 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 1, reason = "watchtower" },
                          { player = 1, points = 3, reason = "road" },
                          { player = 1, points = 3, reason = "castle" } }
expect.score { 7, 0 }
