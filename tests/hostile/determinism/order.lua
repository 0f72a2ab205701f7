-- A house rule whose points come from what Lua would show differently in
-- every process: the order pairs visits string keys in (Lua seeds its
-- string hash afresh per process), tostring of a table (its address), a
-- -0.0 kept in the state, and math.random drawn while loading. With
-- pairs in key order, tostring ids and the load-time RNG, two processes
-- (other addresses, other hash seeds) give the same game.
api "2"
local names = {}
for i = 1, 40 do names[#names + 1] = ("k%02d"):format(math.random(99)) end
state { zero = 0 }
on("tile_placed", function(ctx, th)
  local t = th:info()
  local keys = {}
  for i, n in ipairs(names) do keys[n .. t.x .. "," .. t.y] = i end
  local first = 0
  for _, v in pairs(keys) do first = v break end
  local id = tostring({}):match("(%d+)$") or tostring({}):sub(-2)
  local bonus = first % 3 + (tonumber(id, 16) or 0) % 2
  if 1 / ctx.state.zero < 0 then bonus = bonus + 1 end
  ctx.state.zero = -0.0
  if bonus > 0 then ctx:score(ctx.player, bonus) end
end)
