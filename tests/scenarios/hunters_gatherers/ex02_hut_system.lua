-- hunters-gatherers.md §7 HG-EX-02, §3.2: your tile extends two river
-- systems. The left one holds Blue's hut, two rivers and a lake away; the
-- right one holds Blue's fisher only. Your hut may go only on the right
-- river. 0 points.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-02: a hut anywhere in the river system blocks huts; a fisher does not" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "river_kit.tiles" }   -- the shared river test tiles
setup {
  { "RV", at = { -2, 0 }, rot = 1, figure = { player = 2, kind = "hut", on = "W" } },
  { "LKWE", at = { -1, 0 } },
  { "RV", at = { 1, 0 }, rot = 1, fixed = true, figure = { player = 2, kind = "meeple", on = "E" } },
}
play "place TWO 0,0 r0"
expect.illegal("deploy hut W", "blocked_across")
expect.legal "deploy meeple W"
expect.illegal("deploy meeple E", "occupied")
play "deploy hut E"
expect.ledger_last_turn { }
expect.supply { player = 1, kind = "hut", count = 2 }
