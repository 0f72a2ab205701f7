-- meeple serve's request handling in process (meeple.server.handle, as
-- cli_serve.c calls it with the request's headers and query), issues #36
-- (section 8) and #42:
--   * bad numbers are a 400 naming the field, never a 500 with a place
--     inside the server; integers print as integers;
--   * a POST must be application/json, and a page of another site
--     (Origin) is refused;
--   * a human seat is joined once and its token must come with its moves;
--   * what a request may ask of its bots is capped;
--   * bots never move inside a request: with the host's spawn hook a
--     request returns while the bot thinks, and its answer arrives later;
--   * ?board=0 leaves the picture out (under 5 KB for a base game);
--   * the structured game names every tile, feature, figure and supply;
--   * the event stream sends a table's state once per change.
--
-- Run from the repository root:  meeple script tests/host/serve_api_test.lua

local server = require "meeple.server"
local cjson = require "cjson"

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. msg) end
  return cond
end
local function has(s, piece) return type(s) == "string" and s:find(piece, 1, true) ~= nil end

local JSON = { ["content-type"] = "application/json", host = "127.0.0.1:8080" }
local function call(method, url, body, headers, query)
  if type(body) == "table" then body = cjson.encode(body) end
  local status, text = server.handle(method, url, body, false, headers or JSON, query)
  local ok, v = pcall(cjson.decode, text)
  return status, ok and v or text, text
end

server.setup({ root = "." }, { game = "base", seed = 3, players = 2, agents = { "human", "human" } })

