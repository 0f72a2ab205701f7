-- meeple.server: the local table's game logic and JSON API, without the
-- HTTP layer (bindings/cli/cli_serve.c hands every request to
-- M.handle and sends back what it returns). docs/protocol.md documents
-- the API.
--
-- Invariant: a request either applies exactly the one legal move it
-- names or changes nothing and gets a 4xx with {"error": message}. No
-- bot ever moves inside a request: with the HTTP server's host hooks
-- (M.set_host: cli_serve.c forks a child per bot decision) a bot's move
-- arrives later through M.bot_done; without them (in-process scripts,
-- the fuzzer) bots move at once. Tables live as long as the server; each
-- is one game with one agent per seat ("human" or a bot: random, greedy,
-- mcts:N, FILE.lua); a human seat is played only with the token that
-- joining it returned.

local loader = require "meeple.loader"
local board = require "meeple.render_board"
local record = require "meeple.record"
local agents_mod = require "meeple.agents"
local viewer = require "meeple.viewer"
local move_words = require "meeple.move_words"

local server_game = require "meeple.server_game"

local json = record.json
local cjson = require "cjson"

local M = {}

M.API = "v1"
M.MAX_BODY = 16 * 1024       -- bytes in one request body (cli_serve.c enforces it too)
M.MAX_TABLES = 64
-- What a table made over HTTP may ask of its bots (the command line may
-- ask for more): a bot's decision is bounded, and thinks outside requests.
M.MAX_PLAYOUTS = 20000
M.MAX_TIME_MS = 2000
M.MAX_GREEDY_DEPTH = 2
M.BOT_SECONDS = 120          -- a bot's decision past this is stopped (the table reports it)

local tables, table_order = {}, {}
local config -- root, defaults for new tables
local host = {} -- spawn(job, fn, seconds), changed(): set by cli_serve.c
local jobs, next_job = {}, 0

