-- base.md §3.2: if your supply is empty you still place a tile every
-- turn; no follower can be deployed (the deploy step has no move).
-- All 7 of P1's meeples lie as farmers in the field of E at 0,0.
scenario "an empty supply: the tile is placed, no deploy is offered" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figures = {
      { player = 1, on = "S" }, { player = 1, on = "S" }, { player = 1, on = "S" },
      { player = 1, on = "S" }, { player = 1, on = "S" }, { player = 1, on = "S" },
      { player = 1, on = "S" } } },
}

expect.supply { player = 1, count = 0 }
expect.player(1)
play "place E 0,-1 r2"             -- closes a city nobody holds
expect.phase "place_tile"          -- no deploy step: the turn is over
expect.player(2)
expect.score { 0, 0 }
play "place U 1,0 r0"
expect.phase "place_figure"        -- P2 has meeples
expect.moves { match = "^deploy", count = 2 }
