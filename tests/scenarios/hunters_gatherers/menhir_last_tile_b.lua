-- hunters-gatherers.md §2 end, reading B (option extra_after_last =
-- false): the last regular tile completes a menhir forest: no extra turn,
-- the game ends.
-- Players: 1 = You, 2 = Blue.
scenario "no menhir extra turn after the last regular tile (reading B)" {
  game = "hunters_gatherers", players = 2, start = false,
  options = { extra_after_last = false },
}
tiles { file = "forest_kit.tiles" }   -- the shared forest test tiles
setup {
  { "FEm", at = { 0, 0 } },
}
stack { "FE" }
play("place FE 0,1 r2", "pass")
expect.over()
