-- The Tower (C2, HiG 2016; C1 2006), an expansion of the base game. The
-- rules, in sections cited as §n below (docs/rules/tower.md):
--   §1 Components and setup; §2 Turn structure; §3 Placement: §3.1 a tower
--   floor, §3.2 a guard on a tower; §4 Capture; §4.1 Exchange; §4.2 Ransom;
--   §5 Interactions; §7 Worked examples; §8 What the sources do NOT give.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with tower
--   meeple play --with tower --option guard_capture=false
--
-- What runs where. Nothing here can be said as data yet, so all of it is
-- hooks on the public API (issue #41: "first as hooks"):
--   foundations on the board                 on("tile_placed", tiles = tower)
--   a floor or a guard instead of a follower collect("place_figure") + on("action")
--   the capture after a floor                phase "tower_capture": collect + action
--   exchange of prisoners                    inside the capture action
--   ransom, once a turn                      collect("place_figure") + on("action")
--   floors per player (10/9/7/6/5)           counter "floors_used"
-- Cost: two collect calls a turn and an action call a floor, 0.015x base
-- (measured in docs/rules/tower.md §9, 2026-12-08); every hook fires on
-- most turns, so no scoping reaches 0.5x. The next step is the general
-- capability `pile` designed there ("pieces stacked on tiles, each
-- pile's height its reach along its row and column", with captures held
-- by the capturer, exchange and buy-back), which these hooks describe.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "tower" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: 18 tiles with a tower foundation, shuffled into the base tiles.
tiles "tower"

-- §1 setup: 30 floors shared out by the number of players; a player's
-- floors left = the share - the floors they used.
local FLOORS = { [1] = 10, [2] = 10, [3] = 9, [4] = 7, [5] = 6, [6] = 5 }
counter "floors_used"
reason "ransom"

-- §4 [official: edition note]: C2 lets a tower capture a guard standing on
-- another tower (its owner's own too); C1 (and the wiki's C1 notes) keep
-- guards safe.
local GUARD_CAPTURE = option "guard_capture" {
  values = { true, false }, default = true,
  doc = "May a floor capture the guard on a tower (§4)? C2: yes (default); C1: no.",
}

-- The followers a tower captures (§4 [FAQ]: mayor and wagon too), in the
-- order the ransom move numbers them. Builders, pigs and barns are no
-- followers and stay.
local CAPTURABLE = { "meeple", "big", "mayor", "wagon" }
local CAPTURABLE_INDEX = {}
for i, k in ipairs(CAPTURABLE) do CAPTURABLE_INDEX[k] = i end

-- towers: one entry per foundation on the board, in the order their tiles
-- were placed (never pairs(): the moves list them in this order).
-- prisoners: { holder, owner, kind } in the order taken.
-- capture: the tower a floor was just put on, for the capture phase.
state { towers = {}, prisoners = {}, capture = false, ransom_turn = 0 }

action "floor"   { args = { "x", "y" } }
action "guard"   { args = { "x", "y" } }
action "capture" { args = { "owner", "x", "y", "segment" } }
action "ransom"  { args = { "holder", "kind" } }
phase "tower_capture" { after = "place_figure" }

on("tile_placed", function(ctx, th)
  local t = th:info()
  local list = ctx.state.towers
  list[#list + 1] = { x = t.x, y = t.y, h = 0, closed = false }
end, { tiles = { "tower" } })

local function floors_left(ctx, p)
  return (FLOORS[ctx.game:players()] or 5) - ctx.game:counter(p, "floors_used")
end

local function find_tower(ctx, x, y)
  for _, t in ipairs(ctx.state.towers) do
    if t.x == x and t.y == y then return t end
  end
end

-- }======================================================================

-- {======================================================================
-- §3 Instead of a follower: a floor, a guard; §4.2 the ransom
-- =======================================================================

collect("place_figure", function(ctx)
  local moves, me = {}, ctx.player
  -- §3.1: a floor on any foundation or open tower on the board
  if floors_left(ctx, me) > 0 then
    for _, t in ipairs(ctx.state.towers) do
      if not t.closed then
        moves[#moves + 1] = { type = "action", action = "floor", args = { x = t.x, y = t.y } }
      end
    end
  end
  -- §3.2: one of your meeples on top of an open tower (one floor or more)
  if ctx.game:supply(me, "meeple") > 0 then
    for _, t in ipairs(ctx.state.towers) do
      if not t.closed and t.h > 0 then
        moves[#moves + 1] = { type = "action", action = "guard", args = { x = t.x, y = t.y } }
      end
    end
  end
  -- §4.2: buy back one of your followers, 3 points to its holder, once a
  -- turn, if you have 3 points to pay [inferred]
  if ctx.state.ransom_turn ~= ctx.turn and ctx.game:scores()[me] >= 3 then
    local seen = {}
    for _, pr in ipairs(ctx.state.prisoners) do
      local key = pr.holder * 16 + CAPTURABLE_INDEX[pr.kind]
      if pr.owner == me and not seen[key] then
        seen[key] = true
        moves[#moves + 1] = { type = "action", action = "ransom",
                              args = { holder = pr.holder, kind = CAPTURABLE_INDEX[pr.kind] } }
      end
    end
  end
  return moves
end)

-- A prisoner of this owner and kind is one of that owner's figures out of
-- the game: only a tower takes followers out [inferred for the rule sets
-- meeple plays], so the first such figure is the one to free.
local function free(ctx, owner, kind)
  for _, fig in ipairs(ctx.game:figures()) do
    local info = fig:info()
    if info.owner == owner and info.kind == kind and info.at.out then
      fig:return_to_supply()
      return
    end
  end
end

local function remove_prisoner(ctx, holder, owner, kind)
  local list = ctx.state.prisoners
  for i, pr in ipairs(list) do
    if pr.holder == holder and pr.owner == owner and (kind == nil or pr.kind == kind) then
      local k = pr.kind
      table.remove(list, i)
      free(ctx, owner, k)
      return true
    end
  end
  return false
end

on("action", function(ctx, move)
  local a, me = move.args, ctx.player
  if move.action == "floor" then
    local t = find_tower(ctx, a.x, a.y)
    t.h = t.h + 1
    ctx.game:add_counter(me, "floors_used", 1)
    ctx.state.capture = { x = t.x, y = t.y, h = t.h, turn = ctx.turn, part = ctx.part }
  elseif move.action == "guard" then
    local t = find_tower(ctx, a.x, a.y)
    ctx.game:deploy(me, "meeple", { tile = ctx.game:tile_at(t.x, t.y) })
    t.closed = true
  elseif move.action == "ransom" then
    local kind = CAPTURABLE[a.kind]
    remove_prisoner(ctx, a.holder, me, kind)
    ctx:score(me, -3, "ransom")
    ctx:score(a.holder, 3, "ransom")
    ctx.state.ransom_turn = ctx.turn
    return true                                   -- then place a figure as usual
  end
end)

-- }======================================================================

-- {======================================================================
-- §4 The capture after a floor; §4.1 the exchange
-- =======================================================================

local function in_reach(c, x, y)
  return (x == c.x and math.abs(y - c.y) <= c.h) or (y == c.y and math.abs(x - c.x) <= c.h)
end

collect("tower_capture", function(ctx)
  local c = ctx.state.capture
  if not c or c.turn ~= ctx.turn or c.part ~= ctx.part then return {} end
  local moves, seen = {}, {}
  for _, fig in ipairs(ctx.game:placed_figures()) do
    local info = fig:info()
    if CAPTURABLE_INDEX[info.kind] and info.tile and info.owner > 0 then
      local t = info.tile:info()
      local guard = info.segment == nil
      if in_reach(c, t.x, t.y) and (GUARD_CAPTURE or not guard) then
        local seg = info.segment or 0
        local key = ("%d %d %d %d"):format(info.owner, t.x, t.y, seg)
        if not seen[key] then
          seen[key] = true
          moves[#moves + 1] = { type = "action", action = "capture",
                                args = { owner = info.owner, x = t.x, y = t.y, segment = seg } }
        end
      end
    end
  end
  if #moves > 0 then moves[#moves + 1] = { type = "pass" } end
  return moves
end)

-- §5: a figure that stays only beside its owner's follower (Traders &
-- Builders' builder; its pig, unless that expansion's pig_alone option says
-- it stays) goes home when the capture takes the owner's last follower
-- from the feature: the engine checks that at scoring, a script that moves
-- a figure away checks it itself.
local DEPENDANTS = { builder = true, pig = true }

local function dependants_home(ctx, feature, owner)
  if not feature then return end
  local figs = feature:figures()
  for _, fig in ipairs(figs) do
    local info = fig:info()
    if info.owner == owner and CAPTURABLE_INDEX[info.kind] then return end
  end
  local pig_stays = ctx.option("pig_alone") == "stays"
  for _, fig in ipairs(figs) do
    local info = fig:info()
    if info.owner == owner and DEPENDANTS[info.kind] and not (info.kind == "pig" and pig_stays) then
      fig:return_to_supply()
    end
  end
end

on("action", function(ctx, move)
  if move.action ~= "capture" then return end
  local a, me = move.args, ctx.player
  ctx.state.capture = false
  local th = ctx.game:tile_at(a.x, a.y)
  local figs = a.segment == 0 and ctx.game:figures({ tile = th }) or th:feature(a.segment):figures()
  for _, fig in ipairs(figs) do
    local info = fig:info()
    if info.owner == a.owner and CAPTURABLE_INDEX[info.kind] and info.tile == th
       and (info.segment or 0) == a.segment then
      local feature = a.segment ~= 0 and th:feature(a.segment) or nil
      if a.owner == me then
        fig:return_to_supply()                    -- your own: back to your supply
        dependants_home(ctx, feature, a.owner)
      else
        fig:move({ out = true })
        dependants_home(ctx, feature, a.owner)
        local list = ctx.state.prisoners
        list[#list + 1] = { holder = me, owner = a.owner, kind = info.kind }
        -- §4.1: holding each other's followers, the two exchange at once
        for _, pr in ipairs(list) do
          if pr.holder == a.owner and pr.owner == me then
            remove_prisoner(ctx, a.owner, me, pr.kind)
            remove_prisoner(ctx, me, a.owner, info.kind)
            break
          end
        end
      end
      return
    end
  end
end)

-- }======================================================================
