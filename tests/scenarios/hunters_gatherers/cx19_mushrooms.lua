-- hunters-gatherers.md §7 HG-CX-19 (constructed), §4.1: a completed
-- 3-tile forest with one mushroom group and a single gatherer: 6 + 3 = 9.
-- No menhir: no extra turn.
-- Players: 1 = You, 2 = Blue.
scenario "HG-CX-19: 3-tile forest with a mushroom group: +9" {
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
  { "FE", at = { 0, 0 } },
  { "FMu", at = { 0, 1 }, figure = { player = 1, kind = "meeple", on = "N" } },
}
play("place FE 0,2 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 9, reason = "forest" } }
expect.player(2)
expect.part(1)
