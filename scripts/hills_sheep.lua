-- Hills & Sheep (C2, HiG 2018; C1 2014), an expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/hills_sheep.md):
--   §1 Components and setup; §2 Turn structure; §3 Shepherd and flock:
--   §3.1 placing, §3.2 tending, §3.3 the stable, §3.4 the wolf, §3.5 the
--   end; §4 Hills; §5 Vineyards; §6 Interactions; §7 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with hills_sheep
--   meeple play --with hills_sheep --option hill_tiebreak=count
--
-- What runs where. All of it is hooks on the public API (issue #41: "first
-- as hooks"); the sheep bag is a tile stack, so its draws are the game's
-- own (logged, replayed, fixed by a scenario's draws { stack = "sheep" }):
--   the bag of 18 tokens                    stack "sheep" + tiles "hills_sheep_bag"
--   the shepherd, a figure, no follower     figure "shepherd" (strength 0)
--   which flock a tile extends; hills,      on("tile_placed") (every tile: one hook,
--   the tile under a hill; vineyards          by args.tile_id, on the direct path)
--   grow or drive to the stable             phase "flock": collect + on("action")
--   a new shepherd's first token, the wolf  on("turn_end") (supply against state)
--   a shepherd eaten by a dragon            on("turn_end") (figures against state)
--   a closed field with a shepherd scores   on("turn_end") (after a tile joined one)
--   hill tie-break, vineyards               transform("feature_points")
-- Cost: a tile_placed hook and a collect call every turn, and a
-- feature_points transform per scored feature: measured in the README
-- speed table; below 0.5x base. The next step would be a general
-- capability for "a per-player pool that grows from a bag while a feature
-- grows", which these hooks describe.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "hills_sheep" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: 18 tiles (8 hills, 8 vineyards) shuffled into the base tiles.
tiles "hills_sheep"

-- §1: the cloth bag: 18 tokens, a stack of its own that no turn draws from.
stack "sheep" {}
tiles "hills_sheep_bag" { stack = "sheep" }
local SHEEP = { ["hs.sheep1"] = 1, ["hs.sheep2"] = 2, ["hs.sheep3"] = 3, ["hs.sheep4"] = 4 }
local WOLF = "hs.wolf"

-- §3.2 [JCZ]: JCloisterZone can give each player 2 shepherds.
local SHEPHERDS = option "shepherds" {
  values = { 1, 2 }, default = 1,
  doc = "Shepherds per player (§3.2): 1 (the rules, default) or 2 (a JCloisterZone setting).",
}

-- §4 [official: edition note]: several tied players with followers on hills.
local TIEBREAK = option "hill_tiebreak" {
  values = { "one", "count" }, default = "one",
  doc = "Hill tie-break (§4): one (default: a follower on a hill wins the tie) or "
     .. "count (the most followers on hills win).",
}

-- §3.1: on a field of the tile just placed, not where a shepherd stands;
-- farmers may share the field. Strength 0: never counted in majorities.
figure "shepherd" {
  per_player = SHEPHERDS,
  on = { "field" },
  blocked_by = { "shepherd" },
  shape = "disc",
}

reason "flock"

-- shepherds: one entry per shepherd on the board, in the order placed
-- (never pairs()): { owner, x, y, seg, sheep = points, tokens = {ids} }.
-- pending: where the shepherds stand ("x,y,seg") that the active player
-- must tend this turn (§3.2), in that order.
-- hills: "x,y" of each hill tile on the board; vineyards likewise; with
-- their counts (a state table is read through a proxy: no next()).
state { shepherds = {}, pending = {}, pending_turn = 0, check_turn = 0, hills = {}, vineyards = {},
        n_hills = 0, n_vineyards = 0 }

action "flock_grow"  { args = {} }
action "flock_score" { args = {} }
phase "flock" { after = "place_figure" }

-- }======================================================================

-- {======================================================================
-- §3 Shepherd and flock
-- =======================================================================

local function field_of(ctx, s)
  return ctx.game:tile_at(s.x, s.y):feature(s.seg)
end

-- Every entry standing in field f, in placing order.
local function on_field(ctx, f)
  local list = {}
  for _, s in ipairs(ctx.state.shepherds) do
    if field_of(ctx, s) == f then list[#list + 1] = s end
  end
  return list
end

-- Sends the shepherds of these entries home and their tokens (and extra,
-- a drawn wolf) back into the bag, at random places.
local function clear(ctx, entries, extra)
  local g, st = ctx.game, ctx.state
  for _, s in ipairs(entries) do
    local th = g:tile_at(s.x, s.y)
    for _, fig in ipairs(th:feature(s.seg):figures()) do
      local info = fig:info()
      if info.kind == "shepherd" and info.owner == s.owner and info.tile == th and info.segment == s.seg then
        fig:return_to_supply()
        break
      end
    end
    for _, id in ipairs(s.tokens) do g:put_back("sheep", id, "random") end
    for i, e in ipairs(st.shepherds) do
      if e.x == s.x and e.y == s.y and e.seg == s.seg then table.remove(st.shepherds, i) break end
    end
  end
  if extra then g:put_back("sheep", extra, "random") end
end

-- §3.3: every owner of a shepherd in the field scores the sheep of all its
-- flocks, once per player; then all of them go home.
local function stable(ctx, f)
  local entries = on_field(ctx, f)
  local total, owners, seen = 0, {}, {}
  for _, s in ipairs(entries) do
    total = total + s.sheep
    if not seen[s.owner] then seen[s.owner] = true; owners[#owners + 1] = s.owner end
  end
  for _, p in ipairs(owners) do ctx:score(p, total, "flock", f) end
  clear(ctx, entries)
end

-- §3.1, §3.2: a token for the flock of entry s; §3.4: a wolf scatters every
-- flock of the field.
local function grow(ctx, s)
  local id = ctx.game:draw("sheep")
  if not id then return end                       -- [inferred] an empty bag: nothing happens
  if id == WOLF then
    clear(ctx, on_field(ctx, field_of(ctx, s)), id)
  else
    s.tokens[#s.tokens + 1] = id
    s.sheep = s.sheep + SHEEP[id]
  end
end

-- The tiles tagged hill and vineyard in tiles/hills_sheep.tiles, by id: one
-- tile_placed hook that reads args.tile_id keeps the event on the flow's
-- direct path (a hook narrowed to tags sends every tile_placed through the
-- dispatcher: 3 times the cost, README speed table). The abbey (Abbey &
-- Mayor) closes the fields it touches without joining them.
local HILL = {
  ["hs.Cc.h.1"] = true, ["hs.CC.h.2"] = true, ["hs.CFC.h"] = true, ["hs.CFR.h"] = true,
  ["hs.CRr.h"] = true, ["hs.RFR.h"] = true, ["hs.RR.hG"] = true, ["hs.RrC.h"] = true,
}
local VINEYARD = {
  ["hs.C_x.v"] = true, ["hs.CC_x.v"] = true, ["hs.Cc.v"] = true, ["hs.CFC.v"] = true,
  ["hs.RCC.v"] = true, ["hs.RRr.v"] = true,
}
local ABBEY = "am.abbey"

-- §4: the hill is laid on a tile drawn face down: that tile leaves the game.
local function hill(ctx, th)
  local t = th:info()
  ctx.state.hills[t.x .. "," .. t.y] = true
  ctx.state.n_hills = ctx.state.n_hills + 1
  if ctx.game:stack_size("main") > 0 then
    ctx.game:discard(ctx.game:draw("main"))
  end
end

local function vineyard(ctx, th)
  local t = th:info()
  ctx.state.vineyards[t.x .. "," .. t.y] = true
  ctx.state.n_vineyards = ctx.state.n_vineyards + 1
end

-- §3.2: the flocks of the active player whose field the tile extends, one
-- per field (two shepherds of one player in one field act once, JCZ); and
-- whether a field with a shepherd may have closed (the tile joined it, or
-- an abbey came): the end of the turn looks (§3.3).
on("tile_placed", function(ctx, th, args)
  local id = args.tile_id
  if HILL[id] then hill(ctx, th) end
  if VINEYARD[id] then vineyard(ctx, th) end
  local st = ctx.state
  if #st.shepherds == 0 then return end
  local me, pending, fields, feats = ctx.player, {}, {}, th:features()
  local any = id == ABBEY
  for _, s in ipairs(st.shepherds) do
    local f = field_of(ctx, s)
    local here = false
    for _, tf in ipairs(feats) do if tf == f then here = true break end end
    if here then any = true end
    if here and s.owner == me then
      local fresh = true
      for _, g in ipairs(fields) do if g == f then fresh = false end end
      if fresh then
        fields[#fields + 1] = f
        pending[#pending + 1] = s.x .. "," .. s.y .. "," .. s.seg
      end
    end
  end
  if any then st.check_turn = ctx.turn end
  if #pending > 0 then
    st.pending = pending
    st.pending_turn = ctx.turn
  end
end)

collect("flock", function(ctx)
  local st = ctx.state
  if st.pending_turn ~= ctx.turn or #st.pending == 0 then return nil end
  return { { type = "action", action = "flock_grow", args = {} },
           { type = "action", action = "flock_score", args = {} } }
end)

on("action", function(ctx, move)
  local a = move.action
  if a ~= "flock_grow" and a ~= "flock_score" then return end
  local st = ctx.state
  local key = table.remove(st.pending, 1)
  -- the entry the tile extended, found again by place (an earlier choice
  -- this turn may have sent it home)
  local s
  for _, e in ipairs(st.shepherds) do
    if e.x .. "," .. e.y .. "," .. e.seg == key then s = e break end
  end
  if s then
    if a == "flock_grow" then grow(ctx, s) else stable(ctx, field_of(ctx, s)) end
  end
  if #st.pending > 0 then return true end         -- another flock to tend
end)

-- §3.1: a shepherd placed this turn draws its first token. It is found at
-- the end of the turn (no figure_placed hook, which every deploy would
-- pay for): its player's shepherds on the board outnumber the entries.
-- [JCZ] draws it before the choice of §3.2 for the player's other
-- shepherds; only a player with 2 shepherds (option shepherds) could tell.
-- §6 [inferred]: a shepherd that left the board otherwise (eaten by the
-- dragon of The Princess & the Dragon) loses its flock to the bag.
local function same(a, b)
  return a.x == b.x and a.y == b.y and a.seg == b.seg and a.owner == b.owner
end

local function reconcile(ctx)
  local st, g, me = ctx.state, ctx.game, ctx.player
  -- every shepherd accounted for (in a supply or an entry), and none of
  -- the active player's new: nothing to do, without listing figures
  local known, total, n = 0, #st.shepherds, g:players()
  for _, s in ipairs(st.shepherds) do if s.owner == me then known = known + 1 end end
  local mine = g:supply(me, "shepherd")
  for p = 1, n do total = total + (p == me and mine or g:supply(p, "shepherd")) end
  if mine + known >= SHEPHERDS and total == SHEPHERDS * n then return end
  local figs = g:placed_figures("shepherd")
  local here = {}
  for i, fig in ipairs(figs) do
    local info = fig:info()
    local t = info.tile:info()
    here[i] = { owner = info.owner, x = t.x, y = t.y, seg = info.segment }
  end
  local i = 1
  while i <= #st.shepherds do                     -- gone from the board: flock to the bag
    local s, found = st.shepherds[i], false
    for _, h in ipairs(here) do if same(h, s) then found = true break end end
    if found then i = i + 1 else
      for _, id in ipairs(s.tokens) do g:put_back("sheep", id, "random") end
      table.remove(st.shepherds, i)
    end
  end
  for _, h in ipairs(here) do                     -- new on the board: its first token
    local found = false
    for _, s in ipairs(st.shepherds) do if same(h, s) then found = true break end end
    if not found then
      local list = st.shepherds
      list[#list + 1] = { owner = h.owner, x = h.x, y = h.y, seg = h.seg, sheep = 0, tokens = {} }
      st.check_turn = ctx.turn
      grow(ctx, list[#list])
    end
  end
end

-- §3.3 [JCZ]: a field with a shepherd that is closed is driven to the
-- stable at once (at the end of the turn that closed it, after §3.2).
-- Fields never complete as a kind (closes = "never"), so closed here is
-- "no open port left".
on("turn_end", function(ctx)
  local st = ctx.state
  if #st.pending > 0 then st.pending = {} end
  reconcile(ctx)
  if st.check_turn ~= ctx.turn then return end
  local i = 1
  while i <= #st.shepherds do
    local f = field_of(ctx, st.shepherds[i])
    if f:info().open == 0 then stable(ctx, f) else i = i + 1 end
  end
end)

-- }======================================================================

-- {======================================================================
-- §4 Hills; §5 Vineyards
-- =======================================================================

-- Figures that are no followers: they never win a tie-break.
local NOT_FOLLOWER = { shepherd = true, builder = true, pig = true, barn = true }

-- §4: among the tied leaders, those with followers on hill tiles (on this
-- feature) win; `count`: those with the most of them.
local function tiebreak(ctx, f, leaders)
  local hills = ctx.state.hills
  local on_hill = {}
  for _, fig in ipairs(f:figures()) do
    local info = fig:info()
    if info.tile and not NOT_FOLLOWER[info.kind] then
      local t = info.tile:info()
      if hills[t.x .. "," .. t.y] then on_hill[info.owner] = (on_hill[info.owner] or 0) + 1 end
    end
  end
  local best = 0
  for _, p in ipairs(leaders) do
    local n = on_hill[p] or 0
    if TIEBREAK == "one" and n > 0 then n = 1 end
    if n > best then best = n end
  end
  if best == 0 then return nil end
  local won = {}
  for _, p in ipairs(leaders) do
    local n = on_hill[p] or 0
    if TIEBREAK == "one" and n > 0 then n = 1 end
    if n == best then won[#won + 1] = p end
  end
  return won
end

transform("feature_points", function(ctx, f, points, args)
  if f:kind() == "cloister" then
    -- §5: a completed cloister, 3 more per vineyard tile around it
    if args.when ~= "closed" or ctx.state.n_vineyards == 0 then return nil end
    local t = f:spot().tile:info()
    local n, v = 0, ctx.state.vineyards
    for dy = -1, 1 do
      for dx = -1, 1 do
        if (dx ~= 0 or dy ~= 0) and v[(t.x + dx) .. "," .. (t.y + dy)] then n = n + 1 end
      end
    end
    if n == 0 then return nil end
    return points + 3 * n
  end
  local leaders = args.leaders
  if not leaders or #leaders < 2 or ctx.state.n_hills == 0 then return nil end
  local won = tiebreak(ctx, f, leaders)
  if won then return points, won end
end, { kinds = { "road", "city", "field", "cloister" } })

-- }======================================================================
