-- Monasteries (Monasteries in Germany, HiG 2014, C2 2018; Monasteries in
-- the Netherlands & Belgium, 999 Games 2014; the same rules as Japanese
-- Buildings, HiG 2016), an expansion of the base game: JCloisterZone's
-- "monasteries". The rules, in sections cited as §n below
-- (docs/rules/monasteries.md): §1 Components and setup; §2 Placing a
-- tile; §3 Monk or abbot; §4 Scoring an abbot; §5 Interactions; §6
-- Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with monasteries
--   meeple play --with monasteries --option cloisters=in
--
-- What runs where. A special monastery is a cloister segment with the
-- attribute monastery: a meeple on it is a monk, the base game's data in
-- C. The abbot, a meeple laid on its side, is a figure of its own: it
-- counts for no majority (strength 0) and stays on the board when its
-- monastery completes (stays), both data in C. Hooks on the public API:
--   the abbot only on a special monastery   allow("figure_placement"), scoped to
--     and only with a meeple to lay down      the abbot's moves
--   the abbot is one of the 7 meeples       on("turn_begin"): one meeple out of
--                                             play per abbot on the board
--   the base cloisters leave the game       the same hook, turn 1 (option)
--   the abbot's row and column at the end   transform("feature_points") narrowed
--                                             to the monasteries (attrs) for open
--                                             ones, on("final_scoring") for completed
-- Cost: a turn_begin call every turn (most stop after one read), a call
-- per monastery scored open at the end: 902k instructions a game, 0.21x
-- base (README speed table, monasteries.md §7). A capability would be a
-- figure kind that draws on another's supply, and a line-of-tiles term
-- for scoring formulas.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "monasteries" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

attribute "monastery" { merge = "max" }
tiles "monasteries"

-- §1: the base game's cloister tiles go back into the box.
local CLOISTERS = option "cloisters" {
  values = { "out", "in" }, default = "out",
  doc = "The base game's cloister tiles (§1): out (the rules, default) or in (as "
     .. "JCloisterZone plays them beside the monasteries).",
}

-- §3: a meeple laid on its side. 7 of them, as the meeples: turn_begin keeps
-- the two supplies together.
local MEEPLES = 7
figure "lying_abbot" {
  per_player = MEEPLES,
  on = { "cloister" },
  group = "follower",
  blocked_by = { "follower" },
  strength = 0,
  stays = true,
  shape = "lying",
}
reason "monastery"
-- out<p>: meeples of player p set aside for their abbots on the board;
-- flat scalar keys, each read and write one C-side access, and abbots the
-- abbot supplies as one number when last settled, so that most turns stop
-- after reading it
state { abbots = -1, out1 = 0, out2 = 0, out3 = 0, out4 = 0, out5 = 0, out6 = 0 }

-- }======================================================================

-- {======================================================================
-- §1 Setup; §3 Monk or abbot
-- =======================================================================

-- §1: the base game's cloister tiles (base.md §1.1: A x2, B x4) leave the
-- stack before the first draw.
local function cloisters_out(g)
  for _, id in ipairs({ "A", "B" }) do
    for _ = 1, g:stack_count("main", id) do g:take("main", id) end
  end
end

-- §3: an abbot only on a special monastery, and only for a player with a
-- meeple left to lay down.
allow("figure_placement", function(ctx, move)
  local f = move.at and move.at.feature
  if not f or f:attr("monastery") == 0 then return false, "an abbot goes on a special monastery only" end
  if ctx.game:supply(ctx.player, "meeple") == 0 then return false, "no meeple left to lay down" end
end, { figures = { "lying_abbot" } })

-- §3: each abbot on the board is one of its owner's meeples: that many
-- meeples wait out of play, and come back as the abbots do (a dragon may
-- eat one, The Princess & the Dragon). Settled at the start of each turn
-- (one hook a turn, with the setup of §1): an abbot laid this turn takes
-- its meeple before anyone can deploy again. The hook stops after one
-- count unless a player's abbots on the board changed (or a meeple
-- owed could not be set aside yet).
on("turn_begin", function(ctx)
  local g, st = ctx.game, ctx.state
  if ctx.turn == 1 and CLOISTERS == "out" then cloisters_out(g) end
  local n = g:players()
  -- the abbots' supplies, one number (at most 7 each: base 8)
  local sig = 0
  for p = n, 1, -1 do sig = sig * 8 + g:supply(p, "lying_abbot") end
  if sig == st.abbots then return end
  st.abbots = sig
  for p = 1, n do
    local key = "out" .. p
    local want = MEEPLES - g:supply(p, "lying_abbot")
    local have = st[key]
    while have < want and g:deploy(p, "meeple", { out = true }) do have = have + 1 end
    if have > want then
      for _, fig in ipairs(g:figures()) do
        if have == want then break end
        local info = fig:info()
        if info.owner == p and info.kind == "meeple" and info.at.out then
          fig:return_to_supply()
          have = have - 1
        end
      end
    end
    st[key] = have
    -- no meeple in the supply to set aside yet: try again next turn
    if have < want then st.abbots = -1 end
  end
end)

-- }======================================================================

-- {======================================================================
-- §4 Scoring an abbot
-- =======================================================================

local DIRS = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } }

-- §4: 1 for the monastery and 1 for each tile in its row and column, out
-- from it in the four directions up to the first empty cell.
local function line_points(g, x, y)
  local n = 1
  for _, d in ipairs(DIRS) do
    local cx, cy = x + d[1], y + d[2]
    while g:tile_at(cx, cy) do
      n = n + 1
      cx, cy = cx + d[1], cy + d[2]
    end
  end
  return n
end

-- §4: at the end an abbot's monastery, complete or not, is scored as a
-- feature holding figures; its abbot counts for no majority, so the
-- formula pays nobody and this hook pays the abbot's line, before the
-- figures go home (the final_scoring event comes after that).
local function pay(ctx, f)
  for _, fig in ipairs(f:figures()) do
    local info = fig:info()
    if info.kind == "lying_abbot" then
      local t = info.tile:info()
      ctx:score(info.owner, line_points(ctx.game, t.x, t.y), "monastery", f)
    end
  end
end

-- A transform narrowed in C to the monasteries (attrs): no call for any
-- other feature, where on("feature_scored") was called for every feature
-- scored (a fifth of the script's cost). It keeps the points (returns
-- nothing); an incomplete feature is scored at the end only.
transform("feature_points", function(ctx, f)
  if not f:closed() then pay(ctx, f) end
end, { attrs = { "monastery" } })

-- §4: an abbot on a monastery completed during play stayed there (the
-- final scoring leaves completed features alone): it scores now.
on("final_scoring", function(ctx)
  local done = {}
  for _, fig in ipairs(ctx.game:placed_figures("lying_abbot")) do
    local info = fig:info()
    local f = info.segment and info.tile:feature(info.segment)
    if f and f:closed() and not done[f] then
      done[f] = true
      pay(ctx, f)
    end
  end
end)

-- }======================================================================
