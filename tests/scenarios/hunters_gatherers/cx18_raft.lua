-- hunters-gatherers.md §7 HG-CX-18 (constructed), §4.2: a river system
-- with 7 fish in 3 lakes (2 + 1 + 4) and the raft; Red's hut majority
-- scores 7 + 3 = 10.
-- Players: 1 = Red, 2 = Blue.
scenario "HG-CX-18: raft adds 1 per lake: Red +10" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "river_kit.tiles" }   -- the shared river test tiles
setup {
  { "LK2", at = { 0, -1 } },
  { "LKRAFT", at = { 0, 0 }, figure = { player = 1, kind = "hut", on = "C" } },
  { "LK4", at = { 0, 1 }, rot = 2 },
}
final()
expect.ledger_final { { player = 1, points = 10, reason = "huts" } }
expect.final { 10, 0 }
