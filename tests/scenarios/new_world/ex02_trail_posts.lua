-- new-world.md §7 NW-EX-02, §4.1 [FAQ] start spaces count as tiles and
-- (reading A) the sea closes the trail that ends there. Red = player 1.
-- The sea trail leaves the starting space 0,5 westward: NW04 r1 (post)
-- at -1,5 with Red's robber, NW04 r1 (post) at -2,5, then Red closes it
-- with a crossing NW14 r0 (E arm) at -3,5. Tiles: start space + 3 = 4,
-- trading posts 2: 4 + 2 x 2 = 8. No surveyor in column 1: no bonus.
scenario "NW-EX-02: a 4-tile trail with 2 trading posts: Red +8" { game = "new_world", players = 2 }

setup {
  { "NW04", at = { -1, 5 }, rot = 1, figure = { player = 1, on = "E" } },
  { "NW04", at = { -2, 5 }, rot = 1 },
}
turn "place NW14 -3,5 r0"
expect.feature { at = { -1, 5 }, port = "E", kind = "trail", closed = true, tiles = 4, post = 2 }
expect.ledger_last_turn { { player = 1, points = 8, reason = "trail" } }
expect.score { 8, 0 }
