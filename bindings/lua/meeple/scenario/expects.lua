-- meeple.scenario.expects: the expectations (expect.NAME in a
-- scenario). Each returns nil when it holds, or expected, actual (and
-- optionally a note). Their arguments were checked when the scenario
-- called them (meeple.scenario.check, one row per expectation here).

local common = require "meeple.scenario.common"
local spots = require "meeple.scenario.spots"

local show, same = common.show, common.same
local ledger_entries, sort_entries = common.ledger_entries, common.sort_entries
local parse_place = spots.parse_place

local EXPECTS = {}

-- The players who lead a feature's majority, by the declared strengths.
local function leaders(run, fh)
  local strengths = {}
  for _, f in ipairs(run.rs.decl.figures) do
    strengths[f.name] = f.strength_attr and math.max(0, fh:attr(f.strength_attr)) or f.strength
  end
  local _, list = run.play:game():majority(fh, strengths)
  return list
end

-- What scoring the feature now would pay its leaders: the formula, then
-- the rules' feature_points transforms (as the score phase runs them).
local function hooked_points(run, fh, when)
  local p = run.play
  local points = p:formula_points(fh, when)
  local plan = run.rs.hook_plan
  local hooked = false
  for _, name in ipairs(plan and plan.hooks or {}) do hooked = hooked or name == "feature_points" end
  if not hooked then return points end
  local r = plan.dispatch("feature_points", { phase = p:phase(), feature = fh, when = when, value = points,
                                    leaders = leaders(run, fh) }, p)
  return r.value or points
end

local function need(cond, what)
  if not cond then error(what, 0) end
end

-- at = {x, y}, port = "N" (or spot = ..): the feature there.
local function feature_arg(run, spec, fname)
  need(type(spec) == "table", fname .. ": a table {at = {x, y}, port = ...} expected")
  need(type(spec.at) == "table", fname .. ": at = {x, y} expected")
  local spot = spec.port or spec.spot or spec.on
  need(spot ~= nil, fname .. ": port = \"N\" (or \"C\") expected")
  local fh, why = run:feature_handle(run.play:game(), spec.at[1], spec.at[2], spot)
  if not fh then error(fname .. ": " .. why, 0) end
  return fh
end

