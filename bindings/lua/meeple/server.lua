-- meeple.server: the local table's game logic and JSON API, without the
-- HTTP layer (bindings/cli/cli_serve.c hands every request to
-- M.handle and sends back what it returns). docs/protocol.md documents
-- the API.
--
-- Invariant: a request either applies exactly the one legal move it
-- names (then the bots move until a person's turn or the end) or
-- changes nothing and gets a 4xx with {"error": message}. Tables live
-- as long as the server; each is one game with one agent per seat
-- ("human" or a bot: random, greedy, mcts:N when built, FILE.lua).

local loader = require "meeple.loader"
local board = require "meeple.render_board"
local record = require "meeple.cli.record"
local agents_mod = require "meeple.cli.agents"
local viewer = require "meeple.viewer"
local move_words = require "meeple.move_words"

local json = record.json
local cjson = require "cjson"

local M = {}

M.API = "v1"
M.MAX_BODY = 16 * 1024       -- bytes in one request body (cli_serve.c enforces it too)
M.MAX_TABLES = 64

local tables, table_order = {}, {}
local config -- root, defaults for new tables

-- {======================================================================
-- Tables
-- =======================================================================

local function api_error(status, fmt, ...)
  error({ status = status, message = select("#", ...) > 0 and fmt:format(...) or fmt }, 0)
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
      local made, code = agents_mod.make_agents("serve", { name })
      if not made then api_error(400, "unknown agent '%s' (human, random, greedy, mcts[:N] or FILE.lua)", name) end
      bots[p] = made[1]
      local _ = code
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
  for _, a in ipairs(agent_list) do
    if type(a) ~= "string" or (not spec.trusted and not a:match("^[%w_:]+$")) then
      api_error(400, "'agents' takes agent names (human, random, greedy...), got '%s'", tostring(a))
    end
  end
  local seats = seat_agents(agent_list, players)
  local bots = make_bots(seats)
  local play = loader.new_play(rs, { players = players, seed = seed })
  local id = tostring(#table_order + 1)
  local t = { id = id, rs = rs, play = play, g = play:game(), seats = seats, bots = bots, moves = 0, seed = seed,
              header = record.header({ game = game, with = with, rules = rules, options = options, rs = rs,
                                       seed = seed, players = players }, seats, config.root, nil),
              lines = {}, version = 0 }
  t.geo = board.geometry(rs, {}, { pad = 0 })
  t.geo.minx, t.geo.miny = 0, 0
  tables[id] = t
  table_order[#table_order + 1] = id
  M.run_bots(t)
  return t
end

local function log_move(t, player, turn, text)
  t.lines[#t.lines + 1] = json.encode(record.move_line(turn, player, text, t.g))
  t.moves = t.moves + 1
  t.version = t.version + 1
end

-- Applies move i for the seat to move, and records it.
local function apply(t, i)
  local play = t.play
  local player, turn = play:player(), play:turn()
  local text = play:move_name(i)
  play:apply_index(i)
  log_move(t, player, turn, text)
end

--- The bots move until a person's turn or the end of the game.
function M.run_bots(t)
  local play = t.play
  local guard = 0
  while not play:over() and t.bots[play:player()] do
    local bot = t.bots[play:player()]
    -- an agent (meeple.cli.agents) names the move; the seed is its salt
    local chosen = bot(play, t.seed, t.rs)
    if not chosen then error("the bot of seat " .. play:player() .. " chose no move", 0) end
    apply(t, chosen)
    guard = guard + 1
    if guard > 100000 then error("bots did not finish", 0) end
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
    local e = { index = i, text = play:move_name(i), type = m.type }
    if m.type == "place" then
      e.tile, e.x, e.y, e.rot = m.tile, m.x, m.y, m.rot
    elseif m.type == "deploy" then
      e.figure = m.figure
      e.kind = m.at and m.at.feature and m.at.feature:kind() or nil
      e.px, e.py, e.x, e.y = move_point(t, m)
      e.shape = board.figure_shape(t.geo, m.figure)
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
  local starts = board.start_cells(g)
  for _, c in ipairs(starts) do parts[#parts + 1] = board.start_mark(t.geo, c.x, c.y) end
  local figs, shown = board.figures(t.geo, g)
  parts[#parts + 1] = figs
  local legend, legend_h = board.legend_for(t.geo, seen, shown, #starts, 4, 0, 330)
  return tile_defs(t, ids) .. "\n" .. table.concat(parts, "\n"), { minx, miny, maxx, maxy }, legend, legend_h
end

local function last_moves(t, n)
  local out = {}
  for i = math.max(1, #t.lines - n + 1), #t.lines do
    local e = cjson.decode(t.lines[i])
    out[#out + 1] = { player = e.player, move = e.move }
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
    colours = {}, S = t.geo.S,
  }
  for p = 1, s.players do s.colours[p] = board.colour(p) end
  if not over then
    s.player, s.turn, s.phase = play:player(), play:turn(), play:phase()
    s.tile = play:tile()
  end
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
  check_keys(v, { move = true, index = true, seat = true, version = true }, "move")
  local play = t.play
  if play:over() then api_error(409, "the game is over") end
  local player = play:player()
  if v.seat ~= nil and v.seat ~= player then
    api_error(409, "it is seat %d's turn, not seat %s's", player, tostring(v.seat))
  end
  if t.bots[player] then api_error(409, "seat %d is played by a bot", player) end
  if v.version ~= nil and v.version ~= t.version then
    api_error(409, "the table moved on (version %d, you sent %s): reload", t.version, tostring(v.version))
  end
  local i
  if v.index ~= nil then
    if math.type(v.index) ~= "integer" and not (type(v.index) == "number" and v.index == math.floor(v.index)) then
      api_error(400, "index must be an integer")
    end
    i = math.tointeger(v.index)
    if i < 1 or i > play:move_count() then api_error(422, "index %d is not a legal move (1..%d)", i, play:move_count()) end
  elseif type(v.move) == "string" then
    local why
    i, why = play:find_move(v.move)
    if not i then
      local message, reason = move_words.message(t.rs, play, v.move, why)
      error({ status = 422, message = ("illegal move '%s': %s"):format(v.move, message), reason = reason }, 0)
    end
  else
    api_error(400, "a move needs \"move\" (its text) or \"index\"")
  end
  apply(t, i)
  local ok, err = pcall(M.run_bots, t)
  if not ok then return 500, { error = "a bot failed: " .. tostring(err) } end
  return 200, M.state(t, true)
end

local function post_table(body)
  local v = decode_body(body)
  check_keys(v, { game = true, with = true, options = true, players = true, seed = true, agents = true },
             "table")
  for _, k in ipairs({ "with", "agents" }) do
    if v[k] ~= nil and type(v[k]) ~= "table" then api_error(400, "'%s' must be a list", k) end
  end
  if v.options ~= nil and type(v.options) ~= "table" then api_error(400, "'options' must be an object") end
  -- JSON numbers arrive as floats: 2.0 is the integer 2, 2.5 stays refused
  local function whole(x) return math.tointeger(x) or x end
  local t = M.new_table({ game = v.game, with = v.with, options = v.options, players = whole(v.players),
                          seed = whole(v.seed), agents = v.agents })
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
      if not t.play:over() then s.player, s.phase = t.play:player(), t.play:phase() end
      return 200, s
    end },
  { "POST", "^/api/v1/tables/([%w]+)/move$", function(id, body) return post_move(find_table(id), body) end },
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
                                  "GET /api/v1/tables/ID/moves", "POST /api/v1/tables/ID/move",
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

--- One request: returns status, body, content type.
function M.handle(method, url, body, too_big)
  if too_big then return respond(413, { error = ("the body is over %d bytes"):format(M.MAX_BODY) }) end
  local path, query = url:match("^([^?]*)%??(.*)$")
  local q = parse_query(query)
  local known_path = false
  for _, r in ipairs(ROUTES) do
    local found, _, id = path:find(r[2])
    if found then
      known_path = true
      if r[1] == method then
        local ok, status, out, ctype = pcall(r[3], id, body, q)
        if ok then return respond(status, out, ctype) end
        if type(status) == "table" and status.status then
          return respond(status.status, { error = status.message, reason = status.reason })
        end
        return respond(500, { error = tostring(status) })
      end
    end
  end
  if known_path then return respond(405, { error = method .. " is not allowed on " .. path }) end
  return respond(404, { error = "no such resource: " .. path })
end

--- Set up from the command line: root, the first table's spec.
function M.setup(cfg, first)
  config = cfg
  tables, table_order = {}, {}
  first.trusted = true
  return M.new_table(first)
end

return M
