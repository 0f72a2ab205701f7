-- House rule: retreat. After placing a tile and deploying (or not), a
-- player may call one of their meeples back from a road that is still
-- unfinished, paying 1 point; or pass.
--
-- Where from: a common table rule for meeples stranded on roads that
-- will never close (base.md §3.2 otherwise keeps them there to the end).
--
-- A phase of its own, a custom action with named arguments, a collect
-- hook that offers one move per such meeple and an on("action") hook
-- that plays it. Its moves read "action retreat X Y SEGMENT 0" (the
-- tile and the segment the meeple stands on, in the order `args`
-- declares them); hooks and listings see move.args.x, .y, .segment.
--
-- Run:  meeple play --rules examples/house-rules/retreat.lua
--       meeple play --rules examples/house-rules/retreat.lua --agents human,greedy
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
phase "retreat" { after = "place_figure" }
action "retreat" { args = { "x", "y", "segment" } }
reason "retreat"

collect("retreat", function(ctx)
  local moves = {}
  for _, fig in ipairs(ctx.game:placed_figures("meeple", ctx.player)) do
    local info = fig:info()
    local fh = info.tile and info.tile:feature(info.segment)
    if fh and fh:kind() == "road" and not fh:closed() then
      local at = info.tile:info()
      moves[#moves + 1] = { type = "action", action = "retreat",
                            args = { x = at.x, y = at.y, segment = info.segment } }
    end
  end
  if #moves > 0 then moves[#moves + 1] = { type = "pass" } end
  return moves
end)

on("action", function(ctx, move)
  if move.action ~= "retreat" then return end
  local a = move.args
  for _, fig in ipairs(ctx.game:tile_at(a.x, a.y):feature(a.segment):figures()) do
    local info = fig:info()
    if info.owner == ctx.player and info.kind == "meeple" and info.segment == a.segment then
      fig:return_to_supply()
      ctx:score(ctx.player, -1, "retreat")
      return
    end
  end
end)