-- {======================================================================
-- Tables
-- =======================================================================

local function api_error(status, fmt, ...)
  error({ status = status, message = select("#", ...) > 0 and fmt:format(...) or fmt }, 0)
end

-- A JSON number that must be a whole number in [lo, hi], or a 400 that
-- names the field (JSON numbers arrive as floats: 2.0 is 2; 1e308 and
-- 2.5 are refused).
local function int_field(v, name, lo, hi)
  local x = v[name]
  if x == nil then return nil end
  local i = type(x) == "number" and math.tointeger(x) or nil
  if not i or i < lo or (hi and i > hi) then
    api_error(400, "'%s' must be a whole number from %d%s, got %s", name, lo, hi and (" to " .. hi) or "",
              type(x) == "string" and ("'" .. x:sub(1, 40) .. "'") or
              (type(x) == "number" and (math.tointeger(x) and ("%d"):format(math.tointeger(x)) or ("%.17g"):format(x)))
              or type(x))
  end
  return i
end

-- Over HTTP a bot is one of the shipped agents with bounded settings.
local HTTP_MCTS = { playouts = true, time_ms = true, exploration = true, seed = true, playout_turns = true,
                    policy = true }
local HTTP_GREEDY = { depth = true, seed = true }
local function check_http_agent(name)
  if name == "human" or name == "random" then return end
  local args, err = agents_mod.parse_spec(name)
  if not args then
    api_error(400, "%s", err or ("unknown agent '%s' (human, random, greedy, mcts[:N])"):format(name))
  end
  local allowed = args.kind == "mcts" and HTTP_MCTS or HTTP_GREEDY
  for k, val in pairs(args) do
    if k ~= "kind" and not allowed[k] then
      api_error(400, "agent '%s': setting '%s' is for the command line (meeple serve --agents)", name, k)
    end
    if type(val) == "number" and val < 0 then api_error(400, "agent '%s': %s must be >= 0", name, k) end
  end
  if (args.playouts or 0) > M.MAX_PLAYOUTS then
    api_error(400, "agent '%s': at most %d playouts over HTTP (more with meeple serve --agents)", name, M.MAX_PLAYOUTS)
  end
  if (args.time_ms or 0) > M.MAX_TIME_MS then
    api_error(400, "agent '%s': at most time=%dms over HTTP", name, M.MAX_TIME_MS)
  end
  if (args.playout_turns or 0) > 8 then api_error(400, "agent '%s': at most turns=8 over HTTP", name) end
  if (args.depth or 0) > M.MAX_GREEDY_DEPTH then
    api_error(400, "agent '%s': at most depth=%d over HTTP", name, M.MAX_GREEDY_DEPTH)
  end
end

-- 16 random bytes as hex: a seat's token, the server's instance id.
local function random_hex()
  local f = io.open("/dev/urandom", "rb")
  local bytes = f and f:read(16)
  if f then f:close() end
  if not bytes or #bytes < 16 then
    bytes = tostring(os.time()) .. tostring(os.clock()) .. tostring({})
  end
  return (bytes:sub(1, 16):gsub(".", function(c) return ("%02x"):format(c:byte()) end))
end

local function seat_agents(list, players)
  local seats = {}
  for p = 1, players do
    local name = list[(p - 1) % #list + 1]
    seats[p] = name
  end
  return seats
end

local function make_bots(seats)
  local bots = {}
  for p, name in ipairs(seats) do
    if name ~= "human" then
      local made = agents_mod.make(name)
      if not made then api_error(400, "unknown agent '%s' (human, random, greedy, mcts[:N] or FILE.lua)", name) end
      bots[p] = made
    end
  end
  return bots
end

-- A new table from a spec {game, with = {}, rules = {}, options = {},
-- players, seed, agents = {}}. Paths in with/rules are allowed only from
-- the command line (spec.trusted); over HTTP they are script names.
function M.new_table(spec)
  if #table_order >= M.MAX_TABLES then api_error(429, "at most %d tables", M.MAX_TABLES) end
  local with, rules = spec.with or {}, spec.rules or {}
  if not spec.trusted then
    for _, name in ipairs(with) do
      if type(name) ~= "string" or not name:match("^[%w_]+$") then
        api_error(400, "'with' takes script names (scripts/NAME.lua), got '%s'", tostring(name))
      end
    end
    if #rules > 0 then api_error(400, "house rules are set on the command line (meeple serve --rules FILE)") end
    if spec.game ~= nil and (type(spec.game) ~= "string" or not spec.game:match("^[%w_]+$")) then
      api_error(400, "'game' takes a game name, got '%s'", tostring(spec.game))
    end
  end
  local options = {}
  for k, v in pairs(spec.options or {}) do options[k] = tostring(v) end
  local game = spec.game or "base"
  local ok, rs = pcall(loader.load, { game = game, with = with, rules = rules, options = options,
                                      run = meeple_host.run, script_dirs = { config.root .. "/scripts" },
                                      tile_dirs = { config.root .. "/tiles" } })
  if not ok then api_error(400, "%s", tostring(rs):gsub("^.-scripts/", "scripts/")) end
  local players = spec.players or rs.decl.players.default
  if math.type(players) ~= "integer" or players < rs.decl.players.min or players > rs.decl.players.max then
    api_error(400, "%s is for %d to %d players, not %s", game, rs.decl.players.min, rs.decl.players.max,
              tostring(players))
  end
  local seed = spec.seed or 1
  if math.type(seed) ~= "integer" or seed < 0 then api_error(400, "seed must be an integer >= 0") end
  local agent_list = spec.agents or { "human", "random" }
  if #agent_list == 0 then api_error(400, "'agents' needs at least one agent") end
  if #agent_list > 64 then api_error(400, "'agents' takes at most 64 names") end
  for _, a in ipairs(agent_list) do
    if type(a) ~= "string" or (not spec.trusted and not a:match("^[%w_:=.]+$")) then
      api_error(400, "'agents' takes agent names (human, random, greedy...), got '%s'", tostring(a))
    end
    if not spec.trusted then check_http_agent(a) end
  end
  local seats = seat_agents(agent_list, players)
  local bots = make_bots(seats)
  local play = loader.new_play(rs, { players = players, seed = seed })
  local id = tostring(#table_order + 1)
  local t = { id = id, rs = rs, play = play, g = play:game(), seats = seats, bots = bots, moves = 0, seed = seed,
              header = record.header({ game = game, with = with, rules = rules, options = options, rs = rs,
                                       seed = seed, players = players }, seats, config.root, nil),
              lines = {}, version = 0, stamp = 0, tokens = {} }
  t.geo = board.geometry(rs, {}, { pad = 0 })
  t.geo.minx, t.geo.miny = 0, 0
  tables[id] = t
  table_order[#table_order + 1] = id
  if not spec.defer_bots then M.run_bots(t) end
  return t
end

-- A table changed: event streams send its state again.
local function touch(t)
  t.stamp = t.stamp + 1
  if host.changed then host.changed() end
end

local function log_move(t, player, turn, text, decider)
  t.lines[#t.lines + 1] = json.encode(record.move_line(turn, player, text, t.g, decider))
  t.moves = t.moves + 1
  t.version = t.version + 1
  touch(t)
end

-- Applies move i for the seat that decides, and records it.
local function apply(t, i)
  local play = t.play
  local player, turn, decider = play:player(), play:turn(), play:decider()
  local text = play:move_name(i)
  t.words = t.words or {}
  t.words[#t.lines + 1] = move_words.words(t.rs, play, play:moves()[i])
  play:apply_index(i)
  log_move(t, player, turn, text, decider)
end

--- The bots move until a person's turn or the end of the game: with the
--- host's spawn, one decision at a time in a child process (the answer
--- comes back through M.bot_done); otherwise here and now.
function M.run_bots(t)
  local play = t.play
  if host.spawn then
    -- the seat that decides (play:decider(): a bidder, a dragon's mover)
    if t.thinking or t.bot_error or play:over() or not t.bots[play:decider()] then return end
    local seat, bot = play:decider(), t.bots[play:decider()]
    next_job = next_job + 1
    local job = next_job
    -- random and greedy decide in well under a millisecond: on the main
    -- thread after this request (host.defer); the others in a child
    local cheap = host.defer and (bot == agents_mod.random or t.seats[seat]:match("^greedy:?") and
                                  not t.seats[seat]:match("depth=[2-9]"))
    local ok, err
    if cheap then
      ok, err = host.defer(job)
    else
      ok, err = host.spawn(job, function() return bot(play, t.seed, t.rs) end, M.BOT_SECONDS)
    end
    if not ok then
      t.bot_error = ("the bot of seat %d could not start: %s"):format(seat, tostring(err))
    else
      jobs[job] = t
      -- the random agent draws from the play's own agent stream, which the
      -- child advanced in its copy only: the parent draws again (the same
      -- state gives the same index) so the next draw matches in-process play
      t.thinking = { seat = seat, job = job, version = t.version, redraw = not cheap and bot == agents_mod.random }
    end
    touch(t)
    return
  end
  local guard = 0
  while not play:over() and t.bots[play:decider()] do
    local bot = t.bots[play:decider()]
    -- an agent (meeple.agents) names the move; the seed is its salt
    local chosen = bot(play, t.seed, t.rs)
    if not chosen then error("the bot of seat " .. play:decider() .. " chose no move", 0) end
    apply(t, chosen)
    guard = guard + 1
    if guard > 100000 then error("bots did not finish", 0) end
  end
end

--- A bot's answer from its child process: the index of its move, or
--- nil and why it gave none. A stale job (its table moved on) is ignored.
function M.bot_done(job, answer, err)
  local t = jobs[job]
  jobs[job] = nil
  if not t or not t.thinking or t.thinking.job ~= job then return end
  local seat, redraw = t.thinking.seat, t.thinking.redraw
  t.thinking = nil
  local i = math.tointeger(tonumber(answer or ""))
  local play = t.play
  if i and redraw and not play:over() and play:random_choice() ~= i then
    answer, i = "a random index that is not the parent's", nil
  end
  if not i or play:over() or play:decider() ~= seat or i < 1 or i > play:move_count() then
    t.bot_error = ("the bot of seat %d %s"):format(seat, err or ("chose no legal move: " ..
                  tostring(answer):gsub("[%c]", " "):sub(1, 200)))
    touch(t)
    return
  end
  apply(t, i)
  M.run_bots(t)
end

--- A deferred decision (host.defer), run on the server's main thread.
function M.bot_run(job)
  local t = jobs[job]
  if not t or not t.thinking or t.thinking.job ~= job then jobs[job] = nil return end
  local bot = t.bots[t.thinking.seat]
  local ok, i = pcall(bot, t.play, t.seed, t.rs)
  if ok then return M.bot_done(job, tostring(i)) end
  return M.bot_done(job, nil, "failed: " .. tostring(i):gsub("[%c]", " "):sub(1, 200))
end

--- The HTTP server's hooks (cli_serve.c): spawn, defer, changed. Bots
--- of tables made before (the command line's) start now.
function M.set_host(h)
  host = h or {}
  if host.spawn then
    for _, id in ipairs(table_order) do M.run_bots(tables[id]) end
  end
end

-- }======================================================================

-- {======================================================================
-- Views of a table
-- =======================================================================

local defs_cache = setmetatable({}, { __mode = "k" })
local function tile_defs(t, ids)
  local cache = defs_cache[t.rs]
  if not cache then cache = {}; defs_cache[t.rs] = cache end
  local out = {}
  for _, id in ipairs(ids) do
    if not cache[id] then
      local d = board.defs(t.geo, { id })
      cache[id] = d:gsub("^<defs>\n", ""):gsub("\n</defs>$", "")
    end
    out[#out + 1] = cache[id]
  end
  return "<defs>" .. table.concat(out, "\n") .. "</defs>"
end

-- Where a deploy move's figure would stand (board coordinates, origin
-- at cell 0,0), or nil.
local function move_point(t, m)
  local at = m.at or {}
  if at.feature then
    local spot = at.feature:spot()
    local ti = spot.tile:info()
    local x, y = board.segment_point(t.geo, ti.id, ti.x, ti.y, ti.rot, spot.segment)
    return x, y, ti.x, ti.y
  elseif at.tile then
    local ti = at.tile:info()
    local x, y = board.tile_point(t.geo, ti.x, ti.y, 0, t.geo.S * 0.78, t.geo.S * 0.22)
    return x, y, ti.x, ti.y
  elseif at.cell or at.corner then
    local c = at.cell or at.corner
    local x, y = board.cell_point(t.geo, c, at.corner)
    return x, y, c[1], c[2]
  end
end

--- The legal moves of the seat to move: index, text, type and what the
--- page needs to offer them (tile/cell/rotation, or a figure's spot).
function M.moves(t)
  local play = t.play
  if play:over() then return record.list({}) end
  local list = {}
  local ms = play:moves()
  for i, m in ipairs(ms) do
    local e = { index = i, text = play:move_name(i), type = m.type, words = move_words.words(t.rs, play, m) }
    if m.type == "place" then
      e.tile, e.x, e.y, e.rot = m.tile, m.x, m.y, m.rot
    elseif m.type == "deploy" then
      e.figure = m.figure
      e.kind = m.at and m.at.feature and m.at.feature:kind() or nil
      e.px, e.py, e.x, e.y = move_point(t, m)
      e.shape = board.figure_shape(t.geo, m.figure)
      -- the spot as the text names it: a port (N, NNE...), C, C2..., corner, tile
      local at = e.text:match("^deploy %S+ (.*)$") or ""
      e.spot = at:match("^(%S+)") == "corner" and "corner" or at:match("^tile ") and "tile" or at
    elseif m.type == "action" then
      e.action, e.args, e.label = m.action, m.args, move_words.label(play, m)
    end
    list[#list + 1] = e
  end
  return record.list(list)
end

local function board_svg(t)
  local g = t.g
  local ids, seen, parts = {}, {}, {}
  local minx, miny, maxx, maxy = 0, 0, 0, 0
  for _, th in ipairs(g:tiles()) do
    local ti = th:info()
    if not seen[ti.id] then seen[ti.id] = true; ids[#ids + 1] = ti.id end
    parts[#parts + 1] = board.tile_use(t.geo, ti.id, ti.x, ti.y, ti.rot)
    parts[#parts + 1] = board.tile_badges(t.geo, ti.id, ti.x, ti.y, ti.rot)
    parts[#parts + 1] = board.coord_label(t.geo, ti.x, ti.y)
    minx, miny = math.min(minx, ti.x), math.min(miny, ti.y)
    maxx, maxy = math.max(maxx, ti.x), math.max(maxy, ti.y)
  end
  local tile = not t.play:over() and t.play:tile() or nil
  if tile and not seen[tile] then seen[tile] = true; ids[#ids + 1] = tile end
  for _, m in ipairs(t.play:moves()) do
    if m.type == "place" and not seen[m.tile] then seen[m.tile] = true; ids[#ids + 1] = m.tile end
  end
  table.sort(ids)
  local starts, n_starts = board.start_cells(g)
  for _, c in ipairs(starts) do parts[#parts + 1] = board.start_mark(t.geo, c.x, c.y) end
  local figs, shown = board.figures(t.geo, g)
  parts[#parts + 1] = figs
  local legend, legend_h = board.legend_for(t.geo, seen, shown, n_starts, 4, 0, 330)
  return tile_defs(t, ids) .. "\n" .. table.concat(parts, "\n"), { minx, miny, maxx, maxy }, legend, legend_h
end

local function last_moves(t, n)
  local out = {}
  for i = math.max(1, #t.lines - n + 1), #t.lines do
    local e = cjson.decode(t.lines[i])
    out[#out + 1] = { player = e.player, move = e.move, words = t.words and t.words[i] or nil }
  end
  return record.list(out)
end

--- The state of a table: everything the page shows.
function M.state(t, with_board)
  local play = t.play
  local over = play:over()
  local s = {
    api = M.API, table = t.id, version = t.version, game = t.header.game, with = record.list(t.header.with),
    title = t.rs.decl.title, players = t.header.players, seats = t.seats, over = over,
    scores = t.g:scores(), moves_made = t.moves, last = last_moves(t, 6),
    colours = {}, S = t.geo.S, server = M.instance, joined = {},
  }
  for p = 1, s.players do
    s.colours[p] = board.colour(p)
    s.joined[p] = t.tokens[p] ~= nil
  end
  if t.thinking then s.thinking = t.thinking.seat end
  if t.bot_error then s.error = t.bot_error end
  if not over then
    s.player, s.turn, s.phase = play:player(), play:turn(), play:phase()
    s.decider = play:decider()
    s.tile = play:tile()
  end
  s.supplies, s.tiles_left = board.supplies(t.g, t.rs.decl)
  s.supplies = record.list(s.supplies)
  local counters = board.counters(t.g, t.rs.decl)
  s.counters = counters and record.list(counters)
  if with_board then s.board, s.bounds, s.legend, s.legend_h = board_svg(t) end
  return s
end

function M.record_text(t)
  local lines = { json.encode(t.header) }
  for _, l in ipairs(t.lines) do lines[#lines + 1] = l end
  if t.play:over() then
    lines[#lines + 1] = json.encode(record.final_line(t.moves, t.g))
  end
  return table.concat(lines, "\n") .. "\n", lines
end

-- }======================================================================

-- {======================================================================
-- HTTP handling
-- =======================================================================

local function decode_body(body)
  if body == nil or body == "" then api_error(400, "a JSON object body is required") end
  local ok, v = pcall(cjson.decode, body)
  if not ok then api_error(400, "bad JSON: %s", tostring(v)) end
  if type(v) ~= "table" then api_error(400, "the body must be a JSON object") end
  return v
end

local function check_keys(v, allowed, what)
  for k in pairs(v) do
    if not allowed[k] then api_error(400, "%s: unknown key '%s'", what, tostring(k)) end
  end
end

local function find_table(id)
  local t = tables[id]
  if not t then api_error(404, "no table '%s'", id) end
  return t
end

-- POST .../move {"move": "text"} or {"index": n}, optional "seat".
local function post_move(t, body)
  local v = decode_body(body)
  check_keys(v, { move = true, index = true, seat = true, version = true, token = true }, "move")
  local seat = int_field(v, "seat", 1, #t.seats)
  local version = int_field(v, "version", 0)
  local index = int_field(v, "index", 1)
  if v.move ~= nil and type(v.move) ~= "string" then api_error(400, "'move' must be a move's text") end
  if v.token ~= nil and type(v.token) ~= "string" then api_error(400, "'token' must be a string") end
  local play = t.play
  if play:over() then api_error(409, "the game is over") end
  -- the seat that decides answers: the active one, or another for a bid
  -- or a dragon step (play:decider())
  local player = play:decider()
  if seat ~= nil and seat ~= player then
    if player == play:player() then api_error(409, "it is seat %d's turn, not seat %d's", player, seat) end
    api_error(409, "seat %d decides this move (in seat %d's turn), not seat %d", player, play:player(), seat)
  end
  if t.bots[player] then api_error(409, "seat %d is played by a bot", player) end
  if not t.tokens[player] then
    api_error(403, "seat %d has not been joined: POST /api/v1/tables/%s/seats/%d gives its token", player, t.id, player)
  end
  if v.token == nil then api_error(403, "a move needs the token of seat %d (\"token\")", player) end
  if v.token ~= t.tokens[player] then api_error(403, "that is not the token of seat %d", player) end
  if version ~= nil and version ~= t.version then
    api_error(409, "the table moved on (version %d, you sent %d): reload", t.version, version)
  end
  local i
  if index ~= nil then
    i = index
    if i > play:move_count() then api_error(422, "index %d is not a legal move (1..%d)", i, play:move_count()) end
  elseif v.move ~= nil then
    local why
    i, why = play:find_move(v.move)
    if not i then
      local message, reason = move_words.message(t.rs, play, v.move, why)
      error({ status = 422, message = message, reason = reason }, 0)
    end
  else
    api_error(400, "a move needs \"move\" (its text) or \"index\"")
  end
  apply(t, i)
  local ok, err = pcall(M.run_bots, t)
  if not ok then
    t.bot_error = "a bot failed: " .. tostring(err)
    touch(t)
  end
  return 200, M.state(t, true)
end

-- POST .../seats/N: joins human seat N; the answer holds the token its
-- moves must carry. A seat is joined once: the token is given out once.
local function post_seat(t, n, body)
  if body ~= nil and body ~= "" then check_keys(decode_body(body), {}, "seat") end
  local seat = math.tointeger(tonumber(n))
  if not seat or seat < 1 or seat > #t.seats then api_error(404, "table %s has no seat %s", t.id, n) end
  if t.bots[seat] then api_error(409, "seat %d is played by a bot (%s)", seat, t.seats[seat]) end
  if t.tokens[seat] then api_error(409, "seat %d is taken: its token was given out already", seat) end
  t.tokens[seat] = random_hex()
  touch(t)
  return 200, { api = M.API, table = t.id, seat = seat, token = t.tokens[seat] }
end

local function post_table(body)
  local v = decode_body(body)
  check_keys(v, { game = true, with = true, options = true, players = true, seed = true, agents = true },
             "table")
  for _, k in ipairs({ "with", "agents" }) do
    if v[k] ~= nil and type(v[k]) ~= "table" then api_error(400, "'%s' must be a list", k) end
    if v[k] ~= nil and #v[k] > 64 then api_error(400, "'%s' takes at most 64 names", k) end
  end
  if v.options ~= nil and type(v.options) ~= "table" then api_error(400, "'options' must be an object") end
  for k, o in pairs(v.options or {}) do
    if type(k) ~= "string" or (type(o) ~= "string" and type(o) ~= "number" and type(o) ~= "boolean") then
      api_error(400, "'options' maps names to strings, numbers or booleans")
    end
  end
  if v.game ~= nil and type(v.game) ~= "string" then api_error(400, "'game' must be a game's name") end
  local players = int_field(v, "players", 1, 64)
  local seed = int_field(v, "seed", 0)
  local t = M.new_table({ game = v.game, with = v.with, options = v.options, players = players,
                          seed = seed, agents = v.agents })
  return 201, M.state(t, false)
end

local JSON_TYPE = "application/json"

-- routes: method, pattern (at most one capture: the table id),
-- handler(id, body, query)
local ROUTES = {
  { "GET", "^/api/v1/tables$", function()
      local list = {}
      for _, id in ipairs(table_order) do list[#list + 1] = M.state(tables[id], false) end
      return 200, { api = M.API, tables = list }
    end },
  { "POST", "^/api/v1/tables$", function(_, body) return post_table(body) end },
  { "GET", "^/api/v1/tables/([%w]+)$", function(id, _, q) return 200, M.state(find_table(id), q.board ~= "0") end },
  { "GET", "^/api/v1/tables/([%w]+)/state$", function(id, _, q) return 200, M.state(find_table(id), q.board ~= "0") end },
  { "GET", "^/api/v1/tables/([%w]+)/moves$", function(id)
      local t = find_table(id)
      local s = { api = M.API, table = id, version = t.version, moves = M.moves(t) }
      if not t.play:over() then s.player, s.phase, s.decider = t.play:player(), t.play:phase(), t.play:decider() end
      return 200, s
    end },
  { "POST", "^/api/v1/tables/([%w]+)/move$", function(id, body) return post_move(find_table(id), body) end },
  { "POST", "^/api/v1/tables/([%w]+)/seats/([%w]+)$", function(id, body, _, n)
      return post_seat(find_table(id), n, body)
    end },
  { "GET", "^/api/v1/tables/([%w]+)/game$", function(id)
      local t = find_table(id)
      local s = server_game.build(t)
      s.api, s.table, s.version, s.over, s.moves = M.API, id, t.version, t.play:over(), M.moves(t)
      if t.thinking then s.thinking = t.thinking.seat end
      return 200, s
    end },
  { "GET", "^/api/v1/tables/([%w]+)/events$", function(id)
      find_table(id)
      return 200, id, "text/event-stream"
    end },
  { "GET", "^/api/v1/tables/([%w]+)/record$", function(id)
      return 200, (M.record_text(find_table(id))), "application/x-ndjson"
    end },
  { "GET", "^/api/v1/tables/([%w]+)/view$", function(id)
      local t = find_table(id)
      local _, lines = M.record_text(t)
      local html, err = viewer.html(viewer.read_lines(lines, "table " .. id), { root = config.root }, { rs = t.rs })
      if not html then return 500, { error = err } end
      return 200, html, "text/html; charset=utf-8"
    end },
  { "GET", "^/api/v1$", function()
      return 200, { api = M.API, docs = "docs/protocol.md",
                    endpoints = { "GET /api/v1/tables", "POST /api/v1/tables", "GET /api/v1/tables/ID/state",
                                  "GET /api/v1/tables/ID/game", "GET /api/v1/tables/ID/moves",
                                  "GET /api/v1/tables/ID/events", "POST /api/v1/tables/ID/seats/N",
                                  "POST /api/v1/tables/ID/move",
                                  "GET /api/v1/tables/ID/record", "GET /api/v1/tables/ID/view" } }
    end },
  { "GET", "^/favicon%.ico$", function() return 204, "" end },
  { "GET", "^/$", function()
      return 200, require("meeple.web.table_page").render(), "text/html; charset=utf-8"
    end },
  { "GET", "^/table/([%w]+)$", function()
      return 200, require("meeple.web.table_page").render(), "text/html; charset=utf-8"
    end },
}

local function parse_query(q)
  local out = {}
  for k, v in (q or ""):gmatch("([^&=]+)=?([^&]*)") do out[k] = v end
  return out
end

local function respond(status, body, ctype)
  if type(body) == "table" then return status, json.encode(body), JSON_TYPE end
  return status, body, ctype or "text/plain; charset=utf-8"
end

-- A page's Origin (sent by browsers on cross-site and state-changing
-- requests) must be this server itself: http://localhost:PORT or
-- http://127.0.0.1:PORT, the same host and port as the Host header.
local function origin_ok(origin, hosthdr)
  if origin == nil then return true end -- curl, bots: no browser, no ambient credentials
  local h = origin:match("^http://([^/]+)$")
  if not h then return false end
  local name = h:match("^%[::1%]") or h:match("^([^:]+)")
  if name ~= "localhost" and name ~= "127.0.0.1" and name ~= "[::1]" then return false end
  return hosthdr == nil or hosthdr:lower() == h:lower()
end

local function refuse(status, message) return respond(status, { error = message }) end

--- One request: returns status, body, content type. headers (names in
--- lower case) and query come from cli_serve.c; without query the URL's
--- own is read.
function M.handle(method, url, body, too_big, headers, query)
  headers = headers or {}
  if too_big then return refuse(413, ("the body is over %d bytes"):format(M.MAX_BODY)) end
  if not origin_ok(headers.origin, headers.host) then
    return refuse(403, "requests from another site's page are refused (Origin " ..
                  tostring(headers.origin):gsub("[%c\"]", "?"):sub(1, 80) .. ")")
  end
  if method == "POST" then
    local ctype = (headers["content-type"] or ""):lower()
    if not ctype:match("^application/json%s*$") and not ctype:match("^application/json%s*;") then
      return refuse(415, "a POST must be sent as Content-Type: application/json")
    end
  end
  local path, qs = url:match("^([^?]*)%??(.*)$")
  local q = type(query) == "table" and query or parse_query(qs)
  local known_path = false
  for _, r in ipairs(ROUTES) do
    local found, _, id, id2 = path:find(r[2])
    if found then
      known_path = true
      if r[1] == method then
        local ok, status, out, ctype = pcall(r[3], id, body, q, id2)
        if ok then return respond(status, out, ctype) end
        if type(status) == "table" and status.status then
          return respond(status.status, { error = status.message, reason = status.reason })
        end
        -- never a location inside the server to the client; the log has it
        io.stderr:write("meeple serve: ", method, " ", path, ": ", tostring(status):gsub("[%c]", " "), "\n")
        return refuse(500, "internal error")
      end
    end
  end
  if known_path then return respond(405, { error = method .. " is not allowed on " .. path }) end
  return respond(404, { error = "no such resource: " .. path })
end

--- The events of table id since stamp (an SSE stream, cli_serve.c):
--- the text to send ("" when nothing changed) and the new stamp; nil
--- when there is no such table.
function M.stream(id, stamp)
  local t = tables[id]
  if not t then return nil end
  if t.stamp == stamp then return "", stamp end
  local ok, s = pcall(M.state, t, false)
  if not ok then return nil end
  return "event: state\ndata: " .. json.encode(s) .. "\n\n", t.stamp
end

--- Set up from the command line: root, the first table's spec.
function M.setup(cfg, first)
  config = cfg
  tables, table_order = {}, {}
  jobs = {}
  M.instance = random_hex()
  first.trusted = true
  first.defer_bots = cfg.defer_bots -- meeple serve: its bots start with the HTTP server (M.set_host)
  return M.new_table(first)
end

return M
