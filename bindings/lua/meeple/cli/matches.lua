-- meeple.cli.matches: games between named agents, for sim. Without
-- --rotate-seats game i is played from seed SEED + i - 1 with agent
-- ((seat - 1) mod #agents) + 1 in each seat, as play does. With it, the
-- games come in rounds of one game per seat rotation, all from the same
-- seed (round r: seed SEED + r - 1), so that each agent sits in each seat
-- equally often on the same tiles: seat advantage and the luck of the
-- draw cancel out of the agents' comparison.

local loader = require "meeple.loader"
local agents_mod = require "meeple.agents"

local M = {}

-- Seat -> index into the agent list, for game i (from 1).
function M.seating(i, players, n_agents, rotate)
  local shift = rotate and (i - 1) % players or 0
  local seats = {}
  for p = 1, players do seats[p] = (p - 1 + shift) % n_agents + 1 end
  return seats
end

function M.seed_of(i, base, players, rotate)
  return rotate and base + (i - 1) // players or base + i - 1
end

local function closed_kinds(g)
  local kinds = {}
  for _, fh in ipairs(g:features()) do
    if fh:closed() then
      local k = fh:kind()
      kinds[k] = (kinds[k] or 0) + 1
    end
  end
  return kinds
end

-- Each seat's points by feature kind from the ledger ("other": points
-- for no feature), as the C sim counts them (bindings/sim/sim_play.c).
local function kind_points(g, players)
  local points = {}
  for p = 1, players do points[p] = {} end
  for _, e in ipairs(g:ledger()) do
    local row = points[e.player]
    if row then
      local k = e.kind or "other"
      row[k] = (row[k] or 0) + e.points
    end
  end
  return points
end

-- One game; returns {scores, turns, moves, closed, points, seats, seed}.
function M.play_one(rs, players, seed, seat_agents, seats)
  local play = loader.new_play(rs, { players = players, seed = seed })
  -- turns: the turn of the last move, as the record and the C sim count
  -- (play:turn() is one past it once the game is over; #43)
  local moves, turns = 0, 0
  while not play:over() do
    turns = play:turn()
    -- the seat that decides (a bid, a dragon step) answers, not the active one's
    local agent = seat_agents[seats[play:decider()]]
    local i = agent(play, seed, rs)
    if not i then error(("seed %d: the agent chose no move"):format(seed), 0) end
    play:apply_index(i)
    moves = moves + 1
  end
  local g = play:game()
  return { scores = g:scores(), turns = turns, moves = moves, closed = closed_kinds(g),
           points = kind_points(g, players), seats = seats, seed = seed }
end

-- opts: names (agent names), games, seed, rotate, progress.
function M.run(rs, players, opts)
  local seat_agents = {}
  for i, name in ipairs(opts.names) do
    local agent, err = agents_mod.make(name)
    if not agent then error(err, 0) end
    seat_agents[i] = agent
  end
  local results = {}
  for i = 1, opts.games do
    local seats = M.seating(i, players, #seat_agents, opts.rotate)
    results[i] = M.play_one(rs, players, M.seed_of(i, opts.seed, players, opts.rotate), seat_agents,
                            seats)
    if opts.progress then opts.progress(i) end
  end
  return results
end

-- Share of the win (ties split) of each seat in one result.
function M.win_shares(scores)
  local best = -math.huge
  for _, s in ipairs(scores) do if s > best then best = s end end
  local tied = 0
  for _, s in ipairs(scores) do if s == best then tied = tied + 1 end end
  local shares = {}
  for p, s in ipairs(scores) do shares[p] = s == best and 1 / tied or 0 end
  return shares
end

-- Wilson score interval of a proportion (95%): lo, hi.
function M.wilson(p, n)
  if n == 0 then return 0, 1 end
  local z = 1.96
  local d = 1 + z * z / n
  local centre = (p + z * z / (2 * n)) / d
  local half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
  return math.max(0, centre - half), math.min(1, centre + half)
end

-- Per agent name: games, win share, mean score, mean margin over the
-- best other seat, with 95% intervals.
function M.by_agent(results, names)
  local rows, order = {}, {}
  for _, r in ipairs(results) do
    local shares = M.win_shares(r.scores)
    for p, a in ipairs(r.seats) do
      local name = names[a]
      local row = rows[name]
      if not row then
        row = { name = name, games = 0, wins = 0, scores = {}, margins = {} }
        rows[name] = row
        order[#order + 1] = row
      end
      local other = -math.huge
      for q, s in ipairs(r.scores) do if q ~= p and s > other then other = s end end
      if other == -math.huge then other = 0 end
      row.games = row.games + 1
      row.wins = row.wins + shares[p]
      row.scores[#row.scores + 1] = r.scores[p]
      row.margins[#row.margins + 1] = r.scores[p] - other
    end
  end
  return order
end

-- The same rows per seat ("seat 1", ...), whoever sat there: the seat
-- advantage under these agents.
function M.by_seat(results, players)
  local names, seated = {}, {}
  for p = 1, players do names[p] = "seat " .. p end
  for i, r in ipairs(results) do
    local seats = {}
    for p = 1, players do seats[p] = p end
    seated[i] = { scores = r.scores, seats = seats }
  end
  return M.by_agent(seated, names)
end

return M
