-- memo(fn) keeps rule data for every game (sandbox_memo.c). Every way a
-- memo could carry one game's state into the next is refused: a local
-- in its function, a global, math.random, print, tostring of a table,
-- a function kept as a value, writes to what it keeps. What it keeps
-- scores the same in every game and process layout (sim --jobs 1, 2).
api "2"
local calls = 0
local function refused(f, what)
  local ok, err = pcall(f)
  assert(not ok, what .. " was allowed")
  return tostring(err)
end
-- refused when memo is called: the function reads a local
assert(refused(function() return memo(function() return calls end) end, "a local")
         :find("uses the local 'calls'", 1, true))

local SEGS = memo(function(rules, id)
  local d = rules:tile_def(id)
  local kinds = {}
  for i, s in ipairs(d.segments) do kinds[i] = s.kind end
  return { n = #d.segments, kinds = kinds }
end, "segs")
local RAND = memo(function(_, k) return math.random(6) + #k end, "rand")
local NAME = memo(function() return tostring({}) end, "name")
local SAY = memo(function() print("x") return 1 end, "say")
local FN = memo(function() return function() end end, "fn")
local GLOBAL = memo(function() leak = 1 return 1 end, "global")
local KEYS = memo(function() return { [{}] = 1 } end, "keys")
-- refused before the rules are built
assert(refused(function() return SEGS.x end, "a read at load"):find("before the rules", 1, true))

on("tile_placed", function(ctx, th)
  calls = calls + 1
  local id = th:info().id
  local v = SEGS[id]
  assert(SEGS[id] == v, "a memo keeps its value")
  assert(#v.kinds == v.n and v.kinds[1] == v.kinds[1])
  if calls == 1 then
    -- every proxy of one memo shares one write-refusing function: each
    -- still refuses, naming its memo
    assert(refused(function() v.n = 0 end, "a write to a kept value")
             :find("read-only table 'segs'", 1, true))
    assert(refused(function() v.kinds[1] = "x" end, "a write to a nested kept value")
             :find("read-only table 'segs'", 1, true))
    assert(refused(function() v.kinds.new = "x" end, "a new key in a nested kept value")
             :find("read-only table 'segs'", 1, true))
    assert(refused(function() SEGS[id] = 1 end, "a write to a memo")
             :find("read-only table 'segs'", 1, true))
    refused(function() rawset(SEGS, "k", 1) end, "rawset on a memo")
    refused(function() rawset(v, "k", 1) end, "rawset on a kept value")
    assert(refused(function() return RAND.x end, "math.random"):find("math.random inside a memo", 1, true))
    assert(refused(function() return NAME.x end, "tostring"):find("inside a memo", 1, true))
    assert(refused(function() return SAY.x end, "print"):find("print inside a memo", 1, true))
    assert(refused(function() return FN.x end, "a function"):find("not a function", 1, true))
    assert(refused(function() return GLOBAL.x end, "a global"):find("global 'leak'", 1, true))
    assert(refused(function() return KEYS.x end, "a table key"):find("used as a key", 1, true))
    assert(refused(function() return SEGS[{}] end, "a table as a key"):find("a key must be", 1, true))
  end
  if v.n % 2 == 1 and calls % 7 == 0 then ctx:score(ctx.player, 1) end
end)
