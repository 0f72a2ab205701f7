-- hunters-gatherers.md §7 HG-EX-15, §4.1: the hunting trap's grassland
-- shows, on its 8 neighbours, 1 mammoth, 2 deer and 1 tiger; a mammoth on
-- a neighbour across a river is in another grassland. Cover tiger + 1
-- deer, score 3 + 1: You +4, then the scored mammoth and deer are covered
-- too. At the end your hunter in that grassland finds nothing left (0);
-- Blue's hunter on the other grassland still scores its mammoth (+3).
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-15: hunting trap +4; the 4 animals are covered at the end" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "grassland_kit.tiles" }   -- the shared grassland test tiles
setup {
  { "GRm", at = { -1, -1 } },
  { "GRd", at = { 0, -1 } },
  { "GRd", at = { 1, -1 } },
  { "GRt", at = { -1, 0 } },
  { "RVm", at = { 1, 1 }, fixed = true, figure = { player = 2, kind = "meeple", on = "E" } },
}
play("place GRhunt 0,0 r0", "deploy meeple N")
expect.ledger_last_turn { { player = 1, points = 4, reason = "hunting_trap" } }
final()
expect.ledger_final {
  { player = 1, points = 0, reason = "hunters" },   -- scored, for nothing left
  { player = 2, points = 3, reason = "hunters" },
}
expect.final { 4, 3 }
