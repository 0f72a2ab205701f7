-- hunters-gatherers.md §2 phase 4: no extra turn when the menhir stack is
-- empty; the menhir forest still scores (2 tiles: +4).
-- Players: 1 = You, 2 = Blue.
scenario "menhir extra turn: none when the menhir stack is empty" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles [[
tile FE x6                     # a forest end: forest to the south
  forest S*
  grassland N* E* W*
tile FEm x2                    # the same with a menhir
  forest S* menhir
  grassland N* E* W*
tile FM x4                     # forest N-S
  forest N* S*
  grassland E*
  grassland W*
tile FMm x2                    # forest N-S with a menhir
  forest N* S* menhir
  grassland E*
  grassland W*
tile FMu x1                    # forest N-S with a mushroom group
  forest N* S* mushrooms
  grassland E*
  grassland W*
tile FX x1                     # forest on all four sides
  forest N* E* S* W*
]]
setup {
  { "FEm", at = { 0, 0 }, figure = { player = 1, kind = "meeple", on = "S" } },
}
stack { stack = "menhir" }
play("place FE 0,1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "forest" } }
expect.player(2)
expect.part(1)
