-- The Russian Promos (Hobby World, 2013 and 2016), an expansion of the
-- base game. The rules, in sections cited as §n below
-- (docs/rules/russian_promos.md): §1 Components and setup; §2 Baba
-- Yaga's hut; §3 The Vodyanoy; §4 The Choice of Bogatyr, Solovei
-- Razboynik; §5 Interactions; §6 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with russian_promos
--
-- What runs where:
--   Baba Yaga's hut: an "anti-cloister"      data: a cloister segment with
--   (1 + each empty cell around it at the     the attribute yaga_hut, and the
--   end; 1 when surrounded)                   cloister formula's only_if terms
--   the Vodyanoy traps followers around it   on("tile_placed") scoped to the
--                                             vodyanoy tile; on("figure_placed"),
--                                             reading the tile just placed
--   a trapped follower freed instead of a    phase "vodyanoy" after
--   deploy                                    place_figure: collect + action
--   -2 a trapped follower at the end         on("final_scoring")
-- No capability. The Vodyanoy's hooks return at once while it is not on
-- the board; figure_placed and the vodyanoy collector cannot be scoped,
-- so they are called on every deploy and every turn (cost: README speed
-- table, russian_promos.md §7).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "russian_promos" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: 4 land tiles, one of each, shuffled into the base tiles.
attribute "yaga_hut" { merge = "any" }
tiles "russian_promos"
reason "vodyanoy"

-- }======================================================================

-- {======================================================================
-- §2 Baba Yaga's hut
-- =======================================================================

-- §2: a follower on the hut scores at the end 1 for the hut and 1 for
-- every empty cell around it: 9 - the tiles around, that is 10 - the 3x3
-- block the cloister formula counts (the hut and its neighbours);
-- surrounded, the hut is complete and scores 1 (9 - 8), and its follower
-- goes home. Written as the base cloister formula plus terms counted only
-- for a cloister with the attribute yaga_hut.
score "cloister" {
  closed = { per_block_tile = 1, only_if = { yaga_hut = { points = -8 } } },
  final  = { per_block_tile = 1, only_if = { yaga_hut = { points = 10, per_block_tile = -2 } } },
}

-- }======================================================================

-- {======================================================================
-- §3 The Vodyanoy
-- =======================================================================

-- §3: the figures it traps: followers (not builders, pigs, barns,
-- shepherds or neutral figures); a builder or pig whose last follower on
-- its feature is trapped goes home by the base rules (needs_own). The
-- free move names a kind by its index here.
local TRAPPED = { "meeple", "big", "mayor", "wagon", "abbot" }
local FOLLOWER = {}
for i, kind in ipairs(TRAPPED) do FOLLOWER[kind] = i end

action "vodyanoy_free" { args = { "kind" } }
phase "vodyanoy" { after = "place_figure" }

-- the Vodyanoy's cell once it is placed (placed false before); deployed:
-- the turn part (turn * 16 + part) of the last deploy while it is there
state { placed = false, vx = 0, vy = 0, deployed = 0 }

local function near(st, x, y)
  return (x ~= st.vx or y ~= st.vy)
    and math.abs(x - st.vx) <= 1 and math.abs(y - st.vy) <= 1
end

-- §3: the trapped figures stand on the Vodyanoy's tile, on no segment.
-- §5 (Princess & Dragon) [inferred]: while the dragon stands on the
-- Vodyanoy's tile nothing else may stand there: a follower trapped then
-- is eaten (home, as the dragon eats).
local BLOCKS_TILE = { dragon = true }
local function trap(g, st, fig)
  local v = g:tile_at(st.vx, st.vy)
  for _, other in ipairs(v:figures()) do
    if BLOCKS_TILE[other:info().kind] then
      fig:return_to_supply()
      return
    end
  end
  fig:move({ tile = v })
end

local function trap_tile(g, st, th)
  for _, fig in ipairs(th:figures()) do
    local info = fig:info()
    if FOLLOWER[info.kind] and info.owner > 0 and info.segment then trap(g, st, fig) end
  end
end

-- §3: placed, it traps every follower on the 8 tiles around it.
on("tile_placed", function(ctx, th)
  local g, st = ctx.game, ctx.state
  local x, y = th:xy()
  st.placed, st.vx, st.vy = true, x, y
  local around = { g:neighbours(x, y, 8) }
  for k = 1, 8 do
    if around[k] then trap_tile(g, st, around[k]) end
  end
end, { tiles = { "vodyanoy" } })

-- §3: a follower deployed later on a tile around it is trapped at once
-- (before any scoring of its feature). A deploy goes on the tile just
-- placed, which held no figure before this turn part: its followers are
-- this part's deploys. The hook takes ctx alone (the flow then builds no
-- move for it) and reads the tile.
on("figure_placed", function(ctx)
  local st = ctx.state
  if not st.placed then return end
  st.deployed = ctx.turn * 16 + ctx.part
  local th = ctx.play:placed()
  if not th then return end
  local x, y = th:xy()
  if near(st, x, y) then trap_tile(ctx.game, st, th) end
end)

-- §3: instead of a deploy, the player may take one of their trapped
-- followers home: offered after the deploy step to a player who deployed
-- nothing this turn part, with a pass.
collect("vodyanoy", function(ctx)
  local st = ctx.state
  if not st.placed or st.deployed == ctx.turn * 16 + ctx.part then return nil end
  local g, me = ctx.game, ctx.player
  local moves, seen = nil, {}
  for _, fig in ipairs(g:tile_at(st.vx, st.vy):figures()) do
    local info = fig:info()
    local k = FOLLOWER[info.kind]
    if info.owner == me and k and not seen[k] then
      seen[k] = true
      moves = moves or {}
      moves[#moves + 1] = { type = "action", action = "vodyanoy_free", args = { kind = k } }
    end
  end
  if moves then moves[#moves + 1] = { type = "pass" } end
  return moves
end)

on("action", function(ctx, move)
  if move.action ~= "vodyanoy_free" then return end
  local st, kind = ctx.state, TRAPPED[move.args.kind]
  for _, fig in ipairs(ctx.game:tile_at(st.vx, st.vy):figures()) do
    local info = fig:info()
    if info.owner == ctx.player and info.kind == kind then
      fig:return_to_supply()
      return
    end
  end
end)

-- §3: at the end, -2 for every trapped follower, to its owner.
on("final_scoring", function(ctx)
  local st = ctx.state
  if not st.placed then return end
  for _, fig in ipairs(ctx.game:tile_at(st.vx, st.vy):figures()) do
    local info = fig:info()
    if FOLLOWER[info.kind] and info.owner > 0 then ctx:score(info.owner, -2, "vodyanoy") end
  end
end)

-- }======================================================================
