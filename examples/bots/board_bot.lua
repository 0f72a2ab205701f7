-- A bot that reads the board: `meeple play --agents examples/bots/board_bot.lua,random`
-- or `meeple sim --games 20 --agents examples/bots/board_bot.lua,random --rotate-seats`.
--
-- choose(view) returns the index of a move in view.legal (or view.moves).
-- The view is plain data (docs/lua-api.md, "Bots"): the placed tiles,
-- every feature with its figures and open ports, the tiles left to draw,
-- each player's figures in supply, and the legal moves as tables.
--
-- Its plan: lay tiles where they touch the most tiles (closing things),
-- put a figure only on a feature nobody holds, the biggest one, keeping
-- two figures back; in the last tiles of the game, fields are worth it.

local function neighbours(board, x, y)
  local n = 0
  for _, t in ipairs(board) do
    if math.abs(t.x - x) <= 1 and math.abs(t.y - y) <= 1 and not (t.x == x and t.y == y) then
      n = n + 1
    end
  end
  return n
end

local function tiles_left(view)
  local n = 0
  for _, count in pairs(view.remaining) do n = n + count end
  return n
end

local function figures_left(view)
  local n = 0
  for _, count in pairs(view.supply[view.player]) do n = n + count end
  return n
end

-- How much a deploy is worth; nil: not worth a figure.
local function deploy_value(view, move)
  local f = move.feature and view.features[move.feature]
  if not f or #f.figures > 0 then return nil end
  if f.kind == "field" then
    return tiles_left(view) < 12 and f.tiles or nil
  end
  if f.closed then return 100 + f.tiles end -- scores at once, the figure comes back
  if figures_left(view) <= 2 then return nil end
  return f.tiles + (f.open == 1 and 2 or 0)
end

function choose(view)
  local best, best_value = 1, -math.huge
  for i, move in ipairs(view.legal) do
    local v
    if move.type == "place" then
      v = neighbours(view.board, move.x, move.y)
    elseif move.type == "deploy" then
      v = deploy_value(view, move)
    elseif move.type == "pass" then
      v = 0
    end
    if v and v > best_value then best, best_value = i, v end
  end
  return best
end
