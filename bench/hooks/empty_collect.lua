-- Benchmark (#19): one collector that offers nothing, called once per
-- turn's figure phase. Measures what a collect call costs when the hook
-- adds no move.
collect("place_figure", function(ctx) end)
