-- A house rule with one empty hook: enough to make an agent's search
-- lend its copies the play's hooks (agents_release_test).
on("tile_placed", function(ctx) end)
