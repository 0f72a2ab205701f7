-- meeple check FILE.lua: the lint a rule author runs before sharing a
-- script (#43). It loads the script as the game, an expansion or a house
-- rule (what its text declares), says which script API it declares, flags
-- the deprecated and the suspicious (an API 1 idiom such as a feature's
-- method compared with a value, a hook that keeps data in upvalues from
-- one game to the next, a placement veto asked about every candidate),
-- and prints what each hook cost over a short sim.
--
-- Invariant: findings are listed in the order of the script's lines,
-- then the hooks' declaration order; never pairs() order.

local common = require "meeple.cli.common"
local loader = require "meeple.loader"
local api_version = require "meeple.loader.api_version"
local files = require "meeple.files"
-- host code only, and only in `meeple check` (cli_game.c opens it there)
local debug = setmetatable({}, { __index = function(_, k) return require("debug")[k] end })

local printf, eprintf, usage = common.printf, common.eprintf, common.usage
local stdout = common.stdout

local M = {}

M.HELP = [[
usage: meeple check [OPTIONS] FILE.lua

Loads FILE.lua the way play would (a script that declares `game` as the
game; one that declares `expansion` after --game and the expansions it
requires; anything else as a house rule) and lints it before you share it:
  - the script API it declares (docs/lua-api.md, Script API version)
  - deprecated idioms: a feature's method compared with a value
    (`f.kind == "road"` is always false: write f:kind()), f.attrs, f.when
  - a hook that changes an upvalue during play: that data survives from
    one game to the next (use state {} and ctx.state)
  - an allow("tile_placement") without tiles or stack, or an
    allow("figure_placement") without figures: asked about every candidate
then plays a short sim and prints what each hook cost.
Exit status: 0 nothing flagged, 1 something flagged or the load failed.

OPTIONS
  --game NAME          the game to load it into (default base)
  --with EXP,...       expansions loaded before it (besides its requires)
  --option KEY=VALUE   set a declared option; repeatable
  --games N            games in the sim (default 50)
  --players N          players (default: the game's)
]]

-- What the script's text declares it is: "game", "expansion" or "rules",
-- and the names its `requires` lists.
local function role(code)
  local blanked = api_version.blank(code)
  if blanked:match("%f[%w_]game%s*%(?%s*[\"']") then return "game", {} end
  local at = blanked:find("%f[%w_]expansion%s*%(?%s*[\"']")
  if at then
    local requires = {}
    local list = code:match("requires%s*=%s*(%b{})")
    for name in (list or ""):gmatch("[\"']([%w_]+)[\"']") do requires[#requires + 1] = name end
    return "expansion", requires
  end
  return "rules", {}
end

-- A read-only proxy the sandbox made (a memo, the host's data): its
-- metatable is hidden (__metatable = false) and holds a light-userdata key,
-- which no script can make. A memo fills as it is read, the same for every
-- game, and no script can write one: never state that carries over.
local function host_proxy(v)
  local mt = debug.getmetatable(v)
  if type(mt) ~= "table" or rawget(mt, "__metatable") ~= false then return false end
  for k in next, mt do
    if type(k) == "userdata" then return true end
  end
  return false
end

-- The scalar and table upvalues a function (and the functions it reaches
-- that the same file defined) can change, as { key = text }.
local function snapshot(fn, source, out, seen, prefix)
  seen = seen or {}
  if seen[fn] then return out end
  seen[fn] = true
  local function show(v, depth, visited)
    local t = type(v)
    if t == "table" then
      if host_proxy(v) then return "read-only" end
      if visited[v] or depth > 4 then return "{...}" end
      visited[v] = true
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = k end
      table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
      local parts = {}
      for _, k in ipairs(keys) do
        local x = v[k]
        if type(x) ~= "function" then parts[#parts + 1] = tostring(k) .. "=" .. show(x, depth + 1, visited) end
      end
      visited[v] = nil
      return "{" .. table.concat(parts, ",") .. "}"
    elseif t == "number" or t == "string" or t == "boolean" or t == "nil" then
      return t .. ":" .. tostring(v)
    end
    return t
  end
  for i = 1, 255 do
    local name, v = debug.getupvalue(fn, i)
    if not name then break end
    if type(v) == "function" then
      local info = debug.getinfo(v, "S")
      if info.source == source then snapshot(v, source, out, seen, prefix .. name .. ".") end
    elseif name ~= "_ENV" then
      out[prefix .. name] = show(v, 0, {})
    end
  end
  return out
end

local function upvalue_changes(before, after)
  local changed = {}
  for k, v in pairs(after) do if before[k] ~= v then changed[#changed + 1] = k end end
  table.sort(changed)
  return changed
end

-- The value of an upvalue named as snapshot names it ("helper.cache").
local function upvalue_at(fn, path)
  local head, rest = path:match("^([^.]+)%.?(.*)$")
  for i = 1, 255 do
    local name, v = debug.getupvalue(fn, i)
    if not name then return nil end
    if name == head then
      if rest == "" then return v end
      return type(v) == "function" and upvalue_at(v, rest) or nil
    end
  end
end

-- The fields info() fills on a tile, feature and figure handle of these
-- rules: a table holding only those is the scratch table `info(t)` fills
-- (docs/lua-api.md, "What a call costs"), refilled before each read.
local function info_fields(rs)
  local fields = {}
  local ok = pcall(function()
    local play = loader.new_play(rs, { players = 2, seed = 1 })
    local g = play:game()
    local th = g:tiles()[1]
    for _, t in ipairs { th:info(), th:feature(1):info(), g:figures()[1]:info() } do
      for k in pairs(t) do if type(k) == "string" then fields[k] = true end end
    end
  end)
  return ok and fields or {}
end

local function filled_by_info(v, fields)
  if type(v) ~= "table" then return false end
  for k in pairs(v) do if not fields[k] then return false end end
  return true
end

local function parse(args, ctx)
  local opts, pos = common.parse_args(args, { game = "value", with = "value", option = "list",
                                              games = "value", players = "value" })
  if not opts then return nil, usage("check", "%s", pos) end
  if opts.help then stdout:write(M.HELP) return nil, 0 end
  if #pos ~= 1 then return nil, usage("check", "expected one script FILE.lua") end
  local games, code = common.int_arg("check", "games", opts.games or "50", 1, 100000)
  if not games then return nil, code end
  opts.games_n = games
  return opts, pos[1]
end

function M.run(args, ctx)
  local opts, file = parse(args, ctx)
  if not opts then return file end
  local code, err = files.read(file)
  if not code then eprintf("meeple check: %s\n", err) return 1 end
  local what, requires = role(code)
  local game_opts = { game = opts.game, option = opts.option, players = opts.players }
  if what == "game" then
    game_opts.game = file
  else
    local with = {}
    for _, name in ipairs(requires) do
      -- a required fan expansion beside the file (lakes.lua for lakes_traders.lua)
      local beside = (file:match("^(.*)/[^/]*$") or ".") .. "/" .. name .. ".lua"
      if name ~= (opts.game or "base") then
        with[#with + 1] = (not files.read(ctx.root .. "/scripts/" .. name .. ".lua") and files.read(beside)) and beside or name
      end
    end
    for _, name in ipairs(opts.with and common.split_commas(opts.with) or {}) do with[#with + 1] = name end
    if what == "expansion" then with[#with + 1] = file else game_opts.rules = { file } end
    game_opts.with = #with > 0 and table.concat(with, ",") or nil
  end
  local warnings = {}
  -- an API 1 idiom is a finding here, not a refusal (api_check = "warn")
  local game, status = common.load_game("check", game_opts, ctx, function(msg) warnings[#warnings + 1] = msg end,
                                        "warn")
  if not game then return status end

  local findings = 0
  local function flag(fmt, ...)
    findings = findings + 1
    printf("  " .. fmt .. "\n", ...)
  end
  printf("%s: loaded as %s\n", file, what == "rules" and "a house rule" or ("the " .. what))
  local script
  for _, s in ipairs(game.rs.decl.scripts) do if s.path == file or s.path:match("[^/]+$") == file:match("[^/]+$") then script = s end end
  local api = script and script.api
  if api == api_version.CURRENT then
    printf("  script API %d (current)\n", api)
  elseif api then
    flag("script API %d: older than this meeple's %d; check it, then declare api \"%d\"", api,
         api_version.CURRENT, api_version.CURRENT)
  else
    flag("no script API version: add api \"%d\" (or api = %d in its game or expansion table)",
         api_version.CURRENT, api_version.CURRENT)
  end
  for _, idiom in ipairs(api_version.old_idioms(code)) do
    flag("%s:%d: deprecated: %s", file, idiom.line, idiom.message)
  end

  -- upvalues before and after a sim, per hook of this script
  local source = "@" .. (script and script.path or file)
  local mine, before = {}, {}
  for _, h in ipairs(game.rs.hooks) do
    if type(h.fn) == "function" and debug.getinfo(h.fn, "S").source == source then
      mine[#mine + 1] = h
      before[#mine] = snapshot(h.fn, source, {}, nil, "")
    end
  end
  for _, h in ipairs(mine) do
    if h.kind == "allow" and h.event == "allow_placements" and not h.tiles and not h.stacks then
      flag("%s: allow(\"tile_placement\") without tiles or stack: asked about every candidate placement of every turn; scope it with { tiles = {...} } or { stack = ... }", h.at or file)
    elseif h.kind == "allow" and h.event == "allow_deploys" and not h.figures then
      flag("%s: allow(\"figure_placement\") without figures: asked about every candidate deploy; scope it with { figures = {...} }", h.at or file)
    end
  end

  -- before the sim: info_fields starts a play, which resets the scripts' state
  local fields = #mine > 0 and info_fields(game.rs) or {}
  local report
  if #game.rs.hooks > 0 then
    local hook_profile = require "meeple.cli.hook_profile"
    local ok, r = pcall(hook_profile.measure, game, opts.games_n)
    if not ok then eprintf("meeple check: %s\n", tostring(r)) return 1 end
    report = r
  end
  for i, h in ipairs(mine) do
    local changed, scratch = {}, {}
    for _, name in ipairs(upvalue_changes(before[i], snapshot(h.fn, source, {}, nil, ""))) do
      local list = filled_by_info(upvalue_at(h.fn, name), fields) and scratch or changed
      list[#list + 1] = name
    end
    if #scratch > 0 then
      printf("  note: %s: upvalue%s %s only hold%s what info(t) fills: a scratch table, fine while each call fills it before reading it\n",
             h.at or file, #scratch > 1 and "s" or "", table.concat(scratch, ", "), #scratch > 1 and "" or "s")
    end
    if #changed > 0 then
      flag("%s: the %s hook changed upvalue%s %s during play: it carries over from one game to the next; keep it in state {...} (ctx.state)",
           h.at or file, h.phase or h.event, #changed > 1 and "s" or "", table.concat(changed, ", "))
    end
  end
  for _, w in ipairs(warnings) do printf("  note: %s", w) end

  if report then
    printf("\n")
    require("meeple.cli.hook_profile").print(report, printf, "")
  else
    printf("\nLua hooks: none, no Lua call during play\n")
  end
  printf("\n%s: %s\n", file, findings == 0 and "nothing flagged" or (findings .. " flagged"))
  return findings == 0 and 0 or 1
end

return M
