-- meeple.scenario.check: the type of every argument and field of the
-- scenario API (docs/scenarios.md), checked when the scenario makes the
-- call. A wrong value is one line that names the scenario's file:line,
-- the call and field, what was expected and what was given:
--   s.lua:4: expect.score: expected a table of integers, got string "7"
--   s.lua:9: setup: entry 2: field 'rot': expected a rotation 0..3 or "r0".."r3", got 5
-- Named tables reject unknown fields (with the list of known ones).
-- Invariant: every API call and every expectation has a row in CALLS or
-- EXPECT; meeple.scenario.expects has a check for each EXPECT row.

local M = {}

-- A kind: the words after "expected" and a test of a value. Tables are
-- read raw (next, rawlen), as host code reads every script value.
local function kind(text, test) return { text = text, test = test } end

local function is_list_of(v, test)
  if type(v) ~= "table" then return false end
  local n = rawlen(v)
  for k, x in next, v do
    if math.type(k) ~= "integer" or k < 1 or k > n or not test(x) then return false end
  end
  return true
end

local function list_of(text, elem)
  return kind(text, function(v) return is_list_of(v, elem.test) end)
end

local function either(a, b) return kind(a.text .. " or " .. b.text, function(v) return a.test(v) or b.test(v) end) end

local K = {}
K.integer = kind("an integer", function(v) return math.type(v) == "integer" end)
K.string = kind("a string", function(v) return type(v) == "string" end)
K.boolean = kind("true or false", function(v) return type(v) == "boolean" end)
K.integers = list_of("a table of integers", K.integer)
K.strings = list_of("a list of strings", K.string)
K.xy = kind("{x, y} (two integers)", function(v)
  return is_list_of(v, K.integer.test) and rawlen(v) == 2
end)
K.rotation = kind('a rotation 0..3 or "r0".."r3"', function(v)
  if type(v) == "string" then return v:match("^r?[0-3]$") ~= nil end
  return math.type(v) == "integer" and v >= 0 and v <= 3
end)
K.scalar = kind("a string, number or boolean", function(v)
  local t = type(v)
  return t == "string" or t == "number" or t == "boolean"
end)
K.last = kind('"last"', function(v) return v == "last" end)
K.id_or_false = kind("a tile id or false", function(v) return type(v) == "string" or v == false end)
K.options = kind("a table { name = value } of strings, numbers or booleans", function(v)
  if type(v) ~= "table" then return false end
  for k, x in next, v do
    if type(k) ~= "string" or not K.scalar.test(x) then return false end
  end
  return true
end)
K.figures = kind("a table { kind = count } (a count or a list of counts per player)", function(v)
  if type(v) ~= "table" then return false end
  for k, x in next, v do
    if type(k) ~= "string" or not (K.integer.test(x) or K.integers.test(x)) then return false end
  end
  return true
end)
M.K = K

