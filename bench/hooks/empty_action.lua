-- Benchmark (#19): one empty on("action") hook, called once per turn: a
-- phase after the figure's offers one action (a collector returns the
-- same one-move list every time), which the hook plays doing nothing.
-- Measures what an action call costs; bench/hooks/empty_collect.lua is
-- the collector's part.
phase "act" { after = "place_figure" }
action "noop" {}
local NOOP = { { type = "action", action = "noop" } }
collect("act", function(ctx) return NOOP end)
on("action", function(ctx, move) end)
