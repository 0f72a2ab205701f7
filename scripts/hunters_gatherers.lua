-- Hunters & Gatherers (2nd edition, HiG 2020): a stand-alone game.
-- The rules, in sections cited as §n below:
--   §0 Model; §1 Components and setup; §2 Turn structure;
--   §3 Placement legality; §3.1 Tiles; §3.2 Figures; §4 Scoring;
--   §4.1 During the game; §4.2 Final scoring; §5 Interactions;
--   §6 House rules; §7 Worked examples; §8 What the sources do NOT give.
-- Tiles: tiles/hunters_gatherers.tiles (its header gives the source).
--
--   meeple play --game hunters_gatherers
--   meeple play --game hunters_gatherers --option shaman_hunters=false
--
-- What runs where (the common turn makes no Lua call):
--   kinds, matching, tiles, stacks, figures          declarations (C)
--   fisher/gatherer/hunter occupancy, hut per river  figure groups (C)
--   hut blocking across a river system (§3.2)        blocked_across (C)
--   river and forest scoring during play, majority   score formulas (C)
--   menhir extra turn and its limits (§2.4)          extra_part (C)
--   huts per river system, raft (§4.2)               system "huts" (C)
--   hunters per grassland, tigers cancel deer (§4.2) score "grassland" final,
--                                                    per_excess (C)
--   logboat, hunting trap (§4.1, phase 1b)           on("tile_placed"), only
--                                                    for those two tiles
--   animals covered by the hunting trap (§4.1)       segment attribute edits
--                                                    (C): the grassland totals
--                                                    leave them out
--   shaman (§4.1)                                    phase "shaman" + recall
--                                                    (only after the shaman
--                                                    tile) (C)
--   pit trap, wildfire (§4.2)                        transform("feature_points"),
--                                                    only for grasslands with
--                                                    a pit trap or wildfire
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
game "hunters_gatherers" {
  title = "Hunters & Gatherers",
  players = { min = 2, max = 5, default = 2 },   -- §1: 2-5 players
}

-- {======================================================================
-- §0 Model: land features
-- =======================================================================

-- §0: a river runs between two ends (lakes, forests) or loops: it is
-- complete when no river edge is left open. A lake is always inside one
-- tile (the tile data never lets a lake reach an edge), so it never
-- "completes"; it only links rivers into a river system. A forest is
-- complete with no open forest edge. Grasslands never complete.
kind "river"     { closes = "ports" }
kind "lake"      { closes = "never" }
kind "forest"    { closes = "ports" }
kind "grassland" { closes = "never" }
-- §3.1: river meets river, forest forest, grassland grassland; different
-- kinds may never face each other (the engine's default for unmatched
-- kinds), so nothing else is declared.

-- Attributes printed on the tiles (tiles file header), all summed.
attribute "fish"      { merge = "sum" }  -- on rivers and lakes
attribute "menhir"    { merge = "sum" }
attribute "mushrooms" { merge = "sum" }
attribute "mammoth"   { merge = "sum" }
attribute "aurochs"   { merge = "sum" }
attribute "deer"      { merge = "sum" }
attribute "tiger"     { merge = "sum" }
-- the bonus powers, each on the feature of its menhir tile that carries it
attribute "logboat"      { merge = "sum" }  -- lake
attribute "raft"         { merge = "sum" }  -- lake
attribute "hunting_trap" { merge = "sum" }  -- grassland
attribute "pit_trap"     { merge = "sum" }  -- grassland
attribute "wildfire"     { merge = "sum" }  -- grassland
attribute "shaman"       { merge = "sum" }  -- grassland

-- }======================================================================

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1 setup 1-2: the start tile face up at 0,0; the 78 regular tiles
-- shuffled into the draw stack; the 16 menhir tiles shuffled into their
-- own stack, drawn only by the extra turn (§2.4).
stack "main"   { draw = true }
stack "menhir" {}
tiles "hunters_gatherers_land"   { stack = "main" }
tiles "hunters_gatherers_menhir" { stack = "menhir" }
start { tag = "start", at = { 0, 0 }, rotation = 0 }

