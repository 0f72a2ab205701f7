-- watchtowers.lua with its lines of sight walked step by step, as a fan
-- would without the walking helpers: tile_at for every cell, then every
-- placed figure's info(). It plays the same games; it is here only to
-- measure what g:line saves (README.md, "What it costs"). Load one of the
-- two, never both.
api "2"
expansion "watchtowers" { requires = { "base" } }
attribute "tower" { merge = "sum" }
tiles "watchtowers"
reason "lookout"
local DX, DY = { [0] = 0, 1, 0, -1 }, { [0] = -1, 0, 1, 0 }
local function count_tiles(game, x, y)
  local n = 0
  for s = 0, 3 do
    local k = 1
    while game:tile_at(x + DX[s] * k, y + DY[s] * k) do n = n + 1; k = k + 1 end
  end
  return n
end
allow("tile_placement", function(ctx, move)
  if count_tiles(ctx.game, move.x, move.y) < 2 then
    return false, "a watchtower must overlook at least 2 tiles"
  end
end, { tiles = { "watchtower" } })
on("figure_placed", function(ctx)
  local tile = ctx.play:placed()
  if not tile or tile:segment_attr(1, "tower") == 0 then return end
  local at = tile:info()
  local game, figures = ctx.game, 0
  local seen = {}
  for s = 0, 3 do
    local k = 1
    while true do
      local th = game:tile_at(at.x + DX[s] * k, at.y + DY[s] * k)
      if not th then break end
      seen[th] = true
      k = k + 1
    end
  end
  for _, fig in ipairs(game:placed_figures()) do
    local t = fig:info().tile
    if t and seen[t] then figures = figures + 1 end
  end
  if figures > 0 then ctx:score(ctx.player, figures, "lookout") end
end)
