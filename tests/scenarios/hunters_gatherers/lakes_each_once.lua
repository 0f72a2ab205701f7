-- hunters-gatherers.md §4.1: a river closed at both ends by two different
-- lakes adds the fish of each (1 + 4), and the river's own fish (4): a
-- 3-tile river scores 3 + 4 + 1 + 4 = 12. The lakes' fish are printed on
-- the lakes only (tiles/river_kit.tiles).
-- Players: 1 = You, 2 = Blue.
scenario "a river between two lakes adds both lakes' fish: You +12" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "river_kit.tiles" }
setup {
  { "LK1", at = { 0, 0 } },
  { "RV4", at = { 0, 1 }, figure = { player = 1, kind = "meeple", on = "N" } },
}
play("place LK4 0,2 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 12, reason = "river" } }
