-- Benchmark (#19): one empty notify hook, called once per placed tile.
-- Measures what a hook call costs when the hook does nothing.
on("tile_placed", function(ctx, tile, args) end)
