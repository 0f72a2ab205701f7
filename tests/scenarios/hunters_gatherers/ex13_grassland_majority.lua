-- hunters-gatherers.md §7 HG-EX-13, §4.2: 2 mammoths, 2 aurochs, 2 deer,
-- 1 tiger; Red has the most hunters (2 to 1): Red +11 (6 + 4 + 1), the
-- other hunter 0.
-- Players: 1 = Red, 2 = Blue.
scenario "HG-EX-13: 2M 2A 2D 1T, Red 2 hunters to 1: Red +11" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "grassland_kit.tiles" }   -- the shared grassland test tiles
setup {
  { "GRm", at = { 0, 0 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "GRm", at = { 1, 0 } },
  { "GRa", at = { 2, 0 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "GRa", at = { 3, 0 } },
  { "GRd", at = { 4, 0 }, figure = { player = 2, kind = "meeple", on = "N" } },
  { "GRd", at = { 5, 0 } },
  { "GRt", at = { 6, 0 } },
}
final()
expect.ledger_final { { player = 1, points = 11, reason = "hunters" } }
expect.final { 11, 0 }
