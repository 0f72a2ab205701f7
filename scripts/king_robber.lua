-- King & Robber Baron (C1 2003 in "King & Scout"; C2 2017 in "Count, King
-- & Robber"), an expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/king_robber.md):
--   §1 Components and setup; §2 The king; §3 The robber baron; §4 Final
--   scoring; §5 Scoring variants; §6 Interactions; §7 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with king_robber
--   meeple play --with king_robber --option king_robber_scoring=15/40
--
-- The king and the robber baron are no tiles on the board but awards a
-- player holds: each is a counter (`king`, `robber`: 1 for the holder, 0
-- for the others), so games, saves, replays and scenarios
-- (expect.counter) see who holds them, and a per-script state keeps the
-- size of the largest city and longest road completed so far and how many
-- of each were completed.
--
-- What runs where. All of it is hooks on the public API (issue #41: "first
-- as hooks"):
--   who completed the largest city, longest   on("feature_scored"): every
--   road so far; how many were completed        completed feature (also
--                                               unoccupied ones) passes it
--   continuous scoring (option)               the same hook
--   the holders' points at the end            on("final_scoring")
-- Cost: one feature_scored call per scored feature (22 a game: the public
-- API cannot narrow it to completed cities and roads), about 0.31x base
-- games/s (README speed table, king_robber.md §9): below the 0.5x the
-- issue asks. No capability yet; the next step is a general one for "an
-- award to whoever completes the largest feature of a kind so far, worth
-- points per completed feature at the end", declared as data.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "king_robber" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the 5 land tiles are shuffled into the base tiles.
tiles "king_robber"

-- §1: the king tile and the robber baron tile, beside the board until a
-- player earns one: who holds each, as a counter.
counter "king"
counter "robber"
reason "king"
reason "robber"

-- §5: how the holders score. per_feature is the rules' (§4); the others
-- are JCloisterZone's settings ("king-and-robber-scoring").
local SCORING = option "king_robber_scoring" {
  values = { "per_feature", "10/20", "15/40", "continuous" }, default = "per_feature",
  doc = "How the king and robber baron score (§4, §5): per_feature (the rules, default: "
     .. "1 a completed city / road at the end), 10/20 (10 each at the end), 15/40 "
     .. "(15 each, 40 for one player holding both), continuous (1 to the holder "
     .. "whenever a city / road is completed, nothing at the end).",
}
local CONTINUOUS = SCORING == "continuous"

-- king, robber: the holder (0: nobody yet); king_size, robber_size: the
-- tiles of the largest city / longest road completed so far; cities,
-- roads: how many were completed. part, king_was, robber_was: for the
-- continuous scoring, the turn part being scored and who held each award
-- when its scoring began (§5).
state { king = 0, robber = 0, king_size = 0, robber_size = 0, cities = 0, roads = 0,
        part = 0, king_was = 0, robber_was = 0 }

-- }======================================================================

-- {======================================================================
-- §2 The king; §3 The robber baron
-- =======================================================================

-- §2, §3: a completed city (road) of more tiles than any completed before
-- gives the king (robber baron) to the player who completed it: the
-- active player, who placed the completing tile, whoever occupies the
-- feature; a tie keeps it where it is. §5 continuous: the holder when the
-- turn part's scoring began scores 1 a completed city (road) first.
local function award(ctx, f, st, name)
  local g = ctx.game
  if CONTINUOUS then
    local part = ctx.turn * 8 + ctx.part
    if st.part ~= part then
      st.part, st.king_was, st.robber_was = part, st.king, st.robber
    end
    local was = name == "king" and st.king_was or st.robber_was
    if was > 0 then ctx:score(was, 1, name, f) end
  end
  local size = f:info().tiles
  if name == "king" then
    st.cities = st.cities + 1
    if size <= st.king_size then return end
    st.king_size = size
  else
    st.roads = st.roads + 1
    if size <= st.robber_size then return end
    st.robber_size = size
  end
  local me, old = ctx.player, st[name]
  if old == me then return end
  if old > 0 then g:add_counter(old, name, -1) end
  g:add_counter(me, name, 1)
  st[name] = me
end

-- Only (ctx, f): a hook without an `args` parameter gets none built (the
-- leaders list, the points), and f:closed() tells play (a completed
-- feature) from the final scoring (an incomplete one) as args.when would.
on("feature_scored", function(ctx, f)
  local kind = f:kind()
  if kind == "city" then
    if f:closed() then award(ctx, f, ctx.state, "king") end
  elseif kind == "road" then
    if f:closed() then award(ctx, f, ctx.state, "robber") end
  end
end)

-- }======================================================================

-- {======================================================================
-- §4 Final scoring; §5 Scoring variants
-- =======================================================================

-- §4: after the final scoring, the king scores 1 a completed city, the
-- robber baron 1 a completed road (all of them, whoever holds them).
on("final_scoring", function(ctx)
  if CONTINUOUS then return end
  local st = ctx.state
  local king, robber = st.king, st.robber
  if SCORING == "per_feature" then
    if king > 0 and st.cities > 0 then ctx:score(king, st.cities, "king") end
    if robber > 0 and st.roads > 0 then ctx:score(robber, st.roads, "robber") end
  elseif SCORING == "10/20" then
    if king > 0 then ctx:score(king, 10, "king") end
    if robber > 0 then ctx:score(robber, 10, "robber") end
  else                                                -- 15/40
    if king > 0 and king == robber then
      ctx:score(king, 40, "king")
    else
      if king > 0 then ctx:score(king, 15, "king") end
      if robber > 0 then ctx:score(robber, 15, "robber") end
    end
  end
end)

-- }======================================================================
