-- bridges_castles_bazaars.md §4.2, §7 BCB-EX-09: the highest of two. Red's
-- castle is the start-like tile D at 0,0 (city N, road W-E) and a cap at
-- 0,-1. A junction (W) ends the road at -1,0; a cap faces down at 1,-1.
-- Blue lays L (cap N, roads E, S, W to a junction) at 1,0: it completes the
-- road (3 tiles, 3 points) and the city with the cap above (2 tiles, 4),
-- both nobody's, both beside the castle: the castle takes 4, once.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-09: the castle takes the highest of two" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bridges = false, bazaar = false },
}

setup {
  { "D", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "W", at = { -1, 0 } },
  { "E", at = { 1, -1 }, rot = 2, fixed = true },
}

play("place E 0,-1 r2", "pass", "action castle 1 0 -1 1")
play("place L 1,0 r0", "pass")
expect.closed { at = { 0, 0 }, port = "E" }
expect.closed { at = { 1, 0 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 4, reason = "castle" } }
expect.score { 4, 0 }
