-- base.md §4.1 historical variant (tiny_city = 2) with a pennant: the
-- digest is silent; the option's documented reading (the peer engine's)
-- scores a completed 2-tile city like an incomplete one, 1 per tile + 1
-- per pennant: 2 + 1 = 3. The standard scoring would give 2x2 + 2 = 6.
-- Player 1's knight on a cap with a pennant; player 1 closes it.
scenario "tiny_city = 2: a completed 2-tile city with a pennant scores 3" {
  game = "base", players = 2, start = false,
  options = { tiny_city = 2 },
}

tiles [[
  tile T1 x2                   # an E with a pennant
    city N* pennant
    field E* S* W* touches city
]]

setup {
  { "T1", at = { 0, 0 }, figure = { player = 1, on = "N" } },
}

turn "place E 0,-1 r2"
expect.ledger_last_turn { { player = 1, points = 3, reason = "city" } }
expect.score { 3, 0 }
