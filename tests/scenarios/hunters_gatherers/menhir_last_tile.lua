-- hunters-gatherers.md §2 end, reading A (option extra_after_last = true,
-- the default): the last regular tile completes a menhir forest: the
-- extra turn is still taken, then the game ends.
-- Players: 1 = You, 2 = Blue.
scenario "menhir extra turn after the last regular tile (reading A, default)" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "forest_kit.tiles" }   -- the shared forest test tiles
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
