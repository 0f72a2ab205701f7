-- meeple.scenario.record: the API a scenario script sees. Running the
-- scenario in the sandbox only records a plan (header, inline tiles,
-- scripts, setup, steps), each step with the file:line that wrote it;
-- meeple.scenario.check checks every argument at that call, so a wrong
-- type is reported at its own line before anything is played.

local loader = require "meeple.loader"
local common = require "meeple.scenario.common"
local check = require "meeple.scenario.check"

local here, bad = common.here, common.bad
local CALLS = check.CALLS

local M = {}

local function new_plan(file, text)
  return {
    file = file, text = text, name = nil, header = {}, tiles = {}, scripts = {},
    setup = {}, steps = {}, started = false,
  }
end

-- Where an inline [[...]] text starts, so errors in it name file lines.
local function text_offset(plan, at)
  local line = tonumber(at:match(":(%d+)$"))
  if not line then return 0 end
  local n, src = 0, nil
  for l in (plan.text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    if n == line then src = l break end
  end
  -- "tiles [[" alone on its line: Lua drops that newline, text starts below
  if src and src:match("%[=*%[%s*$") then return line end
  return line - 1
end

-- A step of the plan, in order; the first one ends the setup part.
local function step(plan, at, op, args)
  args = args or {}
  args.op, args.at = op, at
  plan.steps[#plan.steps + 1] = args
  plan.started = true
  return args
end

local function before_play(plan, at, what)
  if plan.started then bad(at, "%s must come before the first move or expectation", what) end
end

-- The recording API: name -> builder(plan) returning the function the
-- scenario calls. The script calls it directly: here() counts on that.
local API = {}

function API.scenario(plan)
  return function(name)
    local at = here()
    if plan.name then bad(at, "scenario: this file already names a scenario ('%s')", plan.name) end
    check.check(at, "scenario", name, check.K.string)
    plan.name, plan.at = name, at
    return function(spec)
      if spec ~= nil then check.check(at, ("scenario \"%s\""):format(name), spec, CALLS.scenario) end
      plan.header = spec or {}
    end
  end
end

-- tiles [[ notation ]]  |  tiles { [[ notation ]], stack = "name" }
-- | tiles { file = "kit.tiles" } (next to the scenario, for tiles that
-- several scenarios share)
function API.tiles(plan)
  return function(arg)
    local at = here()
    before_play(plan, at, "tiles")
    check.check(at, "tiles", arg, CALLS.tiles)
    local text, stack = arg, nil
    if type(arg) == "table" then text, stack = arg[1], arg.stack end
    if type(arg) == "table" and arg.file then
      if text ~= nil then bad(at, "tiles: either the text or file =, not both") end
      plan.tiles[#plan.tiles + 1] = { file = arg.file, stack = stack, at = at }
      return
    end
    if type(text) ~= "string" then bad(at, "tiles: expected tile notation text, got nothing") end
    plan.tiles[#plan.tiles + 1] = { text = string.rep("\n", text_offset(plan, at)) .. text,
                                    stack = stack, at = at }
  end
end

-- script [[ declarations ]]: an inline house rule, loaded after the
-- game, its expansions and its rules.
function API.script(plan)
  return function(code)
    local at = here()
    before_play(plan, at, "script")
    check.check(at, "script", code, check.K.string)
    plan.scripts[#plan.scripts + 1] = { code = string.rep("\n", text_offset(plan, at)) .. code, at = at }
  end
end

-- setup { {"E", at = {0, 0}, rot = 0, figure = {...}}, ... }
function API.setup(plan)
  return function(list)
    local at = here()
    before_play(plan, at, "setup")
    check.check(at, "setup", list, check.record({}, { text = "a list of tiles", list = CALLS.setup_entry }))
    for i, e in ipairs(list) do
      if (e.marker or e[1]) and e.at == nil then
        bad(at, "setup: item %d (%s): field 'at' is missing (expected {x, y} (two integers))", i,
            tostring(e[1] or e.marker))
      end
      plan.setup[#plan.setup + 1] = { entry = e, at = at, index = i }
    end
  end
end

local function stack_list(at, what, list)
  check.check(at, what, list, CALLS.stack_list)
  return table.move(list, 1, rawlen(list), 1, {}), list.stack
end

-- draws { "E", "U", stack = "main" }: the next draws, in this order;
-- stack { "E", "U", stack = "main" }: the stack holds exactly these.
for _, name in ipairs({ "draws", "stack" }) do
  API[name] = function(plan)
    return function(list)
      local at = here()
      local ids, stack = stack_list(at, name, list)
      plan.steps[#plan.steps + 1] = { op = name, at = at, ids = ids, stack = stack }
    end
  end
end

-- The move texts of play/turn, and the player they are meant for:
-- play("a", "b") | play { "a", "b", player = 2 }.
local function move_texts(at, what, ...)
  local args, player = table.pack(...), nil
  if args.n == 1 and type(args[1]) == "table" then
    args, player = args[1], args[1].player
    check.check(at, what, args, CALLS.moves)
  else
    for i = 1, args.n do check.check(at, ("%s: move %d"):format(what, i), args[i], check.K.string) end
  end
  return table.move(args, 1, rawlen(args), 1, {}), player
end

-- play "place E 1,0 r3"  |  play("place E 1,0 r3", "deploy meeple N")
-- | play { player = 2, "place E 1,0 r3" }
function API.play(plan)
  return function(...)
    local at = here()
    local texts, player = move_texts(at, "play", ...)
    if #texts == 0 then bad(at, "play: expected a move text, got nothing") end
    step(plan, at, "play", { texts = texts, player = player })
  end
end

-- turn("place E 1,0 r3", "deploy meeple N"): these moves, then "pass"
-- until the turn is over.
function API.turn(plan)
  return function(...)
    local at = here()
    local texts, player = move_texts(at, "turn", ...)
    step(plan, at, "turn", { texts = texts, player = player })
  end
end

-- choose "action wagon 3 0 0 0" | choose { type = "action", ... }
function API.choose(plan)
  return function(move)
    local at = here()
    check.check(at, "choose", move, CALLS.choose)
    if type(move) == "string" then
      step(plan, at, "play", { texts = { move } })
    else
      step(plan, at, "apply", { move = move })
    end
  end
end

function API.final(plan) return function() step(plan, here(), "final") end end
function API.finish(plan) return function() step(plan, here(), "finish") end end

-- expect.NAME(...): a check, run when the plan plays (its arguments are
-- checked now).
function API.expect(plan)
  return setmetatable({}, {
    __index = function(_, name)
      if type(name) ~= "string" or not check.EXPECT[name] then
        local names = {}
        for k in pairs(check.EXPECT) do names[#names + 1] = k end
        table.sort(names)
        bad(here(), "expect.%s does not exist (one of: %s)", tostring(name), table.concat(names, ", "))
      end
      return function(...)
        local at = here()
        local args = table.pack(...)
        check.expect(at, name, args)
        step(plan, at, "expect", { name = name, args = args })
      end
    end,
    __newindex = function() error("expect is read-only", 2) end,
  })
end

local function make_api(plan)
  local api = {}
  for name, builder in pairs(API) do api[name] = builder(plan) end
  return api
end

-- Runs a scenario file in the sandbox and returns its plan, or nil and
-- a one-line error.
function M.load_file(path)
  local text, err = loader.readfile(path)
  if not text then
    err = tostring(err)
    if err:sub(1, #path + 1) == path .. ":" then return nil, err end
    return nil, ("%s: cannot read: %s"):format(path, err)
  end
  local plan = new_plan(path, text)
  local ok, e = pcall(meeple_host.run, "@" .. path, text, make_api(plan))
  if not ok then return nil, tostring(e) end
  if not plan.name then return nil, ("%s: no scenario \"name\" { ... } line"):format(path) end
  return plan
end

return M
