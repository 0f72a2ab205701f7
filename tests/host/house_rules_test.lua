-- The house-rule examples (examples/house-rules/*.lua) load, play, and
-- change the scores the way each one says, measured against the base
-- game on the same seeds.
--
-- Run from the repository root:  meeple script tests/host/house_rules_test.lua
--
-- Two measurements:
--   * loader.simulate: 300 random 2-player games, total scores per game.
--     A rule that changes only scoring (data or a points hook) leaves the
--     random agent's choices alone, so game i is the same game with and
--     without the rule and the two can be compared game by game.
--   * a few games played move by move (loader.new_play), whose ledgers
--     give the points per reason (field, cloister, road, bonus, ...).

local loader = require "meeple.loader"

local GAMES, SEED = 300, 1
local LEDGER_GAMES = 50
local DIR = "examples/house-rules/"

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1
  else failed = failed + 1; print("FAIL " .. msg) end
  return cond
end

local function load_rules(rules, options, game, with)
  return loader.load{ game = game or "base", with = with, rules = rules, options = options,
                      run = meeple_host.run, script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

-- Totals per game (sum over the players), with the simulate results.
local function sim(rules, options)
  local rs = load_rules(rules, options)
  local res = loader.simulate(rs, { players = 2, games = GAMES, seed = SEED })
  local totals, sum = {}, 0
  for i, r in ipairs(res) do
    totals[i] = r.scores[1] + r.scores[2]
    sum = sum + totals[i]
  end
  return { totals = totals, mean = sum / #res, results = res }
end

-- Points per reason over LEDGER_GAMES games played through a Play, and
-- each game's ledger ({player, points, reason, kind, turn} entries).
-- visit(play) is called before every move.
local function ledger_points(rules, options, visit)
  local rs = load_rules(rules, options)
  local by = setmetatable({}, { __index = function() return 0 end })
  local games = {}
  for seed = 1, LEDGER_GAMES do
    local play = loader.new_play(rs, { players = 2, seed = seed })
    while not play:over() do
      if visit then visit(play) end
      play:random_move()
    end
    games[seed] = play:game():ledger()
    for _, e in ipairs(games[seed]) do
      by[e.reason] = by[e.reason] + e.points
      by.total = by.total + e.points
    end
  end
  by.games = games
  return by
end

-- Walks two ledgers of the same seeds entry by entry (a scoring-only rule
-- plays the same moves, so the entries pair up). f(rule_entry, base_entry)
-- returns false for a pair that breaks the rule; counts the changed pairs.
local function entrywise(rule, base_, f)
  local ok, changed = true, 0
  for g, list in ipairs(rule.games) do
    local other = base_.games[g]
    if #list ~= #other then return false, changed end
    for i, e in ipairs(list) do
      local b = other[i]
      if e.player ~= b.player or e.reason ~= b.reason then return false, changed end
      if e.points ~= b.points then changed = changed + 1 end
      if f(e, b) == false then ok = false end
    end
  end
  return ok, changed
end

-- Compare two runs of the same seeds game by game.
local function paired(a, b)
  local up, down, same = 0, 0, 0
  for i = 1, #a.totals do
    local d = a.totals[i] - b.totals[i]
    if d > 0 then up = up + 1 elseif d < 0 then down = down + 1 else same = same + 1 end
  end
  return up, down, same
end

local function identical(a, b)
  for i = 1, #a.results do
    local x, y = a.results[i], b.results[i]
    if x.scores[1] ~= y.scores[1] or x.scores[2] ~= y.scores[2] or x.turns ~= y.turns then
      return false, i
    end
  end
  return true
end

local function report(name, rule, base, extra)
  print(("%-22s mean total %6.2f -> %6.2f (%+.2f)%s"):format(
    name, base.mean, rule.mean, rule.mean - base.mean, extra or ""))
end

-- Counts the farmer placements offered in turns 1-10 and later.
local function farmer_counter()
  local c = { early = 0, late = 0 }
  c.visit = function(play)
    for _, m in ipairs(play:moves()) do
      if m.type == "deploy" and m.at.feature and m.at.feature:kind() == "field" then
        if play:turn() <= 10 then c.early = c.early + 1 else c.late = c.late + 1 end
      end
    end
  end
  return c
end
local base = sim({})
local in_base = farmer_counter()
local base_ledger = ledger_points({}, nil, in_base.visit)

-- Every example loads and plays under the sandbox (and names itself in
-- errors); the README lists every file.
do
  local readme = io.open(DIR .. "README.md"):read("a")
  local p = io.popen("ls " .. DIR .. "*.lua")
  local n = 0
  for path in p:lines() do
    n = n + 1
    local file = path:match("[^/]+$")
    check(readme:find(file, 1, true), "README.md lists " .. file)
    -- a rule for an expansion says so on its "Run:" line
    -- (`meeple play --game new_world ...`, `--with traders_builders ...`)
    local text = io.open(path):read("a")
    local run_line = text:match("Run:%s*([^\n]*)") or ""
    local game = run_line:match("%-%-game%s+(%S+)")
    local with = {}
    for w in (run_line:match("%-%-with%s+(%S+)") or ""):gmatch("[^,]+") do with[#with + 1] = w end
    local ok, err = pcall(load_rules, { path }, nil, game, with)
    check(ok, file .. " loads: " .. tostring(err))
    local play_ok, perr = pcall(function()
      local rs = load_rules({ path }, nil, game, with)
      local play = loader.new_play(rs, { seed = 1 })
      play:random_game()
    end)
    check(play_ok, file .. " plays a game: " .. tostring(perr))
    check(text:match("^%-%- ") and text:find("Run:", 1, true), file .. " starts with a comment saying how to run it")
  end
  p:close()
  check(n >= 8, "at least eight examples, found " .. n)
end

-- farmers_4: fields pay 4 per city instead of 3, nothing else changes.
do
  local rule = sim({ DIR .. "farmers_4.lua" })
  local up, down = paired(rule, base)
  check(down == 0, "farmers_4 never lowers a game's total")
  check(up > GAMES / 2, "farmers_4 raises most games' totals: " .. up)
  check(rule.mean > base.mean, "farmers_4 raises the mean")
  local l = ledger_points({ DIR .. "farmers_4.lua" })
  local ok, changed = entrywise(l, base_ledger, function(e, b)
    if e.reason == "field" then return e.points * 3 == b.points * 4 end
    return e.points == b.points
  end)
  check(ok and changed > 0, "farmers_4: every field payment x4/3, every other payment unchanged")
  report("farmers_4", rule, base, (", field points per game %.2f -> %.2f"):format(
    base_ledger.field / LEDGER_GAMES, l.field / LEDGER_GAMES))
end

-- farmer_points: the option's default (4) is farmers_4; 3 is the base game.
do
  local four = sim({ DIR .. "farmer_points.lua" })
  local three = sim({ DIR .. "farmer_points.lua" }, { farmer_points = "3" })
  local f4 = sim({ DIR .. "farmers_4.lua" })
  check(identical(four, f4), "farmer_points default 4 plays exactly like farmers_4")
  check(identical(three, base), "farmer_points=3 plays exactly like the base game")
  check(four.mean > three.mean, "farmer_points 4 scores more than 3")
  local ok, err = pcall(load_rules, { DIR .. "farmer_points.lua" }, { farmer_points = "5" })
  check(not ok and tostring(err):find("must be one of 3 | 4", 1, true),
        "farmer_points=5 is refused naming 3 | 4: " .. tostring(err))
  report("farmer_points=4", four, base, (", =3: %.2f"):format(three.mean))
end

-- cloister_completed: an unfinished cloister pays 1; only lowers scores.
do
  local rule = sim({ DIR .. "cloister_completed.lua" })
  local up, down = paired(rule, base)
  check(up == 0, "cloister_completed never raises a game's total")
  check(down > 0, "cloister_completed lowers some games: " .. down)
  check(rule.mean < base.mean, "cloister_completed lowers the mean")
  local l = ledger_points({ DIR .. "cloister_completed.lua" })
  -- a completed cloister pays 9; an unfinished one paid 1..8, now 1
  local unfinished_before, unfinished_after = 0, 0
  local ok, changed = entrywise(l, base_ledger, function(e, b)
    if e.reason == "cloister" and b.points < 9 then
      unfinished_before, unfinished_after = unfinished_before + b.points, unfinished_after + e.points
      return e.points == 1
    end
    return e.points == b.points
  end)
  check(ok and changed > 0, "cloister_completed: unfinished cloisters pay 1, completed ones 9, others unchanged")
  report("cloister_completed", rule, base, (", unfinished cloister points per game %.2f -> %.2f"):format(
    unfinished_before / LEDGER_GAMES, unfinished_after / LEDGER_GAMES))
end

-- pennants_3: completed cities pay 3 per pennant; only raises scores.
do
  local rule = sim({ DIR .. "pennants_3.lua" })
  local up, down = paired(rule, base)
  check(down == 0, "pennants_3 never lowers a game's total")
  check(up > 0, "pennants_3 raises some games: " .. up)
  check(rule.mean > base.mean, "pennants_3 raises the mean")
  local l = ledger_points({ DIR .. "pennants_3.lua" })
  local ok, changed = entrywise(l, base_ledger, function(e, b)
    if e.reason == "city" then return e.points >= b.points end
    return e.points == b.points
  end)
  check(ok and changed > 0, "pennants_3: some city payments up, none down, other kinds unchanged")
  report("pennants_3", rule, base, (", city points per game %.2f -> %.2f"):format(
    base_ledger.city / LEDGER_GAMES, l.city / LEDGER_GAMES))
end

-- cathedral_pennants: a pennant city pays 1.5 times the base when
-- completed (3 per tile and pennant) and 0 when unfinished; every other
-- payment is unchanged.
do
  local l = ledger_points({ DIR .. "cathedral_pennants.lua" })
  local raised, zeroed = 0, 0
  local ok, changed = entrywise(l, base_ledger, function(e, b)
    if e.reason ~= "city" or e.points == b.points then return true end
    if e.points * 2 == b.points * 3 then raised = raised + 1; return true end
    if e.points == 0 then zeroed = zeroed + 1; return true end
    return false
  end)
  check(ok and raised > 0 and zeroed > 0,
        ("cathedral_pennants: pennant cities x1.5 when completed (%d), 0 when not (%d), nothing else"):format(raised, zeroed))
  report("cathedral_pennants", sim({ DIR .. "cathedral_pennants.lua" }), base,
         (", city points per game %.2f -> %.2f (%d changed)"):format(base_ledger.city / LEDGER_GAMES, l.city / LEDGER_GAMES, changed))
end

-- long_roads: a completed road of long_road+ tiles pays double; a higher
-- threshold changes less.
do
  local rule = sim({ DIR .. "long_roads.lua" })
  local strict = sim({ DIR .. "long_roads.lua" }, { long_road = "8" })
  local up, down = paired(rule, base)
  check(down == 0, "long_roads never lowers a game's total")
  check(up > 0, "long_roads raises some games: " .. up)
  check(rule.mean > strict.mean and strict.mean >= base.mean,
        ("long_roads: 5+ raises more than 8+ (%.2f > %.2f >= %.2f)"):format(rule.mean, strict.mean, base.mean))
  local l = ledger_points({ DIR .. "long_roads.lua" })
  local ok, changed = entrywise(l, base_ledger, function(e, b)
    -- unfinished roads (and short ones) keep their points
    if e.points ~= b.points then return e.reason == "road" and b.points >= 5 and e.points == 2 * b.points end
  end)
  check(ok and changed > 0, "long_roads: only road payments of 5+ change, and they double")
  report("long_roads", rule, base, (", road points per game %.2f -> %.2f; with long_road=8: %.2f"):format(
    base_ledger.road / LEDGER_GAMES, l.road / LEDGER_GAMES, strict.mean))
end

-- no_early_farmers: no field deploy is offered during the first 10 turns
-- (the base game offers many); farmer_delay=0 is the base game; a longer
-- delay cuts the farmers' points.
do
  local in_rule = farmer_counter()
  local l = ledger_points({ DIR .. "no_early_farmers.lua" }, nil, in_rule.visit)
  check(in_base.early > 0, "base game offers farmers in turns 1-10: " .. in_base.early)
  check(in_rule.early == 0, "no_early_farmers: no farmer offered in turns 1-10, got " .. in_rule.early)
  check(in_rule.late > 0, "no_early_farmers: farmers are offered after turn 10")
  local rule = sim({ DIR .. "no_early_farmers.lua" })
  check(rule.mean ~= base.mean, "no_early_farmers changes the mean total")
  check(l.field / l.total < base_ledger.field / base_ledger.total,
        ("no_early_farmers: fields' share of the points drops (%.3f -> %.3f)"):format(
          base_ledger.field / base_ledger.total, l.field / l.total))
  local long = ledger_points({ DIR .. "no_early_farmers.lua" }, { farmer_delay = "30" })
  check(long.field < base_ledger.field / 2, ("farmer_delay=30 more than halves the field points (%d -> %d)"):format(
    base_ledger.field, long.field))
  local off = sim({ DIR .. "no_early_farmers.lua" }, { farmer_delay = "0" })
  check(identical(off, base), "no_early_farmers with farmer_delay=0 plays exactly like the base game")
  report("no_early_farmers", rule, base, (", field points per game %.2f -> %.2f (delay 30: %.2f)"):format(
    base_ledger.field / LEDGER_GAMES, l.field / LEDGER_GAMES, long.field / LEDGER_GAMES))
end

-- retreat: the retreat phase offers one move per meeple of the mover's on
-- an unfinished road, its args naming that road (x, y, segment, the text
-- in that order); each retreat brings one meeple home and costs 1 point.
do
  local rs = load_rules({ DIR .. "retreat.lua" })
  local offers, taken, shape_ok, cost_ok = 0, 0, true, true
  for seed = 1, 20 do
    local play = loader.new_play(rs, { players = 2, seed = seed })
    local g = play:game()
    while not play:over() do
      local retreat = nil
      if play:phase() == "retreat" then
        for i, m in ipairs(play:moves()) do
          if m.type == "action" then
            offers = offers + 1
            local a = m.args
            local fh = g:tile_at(a.x, a.y):feature(a.segment)
            shape_ok = shape_ok and fh:kind() == "road" and not fh:closed()
              and play:move_name(i) == ("action retreat %d %d %d 0"):format(a.x, a.y, a.segment)
            retreat = retreat or i
          end
        end
      end
      if retreat then
        local player = play:player()
        local supply, score, entries = g:supply(player, "meeple"), g:scores()[player], #g:ledger()
        play:apply_index(retreat)
        taken = taken + 1
        -- the turn goes on to its scoring: count the retreat's own entry
        local ledger, retreats, others = g:ledger(), 0, 0
        for k = entries + 1, #ledger do
          local e = ledger[k]
          if e.reason == "retreat" then
            retreats = retreats + 1
            cost_ok = cost_ok and e.points == -1 and e.player == player
          elseif e.player == player then
            others = others + e.points
          end
        end
        cost_ok = cost_ok and retreats == 1 and g:scores()[player] == score - 1 + others
          and g:supply(player, "meeple") >= supply + 1
      else
        play:random_move()
      end
    end
  end
  check(offers > 0 and taken > 0, ("retreat is offered (%d) and taken (%d)"):format(offers, taken))
  check(shape_ok, "retreat: every offer names an unfinished road by x, y, segment, as its text")
  check(cost_ok, "retreat: each one brings one meeple home for exactly 1 point")
end

-- city_builder_bonus: +2 to the current player for every completed city:
-- the totals grow by exactly 2 x the cities completed in that game.
do
  local rule = sim({ DIR .. "city_builder_bonus.lua" })
  local exact, cities = true, 0
  for i, r in ipairs(rule.results) do
    local c = r.closed.city or 0
    cities = cities + c
    if rule.totals[i] - base.totals[i] ~= 2 * c then exact = false end
  end
  check(exact, "city_builder_bonus adds exactly 2 per completed city to each game's total")
  check(cities > 0 and rule.mean > base.mean, "city_builder_bonus raises the mean")
  local l = ledger_points({ DIR .. "city_builder_bonus.lua" })
  local bonus_ok = true
  for g, list in ipairs(l.games) do
    local n = 0
    for _, e in ipairs(list) do
      if e.reason == "bonus" then
        n = n + 1
        if e.points ~= 2 or e.kind ~= "city" then bonus_ok = false end
      end
    end
    -- the rest of the ledger is the base game's
    if #list - n ~= #base_ledger.games[g] then bonus_ok = false end
  end
  check(bonus_ok and l.bonus > 0 and l.city == base_ledger.city,
        "city_builder_bonus: 2 points per city, reason 'bonus', base payments unchanged")
  report("city_builder_bonus", rule, base, (", bonus per game %.2f"):format(l.bonus / LEDGER_GAMES))
end

print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
