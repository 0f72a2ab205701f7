-- A house rule for tests/scenarios/capabilities/tile_markers.lua: wells,
-- markers deployed instead of a follower that stand on the tile just
-- placed (to_tile) and add to every road scored over them (2 each,
-- per_figure_on_tiles) and to a cloister for each in its block (1 each,
-- per_figure_in_block); a `figure_placed` hook narrowed to the wells
-- counts their deploys in a counter.
api "2"
figure "well" { per_player = 2, on = { "road", "city", "field", "cloister" },
                strength = 0, stays = true, to_tile = true }
counter "wells_dug"
bonus "road" { closed = { per_figure_on_tiles = { well = 2 } }, final = { per_figure_on_tiles = { well = 2 } } }
bonus "cloister" { closed = { per_figure_in_block = { well = 1 } }, final = { per_figure_in_block = { well = 1 } } }
on("figure_placed", function(ctx)
  ctx.game:add_counter(ctx.player, "wells_dug", 1)
end, { figures = { "well" } })
