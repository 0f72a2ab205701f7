-- Scenario API type errors (issue 16): every call and every field of
-- the scenario API (docs/scenarios.md) given a value of the wrong type
-- fails at load with one line naming the scenario's file:line, the call
-- and field, what was expected and what was given; unknown fields are
-- named. Also: every expectation name has a check and a row in the
-- schema, and the shipped scenarios all pass the checks.
local scenario = require "meeple.scenario"
local check_mod = require "meeple.scenario.check"
local EXPECTS = require "meeple.scenario.expects"
local errors = require "meeple.errors"

local passed, failed = 0, 0
local function check(cond, what, detail)
  if cond then passed = passed + 1
  else
    failed = failed + 1
    print("FAIL " .. what .. (detail and ("\n     " .. tostring(detail)) or ""))
  end
end

local path = os.tmpname() .. ".lua"
local function load(body)
  local f = assert(io.open(path, "wb"))
  f:write('scenario "types" { game = "base" }\n', body, "\n")
  f:close()
  return scenario.load_file(path)
end

-- Each case: the line 2 of a scenario, and the text its error must hold
-- after "FILE:2: ".
local CASES = {
  -- the header and the top-level calls
  { 'scenario "again"', 'scenario: this file already names a scenario' },
  { 'tiles(7)', 'tiles: expected tile notation text, {[[text]], stack = "name"} or {file = "name.tiles"}, got 7' },
  { 'tiles { stack = 3 }', "tiles: field 'stack': expected a string, got 3" },
  { 'tiles { file = 3 }', "tiles: field 'file': expected a string, got 3" },
  { 'tiles { "E a", "F b" }', "tiles: expected at most 1 item before the named fields, got 2" },
  { 'tiles { [[E]], files = "x" }', "tiles: unknown field 'files' (known: file, stack)" },
  { 'script { }', "script: expected a string, got table" },
  { 'setup "E"', 'setup: expected a list of tiles, got string "E"' },
  { 'setup { "E" }', 'setup: item 1: expected a table {"ID", at = {x, y}, rot =, ...}, got string "E"' },
  { 'setup { { 5, at = {0, 0} } }', "setup: item 1: item 1: expected a string, got 5" },
  { 'setup { { "E", at = {0} } }', "setup: item 1: field 'at': expected {x, y} (two integers), got table" },
  { 'setup { { "E", at = {0, 0.5} } }', "setup: item 1: field 'at': expected {x, y} (two integers), got table" },
  { 'setup { { "E" } }', "setup: item 1 (E): field 'at' is missing" },
  { 'setup { { "E", at = {0, 0}, rot = 4 } }', "setup: item 1: field 'rot': expected a rotation 0..3 or \"r0\"..\"r3\", got 4" },
  { 'setup { { "E", at = {0, 0}, fixed = 1 } }', "setup: item 1: field 'fixed': expected true or false, got 1" },
  { 'setup { { "E", at = {0, 0}, figure = "meeple" } }', "setup: item 1: field 'figure': expected {kind =, player =, on = \"N\"}, got string \"meeple\"" },
  { 'setup { { "E", at = {0, 0}, figure = { kind = 1 } } }', "setup: item 1: field 'figure': field 'kind': expected a string, got 1" },
  { 'setup { { "E", at = {0, 0}, figure = { player = "1" } } }', "setup: item 1: field 'figure': field 'player': expected an integer, got string \"1\"" },
  { 'setup { { "E", at = {0, 0}, figure = { on = 1 } } }', "setup: item 1: field 'figure': field 'on': expected a string, got 1" },
  { 'setup { { "E", at = {0, 0}, figure = { kind = "meeple", who = 1 } } }', "setup: item 1: field 'figure': unknown field 'who'" },
  { 'setup { { "E", at = {0, 0}, figures = { 1 } } }', "setup: item 1: field 'figures': item 1: expected {kind =, player =, on = \"N\"}, got 1" },
  { 'setup { { counter = 1, player = 1, value = 1 } }', "setup: item 1: field 'counter': expected a string, got 1" },
  { 'setup { { counter = "wine", player = 1, value = "1" } }', "setup: item 1: field 'value': expected an integer, got string \"1\"" },
  { 'setup { { counter = "wine", player = true, value = 1 } }', "setup: item 1: field 'player': expected an integer, got true" },
  { 'setup { { marker = 1, at = {0, 0} } }', "setup: item 1: field 'marker': expected a string, got 1" },
  { 'setup { { marker = "m" } }', "setup: item 1 (m): field 'at' is missing" },
  { 'setup { { "E", at = {0, 0}, rotation = 1 } }', "setup: item 1: unknown field 'rotation'" },
  { 'draws "E"', 'draws: expected a list of tile ids, got string "E"' },
  { 'draws { 1 }', "draws: item 1: expected a string, got 1" },
  { 'draws { "E", stack = 1 }', "draws: field 'stack': expected a string, got 1" },
  { 'stack { "E", size = 1 }', "stack: unknown field 'size' (known: stack)" },
  { 'play()', "play: expected a move text, got nothing" },
  { 'play(1)', "play: move 1: expected a string, got 1" },
  { 'play("pass", {})', "play: move 2: expected a string, got table" },
  { 'play { "pass", player = "2" }', "play: field 'player': expected an integer, got string \"2\"" },
  { 'play { "pass", who = 2 }', "play: unknown field 'who' (known: player)" },
  { 'turn { 3 }', "turn: item 1: expected a string, got 3" },
  { 'choose(3)', "choose: expected a move text or a move table, got 3" },
  -- every expectation
  { 'expect.nosuch(1)', "expect.nosuch does not exist" },
  { 'expect.score "7"', 'expect.score: expected a table of integers, got string "7"' },
  { 'expect.score { 1, "2" }', "expect.score: expected a table of integers, got table" },
  { 'expect.score()', "expect.score: expected 1 argument, got 0" },
  { 'expect.score({0, 0}, 1)', "expect.score: expected 1 argument, got 2" },
  { 'expect.final(4)', "expect.final: expected a table of integers, got 4" },
  { 'expect.points { player = 1, reason = "city" }', "expect.points: field 'points' is missing (expected an integer)" },
  { 'expect.points { player = 1, reason = 4, points = 4 }', "expect.points: field 'reason': expected a string, got 4" },
  { 'expect.points { player = 1, reason = "city", points = 4, turn = 1 }', "expect.points: field 'turn': expected \"last\", got 1" },
  { 'expect.points { player = 1, reason = "city", points = 4, Points = 4 }', "expect.points: unknown field 'Points'" },
  { 'expect.ledger { { player = 1, points = "4", reason = "city" } }', "expect.ledger: item 1: field 'points': expected an integer, got string \"4\"" },
  { 'expect.ledger_last_turn { { player = 1, points = 4 } }', "expect.ledger_last_turn: item 1: field 'reason' is missing (expected a string)" },
  { 'expect.ledger_final "none"', "expect.ledger_final: expected a list of {player =, points =, reason =}, got string \"none\"" },
  { 'expect.occupied { at = {0, 0} }', "expect.occupied: expected one of the fields port, spot, on" },
  { 'expect.occupied { port = "N" }', "expect.occupied: field 'at' is missing (expected {x, y} (two integers))" },
  { 'expect.occupied { at = {0, 0}, port = "N", by = 1 }', "expect.occupied: field 'by': expected a table of integers, got 1" },
  { 'expect.free { at = "0,0", port = "N" }', "expect.free: field 'at': expected {x, y} (two integers), got string \"0,0\"" },
  { 'expect.closed { at = {0, 0}, port = 5 }', "expect.closed: field 'port': expected a string, got 5" },
  { 'expect.open(1)', "expect.open: expected a table {at = {x, y}, port = \"N\"}, got 1" },
  { 'expect.feature { at = {0, 0}, port = "N", tiles = "2" }', "expect.feature: field 'tiles': expected an integer, got string \"2\"" },
  { 'expect.feature { at = {0, 0}, port = "N", closed = "yes" }', "expect.feature: field 'closed': expected true or false, got string \"yes\"" },
  { 'expect.feature { at = {0, 0}, port = "N", figures = { "a" } }', "expect.feature: field 'figures': expected a table of integers, got table" },
  { 'expect.feature { at = {0, 0}, port = "N", pennants = {} }', "expect.feature: field 'pennants': expected a string, number or boolean, got table" },
  { 'expect.counter { counter = "wine" }', "expect.counter: field 'value' is missing (expected an integer)" },
  { 'expect.counter { counter = "wine", value = 1, player = "1" }', "expect.counter: field 'player': expected an integer, got string \"1\"" },
  { 'expect.marker { 1, column = 0 }', "expect.marker: item 1: expected a string, got 1" },
  { 'expect.marker { "surveyor" }', "expect.marker: expected one of the fields column, row, columns, rows" },
  { 'expect.marker { "surveyor", column = "0" }', "expect.marker: field 'column': expected an integer, got string \"0\"" },
  { 'expect.marker { "surveyor", rows = 0 }', "expect.marker: field 'rows': expected a table of integers, got 0" },
  { 'expect.legal { "pass" }', "expect.legal: expected a string, got table" },
  { 'expect.illegal("pass", 3)', "expect.illegal argument 2: expected a string (or nothing), got 3" },
  { 'expect.illegal()', "expect.illegal: expected 1 to 2 arguments, got 0" },
  { 'expect.moves "pass"', "expect.moves: expected a list of move texts or {match =, count =}, got string \"pass\"" },
  { 'expect.moves { match = "^d", count = "1" }', "expect.moves: field 'count': expected an integer, got string \"1\"" },
  { 'expect.moves { 1 }', "expect.moves: item 1: expected a string, got 1" },
  { 'expect.phase(1)', "expect.phase: expected a string, got 1" },
  { 'expect.player "1"', 'expect.player: expected an integer, got string "1"' },
  { 'expect.turn(1.5)', "expect.turn: expected an integer, got 1.5" },
  { 'expect.part(true)', "expect.part: expected an integer, got true" },
  { 'expect.tile(5)', "expect.tile: expected a string (or nothing), got 5" },
  { 'expect.over "yes"', "expect.over: expected true or false (or nothing), got string \"yes\"" },
  { 'expect.supply { player = 1, kind = "meeple" }', "expect.supply: field 'count' is missing (expected an integer)" },
  { 'expect.supply { player = 1, count = 7, kind = 1 }', "expect.supply: field 'kind': expected a string, got 1" },
  { 'expect.discards "1"', "expect.discards: expected a count or a list of tile ids, got string \"1\"" },
  { 'expect.stack { size = "3" }', "expect.stack: field 'size': expected an integer, got string \"3\"" },
  { 'expect.stack { }', "expect.stack: field 'size' is missing (expected an integer)" },
  { 'expect.tile_at { at = {0, 0} }', "expect.tile_at: field 'id' is missing (expected a tile id or false)" },
  { 'expect.tile_at { at = {0, 0}, id = "E", rot = "r1" }', "expect.tile_at: field 'rot': expected an integer, got string \"r1\"" },
}

