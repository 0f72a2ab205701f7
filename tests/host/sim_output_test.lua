-- sim's machine-readable output says what produced it, and --csv-games
-- gives one row per game (issue 16).
local cjson = require "cjson"
local bin = os.getenv("MEEPLE_BIN") or "build/meeple"
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end
local function run(args)
  local p = assert(io.popen(bin .. " sim " .. args .. " 2>&1"))
  local out = p:read("a")
  local ok, _, code = p:close()
  return out, ok and 0 or code
end

local out, code = run("--games 4 --seed 10 --players 3 --json --option tiny_city=2"
                      .. " --rules examples/house-rules/farmers_4.lua")
check(code == 0, "sim --json exits 0: " .. out)
local r = cjson.decode(out).run
check(r.engine:match("^%d+%.%d+%.%d+$"), "the engine version")
check(r.game == "base" and #r.with == 0 and out:find('"with":[]', 1, true), "the game and no expansion, as []")
check(r.rules[1] == "examples/house-rules/farmers_4.lua", "house rules by portable name")
check(out:find('"options":{"tiny_city":2}', 1, true), "options typed as declared (2, not \"2\")")
check(#r.agents == 3 and r.agents[1] == "random", "one agent per seat")
check(r.seeds[1] == 10 and r.seeds[2] == 13 and r.games == 4, "the seeds")
local roles = {}
for _, f in ipairs(r.files) do
  roles[#roles + 1] = f.role
  check(f.hash:match("^%x+$") and #f.hash == 16 and f.path:sub(1, 1) ~= "/", "a portable file with its hash: " .. f.path)
end
check(table.concat(roles, ",") == "game,rules,tiles", "every loaded file: " .. table.concat(roles, ","))

out, code = run("--games 3 --csv")
local first = out:match("^([^\n]*)\n")
check(code == 0 and first:match("^# run {"), "the CSV starts with the run: " .. tostring(first))
check(cjson.decode(first:sub(7)).seeds[2] == 3, "the CSV's run is JSON")
check(out:find("\nseat,mean,sd,min,max,win_rate\n", 1, true), "then the per-seat table")

out, code = run("--games 5 --seed 3 --players 2 --csv-games")
local lines = {}
for l in out:gmatch("[^\n]+") do lines[#lines + 1] = l end
check(code == 0 and #lines == 7, "a comment, a header and 5 rows: " .. out)
check(lines[2] == "game,seed,turns,winners,score_1,score_2", "the per-game columns")
local g, seed, turns, winners, s1, s2 = lines[3]:match("^(%d+),(%d+),(%d+),([%d ]+),(%d+),(%d+)$")
check(g == "1" and seed == "3" and tonumber(turns) > 0, "row 1 is game 1, seed 3")
local best = math.max(tonumber(s1), tonumber(s2))
check(winners == (tonumber(s1) == best and "1" or "") .. (tonumber(s1) == best and tonumber(s2) == best and " " or "")
      .. (tonumber(s2) == best and "2" or ""), "the winners have the best score")
-- the per-game rows agree with the summary of the same seeds
local json_out = cjson.decode((run("--games 5 --seed 3 --players 2 --json")))
local sum = 0
for i = 3, 7 do sum = sum + tonumber(lines[i]:match(",(%d+),%d+$")) end
check(math.abs(sum / 5 - json_out.seats[1].mean) < 1e-9, "rows and summary agree on seat 1's mean")

out, code = run("--games 3 --csv --csv-games")
check(code == 2, "--csv and --csv-games exclude each other")
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
