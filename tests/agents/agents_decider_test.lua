-- The deciding player (#41): a move list decided by another player than
-- the active one (Princess & Dragon's dragon steps, each by its mover;
-- Bridges, Castles and Bazaars' auction, each pick and bid by its player) is answered by
-- that player's agent, searched from that player's side, and named in
-- the record. Seat 1 always plays the first move and seat 2 the last, so
-- each step's chooser shows in the move played.
local loader = require "meeple.loader"
local meeple = require "meeple"
local matches = require "meeple.cli.matches"

local root = os.getenv("MEEPLE_ROOT") or "."
local bin = os.getenv("MEEPLE_BIN") or "build/meeple"
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local function load(with)
  return loader.load { game = "base", with = with, rules = {}, options = {}, run = meeple_host.run,
                       script_dirs = { root .. "/scripts" }, tile_dirs = { root .. "/tiles" } }
end

-- {======================================================================
-- Agents in matches (meeple sim --agents): the decider's seat answers
-- =======================================================================

-- Seat 1 plays the first move, seat 2 the last; each decision is logged
-- as {seat, move text, index, count, active player}.
local function logged_agents(log)
  local function agent(seat, pick)
    return function(play)
      local n = play:move_count()
      local i = pick == "first" and 1 or n
      log[#log + 1] = { seat = seat, text = play:move_name(i), i = i, n = n, active = play:player() }
      return i
    end
  end
  return { agent(1, "first"), agent(2, "last") }
end

-- Plays seeds until `want` decisions of `action` were made by another
-- player than the active one; checks that the player the move names
-- (its argument `arg`: the mover, the bidder) chose each of them.
local function dispatch(with, action, arg, want, active_too)
  local rs = load(with)
  local others, mine = 0, 0
  for seed = 1, 40 do
    local log = {}
    matches.play_one(rs, 2, seed, logged_agents(log), { 1, 2 })
    for _, e in ipairs(log) do
      local fields = {}
      for w in e.text:gmatch("%S+") do fields[#fields + 1] = w end
      if fields[1] == "action" and fields[2] == action and e.n > 1 then
        local by = math.tointeger(tonumber(fields[2 + arg]))
        check(e.seat == by, ("%s seed %d: %s chosen by seat %d, not by player %d"):format(
          with[1], seed, e.text, e.seat, by))
        if by ~= e.active then others = others + 1 else mine = mine + 1 end
      end
    end
    if others >= want then break end
  end
  check(others >= want, ("%s: %d %s decisions by another player than the active one (want %d)"):format(
    with[1], others, action, want))
  if active_too then check(mine > 0, with[1] .. ": the active player's own " .. action .. " decisions too") end
end

dispatch({ "princess_dragon" }, "dragon", 3, 20, true)         -- action dragon X Y MOVER STEP
-- the auction starts at the player after the one who placed the bazaar:
-- the auctioneer picks (these agents score too little for real bids)
dispatch({ "bridges_castles_bazaars" }, "bazaar_pick", 1, 5) -- action bazaar_pick WHO TILE BID

-- }======================================================================

-- {======================================================================
-- Searches value the decider's side: greedy's pick is the decider's best
-- =======================================================================

-- The lead of player me in values (its value minus the best other's).
local function lead(values, me)
  local best
  for p, v in ipairs(values) do
    if p ~= me and (not best or v > best) then best = v end
  end
  return values[me] - best
end

-- The move of play whose result has the best lead for player me
-- (the first on ties), by agent's own values.
local function best_for(agent, play, me)
  local best, best_lead
  local leads = {}
  for i = 1, play:move_count() do
    local c = play:clone()
    c:apply_index(i)
    leads[i] = lead(agent:values(c), me)
    if not best_lead or leads[i] > best_lead then best, best_lead = i, leads[i] end
  end
  return best, leads
end

do
  local rs = load({ "princess_dragon" })
  local greedy = meeple.agent { kind = "greedy", depth = 1 }
  local mcts = meeple.agent { kind = "mcts", playouts = 300, seed = 3 }
  local told, mcts_right, mcts_wrong = 0, 0, 0
  for seed = 1, 60 do
    local play = loader.new_play(rs, { players = 2, seed = seed })
    while not play:over() and told < 12 do
      local d, a = play:decider(), play:player()
      if d ~= a and play:move_count() > 1 then
        local mine, leads = best_for(greedy, play, d)
        local theirs = best_for(greedy, play, a)
        if leads[mine] > leads[theirs] then -- the two sides want different steps
          told = told + 1
          local i = greedy:choose(play, seed)
          check(i == mine, ("seed %d turn %d: greedy chose %s for player %d, whose best is %s"):format(
            seed, play:turn(), play:move_name(i), d, play:move_name(mine)))
          local j = mcts:choose(play, seed)
          if leads[j] >= leads[mine] then mcts_right = mcts_right + 1 end
          if j == theirs and leads[theirs] < leads[mine] then mcts_wrong = mcts_wrong + 1 end
        end
      end
      play:random_move()
    end
    if told >= 12 then break end
  end
  check(told >= 12, "positions where the decider and the active player want different steps: " .. told)
  -- the tree's player at the root is the decider: its pick is the
  -- decider's best far more often than the active player's
  print(("mcts: decider best %d, active best %d, of %d"):format(mcts_right, mcts_wrong, told))
  check(mcts_right > mcts_wrong and mcts_right >= told // 2,
        ("mcts: the decider's best %d times, the active player's %d times, of %d"):format(
          mcts_right, mcts_wrong, told))
end

-- }======================================================================

-- {======================================================================
-- meeple play --agents: the decider's bot answers; the record names it
-- =======================================================================

do
  local rec = os.tmpname()
  local cmd = ("%s play --with princess_dragon --seed 4 --quiet --agents %s,%s --record %s 2>&1"):format(
    bin, root .. "/examples/bots/first_move.lua", root .. "/tests/agents/bots/last_move.lua", rec)
  local out = io.popen(cmd):read("a")
  local f = io.open(rec)
  local text = f and f:read("a") or ""
  if f then f:close() end
  check(text ~= "", "meeple play wrote its record: " .. out)
  local named, plain = 0, 0
  for line in text:gmatch("[^\n]+") do
    local mover = line:match('"move":"action dragon %-?%d+ %-?%d+ (%d+) %d+"')
    local player = math.tointeger(tonumber(line:match('"player":(%d+)')))
    if mover then
      mover = math.tointeger(tonumber(mover))
      local decider = math.tointeger(tonumber(line:match('"decider":(%d+)')))
      if mover ~= player then
        named = named + 1
        check(decider == mover, "the record names the dragon's mover as decider: " .. line)
      else
        plain = plain + 1
        check(decider == nil, "no decider named when the active player decides: " .. line)
      end
    end
  end
  check(named > 0 and plain > 0, ("dragon steps by the other player %d, by the active one %d"):format(named, plain))
  local replay = io.popen(("%s replay %s 2>&1; echo rc=$?"):format(bin, rec)):read("a")
  check(replay:match("rc=0"), "the record replays: " .. replay)
  os.remove(rec)
end

-- }======================================================================

print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
