-- A bot for `meeple play --agents examples/bots/first_move.lua,random`.
-- A bot script defines choose(view) and returns the index of a move in
-- view.moves (their text names, e.g. "place D 1,0 r1", "deploy meeple N").
-- It runs in the sandbox like any rule script: no io, no os, and
-- math.random draws from the game's own generator.

-- Prefer placing a figure when one can be placed; otherwise the first
-- listed move.
function choose(view)
  for i, move in ipairs(view.moves) do
    if move:match("^deploy") then return i end
  end
  return 1
end
