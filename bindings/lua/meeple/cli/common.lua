-- meeple.cli.common: what every subcommand shares: output, usage
-- errors, argument parsing and the options that name a game.
--
-- Trusted host code: it runs in the host state beside the sandbox (see
-- bindings/host/host.c) and reaches scripts only through meeple.loader.
-- Every subcommand returns an exit status: 0 done, 1 failed, 2 usage.

local loader = require "meeple.loader"

local M = {}

local stdout, stderr = io.stdout, io.stderr
M.stdout, M.stderr = stdout, stderr

-- M.silent quiets standard output (tests drive many games in-process).
function M.printf(...) if not M.silent then stdout:write(string.format(...)) end end
-- M.stderr may be replaced (tests capture the messages in-process).
-- Every message goes through meeple.errors.clean: no host location.
local clean = require("meeple.errors").clean
-- A script stopped by a limit: the message names the flag that raises it.
local LIMIT_HINTS = {
  { "instruction budget exceeded (", "--budget" }, { "turn budget exceeded (", "--turn-budget" },
  { "game budget exceeded (", "--game-budget" }, { "time limit exceeded (", "--time-limit" },
  { "memory cap exceeded", "--memory-cap" },
}
local function limit_hint(msg)
  for _, h in ipairs(LIMIT_HINTS) do
    if msg:find(h[1], 1, true) then return (msg:gsub("\n$", ("; raise it with %s\n"):format(h[2]), 1)) end
  end
  return msg
end
-- Each string argument is made one line (meeple.errors.one_line): an
-- argument may quote a script (its error, a name it chose), and the CLI
-- writes one line per message.
local one_line = require("meeple.errors").one_line
function M.eprintf(fmt, ...)
  local args = table.pack(...)
  for i = 1, args.n do
    if type(args[i]) == "string" then args[i] = one_line(clean(args[i])) end
  end
  M.stderr:write(limit_hint(clean(string.format(fmt, table.unpack(args, 1, args.n)))))
end
local eprintf = M.eprintf

-- A usage error: one line, then where to find help.
function M.usage(cmd, fmt, ...)
  M.eprintf("meeple %s: " .. fmt .. "\n", cmd, ...)
  M.eprintf("try 'meeple %s --help'\n", cmd)
  return 2
end
local usage = M.usage

