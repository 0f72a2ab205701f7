-- hunters-gatherers.md §7 HG-CX-17 (constructed), §4.2: 1 mammoth, 3 deer,
-- 2 tigers and the wildfire: the tigers are covered, 3 + 3 = 6 (without
-- the wildfire it would be 3 + 1 = 4, as the other grassland shows).
-- Players: 1 = You, 2 = Blue.
scenario "HG-CX-17: wildfire removes the tigers: 6 instead of 4" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "grassland_kit.tiles" }   -- the shared grassland test tiles
setup {
  { "GRm", at = { 0, 0 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "GRd", at = { 1, 0 } }, { "GRd", at = { 2, 0 } }, { "GRd", at = { 3, 0 } },
  { "GRt", at = { 4, 0 } }, { "GRt", at = { 5, 0 } }, { "GRw", at = { 6, 0 } },
  { "GRm", at = { 0, 5 }, fixed = true, figure = { player = 2, kind = "meeple", on = "N" } },
  { "GRd", at = { 1, 5 } }, { "GRd", at = { 2, 5 } }, { "GRd", at = { 3, 5 } },
  { "GRt", at = { 4, 5 } }, { "GRt", at = { 5, 5 } },
}
final()
expect.ledger_final { { player = 1, points = 6, reason = "hunters" }, { player = 2, points = 4, reason = "hunters" } }
expect.final { 6, 4 }
