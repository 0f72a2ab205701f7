-- hostile: tile handles are values (light userdata, bindings/
-- tile_handle.c), not objects. The script keeps the placed tiles' handles
-- in an upvalue and in its own tables across turns and games, compares
-- them, uses them as keys, tries to reach or change their metatable, and
-- hands a handle of a scratch game, freed or not, to this game: a kept
-- handle reads its own tile for as long as its game state lives, and
-- afterwards (a repointed view, a freed game) raises one message; nothing
-- it tries changes the game.
-- expect: same
-- seeds: 3
local kept, by_handle, last_game = {}, {}, nil

local function must_fail(what, f, text)
  local ok, err = pcall(f)
  if ok then error(what .. " did not fail") end
  if not tostring(err):find(text, 1, true) then error(what .. ": " .. tostring(err)) end
end

local function attack(tile)
  if type(tile) ~= "userdata" or getmetatable(tile) ~= false then error("metatable shown") end
  must_fail("setmetatable", function() setmetatable(tile, {}) end, "table expected")
  must_fail("a field write", function() tile.info = print end, "attempt to index")
  must_fail("a method of nothing", function() return tile.info(nil) end, "tile handle expected")
  must_fail("a table as a tile", function() return tile.info({}) end, "tile handle expected")
  local info = tile:info()
  local shown = ("tile %s at %d,%d rot %d"):format(info.id, info.x, info.y, info.rot)
  if tostring(tile) ~= shown then error("tostring " .. tostring(tile)) end
end

on("tile_placed", function(ctx, tile, args)
  attack(tile)
  local info = tile:info()
  if ctx.turn == 1 or last_game ~= ctx.game then
    -- a new game: a handle of the last one reads its own tile while that
    -- game lives, and raises once it is gone (meeple sim repoints one
    -- view from game to game); it never shows this game
    for _, k in ipairs(kept) do
      local ok, ki = pcall(k.tile.info, k.tile)
      if ok and (ki.x ~= k.x or ki.y ~= k.y) then error("a handle of the last game moved") end
      if not ok and not tostring(ki):find("stale tile handle", 1, true) then error(tostring(ki)) end
      if not ok and tostring(k.tile) ~= "tile (stale)" then error("tostring of a stale handle") end
      if k.tile == tile then error("a handle of the last game is this game's") end
    end
    kept, by_handle = {}, {}
  end
  last_game = ctx.game
  -- the same tile, however reached, is the same value: == and table keys
  local again = ctx.game:tile_at(info.x, info.y)
  if again ~= tile or not rawequal(again, tile) or args.tile ~= tile then error("not equal") end
  by_handle[tile] = info.id
  if by_handle[again] ~= info.id then error("not the same key") end
  kept[#kept + 1] = { tile = tile, x = info.x, y = info.y }
  for _, k in ipairs(kept) do
    local ki = k.tile:info()
    if ki.x ~= k.x or ki.y ~= k.y or by_handle[k.tile] ~= ki.id then error("a kept handle moved") end
  end
  -- a scratch game's handle is refused by this game, and stale once freed
  if #kept % 20 == 1 then
    local scratch = ctx.game:rules():new_game{ players = 2, seed = 1 }
    local th = scratch:place_fixed(info.id, 0, 0, 0).tile
    if th == tile then error("two games' handles are equal") end
    must_fail("another game's tile", function() ctx.game:deploy(1, "meeple", th) end, "tile of another game")
    scratch:free()
    must_fail("a freed game's tile", function() return th:info() end, "stale tile handle")
  end
end)
