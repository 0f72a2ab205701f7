-- examples/house-rules/cathedral_pennants.lua: an unfinished city with a
-- pennant scores 0 at the end (base: 1 per tile + 1 per pennant); one
-- without a pennant still scores 1 per tile. You: a knight on F (city
-- band W-E, 1 pennant) at 0,0; Blue: a knight on the cap E at 0,-1. The
-- last tile goes south of F, away from both cities, and the game ends.
-- Players: 1 = You, 2 = Blue.
scenario "cathedral_pennants: an unfinished pennant city scores 0" {
  game = "base", players = 2, start = false,
  rules = { "../cathedral_pennants.lua" },
}

setup {
  { "F", at = { 0, 0 }, figure = { player = 1, on = "E" } },
  { "E", at = { 0, -1 }, figure = { player = 2, on = "N" } },
}

stack { "E" }
play("place E 0,1 r2", "pass")
expect.over()
expect.score { 0, 1 }
