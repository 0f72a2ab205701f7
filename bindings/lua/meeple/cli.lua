-- meeple.cli: the play, sim, replay and bench subcommands.
--
-- Trusted host code: it runs in the host state beside the sandbox (see
-- bindings/host.c) and reaches scripts only through meeple.loader.
-- Every function returns an exit status: 0 done, 1 failed, 2 usage.

local loader = require "meeple.loader"
local render = require "meeple.render"

local M = {}

local stdout, stderr = io.stdout, io.stderr

-- M.silent quiets standard output (tests drive many games in-process).
local function printf(...) if not M.silent then stdout:write(string.format(...)) end end
local function eprintf(...) stderr:write(string.format(...)) end

-- A usage error: one line, then where to find help.
local function usage(cmd, fmt, ...)
  eprintf("meeple %s: " .. fmt .. "\n", cmd, ...)
  eprintf("try 'meeple %s --help'\n", cmd)
  return 2
end

local function split_commas(s)
  local out = {}
  for item in s:gmatch("[^,]+") do out[#out + 1] = item end
  return out
end

-- {=====================================================================
-- Arguments
-- ======================================================================

local GAME_OPTIONS = [[
  --game NAME          the game script (default base)
  --with EXP,...       expansions, in order (scripts/EXP.lua or a path)
  --rules FILE         a house-rule script; repeatable
  --option KEY=VALUE   set a declared option; repeatable
  --players N          number of players (default: the game's)
  --seed N             the game's seed (default 1)
  --budget N           instructions a script may run per hook call
                       (default 10000000)
  --memory-cap MB      memory the scripts' Lua state may hold (default 64)
]]

local HELP = {
  play = [[
usage: meeple play [OPTIONS]

Plays one game and prints each turn, then the final scores with the
points of each player by feature kind and by reason.

]] .. GAME_OPTIONS .. [[
  --agents A,B,...     one agent per seat, cycled: random, greedy, or a
                       bot script FILE.lua (default random)
  --record FILE        write the game record (JSON Lines) to FILE
  --svg FILE           draw the final board to FILE
  --quiet              print only the final scores

example: meeple play --game base --players 3 --seed 7 --svg board.svg
]],
  sim = [[
usage: meeple sim --games N [OPTIONS]

Plays many games with random agents and prints score statistics, the win
rate per seat, features completed per kind and the mean game length.
Game i uses seed SEED + i - 1, so results never depend on --jobs.

]] .. GAME_OPTIONS .. [[
  --games N            how many games (required)
  --jobs J             run in J processes (default 1); results are the same
  --csv | --json       machine-readable output instead of the table
  --compare            play the same seeds twice, with the --with, --rules
                       and --option given and without them, and print the
                       difference per seat (mean score, win rate) and in
                       game length, with 95% confidence intervals

example: meeple sim --games 1000 --players 2 --option tiny_city=2
         meeple sim --games 2000 --rules examples/house-rules/farmers_4.lua --compare
]],
  replay = [[
usage: meeple replay FILE

Re-plays a game record written by 'meeple play --record', checking the
state after every move. Exits 1 at the first divergence and says where.
]],
  script = [[
usage: meeple script FILE.lua [ARGS...]

Runs FILE.lua as trusted host code in the game host state: it may read
and write files and use every meeple module (meeple.loader, meeple.cli,
meeple.tiles, ...), while the game scripts it loads still run sandboxed.
The chunk gets ARGS as `...` and its result (an integer) is the exit
status. Meant for tools and tests, never for game rules.
]],
  bench = [[
usage: meeple bench [--games N] [OPTIONS]

Plays games with random agents on one core (default: the base game, 2
players, 20000 games) and prints games/s and moves/s through the rules
loaded from the scripts, then the same tiles through the kernel alone
(playouts/s, placements/s, the cost of one legal-placement listing) and
the ratio of the two: what the rules layer costs.

]] .. GAME_OPTIONS .. [[
  --games N            how many games per run (default 20000)
  --repeat N           runs of each measurement; the best is shown (default 3)

example: meeple bench --with traders_builders
]],
}

-- Parses --flag VALUE / --flag=VALUE / --switch. spec: name -> "value" |
-- "list" | "switch". Returns options table or nil, message.
local function parse_args(args, spec)
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

local function int_arg(cmd, name, v, min)
  local n = math.tointeger(tonumber(v))
  if not n or n < min then
    return nil, usage(cmd, "--%s must be an integer >= %d, got '%s'", name, min, tostring(v))
  end
  return n
end

local GAME_SPEC = { game = "value", with = "value", rules = "list", option = "list",
                    players = "value", seed = "value", budget = "value", ["memory-cap"] = "value" }

local function game_spec(extra)
  local spec = {}
  for k, v in pairs(GAME_SPEC) do spec[k] = v end
  for k, v in pairs(extra) do spec[k] = v end
  return spec
end

-- The rule set and game settings named by the common options.
local function load_game(cmd, opts, ctx)
  local options = {}
  for _, kv in ipairs(opts.option or {}) do
    local k, v = kv:match("^([%w_]+)=(.*)$")
    if not k then return nil, usage(cmd, "--option wants KEY=VALUE, got '%s'", kv) end
    options[k] = v
  end
  local seed, code = int_arg(cmd, "seed", opts.seed or "1", 0)
  if not seed then return nil, code end
  local budget, cap
  if opts.budget then
    budget, code = int_arg(cmd, "budget", opts.budget, 1000)
    if not budget then return nil, code end
  end
  if opts["memory-cap"] then
    cap, code = int_arg(cmd, "memory-cap", opts["memory-cap"], 1)
    if not cap then return nil, code end
    cap = cap * 1024 * 1024
  end
  meeple_host.set_limits(budget, cap)
  local players
  if opts.players then
    players, code = int_arg(cmd, "players", opts.players, 1)
    if not players then return nil, code end
  end
  local ok, rs = pcall(loader.load, {
    game = opts.game or "base",
    with = opts.with and split_commas(opts.with) or {},
    rules = opts.rules or {},
    options = options,
    run = meeple_host.run,
    script_dirs = { ctx.root .. "/scripts" },
    tile_dirs = { ctx.root .. "/tiles" },
  })
  if not ok then
    eprintf("meeple %s: %s\n", cmd, tostring(rs))
    -- a bad --option is a usage error; a bad script is a failure
    local msg = tostring(rs)
    if msg:match("^unknown option '") or msg:match("^option '[%w_]+' ") then
      eprintf("try 'meeple %s --help'\n", cmd)
      return nil, 2
    end
    return nil, 1
  end
  players = players or rs.decl.players.default
  if players < rs.decl.players.min or players > rs.decl.players.max then
    eprintf("meeple %s: %s is for %d to %d players, not %d\n", cmd, rs.decl.game,
            rs.decl.players.min, rs.decl.players.max, players)
    return nil, 1
  end
  return { rs = rs, seed = seed, players = players, options = options,
           with = opts.with and split_commas(opts.with) or {}, rules = opts.rules or {},
           game = opts.game or "base" }
end

-- }=====================================================================

-- {=====================================================================
-- Agents
-- ======================================================================

local agents = {}

function agents.random(play)
  play:random_move()
end

-- The move that most raises this player's lead once the turn's own
-- follow-up decisions (a figure after a tile) are made greedily too.
local function score_lead(play, player)
  local scores = play:game():scores()
  local best_other = -math.huge
  for p, s in ipairs(scores) do
    if p ~= player and s > best_other then best_other = s end
  end
  if best_other == -math.huge then best_other = 0 end
  return scores[player] - best_other
end

local function greedy_value(play, player, depth)
  if play:over() or play:player() ~= player or depth == 0 then return score_lead(play, player) end
  local best = -math.huge
  for i = 1, play:move_count() do
    local copy = play:clone()
    copy:apply_index(i)
    local v = greedy_value(copy, player, depth - 1)
    if v > best then best = v end
  end
  return best
end

function agents.greedy(play)
  local player = play:player()
  local best, best_i = -math.huge, 1
  for i = 1, play:move_count() do
    local copy = play:clone()
    copy:apply_index(i)
    local v = greedy_value(copy, player, 1)
    if v > best then best, best_i = v, i end
  end
  play:apply_index(best_i)
end

-- A bot script defines choose(view) returning the index of a legal move.
local function load_bot(path)
  local f = io.open(path, "rb")
  if not f then return nil, ("cannot read bot '%s'"):format(path) end
  local code = f:read("a")
  f:close()
  local env = meeple_host.run("@" .. path, code, {})
  if type(env) ~= "table" or type(env.choose) ~= "function" then
    return nil, ("%s: a bot must define function choose(view)"):format(path)
  end
  return function(play)
    local moves = {}
    for i = 1, play:move_count() do moves[i] = play:move_name(i) end
    local view = { player = play:player(), turn = play:turn(), phase = play:phase(),
                   tile = play:tile(), scores = play:game():scores(), moves = moves }
    local i = meeple_host.call(env.choose, view)
    if math.type(i) ~= "integer" or i < 1 or i > #moves then
      error(("%s: choose returned %s, not a move index 1..%d"):format(path, tostring(i), #moves), 0)
    end
    play:apply_index(i)
  end
end

local function make_agents(cmd, list)
  local out = {}
  for i, name in ipairs(list) do
    if agents[name] then
      out[i] = agents[name]
    elseif name:match("%.lua$") then
      local ok, bot, err = pcall(load_bot, name)
      if not ok then eprintf("meeple %s: %s\n", cmd, tostring(bot)) return nil, 1 end
      if not bot then eprintf("meeple %s: %s\n", cmd, err) return nil, 1 end
      out[i] = bot
    else
      return nil, usage(cmd, "unknown agent '%s' (random, greedy or FILE.lua)", name)
    end
  end
  return out
end

-- }=====================================================================

-- {=====================================================================
-- Reporting
-- ======================================================================

local function breakdown(g, players)
  local by = {}
  for p = 1, players do by[p] = { kind = {}, reason = {} } end
  for _, e in ipairs(g:ledger()) do
    local b = by[e.player]
    local k = e.kind or "no feature"
    b.kind[k] = (b.kind[k] or 0) + e.points
    b.reason[e.reason] = (b.reason[e.reason] or 0) + e.points
  end
  return by
end

local function sorted(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

local function print_scores(g, players)
  local scores = g:scores()
  local by = breakdown(g, players)
  local best = -math.huge
  for _, s in ipairs(scores) do if s > best then best = s end end
  local function list(t)
    local parts = {}
    for _, k in ipairs(sorted(t)) do parts[#parts + 1] = ("%s %d"):format(k, t[k]) end
    return #parts > 0 and table.concat(parts, ", ") or "-"
  end
  printf("\nfinal scores (points by feature kind; by reason where that differs)\n")
  for p = 1, players do
    local kinds, reasons = list(by[p].kind), list(by[p].reason)
    printf("  player %d  %4d%s   %s%s\n", p, scores[p], scores[p] == best and " *" or "  ", kinds,
           reasons ~= kinds and ("   [reasons: " .. reasons .. "]") or "")
  end
end

-- The board as SVG: tiles drawn from their definitions, figures as discs
-- in player colours at their spots, and the score table.
local COLOURS = { "#d32f2f", "#1976d2", "#388e3c", "#fbc02d", "#7b1fa2", "#212121" }
local PORT_XY = {
  [0] = { .25, .08 }, { .5, .08 }, { .75, .08 }, { .92, .25 }, { .92, .5 }, { .92, .75 },
  { .75, .92 }, { .5, .92 }, { .25, .92 }, { .08, .75 }, { .08, .5 }, { .08, .25 },
}

local function board_svg(rs, g, players)
  local S = 64
  local defs = {}
  for _, entry in ipairs(rs.pool) do defs[entry.tile.id] = entry.tile end
  local tiles = g:tiles()
  local minx, miny, maxx, maxy = math.huge, math.huge, -math.huge, -math.huge
  for _, th in ipairs(tiles) do
    local t = th:info()
    if t.x < minx then minx = t.x end
    if t.y < miny then miny = t.y end
    if t.x > maxx then maxx = t.x end
    if t.y > maxy then maxy = t.y end
  end
  if #tiles == 0 then minx, miny, maxx, maxy = 0, 0, 0, 0 end
  local pad = 16
  local table_h = 24 + 18 * players
  local w = (maxx - minx + 1) * S + 2 * pad
  local h = (maxy - miny + 1) * S + 2 * pad + table_h
  if w < 260 then w = 260 end
  local out = {
    '<?xml version="1.0" encoding="UTF-8"?>',
    ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">'):format(w, h, w, h),
    ('<rect width="%d" height="%d" fill="#f5f1e6"/>'):format(w, h),
  }
  for _, th in ipairs(tiles) do
    local t = th:info()
    local px, py = pad + (t.x - minx) * S, pad + (t.y - miny) * S
    out[#out + 1] = ('<g class="tile" transform="translate(%d,%d) rotate(%d %d %d)">'):format(
      px, py, t.rot * 90, S // 2, S // 2)
    out[#out + 1] = render.tile_svg(defs[t.id], { size = S })
    out[#out + 1] = ('<rect width="%d" height="%d" fill="none" stroke="#555" stroke-width="0.5"/></g>'):format(S, S)
  end
  for _, fig in ipairs(g:figures()) do
    local info = fig:info()
    if info.at.feature and info.owner and info.owner > 0 then
      local spot = info.at.feature:spot()
      local t = spot.tile:info()
      local fx, fy = .5, .5
      if #spot.ports > 0 then
        fx, fy = 0, 0
        for _, p in ipairs(spot.ports) do fx, fy = fx + PORT_XY[p][1], fy + PORT_XY[p][2] end
        fx, fy = fx / #spot.ports, fy / #spot.ports
        fx, fy = .5 + (fx - .5) * .8, .5 + (fy - .5) * .8
      end
      local px, py = pad + (t.x - minx + fx) * S, pad + (t.y - miny + fy) * S
      out[#out + 1] = ('<circle class="figure" cx="%.1f" cy="%.1f" r="%d" fill="%s" stroke="#000" stroke-width="1"><title>player %d %s</title></circle>'):format(
        px, py, S // 9, COLOURS[(info.owner - 1) % #COLOURS + 1], info.owner, info.kind)
    end
  end
  local ty = h - table_h + 8
  out[#out + 1] = ('<text x="%d" y="%d" font-size="13" font-weight="bold">Scores</text>'):format(pad, ty + 6)
  for p, s in ipairs(g:scores()) do
    out[#out + 1] = ('<g class="score"><circle cx="%d" cy="%d" r="5" fill="%s"/><text x="%d" y="%d" font-size="12">player %d: %d</text></g>'):format(
      pad + 5, ty + 8 + 18 * p - 4, COLOURS[(p - 1) % #COLOURS + 1], pad + 16, ty + 8 + 18 * p, p, s)
  end
  out[#out + 1] = "</svg>"
  return table.concat(out, "\n") .. "\n"
end

-- }=====================================================================

-- {=====================================================================
-- Game records (JSON Lines)
-- ======================================================================

local cjson = require "cjson"

-- JSON with object keys in sorted order, so that the same game writes
-- the same bytes on every run (cjson follows the table's hash order,
-- which Lua seeds per run). cjson still does the parsing and escaping.
local function encode(v)
  if type(v) ~= "table" then return cjson.encode(v) end
  local n = #v
  local count = 0
  for _ in pairs(v) do count = count + 1 end
  if count == n and (n > 0 or (cjson.array_mt ~= nil and getmetatable(v) == cjson.array_mt)) then
    local parts = {}
    for i = 1, n do parts[i] = encode(v[i]) end
    return "[" .. table.concat(parts, ",") .. "]"
  end
  if count == 0 then return "{}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  local parts = {}
  for i, k in ipairs(keys) do
    local value = v[k]
    if value == nil then value = v[tonumber(k)] end
    parts[i] = cjson.encode(k) .. ":" .. encode(value)
  end
  return "{" .. table.concat(parts, ",") .. "}"
end

local json = { encode = encode, decode = cjson.decode }

-- A digest of the whole state after a move: replay compares these.
local function state_digest(g)
  return loader.content_hash(g:serialize())
end

local function record_header(game, agents_list)
  return {
    record = "meeple-game", engine = require("meeple").version,
    game = game.game, with = game.with, rules = game.rules,
    options = game.options, seed = game.seed, players = game.players, agents = agents_list,
    files = game.rs.files,
  }
end

-- }=====================================================================

-- {=====================================================================
-- play
-- ======================================================================

function M.play(args, ctx)
  local opts, pos = parse_args(args, game_spec({ agents = "value", record = "value", svg = "value",
                                                  quiet = "switch" }))
  if not opts then return usage("play", "%s", pos) end
  if opts.help then stdout:write(HELP.play) return 0 end
  if #pos > 0 then return usage("play", "unexpected argument '%s'", pos[1]) end
  local game, code = load_game("play", opts, ctx)
  if not game then return code end
  local agent_names = split_commas(opts.agents or "random")
  local seat_agents
  seat_agents, code = make_agents("play", agent_names)
  if not seat_agents then return code end

  local ok, play = pcall(loader.new_play, game.rs, { players = game.players, seed = game.seed })
  if not ok then eprintf("meeple play: %s\n", tostring(play)) return 1 end
  local g = play:game()
  local rec
  if opts.record then
    local f, err = io.open(opts.record, "w")
    if not f then eprintf("meeple play: cannot write %s: %s\n", opts.record, err) return 1 end
    rec = f
    local names = {}
    for p = 1, game.players do names[p] = agent_names[(p - 1) % #agent_names + 1] end
    rec:write(json.encode(record_header(game, names)), "\n")
  end

  local last_turn, line = 0, {}
  local function flush_line(scored)
    if #line > 0 and not opts.quiet then
      printf("turn %3d  P%d  %s%s\n", last_turn, line.player, table.concat(line, "; "), scored)
    end
    line = {}
  end
  local ledger_seen, moves = 0, 0
  local final = {}
  while not play:over() do
    local player, turn = play:player(), play:turn()
    local kernel_turn = g:turn()
    last_turn, line.player = turn, player
    local agent = seat_agents[(player - 1) % #seat_agents + 1]
    local chosen
    local okm, err = pcall(function()
      if agent == agents.random then
        chosen = play:random_choice()
      else
        -- an agent answers with a move index through this narrow view
        local view = setmetatable({ apply_index = function(_, i) chosen = i end }, {
          __index = function(_, k)
            local v = play[k]
            if type(v) == "function" then return function(_, ...) return v(play, ...) end end
            return v
          end })
        agent(view)
      end
      if not chosen then error("the agent chose no move", 0) end
      line[#line + 1] = play:move_name(chosen)
      play:apply_index(chosen)
    end)
    if not okm then eprintf("meeple play: turn %d: %s\n", turn, tostring(err)) return 1 end
    moves = moves + 1
    local ledger = g:ledger()
    local gained = {}
    for i = ledger_seen + 1, #ledger do
      local e = ledger[i]
      local text = ("P%d +%d %s"):format(e.player, e.points, e.reason)
      if e.turn ~= kernel_turn then final[#final + 1] = text else gained[#gained + 1] = text end
    end
    ledger_seen = #ledger
    if rec then
      rec:write(json.encode({ turn = turn, player = player, move = line[#line],
                              scores = g:scores(), state = state_digest(g) }), "\n")
    end
    if #gained > 0 or play:player() ~= player or play:over() then
      flush_line(#gained > 0 and ("   (" .. table.concat(gained, ", ") .. ")") or "")
    end
  end
  flush_line("")
  if #final > 0 and not opts.quiet then printf("final scoring  %s\n", table.concat(final, ", ")) end
  print_scores(g, game.players)
  if rec then
    rec:write(json.encode({ final = true, scores = g:scores(), state = state_digest(g) }), "\n")
    rec:close()
    printf("\nrecord: %s (%d moves)\n", opts.record, moves)
  end
  if opts.svg then
    local f, err = io.open(opts.svg, "w")
    if not f then eprintf("meeple play: cannot write %s: %s\n", opts.svg, err) return 1 end
    f:write(board_svg(game.rs, g, game.players))
    f:close()
    printf("board: %s\n", opts.svg)
  end
  return 0
end

-- }=====================================================================

-- {=====================================================================
-- sim
-- ======================================================================

local function progress_bar(ctx, total)
  if not ctx.tty then return nil end
  local width = 40
  return function(done)
    local filled = math.floor(width * done / total)
    stderr:write(("\r[%s%s] %d/%d games"):format(("#"):rep(filled), ("."):rep(width - filled), done, total))
    if done == total then stderr:write("\r" .. (" "):rep(width + 30) .. "\r") end
    stderr:flush()
  end
end

local function stats(values)
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

function M.sim(args, ctx)
  local opts, pos = parse_args(args, game_spec({ games = "value", jobs = "value", csv = "switch",
                                                  json = "switch", compare = "switch" }))
  if not opts then return usage("sim", "%s", pos) end
  if opts.help then stdout:write(HELP.sim) return 0 end
  if opts.compare then return M.compare(opts, ctx) end
  if #pos > 0 then return usage("sim", "unexpected argument '%s'", pos[1]) end
  if not opts.games then return usage("sim", "--games N is required") end
  local games, code = int_arg("sim", "games", opts.games, 1)
  if not games then return code end
  local jobs = 1
  if opts.jobs then
    jobs, code = int_arg("sim", "jobs", opts.jobs, 1)
    if not jobs then return code end
    if jobs > 64 then return usage("sim", "--jobs must be at most 64, got %d", jobs) end
  end
  if opts.csv and opts.json then return usage("sim", "--csv and --json exclude each other") end
  local game
  game, code = load_game("sim", opts, ctx)
  if not game then return code end
  local ok, results = pcall(loader.simulate, game.rs, {
    players = game.players, games = games, seed = game.seed, jobs = jobs,
    progress = progress_bar(ctx, games) })
  if not ok then eprintf("meeple sim: %s\n", tostring(results)) return 1 end

  local per_seat, wins, turns, kinds = {}, {}, {}, {}
  for p = 1, game.players do per_seat[p], wins[p] = {}, 0 end
  for _, r in ipairs(results) do
    local best = -math.huge
    for p, s in ipairs(r.scores) do
      per_seat[p][#per_seat[p] + 1] = s
      if s > best then best = s end
    end
    local winners = {}
    for p, s in ipairs(r.scores) do if s == best then winners[#winners + 1] = p end end
    for _, p in ipairs(winners) do wins[p] = wins[p] + 1 / #winners end
    turns[#turns + 1] = r.turns
    for k, n in pairs(r.closed) do kinds[k] = (kinds[k] or 0) + n end
  end
  local seat_stats = {}
  for p = 1, game.players do seat_stats[p] = stats(per_seat[p]) end
  local length = stats(turns)
  local kind_names = sorted(kinds)

  if opts.json then
    local out = { games = games, seed = game.seed, players = game.players, game = game.game,
                  with = game.with, options = game.options, seats = {}, features_closed = {},
                  mean_turns = length.mean }
    for p = 1, game.players do
      local s = seat_stats[p]
      out.seats[p] = { mean = s.mean, sd = s.sd, min = s.min, max = s.max, win_rate = wins[p] / games }
    end
    for _, k in ipairs(kind_names) do out.features_closed[k] = kinds[k] / games end
    stdout:write(json.encode(out), "\n")
  elseif opts.csv then
    printf("seat,mean,sd,min,max,win_rate\n")
    for p = 1, game.players do
      local s = seat_stats[p]
      printf("%d,%.3f,%.3f,%d,%d,%.4f\n", p, s.mean, s.sd, s.min, s.max, wins[p] / games)
    end
  else
    printf("%d games of %s, %d players, seeds %d..%d\n\n", games, game.game, game.players,
           game.seed, game.seed + games - 1)
    printf("  seat    mean     sd   min   max   wins\n")
    for p = 1, game.players do
      local s = seat_stats[p]
      printf("  %4d  %6.2f  %5.2f  %4d  %4d  %5.1f%%\n", p, s.mean, s.sd, s.min, s.max, 100 * wins[p] / games)
    end
    printf("\nfeatures completed per game\n")
    for _, k in ipairs(kind_names) do printf("  %-10s %6.2f\n", k, kinds[k] / games) end
    printf("\nmean game length  %.1f turns\n", length.mean)
  end
  return 0
end

-- A paired comparison: game i of both runs uses the same seed, so the
-- per-game differences carry the whole effect and little noise.
local function paired(a, b)
  local n = #a
  local d = {}
  for i = 1, n do d[i] = b[i] - a[i] end
  local s = stats(d)
  local half = n > 1 and 1.96 * s.sd / math.sqrt(n) or 0
  return s.mean, half, stats(a).mean, stats(b).mean
end

function M.compare(opts, ctx)
  if not (opts.with or opts.rules or opts.option) then
    return usage("sim", "--compare needs something to compare: --with, --rules or --option")
  end
  if opts.csv then return usage("sim", "--compare prints a table or --json") end
  local games, code = int_arg("sim", "games", opts.games or "", 1)
  if not games then return code end
  local jobs = 1
  if opts.jobs then
    jobs, code = int_arg("sim", "jobs", opts.jobs, 1)
    if not jobs then return code end
  end
  local changed
  changed, code = load_game("sim", opts, ctx)
  if not changed then return code end
  local plain
  plain, code = load_game("sim", { game = opts.game, players = tostring(changed.players),
                                   seed = tostring(changed.seed), budget = opts.budget,
                                   ["memory-cap"] = opts["memory-cap"] }, ctx)
  if not plain then return code end
  local run = function(game)
    return loader.simulate(game.rs, { players = game.players, games = games, seed = game.seed,
                                      jobs = jobs, progress = progress_bar(ctx, games) })
  end
  local ok, a = pcall(run, plain)
  if not ok then eprintf("meeple sim: %s\n", tostring(a)) return 1 end
  local b
  ok, b = pcall(run, changed)
  if not ok then eprintf("meeple sim: %s\n", tostring(b)) return 1 end

  local function column(results, f)
    local out = {}
    for i, r in ipairs(results) do out[i] = f(r) end
    return out
  end
  local function won(r, p)
    local best = -math.huge
    for _, s in ipairs(r.scores) do if s > best then best = s end end
    local tied = 0
    for _, s in ipairs(r.scores) do if s == best then tied = tied + 1 end end
    return r.scores[p] == best and 1 / tied or 0
  end
  local seats = {}
  for p = 1, changed.players do
    local dm, hm, ma, mb = paired(column(a, function(r) return r.scores[p] end),
                                  column(b, function(r) return r.scores[p] end))
    local dw, hw, wa, wb = paired(column(a, function(r) return won(r, p) end),
                                  column(b, function(r) return won(r, p) end))
    seats[p] = { mean = { without = ma, with = mb, diff = dm, ci95 = hm },
                 win_rate = { without = wa, with = wb, diff = dw, ci95 = hw } }
  end
  local dt, ht, ta, tb = paired(column(a, function(r) return r.turns end),
                                column(b, function(r) return r.turns end))
  local label = {}
  for _, w in ipairs(changed.with) do label[#label + 1] = "--with " .. w end
  for _, r in ipairs(changed.rules) do label[#label + 1] = "--rules " .. r end
  for _, o in ipairs(opts.option or {}) do label[#label + 1] = "--option " .. o end
  if opts.json then
    stdout:write(json.encode({ games = games, seed = changed.seed, players = changed.players,
                               game = changed.game, change = table.concat(label, " "), seats = seats,
                               turns = { without = ta, with = tb, diff = dt, ci95 = ht } }), "\n")
    return 0
  end
  printf("%d games of %s, %d players, seeds %d..%d, with and without: %s\n\n", games,
         changed.game, changed.players, changed.seed, changed.seed + games - 1, table.concat(label, " "))
  printf("  seat   mean without   mean with   difference (95%% CI)     win rate difference\n")
  for p = 1, changed.players do
    local s = seats[p]
    printf("  %4d   %12.2f   %9.2f   %+7.2f ± %-6.2f         %+6.1f%% ± %.1f%%\n", p, s.mean.without,
           s.mean.with, s.mean.diff, s.mean.ci95, 100 * s.win_rate.diff, 100 * s.win_rate.ci95)
  end
  printf("\n  game length  %.1f -> %.1f turns (%+.2f ± %.2f)\n", ta, tb, dt, ht)
  return 0
end

-- }=====================================================================

-- {=====================================================================
-- replay
-- ======================================================================

function M.replay(args, ctx)
  local opts, pos = parse_args(args, {})
  if not opts then return usage("replay", "%s", pos) end
  if opts.help then stdout:write(HELP.replay) return 0 end
  if #pos ~= 1 then return usage("replay", "expected one record file") end
  local path = pos[1]
  local f, err = io.open(path, "r")
  if not f then eprintf("meeple replay: %s\n", err) return 1 end
  local lines = {}
  for line in f:lines() do lines[#lines + 1] = line end
  f:close()
  local okh, header = pcall(json.decode, lines[1] or "")
  if not okh or type(header) ~= "table" or header.record ~= "meeple-game" then
    eprintf("meeple replay: %s:1: not a meeple game record\n", path)
    return 1
  end
  for _, file in ipairs(header.files or {}) do
    local fh = io.open(file.path, "rb")
    if fh then
      local text = fh:read("a")
      fh:close()
      if loader.content_hash(text) ~= file.hash then
        eprintf("meeple replay: warning: %s changed since the game was recorded\n", file.path)
      end
    end
  end
  local options = {}
  for k, v in pairs(header.options or {}) do options[k] = tostring(v) end
  local okl, rs = pcall(loader.load, {
    game = header.game, with = header.with or {}, rules = header.rules or {}, options = options,
    run = meeple_host.run, script_dirs = { ctx.root .. "/scripts" }, tile_dirs = { ctx.root .. "/tiles" } })
  if not okl then eprintf("meeple replay: %s\n", tostring(rs)) return 1 end
  local play = loader.new_play(rs, { players = header.players, seed = header.seed })
  local g = play:game()
  local moves = 0
  for n = 2, #lines do
    local okd, entry = pcall(json.decode, lines[n])
    if not okd or type(entry) ~= "table" then
      eprintf("meeple replay: %s:%d: not a JSON object\n", path, n)
      return 1
    end
    if entry.final then
      if not play:over() then
        eprintf("meeple replay: %s:%d: the record ends but the game goes on (phase %s)\n", path, n, play:phase())
        return 1
      end
    else
      local i, why = play:find_move(entry.move or "")
      if not i then
        eprintf("meeple replay: %s:%d: diverged: %s\n", path, n, why)
        return 1
      end
      local okm, merr = pcall(play.apply_index, play, i)
      if not okm then eprintf("meeple replay: %s:%d: %s\n", path, n, tostring(merr)) return 1 end
      moves = moves + 1
    end
    local digest = state_digest(g)
    if entry.state and digest ~= entry.state then
      eprintf("meeple replay: %s:%d: diverged after '%s': state %s, record %s\n", path, n,
              tostring(entry.move or "final scoring"), digest, entry.state)
      return 1
    end
    local scores = g:scores()
    for p, s in ipairs(entry.scores or {}) do
      if scores[p] ~= s then
        eprintf("meeple replay: %s:%d: player %d has %d points, the record says %d\n", path, n, p, scores[p], s)
        return 1
      end
    end
  end
  printf("%s: %d moves replayed, every state matches\n", path, moves)
  return 0
end

-- }=====================================================================

-- {=====================================================================
-- script
-- ======================================================================

function M.script(args, ctx)
  if #args == 0 then return usage("script", "expected a Lua file") end
  if args[1] == "--help" or args[1] == "-h" then stdout:write(HELP.script) return 0 end
  local chunk, err = loadfile(args[1], "t")
  if not chunk then eprintf("meeple script: %s\n", err) return 1 end
  M.root = ctx.root
  local ok, status = pcall(chunk, table.unpack(args, 2))
  if not ok then eprintf("%s\n", tostring(status)) return 1 end
  return math.tointeger(status) or 0
end

-- {=====================================================================
-- bench
-- ======================================================================

-- Wall time would need a C clock; os.clock (CPU time) is right for a
-- one-core benchmark.
local function now() return os.clock() end

function M.bench(args, ctx)
  local opts, pos = parse_args(args, game_spec({ games = "value", ["repeat"] = "value" }))
  if not opts then return usage("bench", "%s", pos) end
  if opts.help then stdout:write(HELP.bench) return 0 end
  if #pos > 0 then return usage("bench", "unexpected argument '%s'", pos[1]) end
  local games, code = int_arg("bench", "games", opts.games or "20000", 10)
  if not games then return code end
  local repeats
  repeats, code = int_arg("bench", "repeat", opts["repeat"] or "3", 1)
  if not repeats then return code end
  opts.players = opts.players or "2"
  local game
  game, code = load_game("bench", opts, ctx)
  if not game then return code end
  local rs = game.rs
  local ok, err = pcall(function()
    -- warm up, then the timed runs: this is a shared machine, so the best
    -- of several runs is the figure that measures the code
    loader.simulate(rs, { players = game.players, games = 200, seed = game.seed, results = false })
    local best_dt, totals
    for _ = 1, repeats do
      local t0 = now()
      totals = loader.simulate(rs, { players = game.players, games = games, seed = game.seed,
                                     results = false })
      local dt = now() - t0
      if not best_dt or dt < best_dt then best_dt = dt end
    end
    local dt = best_dt
    -- the kernel alone on the same tiles: no rules layer at all
    local templ = loader.new_game(rs, { players = game.players, seed = 0, shuffle = false })
    local first_figure = rs.decl.figures[1] and rs.decl.figures[1].name
    local kernel_gps, placements, listing = 0, 0, math.huge
    for _ = 1, repeats do
      local k, p, li = require("meeple").bench_kernel(templ, rs.decl.draw_stack, first_figure,
                                                      games, game.seed)
      if k > kernel_gps then kernel_gps, placements = k, p end
      if li < listing then listing = li end
    end
    local label = game.game
    if #game.with > 0 then label = label .. " with " .. table.concat(game.with, ", ") end
    printf("%s, %d players, random agents, one core, %d games, best of %d runs\n", label,
           game.players, games, repeats)
    printf("  through the rules layer (the scripts' rules, final scoring included)\n")
    printf("    games/s                   %.0f\n", games / dt)
    printf("    moves/s                   %.0f\n", totals.moves / dt)
    printf("    Lua hooks                 %s\n", #rs.hooks == 0 and "none: no Lua call during play"
           or (#rs.hooks .. " declared"))
    printf("  the kernel alone (same tiles, random placement and figure, no scoring)\n")
    printf("    playouts/s                %.0f\n", kernel_gps)
    printf("    placements/s              %.0f\n", placements)
    printf("    legal-placement listing   %.3f us\n", listing)
    printf("  rules layer cost            %.2fx the kernel's time per game\n", kernel_gps / (games / dt))
  end)
  if not ok then eprintf("meeple bench: %s\n", tostring(err)) return 1 end
  return 0
end

-- }=====================================================================

M.HELP = HELP
M.parse_args = parse_args
M.load_game = load_game
M.agents = agents
M.board_svg = board_svg
M.state_digest = state_digest
M.usage = usage
M.print_scores = print_scores

return M
