-- hunters-gatherers.md §2 end, reading A (option extra_after_last = true,
-- the default): the last regular tile completes a menhir forest: the
-- extra turn is still taken, then the game ends.
-- Players: 1 = You, 2 = Blue.
scenario "menhir extra turn after the last regular tile (reading A, default)" {
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
  { "FEm", at = { 0, 0 } },
}
stack { "FE" }
draws { "m90", stack = "menhir" }
play("place FE 0,1 r2", "pass")
expect.over(false)
expect.part(2)
expect.tile "m90"
play("place m90 1,0 r0", "pass")
expect.over()
