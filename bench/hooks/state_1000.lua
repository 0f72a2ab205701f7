-- Benchmark (#19): a tile_placed hook that bumps one counter in a state
-- of 1,000 entries. Measures whether a state's cost grows with its size
-- (it should not: only what a hook changes may cost).
local init = { count = 0, seen = {} }
for i = 1, 999 do init.seen[i] = i end
state(init)
on("tile_placed", function(ctx, tile, args)
  ctx.state.count = ctx.state.count + 1
end)
