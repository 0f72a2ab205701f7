-- Benchmark (#19): one empty notify hook, called once per drawn tile.
-- Measures what an on("tile_drawn") call costs when the hook does nothing.
on("tile_drawn", function(ctx, tile, args) end)
