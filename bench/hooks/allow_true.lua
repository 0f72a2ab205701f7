-- Benchmark (#19): a tile-placement veto that allows every move.
-- Measures the cost of an allow hook asked about every candidate move.
allow("tile_placement", function(ctx, move) return true end)
