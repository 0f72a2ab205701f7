-- hunters-gatherers.md §2 phase 4: no extra turn when the menhir stack is
-- empty; the menhir forest still scores (2 tiles: +4).
-- Players: 1 = You, 2 = Blue.
scenario "menhir extra turn: none when the menhir stack is empty" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "forest_kit.tiles" }   -- the shared forest test tiles
setup {
  { "FEm", at = { 0, 0 }, figure = { player = 1, kind = "meeple", on = "S" } },
}
stack { stack = "menhir" }
play("place FE 0,1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "forest" } }
expect.player(2)
expect.part(1)
