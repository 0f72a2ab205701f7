-- A house rule that keeps a count in a local and in a table held by a
-- global: every 1000th tile placed scores a point. Each game starts from
-- the count after loading (0), so game i scores the same whichever
-- games a process played before it (sim --jobs 1, 2, 4, shards).
api "2"
local calls = 0
counts = { tiles = 0 }
on("tile_placed", function(ctx)
  calls = calls + 1
  counts.tiles = counts.tiles + 1
  if calls % 1000 == 0 then ctx:score(ctx.player, 1) end
  if counts.tiles % 1000 == 0 then ctx:score(ctx.player, 2) end
end)
