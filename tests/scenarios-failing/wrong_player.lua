-- A deliberately failing scenario (see wrong_score.lua): a move meant for
-- player 1 while player 2 is to move stops the scenario at line 10.
scenario "deliberately failing: player 1 moves out of turn" {
  game = "base", players = 2, start = false,
}
setup {
  { "E", at = { 0, 0 } },
}
play { player = 1, "place E 0,-1 r2", "pass" }
play { player = 1, "place E 1,0 r1" }
