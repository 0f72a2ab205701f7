-- meeple.cli.summary: what a simulation keeps of its games, whatever
-- their number: integers only.
--
--   { games, moves, win_units,
--     seats = { { sum, sumsq, min, max, wins }, ... },   -- per seat
--     turns = { sum, sumsq, min, max },
--     closed = { kind = features completed },            -- kinds with > 0
--     points = { { kind = points, other = n }, ... },     -- per seat, from the
--                                  ledger ("other": no feature); kinds with != 0
--     hist = { { ["score"] = games }, ... }, -- per seat: sim --html, --json, --out
--     agents = {...} }     -- sim --agents only: per agent (sim_agents.lua)
--
-- Invariant: every field is an exact integer, so adding two summaries
-- (merge) gives the summary of the union of their games bit for bit, in
-- any order and for any split into jobs or shards; means, deviations and
-- rates are derived from it only when printed. A seat's win counts in
-- 1/win_units of a game, so a tie of k seats gives each win_units / k.
--
-- flow:simulate (bindings/sim/sim_run.c) builds the same table in C for
-- games it plays; add() is for games played elsewhere (Lua agents).

local M = {}

M.WIN_UNITS = 840 -- lcm(1..8): a tie of up to 8 seats divides it evenly

local function moments() return { sum = 0, sumsq = 0, min = 0, max = 0 } end
M.moments = moments

function M.new(players)
  local s = { games = 0, moves = 0, win_units = M.WIN_UNITS, seats = {}, turns = moments(),
              closed = {} }
  for p = 1, players do
    s.seats[p] = moments()
    s.seats[p].wins = 0
  end
  return s
end

local function add_value(m, v, first)
  m.sum, m.sumsq = m.sum + v, m.sumsq + v * v
  if first or v < m.min then m.min = v end
  if first or v > m.max then m.max = v end
end

M.add_value = add_value

-- Folds one game ({scores=, turns=, moves=, closed={kind=n}}) into s.
function M.add(s, row)
  local first = s.games == 0
  local best, tied = math.mininteger, 0
  for _, v in ipairs(row.scores) do if v > best then best = v end end
  for _, v in ipairs(row.scores) do if v == best then tied = tied + 1 end end
  for p, seat in ipairs(s.seats) do
    local v = row.scores[p]
    add_value(seat, v, first)
    if v == best then seat.wins = seat.wins + s.win_units // tied end
  end
  add_value(s.turns, row.turns, first)
  for k, n in pairs(row.closed or {}) do
    if n > 0 then s.closed[k] = (s.closed[k] or 0) + n end
  end
  M.add_points(s, row)
  s.games, s.moves = s.games + 1, s.moves + (row.moves or 0)
end

-- Folds a row's points by kind ({{kind = n}, ...} per seat) into s.
function M.add_points(s, row)
  if not row.points then return end
  s.points = s.points or {}
  for p = 1, #s.seats do
    local to = s.points[p] or {}
    s.points[p] = to
    for k, n in pairs(row.points[p] or {}) do
      if n ~= 0 then to[k] = (to[k] or 0) + n end
    end
  end
end

-- Folds each seat's score into the histograms s.hist (score -> games),
-- kept only when a report needs the distribution (sim_output.wants_hist).
function M.add_hist(s, row)
  s.hist = s.hist or {}
  for p = 1, #s.seats do
    local h = s.hist[p] or {}
    s.hist[p] = h
    local v = tostring(row.scores[p]) -- string keys: a JSON object, not a sparse list
    h[v] = (h[v] or 0) + 1
  end
end

-- Adds two per-seat maps of integers (points, hist); nil when both are.
local function add_maps(a, b, players)
  if not a and not b then return nil end
  local out = {}
  for p = 1, players do
    local to = {}
    for _, m in ipairs({ a and a[p] or {}, b and b[p] or {} }) do
      for k, n in pairs(m) do to[k] = (to[k] or 0) + n end
    end
    out[p] = to
  end
  return out
end
M.add_maps = add_maps

-- One column's moments over the na games of a and the nb games of b.
local function merge_moments(a, b, na, nb)
  local m = { sum = a.sum + b.sum, sumsq = a.sumsq + b.sumsq }
  if na == 0 then m.min, m.max = b.min, b.max
  elseif nb == 0 then m.min, m.max = a.min, a.max
  else m.min, m.max = math.min(a.min, b.min), math.max(a.max, b.max) end
  return m
end

M.merge_moments = merge_moments

