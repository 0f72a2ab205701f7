-- A deliberately broken house rule for tests/suites/invariants.cmake: its
-- hook stands the player's builder on the first road or city of each tile
-- placed, with no follower of theirs there, which the builder's needs_own
-- forbids. meeple sim --check-invariants must stop at the first such move
-- ("needs_own: ... alone on its feature").
expansion "lone_builder" { requires = { "traders_builders" } }

on("tile_placed", function(ctx, tile)
  local g = ctx.game
  if g:supply(ctx.player, "builder") == 0 then return end
  for _, feature in ipairs(tile:features()) do
    local kind = feature:kind()
    if (kind == "road" or kind == "city") and #feature:figures() == 0 then
      g:deploy(ctx.player, "builder", feature)
      return
    end
  end
end)
