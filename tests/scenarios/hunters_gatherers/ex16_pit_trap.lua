-- hunters-gatherers.md §7 HG-EX-16, §4.2: the pit trap's grassland holds,
-- on its 8 neighbours, 2 mammoths, 2 aurochs, 1 tiger and 1 deer; a deer
-- elsewhere is in a separate grassland. The tiger eats the deer;
-- 2 x 3 x 2 + 2 x 2 x 2 = 20 for your hunter majority.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-16: pit trap doubles its 8 neighbours: You +20" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "grassland_kit.tiles" }   -- the shared grassland test tiles
setup {
  { "GRm", at = { -1, -1 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "GRm", at = { 0, -1 } },
  { "GRa", at = { 1, -1 } },
  { "GRa", at = { -1, 0 } },
  { "GRt", at = { -1, 1 } },
  { "GRd", at = { 0, 1 }, fixed = true },
  { "GRd", at = { 5, 5 }, fixed = true, figure = { player = 2, kind = "meeple", on = "N" } },
}
play "place GRpit 0,0 r0"              -- joins your grassland: no free spot
final()
expect.ledger_final { { player = 1, points = 20, reason = "hunters" }, { player = 2, points = 1, reason = "hunters" } }
expect.final { 20, 1 }
