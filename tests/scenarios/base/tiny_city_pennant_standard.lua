-- base.md §4.1: the standard scoring of the same city as
-- tiny_city_pennant.lua: 2 per tile + 2 per pennant = 6.
scenario "tiny_city = 4 (default): a 2-tile city with a pennant scores 6" {
  game = "base", players = 2, start = false,
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
expect.ledger_last_turn { { player = 1, points = 6, reason = "city" } }
