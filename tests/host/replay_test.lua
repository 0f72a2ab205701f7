-- meeple replay round-trips recorded games, and refuses altered ones.
-- Issue 4: "meeple replay round-trips 200 recorded games, and one
-- deliberately altered record fails."
local cli = require "meeple.cli"
cli.silent = true -- quiets meeple.cli.common
local ctx = { root = ".", tty = false }
local passed, failed = 0, 0

local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local tmp = os.tmpname()
for seed = 1, 200 do
  local players = 2 + seed % 4
  local code = cli.play({ "--seed", tostring(seed), "--players", tostring(players),
                          "--record", tmp, "--quiet" }, ctx)
  check(code == 0, ("play --seed %d exits 0"):format(seed))
  code = cli.replay({ tmp }, ctx)
  check(code == 0, ("replay of seed %d exits 0"):format(seed))
end

local function read_lines(path)
  local lines = {}
  for line in io.lines(path) do lines[#lines + 1] = line end
  return lines
end

local function write_lines(path, lines)
  local f = assert(io.open(path, "w"))
  f:write(table.concat(lines, "\n"), "\n")
  f:close()
end

-- A record whose 10th tile is laid elsewhere.
local lines = read_lines(tmp)
local at = 2
local places = 0
for i = 2, #lines do
  if lines[i]:find('"move":"place', 1, true) then
    places = places + 1
    if places == 10 then at = i break end
  end
end
local original = lines[at]
local altered = {}
for i, l in ipairs(lines) do altered[i] = l end
altered[at] = original:gsub('"move":"place (%S+) (%-?%d+),(%-?%d+) r(%d)"', function(t, x, y, r)
  return ('"move":"place %s %d,%s r%d"'):format(t, tonumber(x) + 40, y, r)
end)
check(altered[at] ~= original, "the record was altered")
write_lines(tmp, altered)
check(cli.replay({ tmp }, ctx) == 1, "a changed move makes replay fail")

-- A record whose state digest no longer matches.
altered[at] = original:gsub('"state":"(%x+)"', '"state":"0000000000000000"')
write_lines(tmp, altered)
check(cli.replay({ tmp }, ctx) == 1, "a changed state digest makes replay fail")

-- A record cut short: the game goes on past its end.
local cut = {}
for i = 1, 30 do cut[i] = lines[i] end
cut[#cut + 1] = '{"final":true,"scores":[0,0]}'
write_lines(tmp, cut)
check(cli.replay({ tmp }, ctx) == 1, "a truncated record makes replay fail")

os.remove(tmp)
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
