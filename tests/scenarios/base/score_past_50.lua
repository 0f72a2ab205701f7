-- base.md §4.4: scores keep counting past 50 (the marker lies down).
-- §4.1: a 3x3 block of C tiles (9 pennants) closed by 12 E caps:
-- 21 tiles * 2 + 9 pennants * 2 = 60 in one scoring.
scenario "a 60-point city: scores run past 50" {
  game = "base", players = 2, start = false,
}

local tiles = {}
for y = -1, 1 do
  for x = -1, 1 do
    tiles[#tiles + 1] = { "C", at = { x, y } }
  end
end
tiles[5].figure = { player = 1, on = "N" }          -- the C at 0,0
for i = -1, 1 do
  tiles[#tiles + 1] = { "E", at = { i, -2 }, rot = 2 }   -- caps facing south
  tiles[#tiles + 1] = { "E", at = { i, 2 }, rot = 0 }    -- facing north
  tiles[#tiles + 1] = { "E", at = { -2, i }, rot = 1 }   -- facing east
end
tiles[#tiles + 1] = { "E", at = { 2, -1 }, rot = 3 }     -- facing west
tiles[#tiles + 1] = { "E", at = { 2, 0 }, rot = 3 }
setup(tiles)

play("place E 2,1 r3", "pass")
expect.ledger_last_turn { { player = 1, points = 60, reason = "city" } }
expect.score { 60, 0 }
