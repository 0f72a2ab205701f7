-- Benchmark (#19): one empty notify hook, called once per turn.
-- Issue #19's target: base plus this hook runs at >= 0.6x base.
on("turn_begin", function(ctx) end)
