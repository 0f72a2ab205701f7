-- traders-builders.md §3.2 [official: edition note, Big Box 6]: a pig left
-- alone in its field (its owner has no farmer there) goes back to supply,
-- whatever removed the farmers; §3.1: the same for a builder. Here a house
-- rule's hook sends Red's meeples home with fig:return_to_supply: the pig
-- and the builder go with them at once, with no scoring involved.
-- Players: 1 = Red, 2 = Blue.
--
--   y= 0  B(0,0) Red farmer   B(1,0) Red pig   U(3,0) road: Red thief and builder
scenario "T&B: a hook sends Red's farmer and thief home; the pig and the builder go too" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

script [[
  -- a house rule for this test: placing a tile sends the placer's
  -- meeples home
  on("tile_placed", function(ctx, tile)
    for _, fig in ipairs(ctx.game:placed_figures("meeple", ctx.player)) do
      fig:return_to_supply()
    end
  end)
]]

setup {
  { "B", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "B", at = { 1, 0 }, figure = { player = 1, kind = "pig", on = "N" } },
  { "U", at = { 3, 0 }, fixed = true, figures = {
      { player = 1, kind = "meeple", on = "N" },
      { player = 1, kind = "builder", on = "N" } } },
}

expect.supply { player = 1, kind = "pig", count = 0 }
play "place B 0,1 r0"
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.supply { player = 1, kind = "pig", count = 1 }
expect.supply { player = 1, kind = "builder", count = 1 }
expect.free { at = { 1, 0 }, port = "N" }
expect.free { at = { 3, 0 }, port = "N" }
