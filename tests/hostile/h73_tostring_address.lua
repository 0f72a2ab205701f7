-- hostile: determinism (issue 36 §7). tostring of a table showed its
-- address, so a score taken from its digits differed from run to run
-- (31/50, 32/45, 31/50 over three runs of one seed). Now it shows an id
-- counted per game, "table: #N": the game is the same in every process
-- (tests/host/determinism_test.lua plays it in two) and its bonus comes
-- from ids only.
-- expect: ok
on("turn_begin", function(ctx)
  local id = tostring({}):match("^table: #(%d+)$")
  if not id then error("tostring shows no id: " .. tostring({})) end
  if tostring(print):match("0x") then error("an address: " .. tostring(print)) end
  ctx:score(1, tonumber(id) % 2, "bonus")
end)
