-- As ex04_05_menhir_extra_turn.lua (hunters-gatherers.md §2 phase 4,
-- HG-EX-04/05), written with one turn(...): the forest tile, then the
-- menhir tile of the extra turn; turn() passes the first part's figure
-- step by itself. 8 + 6 = 14.
-- Players: 1 = You, 2 = Blue.
scenario "turn() across a menhir extra turn: +8 and +6" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "forest_kit.tiles" }
setup {
  { "FE", at = { 0, 0 } },
  { "FMm", at = { 0, 1 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "FM", at = { 0, 2 } },
  { "FEm", at = { 3, 0 }, fixed = true },
  { "FM", at = { 3, 1 } },
}
draws { "m90", stack = "menhir" }
turn { player = 1, "place FE 0,3 r2", "place m90 3,2 r2", "deploy meeple N" }
expect.score { 14, 0 }
expect.player(2)
expect.turn(2)
