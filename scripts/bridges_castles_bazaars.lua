-- Bridges, Castles and Bazaars (C2, HiG 2017; C1 2010), an expansion of the
-- base game. The rules, in sections cited as §n below
-- (docs/rules/bridges_castles_bazaars.md):
--   §1 Components and setup; §2 Turn structure; §3 Bridges (§3.1 how meeple
--   plays one); §4 Castles (§4.1 the neighbourhood, §4.2 castle scoring);
--   §5 The bazaar; §6 Interactions; §7 Worked examples; §8 What the sources
--   do NOT give; §9 Cost.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with bridges_castles_bazaars
--   meeple play --with bridges_castles_bazaars --option bazaar_bids=none
--
-- What runs where. Bridges are a capability (C, no hook); the rest is
-- hooks on the public API (issue #41: "first as hooks, then as
-- capabilities where measured"):
--   a bridge: the tile played bridged        tile_variants (C): the bridged
--     (tiles/..._bridged.tiles, §3.1)          tile's placements beside the
--                                              draw, the plain tile out of
--                                              the stack, bridges_used + 1
--   bridges per player (3, or 2 with 5-6)    counter "bridges_used" (its limit)
--   a 2-tile city becomes a castle           phase "castle": collect + action
--   a castle scores what completes near it   on("feature_scored") notes it,
--                                              transform("extra_part") pays it
--   farmers: 4 per castle                    score "field": touching castle
--   the bazaar's auction                     on("tile_placed", bazaar),
--                                              phase "bazaar": collect + action
--   a bought tile instead of a draw          on("turn_begin"): it goes on top
--   the last bought tiles, stack empty       collect("draw", bazaar): never
--                                              called, keeps turns beginning
-- Why: as a hook, the bridge was a collect("draw") every turn part (84 a
-- game, a third of the hooks' time: a peek and a bridged tile's
-- placements listed in Lua); the capability lists them in C (§9). The
-- castle and bazaar hooks stay: a collector in the castle phase, a
-- turn_begin hook and an extra_part transform each turn keep the
-- expansion far below the 0.5x of issue #41 (README speed table: 0.053x
-- base in callgrind instructions, 0.036x with bridges as a hook); the
-- next step would be a capability for "a feature converted instead of
-- scored" (the castle), which these hooks describe.
--
-- State is flat scalar keys (castle i: c<i>x1 ... c<i>pend; the auction:
-- baz_*; bought tiles: has<p>): each write is then one C-side write.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "bridges_castles_bazaars" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the inns on two bazaar tiles are Inns & Cathedrals' inns; both scripts
-- declare the same attribute, so either loads alone.
attribute "inn"       { merge = "any" }
attribute "no_castle" { merge = "any" }  -- JCZ castle-base="false" (§4)
attribute "castle"    { merge = "sum" }  -- 1 on a castle's anchor segment
attribute "bridge"    { merge = "sum" }  -- the bridge road of a bridged tile

tiles "bridges_castles_bazaars"

-- §3.1: the bridged tiles wait in a stack no turn draws from; the bazaar's
-- revealed tiles wait in another (§5).
stack "bridged" {}
tiles "bridges_castles_bazaars_bridged" { stack = "bridged" }
stack "bazaar" {}

-- §1: 3 bridges and 3 castles each with 2-4 players, 2 and 2 with 5-6.
local function allowance(ctx)
  return ctx.game:players() >= 5 and 2 or 3
end
counter "bridges_used"
counter "castles_used"
reason "castle"
reason "bazaar"

-- JCloisterZone's setup switches the three on their own ("elements"
-- bridge, castle, bazaar): so do these options, for its saves (§7).
local BRIDGES = option "bridges" {
  values = { true, false }, default = true,
  doc = "Play the bridges (§3; default true).",
}
local CASTLES = option "castles" {
  values = { true, false }, default = true,
  doc = "Play the castles (§4; default true).",
}
local BAZAAR = option "bazaar" {
  values = { true, false }, default = true,
  doc = "Hold an auction after a bazaar tile (§5; default true).",
}
local BIDS = option "bazaar_bids" {
  values = { "auction", "none" }, default = "auction",
  doc = "The bazaar (§5): an auction with bids (default), or none: each player in "
     .. "turn simply chooses a tile.",
}
local MAX_BID = 10   -- §5 [inferred]: a bounded move list

