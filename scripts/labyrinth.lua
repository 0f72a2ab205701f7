-- The Labyrinth (Spiel Doch! magazine 1/2016; Hans im Glueck's advanced
-- variant), a mini expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/labyrinth.md):
--   §1 Components and setup; §2 The basic rules; §3 The advanced variant;
--   §4 Interactions; §5 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with labyrinth
--   meeple play --with labyrinth --option labyrinth_variant=advanced
--
-- What runs where (issue #41: "first as hooks"):
--   the labyrinth joins its four roads    tile data: one road segment over
--   into one road (§2)                      four sides; base's road rules
--   the advanced variant's placement on   collect("place_figure") +
--   an arm of an occupied labyrinth road    on("action"): the engine's
--   (§3.1)                                  occupancy is the whole feature's,
--                                           an arm's is the script's walk
--   2 points a follower on a completed    transform("feature_points")
--   labyrinth road (§3.2)                   narrowed to the labyrinth
--                                           attribute: no call for others
-- Cost: the basic rules (the default) are data only: no Lua call during
-- play, about 0.97x base games/s. The advanced variant calls its collector
-- once a turn (to see whether the tile just placed extends an occupied
-- labyrinth road) and its transform once per scored labyrinth road: about
-- 0.16x base (README speed table, labyrinth.md §7), below the issue's
-- 0.5x; the collector's call alone costs a third of that. No capability
-- yet: one that narrows a collector to tiles extending a feature with a
-- given attribute would be the next step.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "labyrinth" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the labyrinth tile is shuffled in with the land tiles.
tiles "labyrinth"

-- The labyrinth's road segment (tiles/labyrinth.tiles): a road holding
-- it is a labyrinth road.
attribute "labyrinth" { merge = "any" }

-- §3: Spiel Doch!'s rules (basic, default) or HiG's advanced variant
-- (JCloisterZone's rule "labyrinth-variant").
local VARIANT = option "labyrinth_variant" {
  values = { "basic", "advanced" }, default = "basic",
  doc = "The Labyrinth's rules (§2, §3): basic (Spiel Doch!, default): a road like any "
     .. "other; advanced (HiG): a follower may go on a free arm of an occupied labyrinth "
     .. "road, and its majority scores 2 more a follower on it when it is completed.",
}

-- }======================================================================

if VARIANT == "advanced" then

-- {======================================================================
-- §3.1 The advanced variant: placing on an arm
-- =======================================================================

  action "labyrinth" { args = { "x", "y", "segment" } }

  -- Ports are the kernel's numbers (docs/tiles.md §1: 0 NNW ... 11 WNW,
  -- three a side from the north): the side a port lies on, the cell
  -- across that side, and the port it meets there (the mirror image).
  local DX = { [0] = 0, 1, 0, -1 }
  local DY = { [0] = -1, 0, 1, 0 }
  local function across(p)
    local side, off = p // 3, p % 3
    return DX[side], DY[side], ((side + 2) % 4) * 3 + (2 - off)
  end

  -- Followers: the figures counted as meeples on a road (§3.2: "each
  -- meeple"); a builder or a pig is none [inferred].
  local FOLLOWER = { meeple = true, big = true, wagon = true }

  -- §3.1: whether the arm of road f that segment seg of tile th lies on
  -- holds a follower. An arm: the road's segments reachable from there
  -- across tile sides without entering a labyrinth segment (the
  -- labyrinth's own follower stands on none of its arms [inferred]).
  local function arm_taken(f, th, seg)
    local where = {}                          -- "x,y,port" -> "x,y,seg"
    for _, n in ipairs(f:nodes()) do
      local t = n.tile:info()
      if n.tile:segment_attr(n.segment, "labyrinth") == 0 then
        for _, p in ipairs(n.tile:feature(n.segment):spot().ports) do
          where[t.x .. "," .. t.y .. "," .. p] = { t.x, t.y, n.segment, n.tile }
        end
      end
    end
    local t0 = th:info()
    local seen, queue = { [t0.x .. "," .. t0.y .. "," .. seg] = true }, { { t0.x, t0.y, seg, th } }
    local i = 1
    while queue[i] do
      local x, y, s, t = queue[i][1], queue[i][2], queue[i][3], queue[i][4]
      i = i + 1
      for _, p in ipairs(t:feature(s):spot().ports) do
        local dx, dy, q = across(p)
        local nb = where[(x + dx) .. "," .. (y + dy) .. "," .. q]
        if nb then
          local key = nb[1] .. "," .. nb[2] .. "," .. nb[3]
          if not seen[key] then seen[key] = true; queue[#queue + 1] = nb end
        end
      end
    end
    for _, fig in ipairs(f:figures()) do
      local info = fig:info()
      if FOLLOWER[info.kind] and info.tile then
        local t = info.tile:info()
        if seen[t.x .. "," .. t.y .. "," .. info.segment] then return true end
      end
    end
    return false
  end

  -- Whether the engine refuses a meeple on road f: a follower holds it
  -- (base's blocked_by "follower"); where none does it offers its own move.
  local function has_follower(f)
    for _, fig in ipairs(f:figures()) do
      if FOLLOWER[fig:info().kind] then return true end
    end
    return false
  end

  -- §3.1: after a tile extending an occupied labyrinth road, one more
  -- move a free arm (or the labyrinth itself) on that tile: a meeple
  -- there, where the engine, judging the whole road, offers none.
  collect("place_figure", function(ctx)
    local g, me = ctx.game, ctx.player
    if g:supply(me, "meeple") == 0 then return nil end
    local th = ctx.play:placed()
    if not th then return nil end
    local moves
    for i = 1, th:info().segments do
      local f = th:feature(i)
      if f:kind() == "road" and f:attr("labyrinth") ~= 0 and has_follower(f)
         and (th:segment_attr(i, "labyrinth") ~= 0 or not arm_taken(f, th, i)) then
        local t = th:info()
        moves = moves or {}
        moves[#moves + 1] = { type = "action", action = "labyrinth", args = { x = t.x, y = t.y, segment = i } }
      end
    end
    return moves
  end)

  on("action", function(ctx, move)
    if move.action ~= "labyrinth" then return end
    local a = move.args
    ctx.game:deploy(ctx.player, "meeple", ctx.game:tile_at(a.x, a.y):feature(a.segment))
  end)

-- }======================================================================

-- {======================================================================
-- §3.2 The advanced variant: scoring
-- =======================================================================

  -- §3.2: a completed labyrinth road gives its majority 1 a tile (base)
  -- and 2 a follower on it, whoever's; each leader gets it all. Left
  -- incomplete at the end: base's 1 a tile only [inferred].
  transform("feature_points", function(ctx, f, points)
    if not f:closed() then return nil end
    local n = 0
    for _, fig in ipairs(f:figures()) do
      if FOLLOWER[fig:info().kind] then n = n + 1 end
    end
    return points + 2 * n
  end, { kinds = { "road" }, attrs = { "labyrinth" } })

-- }======================================================================

end
