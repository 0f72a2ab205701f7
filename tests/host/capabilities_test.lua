-- The general capabilities of issue 19 that let common mechanics go
-- without a hook: scoped placement vetoes, stack order, start tiles an
-- expansion replaces on purpose (docs/lua-api.md).
--
-- Run from the repository root:  meeple script tests/host/capabilities_test.lua

local loader = require "meeple.loader"

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1
  else failed = failed + 1; print("FAIL " .. msg) end
  return cond
end
local function has(text, needle)
  return type(text) == "string" and text:find(needle, 1, true) ~= nil
end

local temps = {}
local function script(code)
  local base = os.tmpname()
  local path = base .. ".lua"
  local f = assert(io.open(path, "w"))
  f:write(code)
  f:close()
  temps[#temps + 1] = base
  temps[#temps + 1] = path
  return path
end

local function load(rules, with)
  return loader.load{ game = "base", with = with or {}, rules = rules or {}, run = meeple_host.run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end
local function load_error(rules, with)
  local ok, err = pcall(load, rules, with)
  if ok then return nil end
  return tostring(err)
end

-- A second draw stack no longer takes over silently.
do
  local err = load_error{ script('expansion "x" {}\nstack "extra" { draw = true }\n') }
  check(has(err, "stack 'extra': 'main' is already the draw stack") and has(err, "stack_order")
        and has(err, ".lua:2:"), "second draw stack refused: " .. tostring(err))
  err = load_error{ script('expansion "x" {}\nstack "extra" {}\nstack_order { "main", "extra" }\n') }
  check(has(err, "stack_order: the last stack must be the draw stack 'main'"), "order ends at the draw stack: " .. tostring(err))
  err = load_error{ script('expansion "x" {}\nstack_order { "nowhere", "main" }\n') }
  check(has(err, "stack_order: unknown stack 'nowhere'"), "unknown stack in order: " .. tostring(err))
  err = load_error{ script('expansion "x" {}\nallow("tile_placement", function() end, { stack = "nope" })\n') }
  check(has(err, "unknown stack 'nope' in stack"), "unknown stack in a veto scope: " .. tostring(err))
  err = load_error{ script('expansion "x" {}\non("turn_begin", function() end, { stack = "main" })\n') }
  check(has(err, "'stack' only narrows allow(\"tile_placement\""), "stack scope on another hook: " .. tostring(err))
end

-- Stack order: a stack of its own played out first, then the draw stack.
do
  local rs = load{ script([[
expansion "x" {}
stack "first" {}
tiles { name = "firsts", stack = "first", text = "tile Z1 x3\n  field N* E* S* W*\n" }
stack_order { "first", "main" }
]]) }
  local play = loader.new_play(rs, { players = 2, seed = 3 })
  local seen = {}
  for turn = 1, 5 do
    seen[turn] = play:stack() .. ":" .. play:tile()
    play:apply_index(1)
    while play:phase() ~= "place_tile" and not play:over() do play:apply_index(1) end
  end
  check(seen[1] == "first:Z1" and seen[2] == "first:Z1" and seen[3] == "first:Z1"
        and seen[4]:match("^main:") and seen[5]:match("^main:"),
        "three tiles of 'first', then 'main': " .. table.concat(seen, " "))
  -- the game still ends when the draw stack does, after all 71 + 3 tiles
  while not play:over() do play:random_move() end
  check(play:game():stack_size("first") == 0 and play:game():stack_size("main") == 0, "both stacks played out")
end

-- A start tile replaced on purpose; without replace = true it is an error.
do
  local err = load_error{ script('expansion "x" {}\nstart { tile = "B", at = { 0, 0 } }\n') }
  check(has(err, "already lays the start") and has(err, "replace = true"), "second start refused: " .. tostring(err))
  local rs = load{ script('expansion "x" {}\nstart { tile = "B", at = { 0, 0 }, replace = true }\n') }
  local play = loader.new_play(rs, { players = 2, seed = 1 })
  local g = play:game()
  check(g:tile_at(0, 0):info().id == "B", "the replacing start tile lies at 0,0")
  -- the replaced start tile (a D) stays in the draw stack: 4 D and 3 B there
  local d = g:stack_count("main", "D") + (play:tile() == "D" and 1 or 0)
  local b = g:stack_count("main", "B") + (play:tile() == "B" and 1 or 0)
  check(d == 4 and b == 3,
        ("replaced start D back in the stack: D %d, B %d"):format(d, b))
end

for _, p in ipairs(temps) do os.remove(p) end
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