-- What a value is, for "got ...": its type, and a scalar's value.
local function describe(v)
  local t = type(v)
  if t == "string" then return ("string %q"):format(#v > 40 and v:sub(1, 40) .. "..." or v) end
  if t == "number" or t == "boolean" then return tostring(v) end
  if t == "nil" then return "nothing" end
  return t
end
M.describe = describe

local function fail(at, what, fmt, ...)
  error(("%s: %s: " .. fmt):format(at, what, ...), 0)
end

-- A named table: fields = { name = kind }, required = { name, ... },
-- list = kind of its positional items (else none allowed), open = any
-- other field (a feature's attributes) may be a scalar.
local function record(fields, opts)
  opts = opts or {}
  local text = opts.text or "a table"
  return { record = true, fields = fields, required = opts.required or {}, list = opts.list,
           max_items = opts.max_items, text = text, open = opts.open, one_of = opts.one_of }
end
M.record = record

local function known_fields(spec)
  local names = {}
  for k in pairs(spec.fields) do names[#names + 1] = k end
  table.sort(names)
  return table.concat(names, ", ")
end

local check

local function check_record(at, what, v, spec)
  if type(v) ~= "table" then fail(at, what, "expected %s, got %s", spec.text, describe(v)) end
  local n = rawlen(v)
  if spec.max_items and n > spec.max_items then
    fail(at, what, "expected at most %d item%s before the named fields, got %d", spec.max_items,
         spec.max_items == 1 and "" or "s", n)
  end
  for k, x in next, v do
    if math.type(k) == "integer" and k >= 1 and k <= n and spec.list then
      check(at, ("%s: item %d"):format(what, k), x, spec.list)
    elseif spec.fields[k] then
      check(at, ("%s: field '%s'"):format(what, k), x, spec.fields[k])
    elseif spec.open and type(k) == "string" then
      check(at, ("%s: field '%s'"):format(what, k), x, K.scalar)
    elseif type(k) == "string" then
      fail(at, what, "unknown field '%s' (known: %s)", k, known_fields(spec))
    else
      fail(at, what, "unexpected item [%s] in %s", tostring(k), spec.text)
    end
  end
  for _, name in ipairs(spec.required) do
    if rawget(v, name) == nil then
      local want = spec.fields[name] or spec.list
      fail(at, what, "field '%s' is missing (expected %s)", tostring(name), want.text)
    end
  end
  if spec.one_of then
    local any = false
    for _, name in ipairs(spec.one_of) do any = any or rawget(v, name) ~= nil end
    if not any then fail(at, what, "expected one of the fields %s", table.concat(spec.one_of, ", ")) end
  end
end

-- Checks v against spec (a kind, a record, or a list of alternatives
-- { alt = { spec, ... }, text = } tried in order); raises "at: what: ...".
function check(at, what, v, spec)
  if spec.record then return check_record(at, what, v, spec) end
  if spec.alt then
    for _, s in ipairs(spec.alt) do
      if s.record then
        if type(v) == "table" then return check_record(at, what, v, s) end
      elseif s.test(v) then
        return
      end
    end
    fail(at, what, "expected %s, got %s", spec.text, describe(v))
  end
  if not spec.test(v) then fail(at, what, "expected %s, got %s", spec.text, describe(v)) end
end
M.check = check

local function optional(k) return kind(k.text .. " (or nothing)", function(v) return v == nil or k.test(v) end) end

-- Where a feature is: at = {x, y} and a spot (port = "N", spot =, on =).
local function spot_fields(extra)
  local f = { at = K.xy, port = K.string, spot = K.string, on = K.string }
  for k, v in pairs(extra or {}) do f[k] = v end
  return f
end
local function spot_record(extra, opts)
  opts = opts or {}
  opts.text = "a table {at = {x, y}, port = \"N\"}"
  opts.required = { "at" }
  opts.one_of = { "port", "spot", "on" }
  return record(spot_fields(extra), opts)
end

local ENTRY = record({ player = K.integer, points = K.integer, reason = K.string },
                     { text = "{player =, points =, reason =}", required = { "player", "points", "reason" } })
local ENTRIES = record({}, { text = "a list of {player =, points =, reason =}", list = ENTRY })

-- expect.NAME(args...): the kind of each argument, in order; `min`
-- arguments must be given.
M.EXPECT = {
  score = { K.integers },
  final = { K.integers },
  points = { record({ player = K.integer, reason = K.string, points = K.integer, turn = K.last },
                    { text = "{player =, reason =, points =}", required = { "player", "reason", "points" } }) },
  ledger_last_turn = { ENTRIES },
  ledger_turn_begin = { ENTRIES },
  ledger_final = { ENTRIES },
  ledger = { ENTRIES },
  occupied = { spot_record({ by = K.integers }) },
  free = { spot_record() },
  figure = { spot_record({ kind = K.string, player = K.integer, count = K.integer }) },
  closed = { spot_record() },
  open = { spot_record() },
  feature = { spot_record({ kind = K.string, tiles = K.integer, closed = K.boolean, figures = K.integers,
                            points = K.integer, value = K.integer, when = K.string }, { open = true }) },
  counter = { record({ player = K.integer, counter = K.string, value = K.integer },
                     { text = "{player =, counter =, value =}", required = { "counter", "value" } }) },
  marker = { record({ column = K.integer, row = K.integer, columns = K.integers, rows = K.integers,
                      count = K.integer },
                    { text = '{"kind", column = x | row = y | columns = {..} | rows = {..}}', list = K.string,
                      max_items = 1, required = { 1 }, one_of = { "column", "row", "columns", "rows" } }) },
  legal = { K.string },
  illegal = { K.string, optional(K.string), min = 1 },
  moves = { record({ match = K.string, count = K.integer },
                   { text = "a list of move texts or {match =, count =}", list = K.string }) },
  phase = { K.string },
  player = { K.integer },
  turn = { K.integer },
  part = { K.integer },
  tile = { optional(K.string), min = 0 },
  over = { optional(K.boolean), min = 0 },
  supply = { record({ player = K.integer, kind = K.string, count = K.integer },
                    { text = "{player =, kind =, count =}", required = { "player", "count" } }) },
  discards = { { alt = { K.integer, K.strings }, text = "a count or a list of tile ids" } },
  set_aside = { K.strings },
  stack = { record({ size = K.integer, stack = K.string }, { text = "{size = N}", required = { "size" } }) },
  tile_at = { record({ at = K.xy, id = K.id_or_false, rot = K.integer },
                     { text = "{at = {x, y}, id = \"E\"}", required = { "at", "id" } }) },
}

-- Checks the arguments of expect.NAME (n of them, in args).
function M.expect(at, name, args)
  local spec = M.EXPECT[name]
  local min = spec.min or #spec
  if args.n < min or args.n > #spec then
    local count = min == #spec and tostring(min) or ("%d to %d"):format(min, #spec)
    fail(at, "expect." .. name, "expected %s argument%s, got %d", count, #spec == 1 and "" or "s", args.n)
  end
  for i = 1, #spec do
    check(at, "expect." .. name .. (#spec > 1 and (" argument " .. i) or ""), args[i], spec[i])
  end
end

-- The other calls' named tables.
local FIGURE = record({ kind = K.string, player = K.integer, on = K.string, at = K.xy },
                      { text = "{kind =, player =, on = \"N\"}" })
M.CALLS = {
  scenario = record({ game = K.string, with = K.strings, rules = K.strings, options = K.options,
                      players = K.integer, first_player = K.integer, seed = K.integer, start = K.boolean, figures = K.figures },
                    { text = "a table {game =, with =, players =, ...}" }),
  setup_entry = record({ at = K.xy, rot = K.rotation, fixed = K.boolean, figure = FIGURE,
                         figures = record({}, { text = "a list of figures", list = FIGURE }),
                         counter = K.string, player = K.integer, value = K.integer, marker = K.string },
                       { text = "a table {\"ID\", at = {x, y}, rot =, ...}", list = K.string, max_items = 1 }),
  tiles = { alt = { K.string, record({ stack = K.string, file = K.string },
                                     { text = "{[[text]], stack =} or {file =, stack =}", list = K.string,
                                       max_items = 1 }) },
            text = "tile notation text, {[[text]], stack = \"name\"} or {file = \"name.tiles\"}" },
  stack_list = record({ stack = K.string }, { text = "a list of tile ids", list = K.string }),
  moves = record({ player = K.integer }, { text = "move texts", list = K.string }),
  choose = { alt = { K.string, kind("a move table", function(v) return type(v) == "table" end) },
             text = "a move text or a move table" },
}

return M
