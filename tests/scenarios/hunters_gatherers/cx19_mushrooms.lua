-- hunters-gatherers.md §7 HG-CX-19 (constructed), §4.1: a completed
-- 3-tile forest with one mushroom group and a single gatherer: 6 + 3 = 9.
-- No menhir: no extra turn.
-- Players: 1 = You, 2 = Blue.
scenario "HG-CX-19: 3-tile forest with a mushroom group: +9" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "forest_kit.tiles" }   -- the shared forest test tiles
setup {
  { "FE", at = { 0, 0 } },
  { "FMu", at = { 0, 1 }, figure = { player = 1, kind = "meeple", on = "N" } },
}
play("place FE 0,2 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 9, reason = "forest" } }
expect.player(2)
expect.part(1)
