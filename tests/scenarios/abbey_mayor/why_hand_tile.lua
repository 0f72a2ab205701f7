-- abbey-mayor.md §3.1: why a placement in the draw phase is refused, as
-- the hand-tile capability answers it: the abbey only into a hole
-- ("hole"); any other tile only once drawn ("draw_first").
-- The board of AM-EX-01: a hole at (0,0). Players: 1 = Blue, 2 = Red.
scenario "Why a tile from hand is refused" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "am.10", at = { 0, -1 }, fixed = true },
  { "U", at = { 1, 0 }, rot = 1, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}

expect.phase "draw"
expect.legal "place am.abbey 0,0 r0"
expect.illegal("place am.abbey 2,0 r0", "hole")         -- one neighbour
expect.illegal("place am.abbey 1,-1 r0", "hole")        -- two neighbours
expect.illegal("place B 0,0 r0", "draw_first")          -- not a tile from hand
expect.illegal("place am.abbey 1,0 r0", "taken")        -- a hole's cell must be empty