-- what a collector offers on most turns: one shared empty list, never
-- written, so that a turn with nothing to offer allocates nothing
local NONE = {}

-- }======================================================================

-- {======================================================================
-- §3 Bridges
-- =======================================================================

-- §3.1: each plain tile and its bridged tiles (tiles/..._bridged.tiles,
-- as tools/bridged_tiles.lua wrote it), in this order.
local BRIDGED = {}
for _, id in ipairs({
  "A-bwe", "B-bns", "B-bwe", "E-bwe", "F-bns", "G-bns", "H-bwe", "U-bwe",
  "bb.CFc.b-bns", "bb.CFR.b-bwe", "bb.F.b-bns", "bb.F.b-bwe", "bb.R.bi-bwe",
  "bb.RFR.b-bwe", "bb.RFR.bi-bwe", "bb.CFR_xG-bns", "bb.LCFc-bns", "bb.LRFr-bns",
}) do
  BRIDGED[#BRIDGED + 1] = { id:sub(1, -5), id }
end

-- §3: instead of the ordinary draw, the tile on top of the stack played
-- bridged, where both bridge ends meet a road or an empty cell: edge
-- matching says exactly that. Once a turn part; the plain tile leaves
-- its stack and the player has one bridge less (3, or 2 with 5-6
-- players). In C (tile_variants): no hook runs for it.
if BRIDGES then
  tile_variants { pairs = BRIDGED, counter = "bridges_used", limit = { 3, 3, 3, 3, 2, 2 } }
end

-- }======================================================================

-- {======================================================================
-- §4 Castles
-- =======================================================================

-- the followers that hold a city and what they count for (I&C's large
-- meeple 2; a mayor in a 2-tile city has no pennant to count, §6)
local FOLLOWERS = { meeple = 1, big = 2, wagon = 1 }

-- the players with the most strength in fh, as a set, and that strength
local function leaders_of(fh)
  local sum, best = {}, 0
  for _, fig in ipairs(fh:figures()) do
    local info = fig:info()
    local s = FOLLOWERS[info.kind]
    if s and info.owner > 0 then
      sum[info.owner] = (sum[info.owner] or 0) + s
      if sum[info.owner] > best then best = sum[info.owner] end
    end
  end
  local lead = {}
  for p, v in pairs(sum) do lead[p] = v == best end
  return lead, best
end

state {
  nc = 0,                       -- castles made
  baz_n = 0, baz_auct = 0, baz_pick = 0, baz_bid = 0, baz_hi = 0, baz_ask = 0,
  baz_pending = 0, baz_free = 0,
}

if CASTLES then
  action "castle" { args = { "who", "x", "y", "segment" } }
  phase "castle" { after = "place_figure" }

  local function part_mark(ctx) return ctx.turn * 16 + ctx.part end

  -- §4: a completed city of two tiles, no_castle on neither, with the
  -- leaders of its majority: each leader with a castle left may convert it.
  local function small_city(fh)
    if fh:kind() ~= "city" or fh:attr("no_castle") ~= 0 or fh:attr("castle") ~= 0 then return false end
    local info = fh:info()
    return info.tiles == 2 and info.segments == 2
  end

  collect("castle", function(ctx)
    local closed = ctx.play:closed()
    if #closed == 0 then return NONE end
    local g, moves = ctx.game, {}
    local n, me = g:players(), ctx.player
    for _, fh in ipairs(closed) do
      if small_city(fh) then
        local lead, strength = leaders_of(fh)
        if strength > 0 then
          local x, y, seg = fh:anchor()
          for k = 0, n - 1 do                       -- turn order from the active player
            local p = (me - 1 + k) % n + 1
            if lead[p] and g:counter(p, "castles_used") < allowance(ctx) then
              moves[#moves + 1] = { type = "action", action = "castle",
                                    args = { who = p, x = x, y = y, segment = seg } }
            end
          end
        end
      end
    end
    if #moves > 0 then moves[#moves + 1] = { type = "pass" } end
    return moves
  end)

  on("action", function(ctx, move)
    if move.action ~= "castle" then return end
    local g, a, st = ctx.game, move.args, ctx.state
    local fh = g:tile_at(a.x, a.y):feature(a.segment)
    -- the converter's followers stay on the castle (off the city, so it
    -- scores nobody); the others go home unscored [inferred, §4]
    for _, fig in ipairs(fh:figures()) do
      local info = fig:info()
      if info.owner == a.who and FOLLOWERS[info.kind] then
        fig:move({ tile = info.tile })
      elseif FOLLOWERS[info.kind] then
        fig:return_to_supply()
      end
    end
    g:tile_at(a.x, a.y):add_segment_attr(a.segment, "castle", 1)
    g:add_counter(a.who, "castles_used", 1)
    local nodes = fh:nodes()
    local t1, t2 = nodes[1].tile:info(), nodes[2].tile:info()
    local i = st.nc + 1
    st.nc = i
    st["c" .. i .. "x1"], st["c" .. i .. "y1"] = t1.x, t1.y
    st["c" .. i .. "x2"], st["c" .. i .. "y2"] = t2.x, t2.y
    st["c" .. i .. "owner"] = a.who
    st["c" .. i .. "made"] = part_mark(ctx)
    st["c" .. i .. "done"] = false
    st["c" .. i .. "pend"] = -1
    return true                                       -- another small city may wait
  end)

  -- §4.1: the castle's two tiles and the two beside each on its long sides.
  local function near(st, i, x, y)
    local x1, y1, x2, y2 = st["c" .. i .. "x1"], st["c" .. i .. "y1"], st["c" .. i .. "x2"], st["c" .. i .. "y2"]
    if x1 == x2 then                                  -- north-south castle: x-1 .. x+1
      return math.abs(x - x1) <= 1 and (y == y1 or y == y2)
    end
    return math.abs(y - y1) <= 1 and (x == x1 or x == x2)
  end

  local function live(st, i, mark)
    return not st["c" .. i .. "done"] and st["c" .. i .. "made"] ~= mark
  end

  -- §4.2: a feature completed now notes its points on every live castle
  -- whose neighbourhood it reaches; a new castle's city counts 0 [JCZ].
  on("feature_scored", function(ctx, f, args)
    local st = ctx.state
    if st.nc == 0 or args.when ~= "closed" then return end
    local mark = part_mark(ctx)
    local points = f:attr("castle") ~= 0 and 0 or args.value
    local cells
    for i = 1, st.nc do
      if live(st, i, mark) then
        if not cells then
          cells = {}
          for _, node in ipairs(f:nodes()) do
            local t = node.tile:info()
            cells[#cells + 1] = t.x
            cells[#cells + 1] = t.y
          end
        end
        for k = 1, #cells, 2 do
          if near(st, i, cells[k], cells[k + 1]) then
            if points > st["c" .. i .. "pend"] then st["c" .. i .. "pend"] = points end
            break
          end
        end
      end
    end
  end)

  -- §4.2: each castle with points waiting pays its owner the highest, its
  -- knight goes home, and the castles near it take the same points (the
  -- chain), until none waits.
  local function pay_castles(ctx)
    local st, g = ctx.state, ctx.game
    if st.nc == 0 then return end
    local mark = part_mark(ctx)
    local again = true
    while again do
      again = false
      for i = 1, st.nc do
        local pts = st["c" .. i .. "pend"]
        if pts >= 0 and not st["c" .. i .. "done"] then
          again = true
          st["c" .. i .. "done"] = true
          st["c" .. i .. "pend"] = -1
          local owner = st["c" .. i .. "owner"]
          ctx:score(owner, pts, "castle")
          for _, xy in ipairs({ { "x1", "y1" }, { "x2", "y2" } }) do
            local th = g:tile_at(st["c" .. i .. xy[1]], st["c" .. i .. xy[2]])
            for _, fig in ipairs(g:figures({ tile = th })) do
              if fig:info().owner == owner then fig:return_to_supply() end
            end
          end
          for j = 1, st.nc do
            if j ~= i and live(st, j, mark) and pts > st["c" .. j .. "pend"]
               and (near(st, j, st["c" .. i .. "x1"], st["c" .. i .. "y1"])
                    or near(st, j, st["c" .. i .. "x2"], st["c" .. i .. "y2"])) then
              st["c" .. j .. "pend"] = pts
            end
          end
        end
      end
    end
  end

  -- paid at the end of the turn part, after its scoring: an extra_part
  -- transform runs once a part, where a phase of its own would notify a
  -- hook on every phase of every turn (a third of the hooks' time)
  transform("extra_part", function(ctx)
    pay_castles(ctx)
  end)
end

-- §4.2: farmers count a castle as a completed city, worth 4: base's 3
-- plus 1 for the castle mark on its anchor segment.
score "field" {
  final = { per_adjacent_closed = { city = 3 }, touching = { city = { castle = 1 } } },
  keep_figures = true,
}

-- }======================================================================

-- {======================================================================
-- §5 The bazaar
-- =======================================================================

if BAZAAR then
  action "bazaar_pick" { args = { "who", "tile", "bid" } }
  action "bazaar_bid"  { args = { "who", "bid" } }
  action "bazaar_deal" { args = { "who", "buy" } }
  phase "bazaar" { after = "score" }

  local function has(st, p) return (st["has" .. p] or "") ~= "" end

  -- the next player after p in turn order without a bought tile, or 0
  local function next_without(ctx, p, stop)
    local st, n = ctx.state, ctx.game:players()
    for k = 1, n do
      local q = (p - 1 + k) % n + 1
      if q == stop then return 0 end
      if not has(st, q) then return q end
    end
    return 0
  end

  -- §5: after a bazaar tile, if no bought tile waits and the stack holds a
  -- tile per player, that many tiles are revealed.
  on("tile_placed", function(ctx)
    local st, g = ctx.state, ctx.game
    local n, stack = g:players(), ctx.play:stack()
    if st.baz_pending > 0 or st.baz_free == ctx.turn or st.baz_n > 0 or g:stack_size(stack) < n then
      return
    end
    for i = 1, n do
      local id = g:draw(stack)
      g:put_back("bazaar", id)
      st["baz_t" .. i] = id
    end
    st.baz_n, st.baz_pick, st.baz_bid, st.baz_hi, st.baz_ask = n, 0, 0, 0, 0
    st.baz_auct = next_without(ctx, ctx.player, 0)
  end, { tiles = { "bazaar" } })

  local function give(ctx, p, i)
    local st = ctx.state
    st["has" .. p] = st["baz_t" .. i]
    st["baz_t" .. i] = ""
    st.baz_pending = st.baz_pending + 1
  end

  -- the next auctioneer; the last player takes the last tile free
  local function next_auction(ctx)
    local st = ctx.state
    st.baz_pick, st.baz_bid, st.baz_hi, st.baz_ask = 0, 0, 0, 0
    local a = next_without(ctx, st.baz_auct, 0)
    if a ~= 0 and next_without(ctx, a, a) == 0 then
      for i = 1, st.baz_n do
        if st["baz_t" .. i] ~= "" then give(ctx, a, i) end
      end
      a = 0
    end
    st.baz_auct = a
    if a == 0 then st.baz_n = 0 end
  end

  local function max_bid(ctx, p)
    if BIDS == "none" then return 0 end
    local s = ctx.game:scores()[p]
    return s < MAX_BID and math.max(s, 0) or MAX_BID
  end

  -- each list is one player's decision: the auctioneer's pick and deal, a
  -- bidder's bid (`decider`: their agent or seat answers, docs/lua-api.md)
  collect("bazaar", function(ctx)
    local st = ctx.state
    if st.baz_n == 0 or st.baz_auct == 0 then return NONE end
    local moves, a = {}, st.baz_auct
    if st.baz_pick == 0 then
      for i = 1, st.baz_n do
        if st["baz_t" .. i] ~= "" then
          for b = 0, max_bid(ctx, a) do
            moves[#moves + 1] = { type = "action", action = "bazaar_pick", args = { who = a, tile = i, bid = b },
                                  decider = a }
          end
        end
      end
    elseif st.baz_ask ~= 0 then
      local b = st.baz_ask
      moves[1] = { type = "action", action = "bazaar_bid", args = { who = b, bid = 0 }, decider = b }
      for v = st.baz_bid + 1, max_bid(ctx, b) do
        moves[#moves + 1] = { type = "action", action = "bazaar_bid", args = { who = b, bid = v }, decider = b }
      end
    else
      if ctx.game:scores()[a] >= st.baz_bid then
        moves[1] = { type = "action", action = "bazaar_deal", args = { who = a, buy = 1 }, decider = a }
      end
      moves[#moves + 1] = { type = "action", action = "bazaar_deal", args = { who = a, buy = 0 }, decider = a }
    end
    return moves
  end, { tiles = { "bazaar" } })

  -- the bids are over: nobody outbid (the auctioneer takes it, paying the
  -- bank), else the auctioneer decides (bazaar_deal)
  local function bids_over(ctx)
    local st = ctx.state
    if st.baz_hi == 0 then
      if st.baz_bid > 0 then ctx:score(st.baz_auct, -st.baz_bid, "bazaar") end
      give(ctx, st.baz_auct, st.baz_pick)
      next_auction(ctx)
    end
  end

  on("action", function(ctx, move)
    local st, a = ctx.state, move.args
    if move.action == "bazaar_pick" then
      st.baz_pick, st.baz_bid, st.baz_hi = a.tile, a.bid, 0
      st.baz_ask = BIDS == "none" and 0 or next_without(ctx, st.baz_auct, st.baz_auct)
      if st.baz_ask == 0 then bids_over(ctx) end
    elseif move.action == "bazaar_bid" then
      if a.bid > 0 then st.baz_bid, st.baz_hi = a.bid, a.who end
      st.baz_ask = next_without(ctx, a.who, st.baz_auct)
      if st.baz_ask == 0 then bids_over(ctx) end
    elseif move.action == "bazaar_deal" then
      local auct, hi, bid = st.baz_auct, st.baz_hi, st.baz_bid
      if a.buy == 1 then
        ctx:score(auct, -bid, "bazaar")
        ctx:score(hi, bid, "bazaar")
        give(ctx, auct, st.baz_pick)
      else
        ctx:score(hi, -bid, "bazaar")
        ctx:score(auct, bid, "bazaar")
        give(ctx, hi, st.baz_pick)
      end
      next_auction(ctx)
    else
      return
    end
    return st.baz_n > 0                               -- the auction goes on
  end)

  -- §5: the last bought tiles are still played when the draw stack is
  -- empty. A script that collects draw-phase moves keeps turns beginning
  -- on an empty draw stack until a draw phase finds nothing
  -- (docs/lua-api.md, collect), so turn_begin below can still put a
  -- bought tile on top. Scoped to bazaar tiles, this collector is never
  -- called (the draw comes before any placement): it costs no call a turn.
  collect("draw", function() return NONE end, { tiles = { "bazaar" } })

  -- §5: a player's bought tile is their draw: it goes on top of the stack
  -- (a builder's extra part draws from the stack as usual). No bazaar
  -- before the last bought tile's turn is over.
  on("turn_begin", function(ctx)
    local st = ctx.state
    if st.baz_pending == 0 then return end
    local me = ctx.player
    local id = st["has" .. me]
    if not id or id == "" then return end
    local g = ctx.game
    g:take("bazaar", id)
    g:put_back(ctx.play:stack(), id, "top")
    st["has" .. me] = ""
    st.baz_pending = st.baz_pending - 1
    if st.baz_pending == 0 then st.baz_free = ctx.turn end
  end)
end

-- }======================================================================
