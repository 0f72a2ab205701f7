-- hostile: the direct hook path reuses one argument table per play and
-- shows it through one read-only view. The script tries every way to
-- write through that view or ctx (rawset, table.insert, table.move,
-- table.sort, setmetatable) so that a later call would see forged
-- arguments, and checks on every call that the arguments are the real
-- ones: nothing it tries may stick, and the game is the game without it.
-- expect: same
-- seeds: 3
local attempts = {
  function(v) rawset(v, "phase", "forged") end,
  function(v) rawset(v, "tile_id", "forged") end,
  function(v) table.insert(v, "forged") end,
  function(v) table.move({ "forged" }, 1, 1, 1, v) end,
  function(v) table.sort(v) ; rawset(v, 1, "x") end,
  function(v) setmetatable(v, {}) end,
  function(v) v.value = 99 end,
  function(v) v.tile = false end,
}
local kept
local function attack(ctx, args)
  for i, f in ipairs(attempts) do
    if pcall(f, args) then error("attempt " .. i .. " wrote through the view") end
    if pcall(f, ctx) then error("attempt " .. i .. " wrote through ctx") end
  end
  if getmetatable(args) ~= false or getmetatable(ctx) ~= false then error("metatable shown") end
  if rawget(args, "phase") ~= nil or next(args) ~= nil then error("the view holds data") end
end
on("turn_begin", function(ctx, subject, args)
  attack(ctx, args)
  if subject ~= nil or args.tile ~= nil or args.tile_id ~= nil then error("stale tile in turn_begin") end
  if args.value ~= 0 or args.phase ~= ctx.phase then error("forged value or phase") end
  -- a view kept from an earlier call shows this call's arguments
  if kept and kept.tile ~= nil then error("a kept view shows a stale tile") end
end)
on("tile_placed", function(ctx, tile, args)
  attack(ctx, args)
  kept = args
  if tile:info().id ~= args.tile_id or args.tile ~= tile then error("forged tile") end
  local n = 0
  for k in pairs(args) do n = n + 1 end
  if n ~= 4 then error("args has " .. n .. " fields, not phase, value, tile, tile_id") end
end)