-- The players' figures on a feature, as their owners; neutral figures
-- (line markers a setup stood there) are no one's.
local function owners(fh)
  local out = {}
  for _, f in ipairs(fh:figures()) do
    local owner = f:info().owner
    if owner > 0 then out[#out + 1] = owner end
  end
  table.sort(out)
  return out
end

function EXPECTS.score(run, list)
  need(type(list) == "table", "expect.score: a list of totals expected")
  local got = run.play:game():scores()
  if not same(list, got) then return list, got end
end

function EXPECTS.final(run, list)
  need(type(list) == "table", "expect.final: a list of totals expected")
  if not run.play:over() then
    return "the game over with " .. show(list), "the game still running (phase " .. run.play:phase() .. ")"
  end
  local got = run.play:game():scores()
  if not same(list, got) then return list, got end
end

-- {player=, reason=, points=[, turn = "last"]}: the points a player got
-- for one reason (the whole game, or the last turn only).
function EXPECTS.points(run, spec)
  need(type(spec) == "table" and spec.player and spec.reason and spec.points,
       "expect.points: {player =, reason =, points =} expected")
  local turn0 = spec.turn == "last" and run:last_turn0() or nil
  local total = 0
  for _, e in ipairs(ledger_entries(run.play:game(), turn0)) do
    if e.player == spec.player and e.reason == spec.reason then total = total + e.points end
  end
  if total ~= spec.points then
    return ("player %d: %d for %s"):format(spec.player, spec.points, spec.reason),
           ("player %d: %d for %s"):format(spec.player, total, spec.reason)
  end
end

function EXPECTS.ledger_last_turn(run, list)
  need(type(list) == "table", "expect.ledger_last_turn: a list of {player =, points =, reason =} expected")
  local got = sort_entries(ledger_entries(run.play:game(), run:last_turn0()))
  local want = sort_entries(list)
  if not same(want, got) then return want, got end
end

-- What the beginning of the turn now to move scored (a fairy's point at
-- its owner's turn start), before that turn's first move: the ledger of
-- the turn under way, which holds nothing else yet.
function EXPECTS.ledger_turn_begin(run, list)
  local p = run.play
  if run.last_turn == p:turn() then
    error(("expect.ledger_turn_begin: turn %d has had moves; write it before the turn's first move"):format(
      p:turn()), 0)
  end
  local got = sort_entries(ledger_entries(p:game(), p:turn() - 1))
  local want = sort_entries(list)
  if not same(want, got) then return want, got end
end

-- The entries of the final scoring (after the last turn; the game must
-- be over).
function EXPECTS.ledger_final(run, list)
  need(type(list) == "table", "expect.ledger_final: a list of {player =, points =, reason =} expected")
  if not run.play:over() then
    return "the game over", "the game still running (phase " .. run.play:phase() .. ")"
  end
  local got = sort_entries(ledger_entries(run.play:game(), run.play:turn() - 1))
  local want = sort_entries(list)
  if not same(want, got) then return want, got end
end

function EXPECTS.ledger(run, list)
  need(type(list) == "table", "expect.ledger: a list of {player =, points =, reason =} expected")
  local got = sort_entries(ledger_entries(run.play:game(), nil))
  local want = sort_entries(list)
  if not same(want, got) then return want, got end
end

function EXPECTS.occupied(run, spec)
  local fh = feature_arg(run, spec, "expect.occupied")
  local want = {}
  for i, p in ipairs(spec.by or {}) do want[i] = p end
  table.sort(want)
  local got = owners(fh)
  if spec.by == nil then
    if #got == 0 then return "figures on it", "none" end
    return
  end
  if not same(want, got) then return { by = want }, { by = got } end
end

-- expect.figure { at = {x, y}, spot = "NE", kind = "barn", player = 1
-- [, count = N] }: figures standing on that very segment of that tile,
-- named as moves name it (a port, a corner: the field there, C, C2...),
-- not merely somewhere on its feature; kind and player narrow them down;
-- count (default: at least one) how many.
function EXPECTS.figure(run, spec)
  local g = run.play:game()
  local spot = spec.port or spec.spot or spec.on
  local _, why, th, seg = run:feature_handle(g, spec.at[1], spec.at[2], spot)
  if not th then error("expect.figure: " .. why, 0) end
  local n = 0
  for _, f in ipairs(th:feature(seg):figures()) do
    local info = f:info()
    if info.tile == th and info.segment == seg and (not spec.kind or info.kind == spec.kind)
        and (not spec.player or info.owner == spec.player) then
      n = n + 1
    end
  end
  local what = ("%s%s at %d,%d %s"):format(spec.player and ("player " .. spec.player .. "'s ") or "",
                                            spec.kind or "figure", spec.at[1], spec.at[2], spot)
  if spec.count == nil and n == 0 then return what, "none" end
  if spec.count ~= nil and n ~= spec.count then
    return ("%d %s"):format(spec.count, what), ("%d"):format(n)
  end
end

function EXPECTS.free(run, spec)
  local fh = feature_arg(run, spec, "expect.free")
  local got = owners(fh)
  if #got > 0 then return { by = {} }, { by = got } end
end

function EXPECTS.closed(run, spec)
  local fh = feature_arg(run, spec, "expect.closed")
  if not fh:closed() then return "closed", "open" end
end

function EXPECTS.open(run, spec)
  local fh = feature_arg(run, spec, "expect.open")
  if fh:closed() then return "open", "closed" end
end

-- {at=, port=, kind=, tiles=, closed=, figures=, points=, when=, ATTR=}
function EXPECTS.feature(run, spec)
  local fh = feature_arg(run, spec, "expect.feature")
  local info = fh:info()
  local want, got = {}, {}
  local skip = { at = true, port = true, spot = true, on = true, when = true }
  for k, v in pairs(spec) do
    if not skip[k] then
      want[k] = v
      if k == "kind" then got[k] = info.kind
      elseif k == "tiles" then got[k] = info.tiles
      elseif k == "closed" then got[k] = info.closed
      elseif k == "figures" then got[k] = owners(fh)
      elseif k == "points" then
        got[k] = run.play:formula_points(fh, spec.when or (info.closed and "closed" or "final"))
      elseif k == "value" then
        got[k] = hooked_points(run, fh, spec.when or (info.closed and "closed" or "final"))
      else
        local ok, v2 = pcall(fh.attr, fh, k)
        if not ok then error("expect.feature: '" .. k .. "' is neither a field nor an attribute", 0) end
        got[k] = v2
      end
    end
  end
  if want.figures then table.sort(want.figures) end
  if not same(want, got) then return want, got end
end

-- expect.counter { player = 1, counter = "wine", value = 3 }
function EXPECTS.counter(run, spec)
  need(type(spec) == "table" and type(spec.counter) == "string" and math.type(spec.value) == "integer",
       "expect.counter: {player =, counter =, value =} expected")
  local player = spec.player or 1
  local ok, got = pcall(run.play:game().counter, run.play:game(), player, spec.counter)
  if not ok then error("expect.counter: " .. tostring(got), 0) end
  if got ~= spec.value then
    return ("player %d: %d %s"):format(player, spec.value, spec.counter), ("player %d: %d"):format(player, got)
  end
end

-- The line (x for a column, y for a row) of each placed figure of a kind.
local function figure_lines(g, kind, axis)
  local out = {}
  for _, fig in ipairs(g:placed_figures(kind)) do
    local at = fig:info().at
    local cell = at.cell or at.corner
    if at.feature then
      local i = at.feature:spot().tile:info()
      cell = { i.x, i.y }
    elseif at.tile then
      local i = at.tile:info()
      cell = { i.x, i.y }
    end
    if cell then out[#out + 1] = cell[axis] end
  end
  table.sort(out)
  return out
end

-- expect.marker { "surveyor", column = -2 }: a figure of that kind stands
-- in board column x = -2 (row = y for rows; count = n: exactly n there);
-- expect.marker { "surveyor", columns = { -2, 0 } }: exactly these.
function EXPECTS.marker(run, spec)
  need(type(spec) == "table" and type(spec[1]) == "string",
       "expect.marker: {\"kind\", column = x | row = y | columns = {..} | rows = {..}} expected")
  local rows = spec.row ~= nil or spec.rows ~= nil
  local got = figure_lines(run.play:game(), spec[1], rows and 2 or 1)
  local what = rows and "rows" or "columns"
  local list = spec.columns or spec.rows
  if list then
    local want = {}
    for i, v in ipairs(list) do want[i] = v end
    table.sort(want)
    if not same(want, got) then return { [what] = want }, { [what] = got } end
    return
  end
  local line = spec.column or spec.row
  need(math.type(line) == "integer", "expect.marker: column = x or row = y expected")
  local n = 0
  for _, v in ipairs(got) do if v == line then n = n + 1 end end
  if (spec.count and n ~= spec.count) or (not spec.count and n == 0) then
    return ("%s %s in %s %d"):format(spec.count or "some", spec[1], rows and "row" or "column", line),
           { [what] = got }
  end
end

-- A place move of a tile other than the one in hand is judged as if
-- that tile had been drawn.
local function judge(run, text)
  run:ensure_started()
  local p = run.play
  local id = parse_place(text)
  if id and p:tile() and p:tile() ~= id and run:can_rewind() and run.defs[id] then
    local copy = run:trial_with(id)
    if copy then p = copy end
  end
  local i = p:find_move(run:canonical(p, text))
  return i ~= nil, p
end

function EXPECTS.legal(run, text)
  need(type(text) == "string", "expect.legal: a move text expected")
  local ok, p = judge(run, text)
  if not ok then return "legal: " .. text, "illegal: " .. run:why_illegal(p, text) end
end

function EXPECTS.illegal(run, text, fragment)
  need(type(text) == "string", "expect.illegal: a move text expected")
  local ok, p = judge(run, text)
  if ok then return "illegal: " .. text, "legal" end
  local why = run:why_illegal(p, text)
  if fragment and not why:find(fragment, 1, true) then
    return ("illegal because of '%s'"):format(fragment), "illegal: " .. why
  end
end

-- expect.moves { "pass", "deploy meeple N" }: exactly these (any order);
-- expect.moves { match = "^deploy", count = 0 }: how many match.
function EXPECTS.moves(run, spec)
  need(type(spec) == "table", "expect.moves: a list of move texts or {match =, count =} expected")
  local p = run.play
  local names = {}
  for i = 1, p:move_count() do names[i] = p:move_name(i) end
  table.sort(names)
  if spec.count then
    local n, matched = 0, {}
    for _, nm in ipairs(names) do
      if nm:find(spec.match or "", 1, spec.match == nil) then n = n + 1; matched[#matched + 1] = nm end
    end
    if n ~= spec.count then
      return ("%d moves matching '%s'"):format(spec.count, spec.match or ""),
             ("%d: %s"):format(n, show(matched))
    end
    return
  end
  local want = {}
  for i, t in ipairs(spec) do want[i] = t end
  table.sort(want)
  if not same(want, names) then return want, names end
end

function EXPECTS.phase(run, name)
  if run.play:phase() ~= name then return name, run.play:phase() end
end

function EXPECTS.player(run, n)
  if run.play:player() ~= n then return n, run.play:player() end
end

function EXPECTS.turn(run, n)
  if run.play:turn() ~= n then return n, run.play:turn() end
end

function EXPECTS.part(run, n)
  if run.play:part() ~= n then return n, run.play:part() end
end

-- expect.tile "E": the tile in hand (nil: none).
function EXPECTS.tile(run, id)
  if run.play:tile() ~= id then return id, run.play:tile() end
end

function EXPECTS.over(run, flag)
  if flag == nil then flag = true end
  if run.play:over() ~= flag then
    return flag and "game over" or "game running", run.play:over() and "game over" or ("phase " .. run.play:phase())
  end
end

function EXPECTS.supply(run, spec)
  need(type(spec) == "table" and spec.player and spec.count, "expect.supply: {player =, kind =, count =} expected")
  local got = run.play:game():supply(spec.player, spec.kind or run.default_figure)
  if got ~= spec.count then
    return ("player %d: %d %s"):format(spec.player, spec.count, spec.kind or run.default_figure),
           ("player %d: %d"):format(spec.player, got)
  end
end

-- expect.discards(1) | expect.discards { "X" }: tiles removed unplaced.
function EXPECTS.discards(run, spec)
  local g = run.play:game()
  local n = g:discards()
  if type(spec) == "number" then
    if n ~= spec then return spec, n end
    return
  end
  local list = {}
  for _, e in ipairs(g:log()) do if e.event == "discard" then list[#list + 1] = e.tile end end
  local want = {}
  for i, t in ipairs(spec) do want[i] = t end
  table.sort(want); table.sort(list)
  if not same(want, list) then return want, list end
end

-- expect.set_aside { "pd.D1" }: each tile waits in a stack declared
-- with set_aside (no turn draws it until the tile it waits for is
-- placed: the 1st-edition dragon tiles before the first volcano). With
-- expect.discards (fits nowhere, every placement vetoed) this covers
-- every way a tile leaves the draw unplaced.
function EXPECTS.set_aside(run, ids)
  local g = run.play:game()
  local missing = {}
  for _, id in ipairs(ids) do
    local found = false
    for _, a in ipairs(run.rs.decl.stack_set_aside or {}) do
      if g:stack_count(a.stack, id) > 0 then found = true end
    end
    if not found then missing[#missing + 1] = id end
  end
  if #missing > 0 then
    return "set aside: " .. table.concat(ids, ", "), "not set aside: " .. table.concat(missing, ", ")
  end
end

-- expect.stack { size = 3 [, stack = "main"] }
function EXPECTS.stack(run, spec)
  local g = run.play:game()
  local s = spec.stack or run.rs.decl.draw_stack
  local got = g:stack_size(s)
  if got ~= spec.size then return ("%d tiles in %s"):format(spec.size, s), got end
end

-- expect.tile_at { at = {x, y}, id = "E", rot = 2 } (id = false: empty)
function EXPECTS.tile_at(run, spec)
  local th = run.play:game():tile_at(spec.at[1], spec.at[2])
  if spec.id == false then
    if th then return "no tile", th:info().id end
    return
  end
  if not th then return spec.id, "no tile" end
  local info = th:info()
  local want, got = { id = spec.id }, { id = info.id }
  if spec.rot then want.rot, got.rot = spec.rot, info.rot end
  if not same(want, got) then return want, got end
end

return EXPECTS
