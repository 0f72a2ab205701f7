-- hunters-gatherers.md §7 HG-EX-11, §4.2: 1 deer, 1 mammoth, 1 tiger;
-- Red and Violet tie on hunters. The tiger cancels the deer: 3 each.
-- Players: 1 = Red, 2 = Violet.
scenario "HG-EX-11: deer + mammoth + tiger, a tie: Red +3, Violet +3" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "grassland_kit.tiles" }   -- the shared grassland test tiles
setup {
  { "GRd", at = { 0, 0 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "GRm", at = { 1, 0 } },
  { "GRt", at = { 2, 0 }, figure = { player = 2, kind = "meeple", on = "N" } },
}
final()
expect.ledger_final { { player = 1, points = 3, reason = "hunters" }, { player = 2, points = 3, reason = "hunters" } }
expect.final { 3, 3 }
