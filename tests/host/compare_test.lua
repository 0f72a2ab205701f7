-- meeple sim --compare: the same seeds with and without a change, paired
-- differences with 95% confidence intervals (issue 10).
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

-- farmers scoring 4 instead of 3 raises every seat's mean, never lowers it
local out, code = run("--games 300 --rules examples/house-rules/farmers_4.lua --compare --json")
check(code == 0, "compare exits 0")
local r = cjson.decode(out)
check(#r.seats == 2, "two seats")
for p, s in ipairs(r.seats) do
  check(s.mean.diff > 0, ("seat %d gains points"):format(p))
  check(s.mean.diff - s.mean.ci95 > 0, ("seat %d gains significantly"):format(p))
  check(math.abs(s.mean.with - s.mean.without - s.mean.diff) < 1e-9, ("seat %d difference adds up"):format(p))
  check(s.mean.ci95 > 0 and s.mean.ci95 < 1, ("seat %d has a narrow interval"):format(p))
end
check(r.turns.diff == 0, "the rule does not change game length")

-- an expansion makes games longer
out, code = run("--games 100 --with traders_builders --compare --json")
check(code == 0, "expansion compare exits 0")
r = cjson.decode(out)
check(r.turns.diff > 20, "24 more tiles lengthen the game")

-- the same results with 2 jobs
local out2 = run("--games 100 --with traders_builders --compare --json --jobs 2")
check(cjson.decode(out2).seats[1].mean.diff == r.seats[1].mean.diff, "jobs do not change the comparison")

-- nothing to compare is a usage error
local _, c2 = run("--games 10 --compare")
check(c2 == 2, "--compare without a change exits 2")

print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
