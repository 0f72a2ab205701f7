-- hunters-gatherers.md §7 HG-EX-14, §4.1: you place the logboat; its river
-- system holds 4 lakes (its own and three at the ends of its rivers):
-- +8 at once. Then your fisher on the river it completes to the north
-- (2 tiles + lakes 1 + 2 fish) scores +5: 13 in the turn.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-14: logboat 2 per lake (+8), then the fisher's river (+5)" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "river_kit.tiles" }   -- the shared river test tiles
setup {
  { "LK2", at = { 0, -1 } },                        -- its river leaves south
  { "LK1", at = { 1, 0 }, rot = 1, fixed = true },
  { "LK1", at = { -1, 0 }, rot = 3, fixed = true },
}
play "place BOAT 0,0 r0"
expect.ledger_last_turn { { player = 1, points = 8, reason = "logboat" } }
play "deploy meeple N"
expect.ledger_last_turn { { player = 1, points = 8, reason = "logboat" }, { player = 1, points = 5, reason = "river" } }
expect.score { 13, 0 }
