-- base.md §4.1, historical variant: some early printings scored a
-- completed 2-tile city at 1 per tile (2). Option tiny_city = 2.
-- A 3-tile city still scores 2 per tile.
scenario "tiny_city = 2: a completed 2-tile city scores 2" {
  game = "base", players = 2, start = false,
  options = { tiny_city = 2 },
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "E", at = { 2, 0 }, rot = 1, fixed = true, figure = { player = 2, on = "E" } },
  { "G", at = { 3, 0 } },
}

play("place E 0,-1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 2, reason = "city" } }
play("place E 4,0 r3", "pass")                 -- 3 tiles: 6, as usual
expect.ledger_last_turn { { player = 2, points = 6, reason = "city" } }
expect.score { 2, 6 }