function M.split_commas(s)
  local out = {}
  for item in s:gmatch("[^,]+") do out[#out + 1] = item end
  return out
end

-- A comma-separated flag value: every item non-empty, or a usage error.
function M.list_arg(cmd, name, s)
  local out = {}
  for item in (s .. ","):gmatch("([^,]*),") do
    if item == "" then
      return nil, usage(cmd, "--%s has an empty item in '%s'", name, s)
    end
    out[#out + 1] = item
  end
  return out
end
local list_arg = M.list_arg

-- Named limits of the common options.
M.MAX_MEMORY_CAP_MB = 1024 * 1024   -- 1 TiB: more is a typo
M.MAX_BUDGET = 1 << 40
M.MAX_PERIOD_BUDGET = 1 << 50       -- a turn's or a game's instructions
M.MAX_TIME_LIMIT_MS = 24 * 3600 * 1000

-- The sandbox's limits (docs/sandbox.md): flag, lowest and highest value,
-- and the position of the value in meeple_host.set_limits.
local LIMIT_FLAGS = {
  { "budget", 1000, M.MAX_BUDGET, 1 },
  { "memory-cap", 1, M.MAX_MEMORY_CAP_MB, 2, 1024 * 1024 },
  { "turn-budget", 1000, M.MAX_PERIOD_BUDGET, 3 },
  { "game-budget", 1000, M.MAX_PERIOD_BUDGET, 4 },
  { "time-limit", 1, M.MAX_TIME_LIMIT_MS, 5 },
}
M.LIMIT_SPEC = {}
for _, f in ipairs(LIMIT_FLAGS) do M.LIMIT_SPEC[f[1]] = "value" end

-- The limit flags of every command that runs scripts, for its --help.
M.LIMIT_OPTIONS = [[
  --budget N           instructions a script may run per hook call
                       (default 10000000)
  --memory-cap MB      memory the scripts' Lua state may hold (default 64)
  --turn-budget N      instructions the hooks may run in one turn, all
                       calls together (default 50000000)
  --game-budget N      instructions the hooks may run in one game
                       (default 1000000000)
  --time-limit MS      wall-clock milliseconds of one hook call (default 2000)
]]

-- Sets the sandbox limits the flags in opts name (the others keep their
-- values). Returns true, or nil and the usage exit status.
function M.apply_limits(cmd, opts)
  local values = {}
  for _, f in ipairs(LIMIT_FLAGS) do
    local v = opts[f[1]]
    if v ~= nil then
      local n, code = M.int_arg(cmd, f[1], v, f[2], f[3])
      if not n then return nil, code end
      values[f[4]] = n * (f[5] or 1)
    end
  end
  meeple_host.set_limits(values[1], values[2], values[3], values[4], values[5])
  return true
end

-- The options every game-playing subcommand takes, for its --help.
M.GAME_OPTIONS = [[
  --game NAME          the game script (default base)
  --with EXP,...       expansions, in order (scripts/EXP.lua or a path)
  --rules FILE         a house-rule script; repeatable
  --option KEY=VALUE   set a declared option; repeatable
  --players N          number of players (default: the game's)
  --seed N             the game's seed (default 1)
]] .. M.LIMIT_OPTIONS

-- Parses --flag VALUE / --flag=VALUE / --switch. spec: name -> "value" |
-- "list" | "switch". Returns options table or nil, message.
function M.parse_args(args, spec)
  local opts, positional = {}, {}
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--help" or a == "-h" then
      opts.help = true
    elseif a:sub(1, 2) == "--" then
      local name, value = a:match("^%-%-([%w_-]+)=(.*)$")
      name = name or a:sub(3)
      local kind = spec[name]
      if not kind then return nil, ("unknown option '%s'"):format(a) end
      if kind == "switch" then
        if value then return nil, ("option --%s takes no value"):format(name) end
        if opts[name] then return nil, ("option --%s given twice"):format(name) end
        opts[name] = true
      else
        if not value then
          i = i + 1
          value = args[i]
          if value == nil then return nil, ("option --%s needs a value"):format(name) end
        end
        if kind == "list" then
          opts[name] = opts[name] or {}
          table.insert(opts[name], value)
        elseif opts[name] ~= nil then
          return nil, ("option --%s given twice"):format(name)
        else
          opts[name] = value
        end
      end
    else
      positional[#positional + 1] = a
    end
    i = i + 1
  end
  return opts, positional
end

-- A decimal integer flag value in min..max (max optional): "1e3", "0x10"
-- and "1.0" are refused, not reinterpreted.
function M.int_arg(cmd, name, v, min, max)
  local n = type(v) == "string" and v:match("^%-?%d+$") and math.tointeger(tonumber(v))
  if not n or n < min or (max and n > max) then
    if max then
      return nil, usage(cmd, "--%s must be an integer from %d to %d, got '%s'", name, min, max, tostring(v))
    end
    return nil, usage(cmd, "--%s must be an integer >= %d, got '%s'", name, min, tostring(v))
  end
  return n
end
local int_arg = M.int_arg

local GAME_SPEC = { game = "value", with = "value", rules = "list", option = "list",
                    players = "value", seed = "value" }
for k, v in pairs(M.LIMIT_SPEC) do GAME_SPEC[k] = v end

function M.game_spec(extra)
  local spec = {}
  for k, v in pairs(GAME_SPEC) do spec[k] = v end
  for k, v in pairs(extra) do spec[k] = v end
  return spec
end


-- The rule set and game settings named by the common options.
-- warn(msg), optional: where the loader's warnings go (default stderr).
-- The loader's warnings (an undeclared script API, #43), printed once the
-- command has succeeded (meeple.cli): a failing command keeps its one
-- line of error.
M.warnings = {}
function M.warn(msg) M.warnings[#M.warnings + 1] = msg end

-- api_check = "warn": an old script's API idioms warn instead of refusing.
function M.load_game(cmd, opts, ctx, warn, api_check)
  local options = {}
  for _, kv in ipairs(opts.option or {}) do
    local k, v = kv:match("^([%w_]+)=(.*)$")
    if not k then return nil, usage(cmd, "--option wants KEY=VALUE, got '%s'", kv) end
    options[k] = v
  end
  local seed, code = int_arg(cmd, "seed", opts.seed or "1", 0)
  if not seed then return nil, code end
  local limits_ok
  limits_ok, code = M.apply_limits(cmd, opts)
  if not limits_ok then return nil, code end
  local players
  if opts.players then
    players, code = int_arg(cmd, "players", opts.players, 1)
    if not players then return nil, code end
  end
  local with = {}
  if opts.with then
    with, code = list_arg(cmd, "with", opts.with)
    if not with then return nil, code end
  end
  local ok, rs = pcall(loader.load, {
    game = opts.game or "base",
    with = with,
    rules = opts.rules or {},
    options = options,
    run = meeple_host.run,
    warn = warn or M.warn, api_check = api_check,
    script_dirs = { ctx.root .. "/scripts" },
    tile_dirs = { ctx.root .. "/tiles" },
  })
  if not ok then
    eprintf("meeple %s: %s\n", cmd, tostring(rs))
    -- a bad --option is a usage error; a bad script is a failure
    local msg = tostring(rs)
    if msg:match("^unknown option '") or msg:match("^option '[%w_]+' ")
       or msg:match("option '[%w_]+' wants ") or msg:match("option '[%w_]+' must be one of ") then
      eprintf("try 'meeple %s --help'\n", cmd)
      return nil, 2
    end
    return nil, 1
  end
  players = players or rs.decl.players.default
  if players < rs.decl.players.min or players > rs.decl.players.max then
    return nil, usage(cmd, "--players: %s is for %d to %d players, not %d", rs.decl.game,
                      rs.decl.players.min, rs.decl.players.max, players)
  end
  return { rs = rs, seed = seed, players = players, options = options,
           with = with, rules = opts.rules or {},
           game = opts.game or "base" }
end

function M.sorted(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

-- A one-line progress bar on stderr: shown on a terminal, or always when
-- forced (a batch job's log). Called as fn(done, seconds): with the time
-- since the start it shows games/s and the time left.
local function clock(t)
  t = math.floor(t + 0.5)
  if t >= 3600 then return ("%dh%02dm"):format(t // 3600, t % 3600 // 60) end
  return ("%dm%02ds"):format(t // 60, t % 60)
end

function M.progress_bar(ctx, total, force)
  if not ctx.tty and not force then return nil end
  local width = 30
  local eol = ctx.tty and "\r" or "\n"
  local last = -1
  return function(done, seconds)
    -- a log gets a line every few seconds, a terminal every call
    if not ctx.tty and done < total and seconds and seconds - last < 5 then return end
    last = seconds or 0
    local filled = math.floor(width * done / total)
    local rate = seconds and seconds > 0 and done / seconds or nil
    local tail = ""
    if rate then
      tail = ("  %.0f games/s  %s %s"):format(rate, done == total and "took" or "ETA",
                                            clock(done == total and seconds or (total - done) / rate))
    end
    stderr:write(("%s[%s%s] %d/%d games%s%s"):format(ctx.tty and "\r" or "", ("#"):rep(filled),
                 ("."):rep(width - filled), done, total, tail, ctx.tty and "\27[K" or eol))
    if done == total and ctx.tty then stderr:write("\r\27[K") end
    stderr:flush()
  end
end

function M.stats(values)
  local n, sum, min, max = #values, 0, math.huge, -math.huge
  for _, v in ipairs(values) do
    sum = sum + v
    if v < min then min = v end
    if v > max then max = v end
  end
  local mean = n > 0 and sum / n or 0
  local var = 0
  for _, v in ipairs(values) do var = var + (v - mean) ^ 2 end
  local sd = n > 1 and math.sqrt(var / (n - 1)) or 0
  return { mean = mean, sd = sd, min = n > 0 and min or 0, max = n > 0 and max or 0 }
end

return M
