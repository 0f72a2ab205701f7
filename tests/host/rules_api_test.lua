-- Unit tests of the rules API (meeple.loader): declarations, options,
-- hooks, their order, and what the sandbox does to a hook that fails,
-- draws random numbers or never returns.
--
-- Run from the repository root:  meeple script tests/host/rules_api_test.lua
--
-- Each case writes small rule scripts to temporary files and loads them
-- after scripts/base.lua, the way `meeple play --rules FILE` does.

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

-- Temporary scripts, removed at the end.
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

local function load(rules, options, game)
  return loader.load{ game = game or "base", rules = rules or {}, options = options,
                      run = meeple_host.run, script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

-- loader.load that must fail; returns the message.
local function load_error(rules, options, game)
  local ok, err = pcall(load, rules, options, game)
  if ok then return nil end
  return tostring(err)
end

local function play_out(play)
  while not play:over() do play:random_move() end
  return play
end

local function ledger_of(rs, seed)
  local play = play_out(loader.new_play(rs, { players = 2, seed = seed or 1 }))
  return play:game():ledger(), play
end

local function bonuses(ledger)
  local out = {}
  for _, e in ipairs(ledger) do if e.reason == "bonus" then out[#out + 1] = e.points end end
  return out
end

-- {=====================================================================
-- Declarations: only while the rules load
-- ======================================================================

do
  -- calling a declaration from a hook
  local rs = load{ script[[
    on("turn_begin", function(ctx) kind "late" { closes = "ports" } end)
  ]] }
  local ok, err = pcall(loader.new_play, rs, { players = 2, seed = 1 })
  check(not ok and has(err, "declarations are only allowed while the rules load"),
        "kind from a hook is refused: " .. tostring(err))
  check(has(err, "kind"), "the refusal names the declaration: " .. tostring(err))

  -- a declaration function kept in a local and called during play
  rs = load{ script[[
    local declare_score, declare_hook = score, on
    on("turn_begin", function(ctx)
      if ctx.turn == 2 then declare_score "road" { closed = { per_tile = 5 } } end
    end)
    transform("feature_points", function(ctx, f, v)
      declare_hook("turn_end", function() end)
      return v
    end)
  ]] }
  local play = loader.new_play(rs, { players = 2, seed = 1 })
  ok, err = pcall(play_out, play)
  check(not ok and has(err, "declarations are only allowed while the rules load"),
        "a stored declaration called during play is refused: " .. tostring(err))

  -- reading an option during play is fine (declaring one is not)
  rs = load{ script[[
    on("turn_begin", function(ctx)
      assert(option "tiny_city" == 4 and ctx.option("tiny_city") == 4)
    end)
  ]] }
  ok, err = pcall(function() return ledger_of(rs) end)
  check(ok, "option \"name\" reads its value during play: " .. tostring(err))
  rs = load{ script[[
    on("turn_begin", function(ctx) option "late" { default = 1 } end)
  ]] }
  ok, err = pcall(loader.new_play, rs, { players = 2, seed = 1 })
  check(not ok and has(err, "declarations are only allowed while the rules load"),
        "declaring an option during play is refused: " .. tostring(err))
end

-- {=====================================================================
-- Errors that name what is wrong
-- ======================================================================

do
  local err = load_error{ script[[ figure "boat" { per_player = 1, on = { "river" } } ]] }
  check(has(err, "figure 'boat'") and has(err, "unknown kind 'river'"),
        "figure{on=} with an unknown kind names figure and kind: " .. tostring(err))

  err = load_error{ script[[ score "lake" { closed = { per_tile = 1 } } ]] }
  check(has(err, "unknown kind 'lake'"), "score for an unknown kind names it: " .. tostring(err))

  err = load_error{ script[[ score "field" { final = { per_adjacent_closed = { town = 3 } } } ]] }
  check(has(err, "unknown kind 'town'") and has(err, "per_adjacent_closed"),
        "score term with an unknown kind names kind and term: " .. tostring(err))

  err = load_error{ script[[ score "city" { closed = { per_tile = 2, shield = 2 } } ]] }
  check(has(err, "'shield'") and has(err, "neither a formula term nor a declared attribute"),
        "unknown scoring term is named: " .. tostring(err))

  err = load_error{ script[[ kind "city" {} ]] }
  check(has(err, "kind 'city' is already declared"), "a kind declared twice: " .. tostring(err))

  -- two expansions that print the same attribute both declare it: the same
  -- merge is one shared attribute, another merge is refused with both
  local same_ok, same_err = pcall(load, { script[[ attribute "pennant" { merge = "sum" } ]] })
  check(same_ok, "the same attribute declared again with the same merge loads: " .. tostring(same_err))
  err = load_error{ script[[ attribute "pennant" { merge = "max" } ]] }
  check(has(err, "attribute 'pennant' is already declared with merge = \"sum\"") and has(err, "base.lua:")
        and has(err, ".lua:1:"), "an attribute declared again with another merge: " .. tostring(err))

  err = load_error{ script[[ tiles "base" { file = "other.tiles" } ]] }
  check(has(err, "tiles 'base': file goes in tiles { file = ... }, not after a set name") and has(err, ".lua:1:"),
        "a set name with a file key: " .. tostring(err))

  err = load_error{ script[[ kind "lake" { closes = "sometimes" } ]] }
  check(has(err, "closes must be ports, surrounded or never"), "bad closes: " .. tostring(err))

  err = load_error{ script[[ game "other" {} ]] }
  check(has(err, "already the game"), "a second game is refused: " .. tostring(err))

  err = load_error{ script[[ on("tile_dropped", function() end) ]] }
  check(has(err, "unknown event 'tile_dropped'") and has(err, "turn_begin"),
        "unknown hook event lists the known ones: " .. tostring(err))

  err = load_error{ script[[ allow("figure_placement", 42) ]] }
  check(has(err, "function expected"), "a hook needs a function: " .. tostring(err))

  err = load_error{ script[[ option "x" { values = { 1, 2 } } ]] }
  check(has(err, "option 'x' needs a default"), "option without a default: " .. tostring(err))

  err = load_error{ script[[ state { f = function() end } ]] }
  check(has(err, "state cannot hold a function"), "state refuses functions: " .. tostring(err))

  -- errors raised by the script itself carry its file and line
  local path = script("\n\nlocal x = nil + 1\n")
  err = load_error{ path }
  check(has(err, path:match("[^/]+$") .. ":3:"), "a script error names file and line: " .. tostring(err))
end

-- {=====================================================================
-- Options from the command line
-- ======================================================================

do
  local with_option = script[[
    option "bonus_points" { values = { 1, 2, 3 }, default = 2, doc = "test" }
  ]]
  local err = load_error({ with_option }, { nope = "1" })
  check(has(err, "unknown option 'nope'") and has(err, "tiny_city") and has(err, "bonus_points"),
        "unknown option is refused listing the known ones: " .. tostring(err))

  err = load_error({}, { tiny_city = "3" })
  check(has(err, "tiny_city") and has(err, "4 | 2") and has(err, "'3'"),
        "a value not allowed is refused naming the allowed ones: " .. tostring(err))

  err = load_error({}, { tiny_city = "big" })
  check(has(err, "wants a number"), "a non-number for a number option: " .. tostring(err))

  local rs = load({ with_option }, { bonus_points = "3", tiny_city = "2" })
  local values = {}
  for _, d in ipairs(rs.options) do values[d.name] = d.value end
  check(values.bonus_points == 3 and math.type(values.bonus_points) == "integer" and values.tiny_city == 2,
        "option values are coerced to the default's type")

  local flag = script[[ option "strict" { default = false } ]]
  rs = load({ flag }, { strict = "yes" })
  check(rs.options[#rs.options].value == true, "boolean option from 'yes'")
  err = load_error({ flag }, { strict = "maybe" })
  check(has(err, "true or false"), "bad boolean option: " .. tostring(err))
end

-- {=====================================================================
-- Hook order: priority, then script load order, then declaration order
-- ======================================================================

do
  -- notify hooks paying distinct points on turn 1: the ledger keeps the
  -- order they ran in
  local a = script[[
    local function pay(n) return function(ctx) if ctx.turn == 1 then ctx:score(1, n, "bonus") end end end
    on("turn_begin", pay(1))
    on("turn_begin", pay(2))
    on("turn_begin", pay(3), { priority = -5 })
    on("turn_begin", pay(4), { priority = 10 })
  ]]
  local b = script[[
    local function pay(n) return function(ctx) if ctx.turn == 1 then ctx:score(1, n, "bonus") end end end
    on("turn_begin", pay(5))
    on("turn_begin", pay(6), { priority = -5 })
  ]]
  local order = table.concat(bonuses((ledger_of(load{ a, b }))), ",")
  check(order == "3,6,1,2,5,4", "priority, then load order, then declaration order: " .. order)
  order = table.concat(bonuses((ledger_of(load{ b, a }))), ",")
  check(order == "6,3,5,1,2,4", "swapping the scripts swaps them within a priority: " .. order)
  local again = table.concat(bonuses((ledger_of(load{ a, b }))), ",")
  check(again == "3,6,1,2,5,4", "the order is the same on every load")

  -- a transform chain: the result depends on the order
  local double = script[[
    transform("feature_points", function(ctx, f, v) if f:kind() == "city" then return v * 2 end end)
  ]]
  local plus_one = script[[
    transform("feature_points", function(ctx, f, v) if f:kind() == "city" then return v + 1 end end)
  ]]
  local plus_one_first = script[[
    transform("feature_points", function(ctx, f, v) if f:kind() == "city" then return v + 1 end end,
              { priority = -1 })
  ]]
  local base_ledger = ledger_of(load{})
  local function city_rule(rules, f)
    local ledger = ledger_of(load(rules))
    if #ledger ~= #base_ledger then return false end
    for i, e in ipairs(ledger) do
      local b0 = base_ledger[i]
      local want = e.reason == "city" and f(b0.points) or b0.points
      if e.points ~= want or e.reason ~= b0.reason then return false end
    end
    return true
  end
  check(city_rule({ double, plus_one }, function(v) return 2 * v + 1 end),
        "transforms fold in load order: (v*2)+1")
  check(city_rule({ plus_one, double }, function(v) return 2 * v + 2 end),
        "the other load order: (v+1)*2")
  check(city_rule({ double, plus_one_first }, function(v) return 2 * v + 2 end),
        "a lower priority runs first whatever the load order")
  check(city_rule({ script[[
    transform("feature_points", function(ctx, f, v) if f:kind() == "city" then return v * 2 end end)
    transform("feature_points", function(ctx, f, v) if f:kind() == "city" then return v + 1 end end)
  ]] }, function(v) return 2 * v + 1 end), "within one script, declaration order")
end

-- {=====================================================================
-- What a hook sees
-- ======================================================================

do
  -- feature views, ctx fields, and the points the formula gave
  local rs = load{ script[[
    transform("feature_points", function(ctx, f, v, args)
      assert(ctx.game and ctx.play and ctx.phase, "ctx has game, play, phase")
      assert(math.type(ctx.turn) == "integer" and ctx.player >= 1 and ctx.player <= 2, "turn and player")
      -- one shape everywhere: the feature is its handle, as in allow
      assert(f:kind() == f:info().kind and type(f.kind) == "function", "the feature handle, with its methods")
      assert(type(args.leaders) == "table" and #args.leaders >= 0, "leaders")
      assert(args.when == "closed" or args.when == "final", "when")
      if f:kind() == "city" and f:closed() then
        local tiles = f:info().tiles
        local want = 2 * tiles + 2 * f:attr("pennant")
        if tiles == 2 and ctx.option("tiny_city") == 2 then want = 2 end
        assert(v == want, ("closed city: %d points, formula says %d"):format(v, want))
      elseif f:kind() == "road" then
        assert(v == f:info().tiles, "road: 1 per tile")
      end
      return v
    end)
  ]] }
  local ok, err = pcall(ledger_of, rs)
  check(ok, "transform sees the feature, its points and ctx: " .. tostring(err))

  -- a transform may also change the leaders: everyone shares every city
  rs = load{ script[[
    transform("feature_points", function(ctx, f, v, args)
      if #args.leaders > 0 then return v, { 1, 2 } end
    end, { kinds = { "city" } })
  ]] }
  local ledger = ledger_of(rs)
  local cities, shared = {}, true
  for _, e in ipairs(ledger) do if e.reason == "city" then cities[#cities + 1] = e end end
  for i = 1, #cities, 2 do
    local x, y = cities[i], cities[i + 1]
    if not y or x.player ~= 1 or y.player ~= 2 or x.points ~= y.points or x.turn ~= y.turn then shared = false end
  end
  check(#cities > 0 and shared, "leaders returned by a transform are paid: every city to both players")

  -- allow("tile_placement"): veto every placement east of x = 1
  rs = load{ script[[
    allow("tile_placement", function(ctx, move)
      assert(move.type == "place" and move.tile and move.rot, "a placement move")
      return move.x <= 1
    end)
  ]] }
  local _, play = ledger_of(rs, 2)
  local east = 0
  for _, t in ipairs(play:game():tiles()) do if t:info().x > 1 then east = east + 1 end end
  check(east == 0, "allow(tile_placement) vetoes placements: tiles east of x=1: " .. east)

  -- allow("figure_placement") gets (ctx, move) with the feature handle
  rs = load{ script[[
    allow("figure_placement", function(ctx, move)
      assert(move.type == "deploy" and move.figure == "meeple", "a deploy move")
      return move.at.feature:kind() ~= "road"
    end)
  ]] }
  local offered = 0
  play = loader.new_play(rs, { players = 2, seed = 1 })
  while not play:over() do
    for _, m in ipairs(play:moves()) do
      if m.type == "deploy" and m.at.feature and m.at.feature:kind() == "road" then offered = offered + 1 end
    end
    play:random_move()
  end
  local roads = 0
  for _, e in ipairs(play:game():ledger()) do if e.reason == "road" then roads = roads + 1 end end
  check(offered == 0 and roads == 0, "allow(figure_placement) vetoes thieves: offered " .. offered .. ", paid " .. roads)

  -- on("tile_placed") gets the placed tile; on("figure_placed") the move
  rs = load{ script[[
    on("tile_placed", function(ctx, tile, args)
      assert(tile:info().id, "tile handle")
      assert(args.tile_id == tile:info().id, "args.tile_id names the placed tile")
    end)
    on("figure_placed", function(ctx, move)
      assert(move.type == "deploy" and move.at, "deploy move")
      ctx:score(ctx.player, 1, "bonus")
    end)
    on("final_scoring", function(ctx) ctx:score(1, 100, "bonus") end)
  ]] }
  ledger = ledger_of(rs)
  local deploys, final100 = 0, 0
  for _, e in ipairs(ledger) do
    if e.reason == "bonus" and e.points == 1 then deploys = deploys + 1 end
    if e.reason == "bonus" and e.points == 100 then final100 = final100 + 1 end
  end
  check(deploys > 0 and final100 == 1 and ledger[#ledger].points == 100,
        "notify hooks: figure_placed each deploy, final_scoring once at the end")
end

-- state { ... }: a script's own part of the game state, seen as ctx.state
do
  local rs = load{ script[[
    state { cities_closed = 0 }
    on("feature_scored", function(ctx, f, args)
      if f:kind() == "city" and args.when == "closed" then
        ctx.state.cities_closed = ctx.state.cities_closed + 1
      end
    end)
    on("final_scoring", function(ctx) ctx:score(1, 1000 + ctx.state.cities_closed, "bonus") end)
  ]] }
  local ok, ledger, play = pcall(ledger_of, rs, 3)
  if check(ok, "a game with script state plays: " .. tostring(ledger)) then
    local closed = 0
    for _, f in ipairs(play:game():features()) do
      if f:kind() == "city" and f:closed() then closed = closed + 1 end
    end
    local last = ledger[#ledger]
    check(closed > 0 and last.reason == "bonus" and last.points == 1000 + closed,
          ("ctx.state counts the closed cities across hooks: %d, want %d"):format(last.points - 1000, closed))
  end
end

-- {=====================================================================
-- A hook that fails rolls its action back
-- ======================================================================

do
  local path = script[[
    on("turn_begin", function(ctx)
      if ctx.turn == 3 then error("boom on turn 3") end
    end)
  ]]
  local play = loader.new_play(load{ path }, { players = 2, seed = 1 })
  local before, err
  for _ = 1, 50 do
    before = play:game():serialize()
    local ok, e = pcall(play.random_move, play)
    if not ok then err = e break end
  end
  check(has(err, "boom on turn 3"), "the hook's error reaches the caller: " .. tostring(err))
  check(has(err, path:match("[^/]+$") .. ":2:"), "the error names the script and line: " .. tostring(err))
  check(play:game():serialize() == before, "the game is unchanged by the failed move")
  check(play:turn() == 2, "the play is still on turn 2: " .. tostring(play:turn()))
  local ok2 = pcall(play.random_move, play)
  check(not ok2 and play:game():serialize() == before, "trying again fails again, still unchanged")
end

-- {=====================================================================
-- The sandbox: randomness, no io/os, the instruction budget
-- ======================================================================

do
  local rng = script[[
    on("turn_begin", function(ctx) ctx:score(1, math.random(1000), "bonus") end)
  ]]
  local rs = load{ rng }
  local one = bonuses((ledger_of(rs, 7)))
  local two = bonuses((ledger_of(load{ rng }, 7)))
  local other = bonuses((ledger_of(rs, 8)))
  check(#one > 60 and table.concat(one, ",") == table.concat(two, ","),
        "math.random in a hook: same seed, same draws")
  check(table.concat(one, ",") ~= table.concat(other, ","), "another seed, other draws")
  local distinct = {}
  for _, v in ipairs(one) do distinct[v] = true end
  local n = 0
  for _ in pairs(distinct) do n = n + 1 end
  check(n > 20, "the draws vary: " .. n .. " distinct values")

  -- the draws come from the game's RNG: the game replays from its log
  local _, play = ledger_of(rs, 7)
  local g = play:game()
  local copy = rs.rules:new_game{ players = 2, seed = 7 }
  copy:replay(g:log())
  check(copy:serialize() == g:serialize(), "a game with hook draws replays from its log")

  local err = load_error{ script[[
    assert(rawget(_ENV, "io") == nil and rawget(_ENV, "os") == nil, "io/os visible")
    assert(rawget(_ENV, "require") == nil and rawget(_ENV, "debug") == nil, "require/debug visible")
    on("turn_begin", function(ctx) return io.open("/etc/passwd") end)
  ]] }
  check(err == nil, "io, os, require and debug are absent while loading: " .. tostring(err))
  rs = load{ script[[ on("turn_begin", function(ctx) return os.time() end) ]] }
  local ok, e = pcall(loader.new_play, rs, { players = 2, seed = 1 })
  check(not ok and has(e, "undefined global 'os'"), "os is absent inside a hook: " .. tostring(e))
  err = load_error{ script[[ math.randomseed(1) ]] }
  check(has(err, "randomseed is disabled"), "scripts cannot reseed: " .. tostring(err))
end

do
  local path = script[[
    on("turn_begin", function(ctx)
      if ctx.turn == 2 then
        while true do end
      end
    end)
  ]]
  local play = loader.new_play(load{ path }, { players = 2, seed = 1 })
  local ok, err
  for _ = 1, 10 do
    ok, err = pcall(play.random_move, play)
    if not ok then break end
  end
  check(not ok and has(err, "instruction budget exceeded"), "an endless hook is stopped: " .. tostring(err))
  check(has(err, path:match("[^/]+$") .. ":3:"), "the message names the script and line: " .. tostring(err))
  check(play:turn() == 1, "the play is still on turn 1")
end

-- play:closed(): what the tile just placed closed, until the score phase.
do
  local play = loader.new_play(load(), { players = 2, seed = 1, start = false })
  play:game():force("main", { "E", "U" })
  play:start()
  check(#play:closed() == 0, "nothing closed before a tile is placed")
  local start_city = play:game():feature_at(0, 0, "N")
  play:apply_index(play:find_move("place E 0,-1 r2"))   -- caps the start tile's city
  check(play:phase() == "place_figure", "the deploy decision comes next: " .. play:phase())
  local closed = play:closed()
  check(#closed == 1 and closed[1] == start_city and closed[1]:closed(),
        "the capped city is listed as closed: " .. #closed)
  play:apply_index(play:find_move("pass"))
  check(play:turn() == 2 and #play:closed() == 0, "scored, so no longer listed")
  play:apply_index(play:find_move("place U 1,0 r1"))    -- extends the road, closes nothing
  check(#play:closed() == 0, "a tile that closes nothing lists nothing")
end

-- allow("figure_placement", fn, { figures = {...} }): asked only about
-- those figures' moves; the others stay legal without a call.
do
  local path = script[[
    allow("figure_placement", function(ctx, move)
      if move.figure ~= "pig" then error("asked about a " .. tostring(move.figure)) end
      return false                                    -- no pig, ever
    end, { figures = { "pig" } })
  ]]
  local rs = loader.load{ game = "base", with = { "traders_builders" }, rules = { path },
                          run = meeple_host.run, script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
  local pigs_offered, scored = 0, 0
  for seed = 1, 20 do
    local play = loader.new_play(rs, { players = 2, seed = seed })
    while not play:over() do
      for _, m in ipairs(play:moves()) do
        if m.type == "deploy" and m.figure == "pig" then pigs_offered = pigs_offered + 1 end
      end
      play:random_move()
    end
    scored = scored + #play:game():ledger()
  end
  check(pigs_offered == 0, "the veto removed every pig move: " .. pigs_offered)
  check(scored > 0, "the other figures were still deployed and scored")

  local err = load_error{ script[[
    allow("figure_placement", function() return true end, { figures = { "dragon" } })
  ]] }
  check(has(err, "unknown figure 'dragon'") and has(err, ".lua:1:"),
        "an unknown figure names the script line: " .. tostring(err))
  err = load_error{ script[[
    on("turn_end", function() end, { figures = { "meeple" } })
  ]] }
  check(has(err, "'figures' only narrows"), "figures on another event is refused: " .. tostring(err))
  err = load_error{ script[[
    allow("figure_placement", function() return true end, { figures = { 3 } })
  ]] }
  check(has(err, "figures[1] must be a string, got 3") and has(err, ".lua:1:"),
        "figures that are not names are refused at their line: " .. tostring(err))
end

-- blocked_region { x = {min, max}, y = {min, max} }: no tile ever enters
-- the rectangle; an open side reaches as far as the game goes.
do
  local rs = load{ script[[
    blocked_region { x = { 2, nil } }                 -- east of column 1
    blocked_region { y = { nil, -3 } }                -- north of row -2
  ]] }
  local east, north, tiles = 0, 0, 0
  for seed = 1, 20 do
    local g = play_out(loader.new_play(rs, { players = 2, seed = seed })):game()
    for _, th in ipairs(g:tiles()) do
      local i = th:info()
      tiles = tiles + 1
      if i.x >= 2 then east = east + 1 end
      if i.y <= -3 then north = north + 1 end
    end
    if seed == 1 then
      check(g:blocked(2, 0) and g:blocked(900, 5) and g:blocked(-4, -3) and not g:blocked(1, 0),
            "blocked() reports the regions")
    end
  end
  check(east == 0 and north == 0 and tiles > 20 * 60,
        ("no tile in a blocked region (%d east, %d north of %d)"):format(east, north, tiles))
  local err = load_error{ script[[blocked_region { x = { 3, 1 } }]] }
  check(has(err, "range 3..1 is empty") and has(err, ".lua:1:"), "an empty range names the line: " .. tostring(err))
  err = load_error{ script[[blocked_region { x = { 1.5 } }]] }
  check(has(err, "x[1] must be an integer, got 1.5"), "a fractional bound is refused: " .. tostring(err))
  err = load_error{ script[[blocked_region { z = { 1, 2 } }]] }
  check(has(err, "unknown field 'z'"), "an unknown axis is refused: " .. tostring(err))
end

-- line_markers: neutral markers that advance along a line after each
-- scored feature, pay a bonus in their line and sweep figures behind.
do
  local marker = [[
    figure "marker" { neutral = 2, on = {}, strength = 0, stays = true }
  ]]
  local rs = load{ script(marker .. [[
    line_markers "marker" { axis = "x", dir = 1, start = { { 0, 0 }, { 0, 0 } }, bonus = 3,
                            reason = "line", sweep = { "road", "city" } }
  ]]) }
  local paid, moved, behind, infos = 0, 0, 0, 0
  for seed = 1, 20 do
    local play = loader.new_play(rs, { players = 2, seed = seed })
    play_out(play)
    local g = play:game()
    for _, e in ipairs(g:ledger()) do
      if e.reason == "line" then
        check(e.points == 3 or e.points == 6, "the bonus is 3 per marker: " .. e.points)
        paid = paid + 1
      end
    end
    local rear = math.huge
    for _, fig in ipairs(g:placed_figures("marker")) do
      local at = fig:info().at.cell
      check(fig:info().tile == nil and fig:info().segment == nil, "a marker on a cell stands on no tile")
      if at[1] > 0 then moved = moved + 1 end
      if at[1] < rear then rear = at[1] end
    end
    -- no follower on a road or city stands behind (west of) the rear marker
    -- at the end, unless it came after the last sweep: count them apart
    for _, fig in ipairs(g:placed_figures("meeple")) do
      local f = fig:info().at.feature
      -- fig:info() names the tile and segment it stands on, as f:spot() does
      if f then
        local info, spot = fig:info(), f:spot()
        check(info.tile == spot.tile and info.segment == spot.segment,
              ("fig:info() tile/segment %s/%s = spot %s/%s"):format(
                tostring(info.tile), tostring(info.segment), tostring(spot.tile), spot.segment))
        infos = infos + 1
      end
      if f and (f:kind() == "road" or f:kind() == "city") and f:spot().tile:info().x < rear then
        behind = behind + 1
      end
    end
  end
  check(paid > 0 and moved > 0, ("markers moved (%d) and paid (%d)"):format(moved, paid))
  check(behind < 20, "few followers left behind the markers: " .. behind)
  check(infos > 20, "fig:info() checked on followers: " .. infos)

  local err = load_error{ script(marker .. [[
    line_markers "marker" { order = "choose" }
  ]]) }
  check(has(err, "needs action") and has(err, ".lua:2:"), "choose without an action: " .. tostring(err))
  err = load_error{ script([[
    line_markers "dragon" { axis = "x" }
  ]]) }
  check(has(err, "unknown figure kind 'dragon'") and has(err, ".lua:1:"), "an unknown marker figure names the line: " .. tostring(err))
  err = load_error{ script(marker .. [[
    line_markers "marker" { axis = "z" }
  ]]) }
  check(has(err, "axis must be x or y, got 'z'") and has(err, ".lua:2:"), "a bad axis: " .. tostring(err))
  err = load_error{ script(marker .. [[
    line_markers "marker" { colour = 1 }
  ]]) }
  check(has(err, "unknown field 'colour'"), "an unknown field: " .. tostring(err))
  err = load_error{ script(marker .. [[
    line_markers "marker" {}
    line_markers "marker" {}
  ]]) }
  check(has(err, "declared twice"), "one set of markers: " .. tostring(err))
end

-- on("tile_placed", fn, { tiles = {...} }) and collect(phase, fn, { tiles = {...} }):
-- called only for tiles with one of those tags or attributes;
-- transform("feature_points", fn, { attrs = {...} }) only for such features.
do
  local path = script[[
    state { placed = {}, bad = 0, points = 0 }
    on("tile_placed", function(ctx, th)
      local id = th:info().id
      ctx.state.placed[id] = (ctx.state.placed[id] or 0) + 1
    end, { tiles = { "start", "pennant" } })
    transform("feature_points", function(ctx, f, points)
      if f:attr("pennant") == 0 then ctx.state.bad = ctx.state.bad + 1 end
      ctx.state.points = ctx.state.points + 1
      return points
    end, { attrs = { "pennant" } })
  ]]
  local rs = load{ path }
  -- the tile types the filter is about: tagged start, or a pennant on a segment
  local about = {}
  for _, entry in ipairs(rs.pool) do
    local t = entry.tile
    for _, tag in ipairs(t.tags) do if tag == "start" then about[t.id] = true end end
    for _, sg in ipairs(t.segments) do
      for _, at in ipairs(sg.attrs) do if at.name == "pennant" and at.value ~= 0 then about[t.id] = true end end
    end
  end
  local placed, want, points, stray = 0, 0, 0, 0
  for seed = 1, 5 do
    local play = play_out(loader.new_play(rs, { players = 2, seed = seed }))
    local st = require("meeple.state").decode(play:game():blob(1))
    check(st.bad == 0, "feature_points saw only features with a pennant: " .. st.bad)
    points = points + st.points
    for id, n in pairs(st.placed) do
      if about[id] then placed = placed + n else stray = stray + n end
    end
    for _, th in ipairs(play:game():tiles()) do
      local info = th:info()
      if about[info.id] and not (info.x == 0 and info.y == 0) then want = want + 1 end
    end
  end
  check(stray == 0, "tile_placed never ran for other tiles: " .. stray)
  check(placed > 0 and placed == want, ("tile_placed ran for each D or pennant tile: %d of %d"):format(placed, want))
  check(points > 0, "feature_points ran for features with a pennant")
  local err = load_error{ script[[ on("turn_end", function() end, { tiles = { "start" } }) ]] }
  check(has(err, "'tiles' only narrows"), "tiles on another event is refused: " .. tostring(err))
  err = load_error{ script[[ on("tile_placed", function() end, { tiles = { "nothing" } }) ]] }
  check(has(err, "'nothing' in tiles is no tile tag, attribute or kind") and has(err, ".lua:1:"),
        "an unknown tile filter names the script line: " .. tostring(err))
  err = load_error{ script[[ transform("feature_points", function() end, { attrs = { "start" } }) ]] }
  check(has(err, "unknown attribute 'start' in attrs"), "attrs must be attributes: " .. tostring(err))
  err = load_error{ script[[ on("tile_placed", function() end, { attrs = { "pennant" } }) ]] }
  check(has(err, "'attrs' only narrows"), "attrs on another event is refused: " .. tostring(err))
end

-- Segment attribute edits, anchors and systems from hooks: a tile_placed
-- hook covers the pennants of each new city segment (so final scoring and
-- the feature totals leave them out), names each road by its anchor, and
-- counts the city-field system; an edit that breaks the rules fails the
-- move and leaves the game as it was.
do
  local rs = load{ script[[
    reason "covered"
    on("tile_placed", function(ctx, th)
      for i = 1, th:info().segments do
        local f = th:feature(i)
        local p = th:segment_attr(i, "pennant")
        if p > 0 then
          th:add_segment_attr(i, "pennant", -p)
          ctx:score(ctx.player, p, "covered", f)
        end
        if f:kind() == "road" then
          local x, y, seg = f:anchor()
          local t = ctx.game:tile_at(x, y)
          if not t or t:feature(seg) ~= f then error("anchor is not on its road", 0) end
          -- roads touch only at junctions and crossroads (base.tiles)
          local sys = f:system({ "road" })
          if sys[1] ~= f then error("a road's road system begins with the road", 0) end
          for _, r in ipairs(sys) do
            if r:kind() ~= "road" then error("a road system holds only roads", 0) end
          end
        end
      end
    end)
  ]] }
  local covered, pennants_left = 0, 0
  for seed = 1, 6 do
    local ledger, play = ledger_of(rs, seed)
    for _, e in ipairs(ledger) do
      if e.reason == "covered" then covered = covered + e.points end
    end
    for _, f in ipairs(play:game():features()) do pennants_left = pennants_left + f:attr("pennant") end
  end
  check(covered > 0, "pennants were covered: " .. covered)
  -- fh:nodes(attr): the segments holding an attribute, edits counted
  local play = loader.new_play(rs, { players = 2, seed = 2 })
  local g = play:game()
  local th = g:tile_at(0, 0)
  local city
  for i = 1, th:info().segments do
    if th:feature(i):kind() == "city" then city = i end
  end
  local fh = th:feature(city)
  check(#fh:nodes("pennant") == 0, "no pennant on the start tile's city")
  th:add_segment_attr(city, "pennant", 1)
  local found = fh:nodes("pennant")
  check(#found == 1 and found[1].tile == th and found[1].segment == city,
        "nodes(attr) finds the segment an edit gave a pennant")
  check(not pcall(fh.nodes, fh, "dragon"), "nodes(attr) checks the attribute")
  -- fh:system(kinds, only): the features of some kinds in a system
  local all = fh:system({ "city", "field" })
  local fields = fh:system({ "city", "field" }, { "field" })
  local n_fields = 0
  for _, f in ipairs(all) do if f:kind() == "field" then n_fields = n_fields + 1 end end
  check(#fields == n_fields and n_fields > 0, "system(kinds, only) keeps the fields: " .. #fields)
  check(fields[1]:kind() == "field", "system(kinds, only) lists only those kinds")
  check(not pcall(fh.system, fh, { "city" }, { "lake" }), "system checks only's kinds")
  check(pennants_left == 0, "covered pennants leave the totals: " .. pennants_left)

  -- a bad edit: not summed, or out of range; the move fails, nothing changes
  local bad = load{ script[[
    attribute "height" { merge = "max" }
    on("tile_placed", function(ctx, th) th:add_segment_attr(1, "height", 1) end)
  ]] }
  local play = loader.new_play(bad, { players = 2, seed = 1 })
  local before = play:game():serialize()
  local ok, err = pcall(play.random_move, play)
  check(not ok and has(err, "'height' is not summed"), "only summed attributes are edited: " .. tostring(err))
  check(play:game():serialize() == before, "the failed move changed nothing")
  local range = load{ script[[
    on("tile_placed", function(ctx, th) th:add_segment_attr(1, "pennant", math.maxinteger) end)
  ]] }
  play = loader.new_play(range, { players = 2, seed = 1 })
  ok, err = pcall(play.random_move, play)
  check(not ok and has(err, "out of range"), "an edit must fit in int32: " .. tostring(err))
  local kinds = load{ script[[
    on("tile_placed", function(ctx, th) th:feature(1):system({ "lake" }) end)
  ]] }
  play = loader.new_play(kinds, { players = 2, seed = 1 })
  ok, err = pcall(play.random_move, play)
  check(not ok and has(err, "unknown kind 'lake'"), "system checks its kinds: " .. tostring(err))
end

-- blocked_across, system, per_excess and per_feature: declarations and their errors.
do
  local rs = load{ script[[
    figure "warden" { per_player = 2, on = { "city" }, blocked_by = { "warden" },
                      blocked_across = { "city", "field" } }
    system "wardens" { kinds = { "city", "field" }, figure = "warden",
                       final = { pennant = 1, per_feature = { city = 2 } },
                       only_if = { pennant = { points = 5 } } }
    score "road" { closed = { per_tile = 1, per_excess = { pennant = { over = "pennant", points = 9 } } } }
  ]] }
  local got, roads = 0, 0
  for seed = 1, 10 do
    local ledger = ledger_of(rs, seed)
    for _, e in ipairs(ledger) do
      if e.reason == "wardens" then got = got + 1 end
      if e.reason == "road" then roads = roads + 1 end
    end
  end
  check(got > 0, "systems holding a warden scored: " .. got)
  check(roads > 0, "roads still score (pennant over pennant adds nothing)")
  local err = load_error{ script[[ figure "w" { on = { "city" }, blocked_across = { "lake" } } ]] }
  check(has(err, "unknown kind 'lake' in blocked_across"), "blocked_across checks kinds: " .. tostring(err))
  err = load_error{ script[[ system "s" { kinds = { "city" }, final = { points = 1 } } ]] }
  check(has(err, "system 's': figure is required"), "a system needs a figure: " .. tostring(err))
  err = load_error{ script[[ system "s" { kinds = { "city" }, figure = "meeple", final = { per_tile = 1 } } ]] }
  check(has(err, "a system formula takes"), "per_tile is no system term: " .. tostring(err))
  err = load_error{ script[[ system "s" { kinds = { "city" }, figure = "dragon", final = { points = 1 } } ]] }
  check(has(err, "unknown figure 'dragon'"), "a system's figure must exist: " .. tostring(err))
  err = load_error{ script[[ score "road" { final = { per_excess = { pennant = { over = "x", points = 1 } } } } ]] }
  check(has(err, "per_excess wants"), "per_excess checks its attributes: " .. tostring(err))
end

-- hand_tile, score_figure, score_meeting, figure { corner, relocate } and
-- touches: declarations and their errors (their play is tested by the
-- Abbey & Mayor scenarios and tests/unit/flow/caps/*/test_cap_<name>.c).
do
  -- touches: J's city and its road (a curve E-S) touch once declared
  local function touch(rs, tile, a, b)
    local g = loader.new_play(rs, { players = 2, seed = 1, start = false }):game()
    g:place_fixed(tile, 5, 5, 0)
    local fa, fb = g:feature_at(5, 5, a), g:feature_at(5, 5, b)
    local touching = false
    for _, f in ipairs(fa:adjacent()) do touching = touching or f == fb end
    return touching
  end
  check(touch(load{ script[[ touches "J" { { "N", "E" } } ]] }, "J", "N", "E"), "touches: J's city and road touch")
  local plain = load()
  check(not touch(plain, "J", "N", "E"), "without the declaration they do not (and the tile data was not changed)")
  -- the base tiles' own gates and junctions (tiles/base.tiles)
  check(touch(plain, "L", "E", "S") and touch(plain, "W", "S", "W") and touch(plain, "X", "N", "W"),
        "base.tiles: the roads of a junction touch")
  check(touch(plain, "S", "S", "N") and touch(plain, "T", "S", "N"), "base.tiles: a gate's road touches its city")
  check(not touch(plain, "D", "E", "W") and not touch(plain, "D", "E", "N"), "base.tiles: D's road touches no other road or city")

  local err = load_error{ script[[touches "Q9" { { "N", "S" } }]] }
  check(has(err, "no tile 'Q9'") and has(err, ".lua:1:"), "touches on an unknown tile: " .. tostring(err))
  check(load{ script[[touches "Q9" { { "N", "S" }, optional = true }]] } ~= nil, "optional touches skip a missing tile")
  err = load_error{ script[[touches "L" { { "E", "Q" } }]] }
  check(has(err, "covers port 'Q'"), "a port name that is none: " .. tostring(err))
  err = load_error{ script[[touches "L" { { "E" } }]] }
  check(has(err, "two or more port names"), "a group needs two ports: " .. tostring(err))

  local token = [[ figure "token" { per_player = 1 } ]]
  err = load_error{ script[[hand_tile "A" { token = "nobody" }]] }
  check(has(err, "unknown figure 'nobody'"), "hand_tile needs a declared token: " .. tostring(err))
  err = load_error{ script(token .. [[ hand_tile "A" { token = "token", end_round = true } ]]) }
  check(has(err, "needs decline"), "an end round needs a decline action: " .. tostring(err))
  err = load_error{ script(token .. [[ hand_tile "ZZ" { token = "token" } ]]) }
  check(has(err, "unknown tile 'ZZ'"), "hand_tile names a loaded tile: " .. tostring(err))
  err = load_error{ script(token .. [[ hand_tile "A" { token = "token" } hand_tile "B" { token = "token" } ]]) }
  check(has(err, "declared twice"), "one tile in hand: " .. tostring(err))
  -- the hand tile (one that fits anything) is offered instead of
  -- drawing, into holes only
  rs = load{ script(token .. [[
    kind "any_side" { closes = "never", wildcard = true }
    stack "hand" {}
    tiles { text = "set hand \"hand\"\ntile hand.T x2\n  cloister C\n  any_side N* E* S* W*\n", stack = "hand" }
    hand_tile "hand.T" { token = "token" }
  ]]) }
  local offered, outside = 0, 0
  for seed = 1, 5 do
    local play = loader.new_play(rs, { players = 2, seed = seed })
    while not play:over() do
      for _, m in ipairs(play:moves()) do
        if m.type == "place" and play:phase() == "draw" then
          offered = offered + 1
          local gg = play:game()
          for _, d in ipairs({ { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } }) do
            if not gg:tile_at(m.x + d[1], m.y + d[2]) then outside = outside + 1 end
          end
        end
      end
      play:random_move()
    end
  end
  check(offered > 0 and outside == 0, ("hand tile offered into holes only (%d, %d outside)"):format(offered, outside))

  err = load_error{ script[[score_figure "meeple" { }]] }
  check(has(err, "score_figure 'meeple': final is required"), "score_figure needs final: " .. tostring(err))
  err = load_error{ script[[score_figure "ghost" { final = { points = 1 } }]] }
  check(has(err, "unknown figure 'ghost'") and has(err, ".lua:1:"), "score_figure's figure must exist: " .. tostring(err))
  err = load_error{ script[[score_meeting "meeple" { placed = { points = 1 } }]] }
  check(has(err, "score_meeting 'meeple': joined is required"), "score_meeting needs both formulas: " .. tostring(err))
  err = load_error{ script[[score_meeting "meeple" { placed = { points = 1 }, joined = { shield = 1 } }]] }
  check(has(err, "'shield' is neither a formula term"), "score_meeting checks its terms: " .. tostring(err))

  err = load_error{ script[[ figure "cart" { per_player = 1, on = { "road" }, relocate = { to = { "road" } } } ]] }
  check(has(err, "relocate: action is required"), "relocate needs an action: " .. tostring(err))
  err = load_error{ script[[ figure "cart" { per_player = 1, on = { "road" }, relocate = { to = { "road" }, action = "go" } } ]] }
  check(has(err, "must stay"), "a relocating figure stays: " .. tostring(err))
  err = load_error{ script[[ figure "cart" { per_player = 1, on = { "road" }, stays = true,
                                           relocate = { to = { "lake" }, action = "go" } } ]] }
  check(has(err, "unknown kind 'lake' in relocate.to"), "relocate.to names kinds: " .. tostring(err))
end

-- recall: declaration errors at load time, with the script's line; the
-- moves themselves are tested by tests/unit/flow/caps/figures/test_cap_recall.c and the
-- Hunters & Gatherers shaman scenario.
do
  local ph = [[phase "take_back" { after = "place_tile" }
]]
  local err = load_error{ script(ph .. [[recall "take_back" { phase = "take_back", figures = { "ghost" }, on = { "city" } }]]) }
  check(has(err, "recall 'take_back': unknown figure 'ghost'") and has(err, ".lua:2:"),
        "recall names declared figures: " .. tostring(err))
  err = load_error{ script(ph .. [[recall "take_back" { phase = "take_back", figures = { "meeple" }, on = { "lake" } }]]) }
  check(has(err, "unknown kind 'lake' in on") and has(err, ".lua:2:"), "recall names declared kinds: " .. tostring(err))
  err = load_error{ script[[recall "take_back" { phase = "nowhere", figures = { "meeple" }, on = { "city" } }]] }
  check(has(err, "unknown phase 'nowhere'") and has(err, ".lua:1:"), "recall names a declared phase: " .. tostring(err))
  err = load_error{ script[[recall "take_back" { phase = "draw", figures = { "meeple" }, on = { "city" } }]] }
  check(has(err, "'draw' is a built-in phase"), "recall needs a phase of its own: " .. tostring(err))
  err = load_error{ script(ph .. [[recall "take_back" { phase = "take_back", figures = { "meeple" }, on = { "city" }, tiles = { "zz" } }]]) }
  check(has(err, "'zz' in tiles is neither a tile tag nor an attribute"), "recall's tiles are tags or attributes: " .. tostring(err))
  err = load_error{ script(ph .. [[recall "take_back" { phase = "take_back", on = { "city" } }]]) }
  check(has(err, "figures is required"), "recall needs figures: " .. tostring(err))
  err = load_error{ script(ph .. [[recall "take_back" { phase = "take_back", figures = { "meeple" }, on = { "city" }, kinds = {} }]]) }
  check(has(err, "unknown field 'kinds'"), "recall refuses unknown fields: " .. tostring(err))
  err = load_error{ script(ph .. [[
    recall "take_back" { phase = "take_back", figures = { "meeple" }, on = { "city" } }
    recall "again" { phase = "take_back", figures = { "meeple" }, on = { "road" } }]]) }
  check(has(err, "already offers a recall") and has(err, ".lua:3:"), "one recall per phase: " .. tostring(err))
  -- declared (the action too): after a pennant, take back a follower from a city or road
  local rs = load{ script(ph .. [[recall "take_back" { phase = "take_back", figures = { "meeple" },
                                                       on = { "city", "road" }, tiles = { "pennant" } }]]) }
  local offered, taken = 0, 0
  for seed = 1, 20 do
    local play = loader.new_play(rs, { players = 2, seed = seed })
    while not play:over() do
      if play:phase() == "take_back" then
        local ms = play:moves()
        check(ms[#ms].type == "pass", "a recall ends with a pass")
        offered = offered + #ms - 1
        for i = 1, #ms - 1 do
          local m = ms[i]
          local a = m.args
          check(m.type == "action" and m.action == "take_back" and #a == 0 and math.type(a.x) == "integer"
                and math.type(a.y) == "integer" and a.segment >= 1 and a[4] == nil,
                "recall moves are 'action take_back X Y SEG 0', args x, y, segment")
          check(play:move_name(i) == ("action take_back %d %d %d 0"):format(a.x, a.y, a.segment),
                "the text of a recall move lists x, y, segment, 0: " .. play:move_name(i))
        end
        if #ms > 1 then
          local g, player = play:game(), play:player()
          local before = #g:placed_figures("meeple", player)
          play:apply(ms[1])
          taken = taken + 1
          check(#g:placed_figures("meeple", player) == before - 1 or play:phase() ~= "place_figure",
                "a recall takes one meeple back")
        else
          play:random_move()
        end
      else
        play:random_move()
      end
    end
  end
  check(offered > 10 and taken > 5, ("recall offered %d, taken %d"):format(offered, taken))
end

-- Every declaration and hook option rejects keys its schema does not
-- list, naming the script's line and the nearest valid key: a typo never
-- loads as a different game.
do
  local typos = {
    { 'score "city" { closd = { per_tile = 2 } }', "score 'city': unknown field 'closd' (did you mean 'closed'?)" },
    { 'figure "knight" { per_plyer = 3, on = { "city" } }', "figure 'knight': unknown field 'per_plyer' (did you mean 'per_player'?)" },
    { 'kind "moat" { close = "never" }', "kind 'moat': unknown field 'close' (did you mean 'closes'?)" },
    { 'attribute "gold" { merg = "max" }', "attribute 'gold': unknown field 'merg' (did you mean 'merge'?)" },
    { 'phase "extra" { afte = "score" }', "phase 'extra': unknown field 'afte' (did you mean 'after'?)" },
    { 'on("turn_begin", function() end, { priorty = 2 })', "on 'turn_begin': unknown field 'priorty' (did you mean 'priority'?)" },
    { 'counter "gold"\ngain { counter = "gold", when_closed = "city", per = "pennant", extra = 1 }', "gain: unknown field 'extra'" },
    { 'bonus "city" { only_with = "meeple", fnal = {} }', "bonus 'city': unknown field 'fnal' (did you mean 'final'?)" },
    { 'option "x" { default = 1, dco = "d" }', "option 'x': unknown field 'dco' (did you mean 'doc'?)" },
  }
  for _, t in ipairs(typos) do
    local code = "expansion \"typo\" {}\n" .. t[1] .. "\n"
    local line = select(2, code:gsub("\n", "\n"))
    local err = load_error{ script(code) }
    check(has(err, t[2]) and has(err, (".lua:%d:"):format(line)), "typo refused: " .. t[1] .. " -> " .. tostring(err))
  end
  local schema = require "meeple.loader.schema"
  check(schema.nearest("per_plyer", schema.keys.figure) == "per_player", "nearest key")
  check(schema.nearest("zzzzzz", schema.keys.score) == nil, "no key is near a word unlike any")
end

for _, p in ipairs(temps) do os.remove(p) end
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
