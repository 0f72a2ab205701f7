-- House rule: the builder keeps drawing while it extends (unlimited
-- builder chain).
--
-- Where from: scripts/traders_builders.lua §6 HR-TB-1 (credited to
-- Diminuendo). Traders & Builders gives one extra tile when you extend the
-- road or city holding your builder, and never a third (§3.3). Here every
-- tile that extends your builder's road or city gives one more, for as
-- long as the chain lasts. (Traders & Builders also ships this as its own
-- option, `--option builder_chain=true`; this file is the same rule
-- written as a house rule, to show how.)
--
-- Needs Traders & Builders, loaded before it: the `expansion ... requires`
-- line makes the load fail with a clear message otherwise.
--
-- Two hooks: `on("tile_placed")` notes, in the script's state, that the
-- tile just placed extends a feature holding the active player's builder
-- (figures are deployed after the tile, so a builder found there was there
-- before it); `transform("extra_part")` then asks for one more part at the
-- end of that part. The state is part of the game, so saved games, undo
-- and replays see it.
--
-- Run:  meeple play --with traders_builders --rules examples/house-rules/builder_chain.lua
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "builder_chain" { requires = { "traders_builders" } }

state { turn = 0, part = 0 }   -- the turn and part whose tile extended the builder's feature

local function holds_builder(feature, player)
  for _, fig in ipairs(feature:figures()) do
    local info = fig:info()
    if info.owner == player and info.kind == "builder" then return true end
  end
  return false
end

on("tile_placed", function(ctx, tile)
  if ctx.game:supply(ctx.player, "builder") > 0 then return end   -- builder not on the board
  for _, feature in ipairs(tile:features()) do
    local kind = feature:kind()
    if (kind == "road" or kind == "city") and holds_builder(feature, ctx.player) then
      ctx.state.turn, ctx.state.part = ctx.turn, ctx.part
      return
    end
  end
end)

-- Returns the stack to draw the next part from, or nil for no more parts.
-- (An empty stack gives none: the engine checks.)
transform("extra_part", function(ctx)
  if ctx.state.turn == ctx.turn and ctx.state.part == ctx.part then return "main" end
end)
