-- hunters-gatherers.md §4.1 shaman: after placing the shaman tile (before
-- the figure step) you may return one of your meeples unscored; it can be
-- placed again on the shaman tile at once. Huts are never offered; with
-- shaman_hunters = true (default) hunters are.
-- Players: 1 = You, 2 = Blue.
scenario "shaman: return one of your meeples unscored, then place it again" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "river_kit.tiles" }   -- the shared river test tiles
setup {
  { "RV", at = { 0, 0 }, figures = { { player = 1, kind = "meeple", on = "N" }, { player = 1, kind = "hut", on = "N" } } },
  { "RV", at = { 0, 1 }, figure = { player = 2, kind = "meeple", on = "E" } },
  { "RV", at = { 0, 2 }, figure = { player = 1, kind = "meeple", on = "E" } },
}
play "place SHAMAN 1,2 r0"             -- joins the east grassland of (0,2): your hunter's
expect.phase "shaman"
expect.moves { match = "^action shaman", count = 2 }   -- your fisher, your hunter
play "action shaman 0 0 1 0"           -- the fisher's river, first node at 0,0 segment 1
expect.supply { player = 1, kind = "meeple", count = 4 }
expect.occupied { at = { 0, 0 }, port = "N", by = { 1 } }   -- only your hut is left
expect.ledger_last_turn { }
