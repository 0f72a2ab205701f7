-- base.md §1.1 tile K (cap N, road curve W-S), §4.1: A - K - A road: 3;
-- the cap closed by an E: 4.
scenario "tile K: its road (3) and its city (4) score once each" {
  game = "base", players = 2, start = false,
}

setup {
  { "K", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 2, on = "W" } } },
  { "A", at = { -1, 0 }, rot = 3 },    -- road end faces east
}

play("place A 0,1 r2", "pass")
expect.ledger_last_turn { { player = 2, points = 3, reason = "road" } }
play("place E 0,-1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "city" } }
expect.score { 4, 3 }
