-- base.md §1.1 tile X (four roads ending at a crossroads), §4.1: each
-- road is its own feature: X - A (cloister end) = 2, scored once each.
scenario "tile X: four separate roads; two closed, 2 points each" {
  game = "base", players = 2, start = false,
}

setup {
  { "X", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 2, on = "E" } } },
}

expect.free { at = { 0, 0 }, port = "S" }    -- a separate road
play("place A 1,0 r1", "pass")               -- closes the east road
expect.ledger_last_turn { { player = 2, points = 2, reason = "road" } }
play("place A 0,-1 r0", "pass")              -- closes the north road
expect.ledger_last_turn { { player = 1, points = 2, reason = "road" } }
expect.score { 2, 2 }
expect.open { at = { 0, 0 }, port = "S" }
