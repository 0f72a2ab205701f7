-- A lenient host: plays random moves of the rules in FILE and, like a
-- server that lets a player try again, catches every failed move and
-- tries once more (up to 20 times). tests/host/hostile_test.lua runs it
-- on the `expect: timeout` scripts: once a time limit has fired, no move
-- may be applied any more (the sandbox is spent), and meeple exits 3
-- although this host returns 0.
--
--   meeple script --time-limit MS tests/host/lenient_host.lua FILE
-- prints "failed: N", "applied after: N" and "messages: N" (distinct
-- failure messages).
local loader = require "meeple.loader"

local file = ...
local rs = loader.load{ game = "base", rules = { file }, run = meeple_host.run,
                        script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
local play
local failed, applied_after, messages, seen = 0, 0, 0, {}
local function try(fn, ...)
  local ok, err = pcall(fn, ...)
  if not ok then
    failed = failed + 1
    err = tostring(err)
    if not seen[err] then seen[err], messages = true, messages + 1 end
  elseif failed > 0 then
    applied_after = applied_after + 1
  end
  return ok, err
end
-- starting the game runs hooks too (turn_begin): tried again as a move is
for _ = 1, 20 do
  if not play then
    local ok, p = try(loader.new_play, rs, { players = 2, seed = 1 })
    if ok then play = p end
  elseif play:over() then
    break
  else
    try(play.random_move, play)
  end
end
print("failed: " .. failed)
print("applied after: " .. applied_after)
print("messages: " .. messages)
return 0
