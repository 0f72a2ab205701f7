-- base.md §2 (deploy happens before scoring): a knight placed, scored
-- and returned in one turn. §4.1 city: 2-tile city = 4.
scenario "a knight placed, scored and returned in the same turn" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 } },
}

play "place E 0,-1 r2"
expect.phase "place_figure"
expect.moves { "deploy meeple S", "deploy meeple N", "pass" }   -- city, field
play "deploy meeple S"
expect.score { 4, 0 }
expect.ledger_last_turn { { player = 1, points = 4, reason = "city" } }
expect.supply { player = 1, count = 7 }
expect.free { at = { 0, -1 }, port = "S" }
expect.player(2)