for _, c in ipairs(CASES) do
  local plan, err = load(c[1])
  local want = path .. ":2: " .. c[2]
  check(plan == nil and type(err) == "string" and err:sub(1, #want) == want,
        c[1], ("want '%s...', got '%s'"):format(want, tostring(err)))
  check(err == nil or (not err:find("\n") and not errors.is_internal(err)), c[1] .. ": one line, no host location", err)
end

-- The header's fields.
local HEADER = {
  { 'game = 3', "field 'game': expected a string, got 3" },
  { 'with = "tb"', "field 'with': expected a list of strings, got string \"tb\"" },
  { 'rules = { 1 }', "field 'rules': expected a list of strings, got table" },
  { 'options = { 1 }', "field 'options': expected a table { name = value } of strings, numbers or booleans, got table" },
  { 'options = { x = {} }', "field 'options': expected a table { name = value }" },
  { 'players = "2"', "field 'players': expected an integer, got string \"2\"" },
  { 'seed = 1.5', "field 'seed': expected an integer, got 1.5" },
  { 'first_player = 1.5', "field 'first_player': expected an integer, got 1.5" },
  { 'start = "no"', "field 'start': expected true or false, got string \"no\"" },
  { 'figures = { barn = "2" }', "field 'figures': expected a table { kind = count }" },
  { 'figures = 2', "field 'figures': expected a table { kind = count }" },
  { 'seeds = 2', "unknown field 'seeds' (known: figures, first_player, game, options, players, rules, seed, start, with)" },
}
for _, c in ipairs(HEADER) do
  local f = assert(io.open(path, "wb"))
  f:write('scenario "types" { ', c[1], ' }\n')
  f:close()
  local plan, err = scenario.load_file(path)
  local want = path .. ':1: scenario "types": ' .. c[2]
  check(plan == nil and type(err) == "string" and err:sub(1, #want) == want,
        "header " .. c[1], ("want '%s...', got '%s'"):format(want, tostring(err)))
end
do
  local f = assert(io.open(path, "wb"))
  f:write('scenario(3)\n')
  f:close()
  local _, err = scenario.load_file(path)
  check(err == path .. ":1: scenario: expected a string, got 3", "scenario name", err)
end

-- Good calls still record: one of each, with every optional field.
local plan, err = load([==[
tiles { [[
tile Q: city N
]], stack = "main" }
setup { { "E", at = {0, 0}, rot = "r1", fixed = true, figure = { kind = "meeple", player = 1, on = "N" } } }
draws { "E", "U", stack = "main" }
play { "pass", player = 1 }
turn()
expect.points { player = 1, reason = "city", points = 4, turn = "last" }
expect.feature { at = {0, 0}, port = "N", kind = "city", pennants = 0, closed = false }
expect.illegal("pass", "phase")
expect.tile()
expect.over()
expect.discards { "E" }
expect.discards(0)
expect.tile_at { at = {0, 0}, id = false }
expect.marker { "surveyor", columns = { 0 } }
]==])
check(plan ~= nil, "good calls record", err)

-- The schema and the checks name the same expectations.
for name in pairs(EXPECTS) do check(check_mod.EXPECT[name] ~= nil, "schema row for expect." .. name) end
for name in pairs(check_mod.EXPECT) do check(EXPECTS[name] ~= nil, "check for expect." .. name) end

os.remove(path)
print(("scenario_types: %d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