-- §0, §1 setup 4, §3.2: 5 meeples and 3 huts per player. A meeple's role
-- is where it stands: fisher (river), gatherer (forest), hunter
-- (grassland). Meeples block only meeples, huts only huts ("occupancy
-- counts only the same kind of piece"). Huts never count in river or
-- forest majorities (strength 0) and stay when their river is scored.
-- Hunters stay by themselves: grasslands never complete, so they are never
-- scored (and never sent home) during play.
figure "meeple" {
  per_player = 5,
  on = { "river", "forest", "grassland" },
  group = "meeple",
  blocked_by = { "meeple" },
  strength = 1,
}
figure "hut" {
  per_player = 3,
  on = { "river", "lake" },
  group = "hut",
  blocked_by = { "hut" },
  blocked_across = { "river", "lake" },   -- §3.2: one hut per river system, however far (HG-EX-02)
  strength = 0,
  stays = true,
}

reason "huts"
reason "hunters"
reason "logboat"
reason "hunting_trap"

-- }======================================================================

-- {======================================================================
-- Options: every ambiguity of §8 (and §2, §4.1) with its default
-- =======================================================================

local EXTRA_AFTER_LAST = option "extra_after_last" {
  values = { true, false }, default = true,
  doc = "§2 end: the last regular tile completes a menhir forest. true (reading A, "
     .. "recommended, default): the extra turn is still taken, then the game ends; "
     .. "false (reading B): the game ends at once.",
}

local SHAMAN_HUNTERS = option "shaman_hunters" {
  values = { true, false }, default = true,
  doc = "§4.1 shaman: may it recall a hunter? true (reading A, default: the text says "
     .. "'1 of your meeples' and hunters are meeples) or false (reading B: hunters "
     .. "stay until the end). Huts are never recalled.",
}

local TRAP_OWN_TILE = option "trap_own_tile" {
  values = { false, true }, default = false,
  doc = "§8: do animals on the trap's own tile count for the hunting trap and the pit "
     .. "trap? false (default: the text says 'the 8 surrounding tiles') or true. "
     .. "(The printed trap tiles show no animal in their grassland.)",
}

local PIT_TRAPS = option "pit_traps" {
  values = { "once", "multiply", "add" }, default = "once",
  doc = "§8: an animal in the zones of several pit traps (only possible with extra "
     .. "tiles: the game has one pit trap): doubled once (default), x2 per trap "
     .. "('multiply'), or +1x per trap ('add').",
}

local WILDFIRE_TRAP = option "wildfire_trap" {
  values = { false, true }, default = false,
  doc = "§8: a hunting trap placed in a grassland that already holds the wildfire: "
     .. "false (default: the wildfire acts at the final scoring, §4.2, so tigers "
     .. "still cancel deer for the trap) or true (its tigers are already gone).",
}

local MENHIR_UNPLACEABLE = option "menhir_unplaceable" {
  values = { "next" }, default = "next",
  doc = "§3.1 gap: a menhir tile that fits nowhere is discarded and the next menhir "
     .. "tile drawn (the rules' suggestion; the engine's rule for every stack). "
     .. "Losing the extra turn instead needs an engine way to end a part from a hook.",
}
local _ = MENHIR_UNPLACEABLE

-- }======================================================================