-- {======================================================================
-- Cross-site requests, tokens, numbers
-- =======================================================================
do
  local st, body = call("POST", "/api/v1/tables/1/seats/1", "", { ["content-type"] = "text/plain" })
  check(st == 415, "a text/plain POST is refused: " .. tostring(st))
  st = call("POST", "/api/v1/tables/1/seats/1", "", { host = "127.0.0.1:8080" })
  check(st == 415, "a POST without a Content-Type is refused: " .. tostring(st))
  st, body = call("POST", "/api/v1/tables/1/seats/1", "{}",
                  { ["content-type"] = "application/json", host = "127.0.0.1:8080", origin = "http://evil.example" })
  check(st == 403 and has(body.error, "another site"), "a foreign Origin is refused: " .. tostring(st))
  st = call("GET", "/api/v1/tables/1/state", nil, { host = "127.0.0.1:8080", origin = "http://localhost:9999" })
  check(st == 403, "an Origin that is not this server (another port) is refused: " .. tostring(st))
  st = call("GET", "/api/v1/tables/1/state", nil, { host = "127.0.0.1:8080", origin = "null" })
  check(st == 403, "Origin null (a sandboxed or file page) is refused: " .. tostring(st))

  local _, moves = call("GET", "/api/v1/tables/1/moves")
  st, body = call("POST", "/api/v1/tables/1/move", { index = 1 })
  check(st == 403 and has(body.error, "/seats/1"), "a move on a seat nobody joined says how to join: " .. tostring(body.error))
  st, body = call("POST", "/api/v1/tables/1/seats/1", {},
                  { ["content-type"] = "application/json; charset=utf-8", host = "localhost:8080", origin = "http://localhost:8080" })
  check(st == 200 and type(body.token) == "string" and #body.token == 32, "joining seat 1 gives a token")
  local token = body.token
  st = call("POST", "/api/v1/tables/1/seats/1", {})
  check(st == 409, "seat 1 is joined once: " .. tostring(st))
  st = call("POST", "/api/v1/tables/1/seats/3", {})
  check(st == 404, "no seat 3 at a 2-player table: " .. tostring(st))
  st, body = call("POST", "/api/v1/tables/1/move", { index = 1 })
  check(st == 403 and has(body.error, "token"), "a move without the token is refused: " .. tostring(body.error))
  st, body = call("POST", "/api/v1/tables/1/move", { index = 1, token = "0123" })
  check(st == 403, "a move with another token is refused: " .. tostring(st))

  st, body = call("POST", "/api/v1/tables/1/move", '{"index": 1e308, "token": "' .. token .. '"}')
  check(st == 400 and has(body.error, "'index'") and not has(body.error, ".lua"),
        "index 1e308 is a 400 naming the field: " .. tostring(st) .. " " .. tostring(body.error))
  for _, raw in ipairs({ '{"index": -1e308}', '{"index": 0}', '{"index": 2.5}', '{"index": "3"}', '{"index": true}',
                         '{"index": 1, "version": 1e300}', '{"index": 1, "seat": 1e20}' }) do
    st, body = call("POST", "/api/v1/tables/1/move", (raw:gsub("}$", ', "token": "' .. token .. '"}')))
    check(st == 400 and not has(body.error, ".lua"), raw .. " is a 400: " .. tostring(st) .. " " .. tostring(body.error))
  end
  st, body = call("POST", "/api/v1/tables/1/move", '{"index": 1, "seat": 2.0, "token": "' .. token .. '"}')
  check(st == 409 and has(body.error, "not seat 2's") and not has(body.error, "2.0"),
        "a seat prints as an integer: " .. tostring(body.error))
  st, body = call("POST", "/api/v1/tables/1/move", '{"index": 1, "version": 99.0, "token": "' .. token .. '"}')
  check(st == 409 and has(body.error, "you sent 99)"), "a version prints as an integer: " .. tostring(body.error))
  st, body = call("POST", "/api/v1/tables/1/move", { move = "place Z 9,9 r0", token = token })
  local _, n = tostring(body.error):gsub("place Z 9,9 r0", "")
  check(st == 422 and n == 1, "an illegal move's message names it once: " .. tostring(body.error))
  st, body = call("POST", "/api/v1/tables", { agents = { "mcts:100000000", "mcts:100000000" } })
  check(st == 400 and has(body.error, "20000"), "a table may not ask for endless bots: " .. tostring(body.error))
  st, body = call("POST", "/api/v1/tables", { agents = { "human", "mcts:time=1h" } })
  check(st == 400, "nor for endless thinking time: " .. tostring(st))
  st, body = call("POST", "/api/v1/tables", { agents = { "human", "mcts:500:rsample=100000" } })
  check(st == 400 and has(body.error, "command line"), "settings beyond the bounded ones are the command line's: "
        .. tostring(body.error))
  st, body = call("POST", "/api/v1/tables", { players = 1e308 })
  check(st == 400 and has(body.error, "'players'"), "a huge player count names the field: " .. tostring(body.error))
  st, body = call("GET", "/api/v1/tables/1/state")
  check(st == 200 and body.version == 0, "the refused requests changed nothing")
  st, body = call("POST", "/api/v1/tables/1/move", { index = moves.moves[1].index, seat = 1, token = token })
  check(st == 200 and body.version == 1, "a move with its seat's token is played: " .. tostring(st))
end

-- {======================================================================
-- ?board=0, the structured game, a whole game by tokens
-- =======================================================================
do
  local _, j2 = call("POST", "/api/v1/tables/1/seats/2", {})
  local _, s1 = call("GET", "/api/v1/tables/1/state") -- token of seat 1 is above: re-join is refused, so keep it here
  local tokens = { nil, j2.token }
  -- seat 1's token: from a fresh table instead, to stay self-contained
  local st, made = call("POST", "/api/v1/tables", { seed = 7, agents = { "human", "human" } })
  check(st == 201, "a second table: " .. tostring(st))
  local id = made.table
  for seat = 1, 2 do tokens[seat] = select(2, call("POST", "/api/v1/tables/" .. id .. "/seats/" .. seat, {})).token end
  local base = "/api/v1/tables/" .. id
  local deployed, checked_figure = nil, false
  local k = 0
  while true do
    local _, g = call("GET", base .. "/game")
    if g.over then break end
    if deployed then
      -- the figure the last move deployed stands where its text said
      local found = false
      for _, f in ipairs(g.figures) do
        if f.owner == deployed.player and f.x == deployed.x and f.y == deployed.y and f.spot == deployed.spot then found = true end
      end
      checked_figure = checked_figure or found
      check(found, ("the deployed figure is listed at %d,%d %s"):format(deployed.x, deployed.y, deployed.spot))
      deployed = nil
    end
    local m = g.moves[1 + (k * 7) % #g.moves]
    for _, c in ipairs(g.moves) do if c.type == "deploy" and c.spot and c.spot:match("^[NESWC]") then m = c break end end
    if m.type == "deploy" then deployed = { player = g.player, x = m.x, y = m.y, spot = m.spot } end
    local st2 = call("POST", base .. "/move", { index = m.index, token = tokens[g.player] })
    if not check(st2 == 200, "move " .. m.text .. ": " .. tostring(st2)) then break end
    k = k + 1
  end
  check(checked_figure, "at least one deployed figure was found by its spot")
  local _, g = call("GET", base .. "/game")
  check(#g.tiles == 72 and #g.tiles[1].segments > 0 and g.tiles[1].segments[1].spot ~= nil,
        "the structured game lists every tile with its segments: " .. #g.tiles)
  local kinds, closed = {}, 0
  for _, f in ipairs(g.features) do kinds[f.kind] = true; if f.closed then closed = closed + 1 end end
  check(kinds.city and kinds.road and kinds.field and closed > 0, "features carry their kind and whether closed")
  check(g.stacks.main == 0 and type(g.supplies[1].meeple) == "number", "tiles left per stack and supplies")
  local _, st = call("GET", base .. "/state")
  check(g.scores[1] == st.scores[1] and g.scores[2] == st.scores[2], "the same scores as the state")
  local _, _, small = call("GET", base .. "/state?board=0", nil, nil, { board = "0" })
  local _, _, big = call("GET", base .. "/state", nil, nil, {})
  check(#small < 5000 and not has(small, '"board"') and #big > 20000,
        ("?board=0 from the query table leaves the picture out: %d bytes, with it %d"):format(#small, #big))
  local _ = s1
end

-- {======================================================================
-- Bots outside the request path (a stand-in for cli_serve.c's fork)
-- =======================================================================
do
  local spawned, changes = {}, 0
  server.set_host({
    spawn = function(job, fn) spawned[#spawned + 1] = { job = job, fn = fn } return true end,
    changed = function() changes = changes + 1 end,
  })
  local st, made = call("POST", "/api/v1/tables", { seed = 2, agents = { "human", "mcts:20000" } })
  check(st == 201, "a table may have an mcts:20000 bot: " .. tostring(st))
  st, made = call("POST", "/api/v1/tables", { seed = 2, agents = { "human", "greedy" } })
  check(st == 201, "a table with a greedy bot: " .. tostring(st))
  local base = "/api/v1/tables/" .. made.table
  local _, j = call("POST", base .. "/seats/1", {})
  local _, moves = call("GET", base .. "/moves")
  local v = 0
  repeat -- seat 1's whole turn
    st = call("POST", base .. "/move", { index = 1, token = j.token })
    local _, s = call("GET", base .. "/state?board=0", nil, nil, { board = "0" })
    v = s.version
  until s.player ~= 1
  local _, s = call("GET", base .. "/state", nil, nil, { board = "0" })
  check(#spawned == 1 and s.thinking == 2 and s.player == 2, "the request returned with the bot still thinking")
  local text, stamp = server.stream(made.table, -1)
  check(has(text, "event: state\ndata: {") and has(text, '"thinking":2'), "the event stream sends the state")
  check(select(1, server.stream(made.table, stamp)) == "", "and nothing while nothing changed")
  -- the child's work, done here: the bot's choice comes back by job id
  local choice = spawned[1].fn()
  server.bot_done(spawned[1].job, tostring(choice))
  _, s = call("GET", base .. "/state", nil, nil, { board = "0" })
  check(s.version == v + 1 and (s.player == 1 or #spawned == 2), "the bot's answer was played: " .. s.version)
  check(select(1, server.stream(made.table, stamp)) ~= "", "a change is an event")
  server.bot_done(spawned[1].job, "1") -- a stale job changes nothing
  local _, s2 = call("GET", base .. "/state", nil, nil, { board = "0" })
  check(s2.version == s.version, "a stale answer is ignored")
  if #spawned == 2 then
    server.bot_done(spawned[2].job, nil, "took too long and was stopped")
    _, s = call("GET", base .. "/state", nil, nil, { board = "0" })
    check(has(s.error, "took too long") and s.thinking == nil, "a bot stopped at its deadline is reported: " .. tostring(s.error))
  end
  check(changes > 0, "every change is signalled to the event streams")
  local _ = moves
  server.set_host(nil)
end

-- An internal error never shows where in the server it happened.
do
  local real = server.state
  server.state = function() error("boom") end
  local st, body = call("GET", "/api/v1/tables/1/state")
  server.state = real
  check(st == 500 and body.error == "internal error", "a 500 says only 'internal error': " .. tostring(body.error))
end

print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
