-- hunters-gatherers.md §7 HG-EX-10, §4.2: a grassland with 1 aurochs,
-- Green's hunter alone: Green +2 at the end.
-- Players: 1 = You, 2 = Blue, 3 = Green.
scenario "HG-EX-10: 1 aurochs, Green's hunter alone: Green +2" {
  game = "hunters_gatherers", players = 3, start = false,
}
tiles { file = "grassland_kit.tiles" }   -- the shared grassland test tiles
setup {
  { "GRa", at = { 0, 0 }, figure = { player = 3, kind = "meeple", on = "N" } },
  { "GR", at = { 1, 0 } },
}
final()
expect.ledger_final { { player = 3, points = 2, reason = "hunters" } }
expect.final { 0, 0, 2 }
