-- Named action arguments (docs/lua-api.md, `action`) and veto reasons
-- where moves come in (Session:apply is in tests/lua/session_test.lua
-- and the Python tests; the server API here):
--   * `action "hop" { args = {...} }`: collect hooks return args by name,
--     on("action") reads them by name, play:moves() shows them by name,
--     the text stays positional in declared order, play:apply takes a
--     named or a positional (legacy) table;
--   * capabilities name their actions' arguments (recall, relocate...);
--   * bad named args from a collect hook (unknown, missing, wrong type,
--     huge, not a table, mixed) fail the move with one message naming
--     the hook's line, and the game is unchanged;
--   * declarations with bad names fail the load with the script's line;
--   * the server's 422 for a vetoed move carries the veto's reason.
--
-- Run from the repository root:  meeple script tests/host/action_args_test.lua

local loader = require "meeple.loader"

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. msg) end
  return cond
end
local function has(s, piece) return type(s) == "string" and s:find(piece, 1, true) ~= nil end

local temps = {}
local function temp_script(code)
  local base = os.tmpname()
  local f = assert(io.open(base .. ".lua", "w"))
  f:write(code)
  f:close()
  temps[#temps + 1], temps[#temps + 2] = base, base .. ".lua"
  return base .. ".lua"
end
local function load(code, with)
  return loader.load{ game = "base", with = with or {}, rules = code and { temp_script(code) } or {},
                      run = meeple_host.run, script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end
local function load_error(code, with)
  local ok, err = pcall(load, code, with)
  return not ok and tostring(err) or nil
end

-- A phase after the tile where the player may hop (a named action) or pass.
local HOP = [[
phase "hop" { after = "place_tile" }
action "hop" { args = { "x", "y", "segment" } }
collect("hop", function(ctx)
  return { { type = "action", action = "hop", args = %s }, { type = "pass" } }
end)
on("action", function(ctx, move)
  local a = move.args
  ctx:score(ctx.player, a.x * 100 + a.y * 10 + a.segment, "bonus")
end)
]]

-- Plays to the first hop phase; returns the play.
local function to_hop(rs, seed)
  local play = loader.new_play(rs, { players = 2, seed = seed or 1 })
  while play:phase() ~= "hop" do play:random_move() end
  return play
end

-- {======================================================================
-- Named arguments end to end
-- =======================================================================
do
  local rs = load(HOP:format("{ x = 1, y = 2, segment = 3 }"))
  local play = to_hop(rs)
  local ms = play:moves()
  local m = ms[1]
  check(m.type == "action" and m.action == "hop", "the collected move is listed")
  check(m.args.x == 1 and m.args.y == 2 and m.args.segment == 3 and m.args[1] == nil,
        "play:moves() shows the args by name")
  check(play:move_name(1) == "action hop 1 2 3 0", "the text is positional in declared order: " .. play:move_name(1))
  local names = play:action_args("hop")
  check(names and table.concat(names, ",") == "x,y,segment", "play:action_args lists the names in order")
  local g, player = play:game(), play:player()
  local before = g:scores()[player]
  play:apply({ type = "action", action = "hop", args = { segment = 3, y = 2, x = 1 } })
  check(g:scores()[player] - before == 123, "on(\"action\") reads args by name (x*100+y*10+segment)")
  -- the legacy positional table is still read, in declared order
  local p2 = to_hop(rs)
  local b2 = p2:game():scores()[p2:player()]
  p2:apply({ type = "action", action = "hop", args = { 1, 2, 3 } })
  check(p2:game():scores()[p2:player()] - b2 == 123, "a positional table is read in declared order")
  -- and the text form replays it
  local p3 = to_hop(rs)
  check(p3:find_move("action hop 1 2 3 0") == 1, "the text finds the move")
  -- a named table that names another move is not legal
  local p4 = to_hop(rs)
  check(not pcall(p4.apply, p4, { type = "action", action = "hop", args = { x = 1, y = 2, segment = 4 } }),
        "args that name no legal move are refused")
end

-- An action declared without names keeps four positional integers.
do
  local rs = load([[
phase "hop" { after = "place_tile" }
action "hop"
collect("hop", function(ctx) return { { type = "action", action = "hop", args = { 4, 5 } }, { type = "pass" } } end)
]])
  local play = to_hop(rs)
  local a = play:moves()[1].args
  check(#a == 4 and a[1] == 4 and a[2] == 5 and a[3] == 0 and a[4] == 0 and a.x == nil,
        "a legacy action shows four positional integers")
  check(play:action_args("hop") == nil, "a legacy action has no names")
  local ok, err = pcall(play.apply, play, { type = "action", action = "hop", args = { x = 4 } })
  check(not ok and has(err, "action 'hop' has no argument names"), "names are refused for a legacy action: " .. tostring(err))
end

-- Capabilities name the arguments of the actions they play.
do
  local rs = load(nil, { "abbey_mayor" })
  local play = loader.new_play(rs, { players = 2, seed = 1 })
  check(table.concat(play:action_args("wagon"), ",") == "owner,x,y,segment", "relocate: owner, x, y, segment")
  check(#play:action_args("abbey_decline") == 0, "hand_tile's decline takes no arguments")
  local hg = loader.load{ game = "hunters_gatherers", with = {}, rules = {}, run = meeple_host.run,
                          script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
  local hp = loader.new_play(hg, { players = 2, seed = 1 })
  check(table.concat(hp:action_args("shaman"), ",") == "x,y,segment", "recall: x, y, segment")
  local pd = loader.load{ game = "base", with = { "princess_dragon" }, rules = {}, run = meeple_host.run,
                          script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
  local pp = loader.new_play(pd, { players = 2, seed = 1 })
  check(table.concat(pp:action_args("dragon"), ",") == "x,y,mover,step", "walker: x, y, mover, step")
  check(table.concat(pp:action_args("fairy"), ",") == "x,y,segment", "companion: x, y, segment")
  check(table.concat(pp:action_args("portal"), ",") == "x,y,segment,kind", "P&D's portal names its own")
  -- a wagon move, as hooks and listings show it, matches its text
  local seen = 0
  for seed = 1, 30 do
    local p = loader.new_play(rs, { players = 2, seed = seed })
    while not p:over() and seen < 3 do
      local ms = p:moves()
      for i, m in ipairs(ms) do
        if m.action == "wagon" then
          local a = m.args
          seen = seen + 1
          check(p:move_name(i) == ("action wagon %d %d %d %d"):format(a.owner, a.x, a.y, a.segment),
                "a wagon move's text lists owner, x, y, segment: " .. p:move_name(i))
        end
      end
      p:random_move()
    end
  end
  check(seen > 0, "some wagon moves were seen")
end

-- {======================================================================
-- Hostile collect hooks: one clear message with the hook's line
-- =======================================================================
do
  local cases = {
    { "{ x = 1, y = 2, segmnt = 3 }", "unknown argument 'segmnt' (did you mean 'segment'? it takes x, y, segment)" },
    { "{ x = 1, y = 2 }", "argument 'segment' is missing (it takes x, y, segment)" },
    { "{ x = 1e300, y = 2, segment = 3 }", "args.x must be a 32-bit integer, got 1e+300" },
    { "{ x = 2^31, y = 2, segment = 3 }", "args.x must be a 32-bit integer" },
    { "{ x = 1.5, y = 2, segment = 3 }", "args.x must be a 32-bit integer, got 1.5" },
    { "{ x = '1', y = 2, segment = 3 }", "args.x must be a 32-bit integer, got a string" },
    { "'x=1'", "args must be a table, not a string" },
    { "{ x = 1, y = 2, segment = 3, [1] = 1 }", "args mixes names and positions" },
    { "{ x = 1, y = 2, segment = 3, [true] = 1 }", "an argument is named by a string, not a boolean" },
    { "{ [7] = 1 }", "args has key 7 (positions are 1..4)" },
    { "{ x = 1, y = 2, segment = 3, zz = 1, aa = 2 }", "unknown argument 'aa' (it takes x, y, segment)" },
    { "{ x = 1, y = 2, segment = 3, [string.rep('q', 100000)] = 1 }", "unknown argument '" .. string.rep("q", 40) .. "' (" },
    { "setmetatable({}, { __index = function() error('boom') end })", "argument 'x' is missing" },
  }
  for _, c in ipairs(cases) do
    local rs = load(HOP:format(c[1]))
    local play = loader.new_play(rs, { players = 2, seed = 1 })
    local ok, err, before
    local function shot()
      local g = play:game()
      return table.concat({ play:phase(), play:turn(), play:player(), #g:tiles(), table.concat(g:scores(), ","),
                            play:move_count() }, "|")
    end
    for _ = 1, 20 do
      before = shot()
      ok, err = pcall(play.random_move, play)
      if not ok then break end
    end
    check(not ok and has(err, ".lua:3: collect: action 'hop': " .. c[2]),
          "bad args " .. c[1]:sub(1, 40) .. " -> " .. c[2] .. ": " .. tostring(err):sub(1, 300))
    check(not has(err, "meeple/") and not has(err, "[C]"), "no host location in the message: " .. tostring(err):sub(1, 200))
    check(shot() == before, "the failed move left the game as it was: " .. shot() .. " vs " .. tostring(before))
  end
  -- a non-table move and a non-table list are refused too
  local rs = load([[
phase "hop" { after = "place_tile" }
action "hop" { args = { "x" } }
collect("hop", function(ctx) return { 42 } end)
]])
  local play = loader.new_play(rs, { players = 2, seed = 1 })
  local ok, err
  for _ = 1, 20 do ok, err = pcall(play.random_move, play); if not ok then break end end
  check(not ok and has(err, ".lua:3: collect:"), "a move that is not a table names the hook: " .. tostring(err))
end

-- {======================================================================
-- Declarations
-- =======================================================================
do
  local e = load_error([[action "a" { args = { "x", "y", "x" } }]])
  check(has(e, ".lua:1:") and has(e, "argument 'x' is named twice"), "a name given twice: " .. tostring(e))
  e = load_error([[action "a" { args = { "a", "b", "c", "d", "e" } }]])
  check(has(e, ".lua:1:") and has(e, "at most 4 argument names"), "five names: " .. tostring(e))
  e = load_error([[action "a" { args = { "x y" } }]])
  check(has(e, ".lua:1:") and has(e, "must be a name"), "a name with a space: " .. tostring(e))
  e = load_error([[action "a" { args = { 1 } }]])
  check(has(e, ".lua:1:") and has(e, "args[1] must be"), "a number as a name: " .. tostring(e))
  e = load_error([[action "a" { argz = { "x" } }]])
  check(has(e, ".lua:1:") and has(e, "unknown field 'argz' (did you mean 'args'?)"), "an unknown key: " .. tostring(e))
  e = load_error([[
action "take_back" { args = { "a", "b", "c" } }
phase "take_back" { after = "place_tile" }
recall "take_back" { phase = "take_back", figures = { "meeple" }, on = { "city" } }]])
  check(has(e, ".lua:3:") and has(e, "recall: action 'take_back' takes x, y, segment, not the declared a, b, c"),
        "a capability refuses other names for its action: " .. tostring(e))
  local rs = load([[
action "take_back" { args = { "x", "y", "segment" } }
phase "take_back" { after = "place_tile" }
recall "take_back" { phase = "take_back", figures = { "meeple" }, on = { "city" } }]])
  check(rs ~= nil, "the capability's own names may be declared")
end

-- The first placement north of the start tile that seed 4 lists without
-- the north_veto rule (tests/fixtures/embed/north_veto.lua).
local function north_move()
  local fp = loader.new_play(load(nil), { players = 2, seed = 4 })
  for i = 1, fp:move_count() do
    local y = fp:move_name(i):match("^place %S+ %-?%d+,(%-?%d+) r%d$")
    if y and tonumber(y) < 0 then return fp:move_name(i) end
  end
end

-- {======================================================================
-- The server API: a vetoed move's 422 carries the reason
-- =======================================================================
do
  local server = require "meeple.server"
  local cjson = require "cjson"
  server.setup({ root = "." }, { game = "base", rules = { "tests/fixtures/embed/north_veto.lua" }, seed = 4,
                                 players = 2, agents = { "human", "human" } })
  local JSON = { ["content-type"] = "application/json" }
  local function call(method, url, body)
    local status, text = server.handle(method, url, body and cjson.encode(body) or nil, false, JSON)
    return status, cjson.decode(text)
  end
  local token = select(2, call("POST", "/api/v1/tables/1/seats/1", {})).token
  local north = north_move()
  check(north ~= nil, "a northern placement exists without the rule")
  local _, before = call("GET", "/api/v1/tables/1/moves")
  local status, body = call("POST", "/api/v1/tables/1/move", { move = north, seat = 1, token = token })
  check(status == 422, "a vetoed move is a 422: " .. tostring(status))
  check(has(body.reason, "vetoed: refused by an allow hook: nothing north of the start tile (")
        and has(body.reason, "north_veto.lua:3)"), "the JSON reason is the veto's: " .. tostring(body.reason))
  check(has(body.error, "'" .. north .. "' is not a legal move now") and has(body.error, body.reason or "?"),
        "the error message carries it too: " .. tostring(body.error))
  local _, after = call("GET", "/api/v1/tables/1/moves")
  check(cjson.encode(after) == cjson.encode(before), "the refused move changed nothing")
  local st, plain = call("POST", "/api/v1/tables/1/move", { move = "place Z 99,99 r0", seat = 1, token = token })
  check(st == 422 and plain.reason == nil or has(plain.reason, "no tile"), "a text that names no move: " .. tostring(plain.reason))
end

-- `meeple play` with a bot that names a vetoed move by its text: the
-- game stops with the veto's reason (and a legal text is played).
do
  local north = north_move()
  local bot = temp_script(("function choose(view) if view.turn == 1 and view.phase == 'place_tile' then return %q end return 1 end")
    :format(north))
  local exe = os.getenv("MEEPLE_BIN") or "build/meeple"
  local cmd = ("%s play --seed 4 --players 2 --rules tests/fixtures/embed/north_veto.lua --agents %s 2>&1; echo rc=$?")
    :format(exe, bot)
  local h = io.popen(cmd)
  local out = h:read("a")
  h:close()
  check(has(out, "meeple play: turn 1: " .. bot .. ": choose returned '" .. north .. "': it is not a legal move now (phase place_tile")
        and has(out, "vetoed: refused by an allow hook: nothing north of the start tile (")
        and has(out, "north_veto.lua:3)") and has(out, "rc=1"), "meeple play names the veto's reason: " .. out)
  -- without the veto, the same bot's text is played
  h = io.popen(("%s play --seed 4 --players 2 --agents %s 2>&1; echo rc=$?"):format(exe, bot))
  out = h:read("a")
  h:close()
  check(has(out, "turn   1  P1  " .. north) , "a legal text from a bot is played: " .. out:sub(1, 300))
end

-- `meeple play --agents human`: the moves are listed (an action's args by
-- name), a vetoed text is refused with its reason and asked again, an
-- index is played, and the end of the input stops the game.
do
  local north = north_move()
  local exe = os.getenv("MEEPLE_BIN") or "build/meeple"
  local h = io.popen(("printf '%%s\n' '%s' 'nonsense' 99 1 | %s play --seed 4 --players 2 --quiet "
    .. "--rules tests/fixtures/embed/north_veto.lua --agents human,random 2>&1; echo rc=$?"):format(north, exe))
  local out = h:read("a")
  h:close()
  check(has(out, "turn 1, player 1, phase place_tile, tile ") and has(out, "    1  place "),
        "the person sees the legal moves: " .. out:sub(1, 300))
  check(has(out, "  '" .. north .. "' is not a legal move now (phase place_tile")
        and has(out, "vetoed: refused by an allow hook: nothing north of the start tile (")
        and has(out, "north_veto.lua:3)"), "a vetoed text is refused with the reason: " .. out:sub(1, 600))
  check(has(out, "'nonsense' is not a legal move now") and has(out, "no move 99 (1.."),
        "other bad answers are refused and asked again: " .. out:sub(1, 600))
  check(has(out, "phase place_figure") and has(out, "no more input: standard input ended before the game did")
        and has(out, "rc=1"), "index 1 was played, then the end of input stops the game: " .. out:sub(-300))
  -- the moves list shows an action's arguments by name
  local path = temp_script(HOP:format("{ x = 1, y = 2, segment = 3 }"))
  h = io.popen(("printf '1\n1\n' | %s play --seed 1 --players 2 --quiet --rules %s --agents human,random 2>&1")
    :format(exe, path))
  out = h:read("a")
  h:close()
  check(has(out, "action hop 1 2 3 0   (hop x=1 y=2 segment=3)"), "the prompt shows args by name: " .. out:sub(1, 800))
end

-- An action move in the API's JSON has args by name and a label.
do
  local server = require "meeple.server"
  local cjson = require "cjson"
  local path = temp_script(HOP:format("{ x = 1, y = 2, segment = 3 }"))
  server.setup({ root = "." }, { game = "base", rules = { path }, seed = 1, players = 2, agents = { "human", "human" } })
  local JSON = { ["content-type"] = "application/json" }
  local tokens = {}
  for seat = 1, 2 do
    local _, text = server.handle("POST", "/api/v1/tables/1/seats/" .. seat, "{}", false, JSON)
    tokens[seat] = cjson.decode(text).token
  end
  local found
  for _ = 1, 10 do
    local _, text = server.handle("GET", "/api/v1/tables/1/moves")
    local moves = cjson.decode(text).moves
    for _, m in ipairs(moves) do if m.type == "action" then found = m end end
    if found then break end
    local _, st = server.handle("GET", "/api/v1/tables/1/state?board=0")
    server.handle("POST", "/api/v1/tables/1/move", cjson.encode({ index = 1, token = tokens[cjson.decode(st).player] }),
                  false, JSON)
  end
  check(found and found.args.x == 1 and found.args.y == 2 and found.args.segment == 3,
        "the API's action move has args by name")
  check(found and found.label == "hop x=1 y=2 segment=3" and found.text == "action hop 1 2 3 0",
        "its label lists them in declared order, the text stays positional: " .. tostring(found and found.label))
end

for _, p in ipairs(temps) do os.remove(p) end
print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
