-- hunters-gatherers.md §7 HG-EX-12, §4.2: 1 deer, 2 tigers; Blue's hunter
-- alone: Blue +0 (never negative).
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-12: more tigers than deer: Blue +0" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "grassland_kit.tiles" }   -- the shared grassland test tiles
setup {
  { "GRd", at = { 0, 0 }, figure = { player = 2, kind = "meeple", on = "N" } },
  { "GRt", at = { 1, 0 } },
  { "GRt", at = { 2, 0 } },
}
final()
expect.ledger_final { { player = 2, points = 0, reason = "hunters" } }   -- scored, for 0
expect.final { 0, 0 }
