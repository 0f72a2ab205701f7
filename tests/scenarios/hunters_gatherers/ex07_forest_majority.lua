-- hunters-gatherers.md §7 HG-EX-07, §4.1: your tile joins three forests,
-- holding your 2 gatherers and Blue's 1, into one complete 5-tile forest
-- with a menhir: You +10 (5 x 2), Blue 0, all three meeples return, and
-- you get an extra turn.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-07: forests joined, 2 gatherers to 1: You +10, Blue 0, extra turn" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "forest_kit.tiles" }   -- the shared forest test tiles
setup {
  { "FE", at = { 0, -1 }, figure = { player = 1, kind = "meeple", on = "S" } },
  { "FE", at = { 1, 0 }, rot = 1, fixed = true, figure = { player = 1, kind = "meeple", on = "W" } },
  { "FE", at = { 0, 1 }, rot = 2, fixed = true, figure = { player = 2, kind = "meeple", on = "N" } },
  { "FEm", at = { -1, 0 }, rot = 3, fixed = true },
}
play "place FX 0,0 r0"            -- no free spot on it: no figure step
expect.closed { at = { 0, 0 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 10, reason = "forest" } }
expect.supply { player = 1, kind = "meeple", count = 5 }
expect.supply { player = 2, kind = "meeple", count = 5 }
expect.player(1)
expect.part(2)