-- {======================================================================
-- §4.1 Scoring during play
-- =======================================================================

-- River: 1 per tile + 1 per fish in the river and in the lakes that
-- close it ("each fish present in the river and any lakes that close
-- it"): the fish of each distinct lake touching the river, counted once
-- even when the river leaves a lake and comes back into it (several of
-- its segments touch that lake), in C (`touching`). A lake closing two
-- rivers counts for each (§4.1 [inferred]). Fish hidden by a hut still
-- count (tile data, not figures).
-- Forest: 2 per tile + 3 per mushroom group. Majority, ties share, all
-- meeples on the completed feature return (huts stay: `stays`).
-- Incomplete rivers and forests score nothing at the end (§4.2 step 1).
score "river"  { closed = { per_tile = 1, fish = 1, touching = { lake = { fish = 1 } } } }
score "forest" { closed = { per_tile = 2, mushrooms = 3 } }

-- §2 phase 4: completing a forest with >= 1 menhir gives one extra turn
-- with a menhir tile: at most one per turn, never from an extra turn,
-- none when the menhir stack is empty (all built into extra_part). The
-- completing player needs no meeple in the forest ([FAQ: wiki]). After
-- the last regular tile the extra turn is still taken (reading A); the
-- game then ends because the main stack is empty.
extra_part { when = "closes", kinds = { "forest" }, attr = "menhir", stack = "menhir" }

if not EXTRA_AFTER_LAST then
  -- reading B: the last regular tile ends the game, extra turn or not
  transform("extra_part", function(ctx, stack)
    if stack == "menhir" and ctx.game:stack_size("main") == 0 then return false end
  end)
end

-- }======================================================================

-- {======================================================================
-- Helpers: tile data, river systems, the 8 tiles around a tile
-- =======================================================================

-- A segment's printed attributes, per tile type (th:segment_attr gives
-- a placed segment's value with the trap's edits; this is what was
-- printed): SEGMENTS[id][i] = { name = value } for segment i, the non-zero
-- animal and trap attributes only (one empty table shared by the
-- segments that print none). Read from the rules' tile definition. This
-- is rule data, the same for every game: a memo computes it once per tile
-- type and keeps it for every game (read-only; its function sees only the
-- rules and the tile type, so no game can leave anything in it for the
-- next). One table a segment, not two: each kept table costs a read-only
-- proxy when the memo first reads a tile type.
local SEGMENTS = memo(function(rules, id)
  local names = { "mammoth", "aurochs", "deer", "tiger", "fish", "logboat", "raft",
                  "hunting_trap", "pit_trap", "wildfire", "shaman" }
  local none, s = {}, {}
  for i, seg in ipairs(rules:tile_def(id).segments) do
    local attrs, a = seg.attrs, nil
    for _, name in ipairs(names) do
      local v = attrs[name]
      if v and v ~= 0 then
        a = a or {}
        a[name] = v
      end
    end
    s[i] = a or none
  end
  return s
end, "segments")
local function segments(id) return SEGMENTS[id] end

-- §0 river system: every river and lake reachable through river-lake
-- contacts (segment adjacency). It stops at forests and open edges.
local RIVER_SYSTEM = { "river", "lake" }

-- The segments of grassland fh on the tiles a trap at (x, y) counts: the
-- 8 around it, and its own if the option says so; only segments printed
-- with an animal. Each is { tile =, seg =, k = } (k: how many of the
-- given zones hold it, for the pit traps), in a fixed order.
local ANIMALS = { "mammoth", "aurochs", "deer", "tiger" }
local function zone_segments(g, fh, centres)
  local out, at = {}, {}
  for _, c in ipairs(centres) do
    for dy = -1, 1 do
      for dx = -1, 1 do
        if dx ~= 0 or dy ~= 0 or TRAP_OWN_TILE then
          local x, y = c[1] + dx, c[2] + dy
          local key = y * 4096 + x
          if at[key] then
            for _, s in ipairs(at[key]) do s.k = s.k + 1 end
          else
            at[key] = {}
            local t = g:tile_at(x, y)
            if t then
              for i, a in ipairs(segments(t:info().id)) do
                if (a.mammoth or a.aurochs or a.deer or a.tiger) and t:feature(i) == fh then
                  local s = { tile = t, seg = i, k = 1, printed = a }
                  out[#out + 1] = s
                  table.insert(at[key], s)
                end
              end
            end
          end
        end
      end
    end
  end
  return out
end

-- A segment's animals not covered yet: mammoth, aurochs, deer, tiger.
-- Covering only takes animals away, so an animal not printed there is 0.
local function animals(s)
  local t, i, a = s.tile, s.seg, s.printed
  local function left(name) return a[name] and t:segment_attr(i, name) or 0 end
  return left("mammoth"), left("aurochs"), left("deer"), left("tiger")
end

-- }======================================================================

-- {======================================================================
-- §2 phase 1b, §4.1 Immediate menhir actions
-- =======================================================================

on("tile_placed", function(ctx, th)
  local info = th:info()
  local g = ctx.game
  for i, seg in ipairs(segments(info.id)) do
    -- Logboat: 2 per lake in its river system (the logboat lake
    -- included), complete or not, to the player who placed it; huts do
    -- not matter.
    if seg.logboat then
      local lakes = #th:feature(i):system(RIVER_SYSTEM, { "lake" })
      if lakes > 0 then ctx:score(ctx.player, 2 * lakes, "logboat") end
    end
    -- Hunting trap: the animals of its grassland on the 8 tiles around
    -- it score as at the end (3/2/1, tigers cancel deer, never below 0),
    -- for the placer; then every animal considered is covered (taken off
    -- its segment, so the grassland's totals leave it out) and ignored
    -- from then on (HG-EX-15). [inferred] tigers left over when there are
    -- more tigers than deer were considered too: covered.
    if seg.hunting_trap then
      local fh = th:feature(i)
      local M, A, D, T = 0, 0, 0, 0
      for _, s in ipairs(zone_segments(g, fh, { { info.x, info.y } })) do
        local counts = { animals(s) }
        M, A, D, T = M + counts[1], A + counts[2], D + counts[3], T + counts[4]
        for k, name in ipairs(ANIMALS) do
          if counts[k] > 0 then s.tile:add_segment_attr(s.seg, name, -counts[k]) end
        end
      end
      if WILDFIRE_TRAP and fh:attr("wildfire") > 0 then T = 0 end
      local points = 3 * M + 2 * A + math.max(0, D - T)
      if points > 0 then ctx:score(ctx.player, points, "hunting_trap", fh) end
    end
  end
end, { tiles = { "logboat", "hunting_trap" } })   -- only these tiles act when placed

-- Shaman: right after placing the shaman tile (before phase 2), the
-- player may return one of their meeples from the board, unscored; it can
-- then be placed again on the shaman tile. Hunters only with
-- shaman_hunters; huts never. Keeping them all is a move too (a pass);
-- with no meeple to recall there is no decision and the phase moves on.
phase "shaman" { after = "place_tile" }

-- A shaman move names the feature of the meeple to recall by its first
-- node in reading order (smallest y, then x, then segment: fh:anchor()):
-- "action shaman X Y SEGMENT 0", one per feature holding a meeple of the
-- player's (the first of them in figure order goes home).
local RECALLED_FROM = { "river", "forest" }                    -- fishers, gatherers
if SHAMAN_HUNTERS then RECALLED_FROM[3] = "grassland" end      -- and hunters (reading A)

recall "shaman" {
  phase = "shaman",
  figures = { "meeple" },     -- huts never
  on = RECALLED_FROM,
  tiles = { "shaman" },       -- only after the shaman tile
}

-- }======================================================================

-- {======================================================================
-- §4.2 Final scoring: huts, then hunters
-- =======================================================================

-- Huts (§4.2 step 2): each river system (rivers and the lakes they touch,
-- complete or not) scores 1 per fish in its rivers and lakes to its hut
-- majority (ties share); with the raft in it, +1 per lake.
system "huts" {
  kinds = { "river", "lake" },
  figure = "hut",
  final = { fish = 1 },
  only_if = { raft = { per_feature = { lake = 1 } } },
}

-- Hunters (§4.2 step 3): each grassland's hunter majority scores 3 per
-- mammoth, 2 per aurochs, 1 per deer, each tiger cancelling one deer,
-- never below 0. Hunters stay on the board.
score "grassland" {
  final = { mammoth = 3, aurochs = 2, per_excess = { deer = { over = "tiger", points = 1 } } },
  keep_figures = true, reason = "hunters",
}

-- The rare grasslands, those with a pit trap or the wildfire in them, are
-- counted here (animals covered by the hunting trap are off the totals
-- already): wildfire covers the grassland's tigers (no cancelling); pit
-- trap: animals on its 8 surrounding tiles in this grassland count
-- double, and tigers eat the least valuable deer first (outside the zone).
local function pit_mult(k)
  if k == 0 then return 1 end
  if PIT_TRAPS == "multiply" then return math.tointeger(2 ^ k // 1) end
  if PIT_TRAPS == "add" then return 1 + k end
  return 2
end

local function hunted_points(g, fh)
  local M, A = fh:attr("mammoth"), fh:attr("aurochs")
  local D, T = fh:attr("deer"), fh:attr("tiger")
  local points = 3 * M + 2 * A
  -- the pit traps of this grassland (where it holds one), and the deer of
  -- their zones
  local pits = {}
  if fh:attr("pit_trap") > 0 then
    for _, node in ipairs(fh:nodes("pit_trap")) do
      local i = node.tile:info()
      pits[#pits + 1] = { i.x, i.y }
    end
  end
  local deer, zone_deer = {}, 0
  for _, s in ipairs(zone_segments(g, fh, pits)) do
    local m, a, d = animals(s)
    local mult = pit_mult(s.k)
    points = points + (3 * m + 2 * a) * (mult - 1)
    for _ = 1, d do deer[#deer + 1] = mult end
    zone_deer = zone_deer + d
  end
  for _ = 1, D - zone_deer do deer[#deer + 1] = 1 end
  if fh:attr("wildfire") > 0 then T = 0 end
  table.sort(deer)
  for i = T + 1, #deer do points = points + deer[i] end
  return points
end

transform("feature_points", function(ctx, f, points, args)
  if args.when ~= "final" then return points end
  return hunted_points(ctx.game, f)
end, { kinds = { "grassland" }, attrs = { "pit_trap", "wildfire" } })   -- asked about these grasslands only

-- }======================================================================
