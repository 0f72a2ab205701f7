-- hunters-gatherers.md §2 end, reading B (option extra_after_last =
-- false): the last regular tile completes a menhir forest: no extra turn,
-- the game ends.
-- Players: 1 = You, 2 = Blue.
scenario "no menhir extra turn after the last regular tile (reading B)" {
  game = "hunters_gatherers", players = 2, start = false,
  options = { extra_after_last = false },
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
play("place FE 0,1 r2", "pass")
expect.over()
