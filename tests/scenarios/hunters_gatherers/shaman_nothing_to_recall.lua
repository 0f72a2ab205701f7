-- hunters-gatherers.md §4.1 shaman: the player "may" return one of their
-- meeples. With none on the board (only a hut, which is never recalled)
-- there is nothing to choose: no shaman phase waits, the turn goes on to
-- the figure step.
-- Players: 1 = You, 2 = Blue.
scenario "shaman with nothing to recall: no decision" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "river_kit.tiles" }
setup {
  { "RV", at = { 0, 0 }, figure = { player = 1, kind = "hut", on = "N" } },
  { "RV", at = { 0, 1 }, figure = { player = 2, kind = "meeple", on = "E" } },
}
play "place SHAMAN -1,0 r0"            -- beside the free west grassland of 0,0
expect.phase "place_figure"
expect.moves { match = "^action shaman", count = 0 }