-- The summary of the games of a and of b (which share players and
-- win_units).
function M.merge(a, b)
  local s = { games = a.games + b.games, moves = a.moves + b.moves, win_units = a.win_units,
              seats = {}, turns = merge_moments(a.turns, b.turns, a.games, b.games), closed = {} }
  for p = 1, #a.seats do
    s.seats[p] = merge_moments(a.seats[p], b.seats[p], a.games, b.games)
    s.seats[p].wins = a.seats[p].wins + b.seats[p].wins
  end
  for _, c in ipairs({ a.closed, b.closed }) do
    for k, n in pairs(c) do s.closed[k] = (s.closed[k] or 0) + n end
  end
  s.points = add_maps(a.points, b.points, #a.seats)
  s.hist = add_maps(a.hist, b.hist, #a.seats)
  if a.agents then s.agents = require("meeple.cli.sim_agents").merge(a.agents, b.agents, a.games, b.games) end
  return s
end

-- mean, sd (n - 1 in the denominator), min, max of one column.
local function describe(m, n)
  if n == 0 then return { mean = 0, sd = 0, min = 0, max = 0 } end
  local mean = m.sum / n
  local sd = 0
  if n > 1 then
    -- from exact integers, so the same for every split of the games
    local sq = m.sumsq - (m.sum * 1.0) * m.sum / n
    sd = math.sqrt(math.max(sq, 0) / (n - 1))
  end
  return { mean = mean, sd = sd, min = m.min, max = m.max }
end

-- What is printed: per seat mean, sd, min, max, win_rate; features
-- completed per game by kind; the mean game length.
function M.derive(s)
  local n = s.games
  local out = { seats = {}, features = {}, turns = describe(s.turns, n) }
  for p, seat in ipairs(s.seats) do
    local d = describe(seat, n)
    d.win_rate = n > 0 and seat.wins / (s.win_units * n) or 0
    out.seats[p] = d
  end
  for k, c in pairs(s.closed) do out.features[k] = n > 0 and c / n or 0 end
  if s.points then
    out.points = {}
    for p, m in ipairs(s.points) do
      out.points[p] = {}
      for k, v in pairs(m) do out.points[p][k] = n > 0 and v / n or 0 end
    end
  end
  return out
end

-- Checks a summary read from a file: nil, or what is wrong with it.
function M.check(s, players)
  if type(s) ~= "table" then return "summary: expected an object" end
  local function int(v, what)
    if math.type(v) ~= "integer" then
      return ("%s: expected an integer, got %s"):format(what, tostring(v))
    end
  end
  local err = int(s.games, "summary.games") or int(s.moves, "summary.moves")
      or int(s.win_units, "summary.win_units")
  if err then return err end
  if s.games < 0 then return "summary.games: negative" end
  if s.win_units ~= M.WIN_UNITS then return "summary.win_units: expected " .. M.WIN_UNITS end
  if type(s.seats) ~= "table" or #s.seats ~= players then
    return ("summary.seats: expected %d seats"):format(players)
  end
  for p = 1, players do
    local seat = s.seats[p]
    if type(seat) ~= "table" then return ("summary.seats[%d]: expected an object"):format(p) end
    for _, f in ipairs({ "sum", "sumsq", "min", "max", "wins" }) do
      err = int(seat[f], ("summary.seats[%d].%s"):format(p, f))
      if err then return err end
    end
  end
  if type(s.turns) ~= "table" then return "summary.turns: expected an object" end
  for _, f in ipairs({ "sum", "sumsq", "min", "max" }) do
    err = int(s.turns[f], "summary.turns." .. f)
    if err then return err end
  end
  if type(s.closed) ~= "table" then return "summary.closed: expected an object" end
  for k, n in pairs(s.closed) do
    err = int(n, "summary.closed." .. tostring(k))
    if err then return err end
  end
  for _, field in ipairs({ "points", "hist" }) do
    local m = s[field]
    if m ~= nil then
      if type(m) ~= "table" or #m ~= players then
        return ("summary.%s: expected %d seats"):format(field, players)
      end
      for p = 1, players do
        if type(m[p]) ~= "table" then return ("summary.%s[%d]: expected an object"):format(field, p) end
        for k, v in pairs(m[p]) do
          err = int(v, ("summary.%s[%d].%s"):format(field, p, tostring(k)))
          if err then return err end
        end
      end
    end
  end
  if s.agents ~= nil then return require("meeple.cli.sim_agents").check(s.agents, players) end
  return nil
end

return M
