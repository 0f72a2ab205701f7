-- Benchmark (#19): the empty tile_placed hook of empty_on.lua in a script
-- that declares a 6-field state it never reads or writes. Measures what
-- merely declaring state costs.
state { a = 0, b = 1, c = "two", d = true, e = { 1, 2, 3 }, f = { x = 1 } }
on("tile_placed", function(ctx, tile, args) end)
