-- Benchmark (#19): one empty notify hook, called once per scored feature
-- (during play and at the end). Measures what an on("feature_scored")
-- call costs when the hook does nothing.
on("feature_scored", function(ctx, feature, args) end)
