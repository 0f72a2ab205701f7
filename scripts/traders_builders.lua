-- Traders & Builders (C2 2015 / C3 2021), an expansion of the base game.
-- The rules, in sections cited as §n below:
--   §1 Components and setup; §1.1 Tile notes; §2 Turn structure;
--   §3 Placement legality; §3.1 Builder; §3.2 Pig; §3.3 Builder double turn;
--   §4 Scoring; §4.1 During the game; §4.2 Final scoring;
--   §5 Interactions with the other in-scope systems; §6 House rules;
--   §7 Worked examples; §8 What the sources do NOT give.
-- Everything these rules leave to the base game (tile placement, follower
-- placement, completed-feature and final scoring, field majorities) is
-- base.lua's and is not repeated here: this script only hooks in.
--
--   meeple play --with traders_builders
--   meeple play --with traders_builders --option builder_follower=meeple
--
-- Everything here is declared as data and runs in C: with the default
-- options the expansion makes no Lua call during play.
--   builder, pig placement and their return     figure declarations
--   builder double turn (§2.1, §2.4, §3.3)      extra_part
--   goods to the completer (§2.3b, §4.1)        counter + gain
--   pig: 4 instead of 3 per city (§4.2)         bonus (only_with = "pig")
--   goods majorities (§4.2)                     majority
-- Hooks appear only for the non-default options below.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "traders_builders" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the goods symbols printed in cities. A city's goods are the sum of
-- its symbols, like its pennants; goods are not pennants, so they add no
-- city points (§4.1 [inferred]).
local GOODS = { "wine", "wheat", "cloth" }
attribute "wine"  { merge = "sum" }
attribute "wheat" { merge = "sum" }
attribute "cloth" { merge = "sum" }

-- §1 setup 1: the 24 tiles A-X are shuffled into the base tiles, one
-- draw stack. (The optional bag [official] changes nothing but the
-- container: a shuffled stack is a bag.)
tiles "traders_builders" { stack = "main" }

-- §1 setup 2: the 20 goods tokens (9 wine, 6 wheat, 5 cloth) are a public
-- supply equal to the symbols on the tiles, so it never runs out
-- [inferred]; only what each player holds is kept, as a counter per good.
for _, good in ipairs(GOODS) do counter(good) end
reason "goods"

-- }======================================================================

-- {======================================================================
-- Options: the edition notes ([official: edition note]) and a house rule
-- =======================================================================

-- §3.1 edition note: HiG says the builder needs one of your "meeples" in
-- the feature, ZMG says "normal meeple". The wiki calls the ZMG wording a
-- mistake (it would bar a big meeple, mayor or wagon), so any follower
-- qualifies by default.
local BUILDER_FOLLOWER = option "builder_follower" {
  values = { "any", "meeple" }, default = "any",
  doc = "What lets a builder in (§3.1 edition note): any of your followers (HiG, "
     .. "default) or only a normal meeple (ZMG wording).",
}

-- §3.2 edition note: Big Box 6 says a pig left alone in its field (its
-- owner's farmers gone, e.g. by an A&M barn) returns to its owner; ZMG's
-- "if your pig is removed" loses that meaning, read literally the pig
-- stays. Big Box 6 is the default.
local PIG_ALONE = option "pig_alone" {
  values = { "returns", "stays" }, default = "returns",
  doc = "A pig whose owner has no farmer left in its field (§3.2 edition note): "
     .. "returns to its owner (Big Box 6, default) or stays (ZMG wording).",
}

-- §6 HR-TB-1 [house rule]: unlimited builder chain. Off by default.
local CHAIN = option "builder_chain" {
  values = { false, true }, default = false,
  doc = "House rule HR-TB-1 (§6): every tile that extends your builder's road or "
     .. "city gives one more tile, without the one-extra-tile limit.",
}

-- }======================================================================

-- {======================================================================
-- §3 Placement: the builder and the pig
-- =======================================================================

-- §3.1: placed instead of a follower (the base game's one figure per tile
-- placement, §2.2) on a road or city segment of the tile just placed,
-- only where one of your followers already is, however far away. Other
-- players' figures do not matter and several builders may share a
-- feature (no blocked_by). Never on a cloister or field. Strength 0: it
-- never counts for majority (§4.1). needs_own also sends it home as soon
-- as you have no follower left in its feature (§3.1 [official]); at
-- scoring every figure on the feature returns anyway (base §2.3).
figure "builder" {
  per_player = 1,
  on = { "road", "city" },
  group = "builder",
  needs_own = { "follower" },
  strength = 0,
}

-- §3.2: instead of a follower, on a field segment of the tile just
-- placed that holds at least one of your farmers; another player's pig
-- may already be there. It stays to the end of the game (fields are never
-- scored before the end). Under the default (Big Box 6) a pig left alone
-- goes home, which is what needs_own does; with pig_alone = "stays" the
-- "own farmer" condition is checked at placement only (allow hook below).
figure "pig" {
  per_player = 1,
  on = { "field" },
  group = "pig",
  needs_own = PIG_ALONE == "returns" and { "follower" } or nil,
  strength = 0,
}

local function owns(feature, player, kind)
  for _, fig in ipairs(feature:figures()) do
    local info = fig:info()
    if info.owner == player and (kind == nil or info.kind == kind) then return true end
  end
  return false
end

if BUILDER_FOLLOWER == "meeple" or PIG_ALONE == "stays" then
  allow("figure_placement", function(ctx, move)
    if move.type ~= "deploy" or not move.at.feature then return true end
    if move.figure == "builder" and BUILDER_FOLLOWER == "meeple" then
      -- ZMG wording: a *normal* meeple of yours must be there
      return owns(move.at.feature, ctx.player, "meeple")
    end
    if move.figure == "pig" and PIG_ALONE == "stays" then
      -- "one of your farmers": a figure of yours in the field that is
      -- neither a pig nor an A&M barn (special figures, not followers,
      -- abbey-mayor.md §1)
      for _, fig in ipairs(move.at.feature:figures()) do
        local info = fig:info()
        if info.owner == ctx.player and info.kind ~= "pig" and info.kind ~= "barn" then return true end
      end
      return false
    end
    return true
  end)
end

-- }======================================================================

-- {======================================================================
-- §2.1, §2.4, §3.3 The builder's double turn
-- =======================================================================

-- §2.1, §2.4: a tile that extends a road or city on which the active
-- player's builder stands earns one more tile: draw, place, deploy,
-- score. Figures are deployed only after the tile, so a builder found in
-- the extended feature was there before the tile came (its presence at
-- placement is what counts, §3.3 [FAQ 03/2015]); the second part comes
-- even if the builder has gone home since (§3.3 [FAQ 03/2015, 12/2018]).
-- The engine checks this only in a turn's first part and grants at most
-- one extra part a turn: the second tile never earns a third (§3.3). With
-- an empty stack there is no second tile (§8). Once-per-turn effects stay
-- once: turn_begin and turn_end run once for both parts (§3.3 [FAQ
-- 06/2013]). An A&M abbey has no road or city segment, so it never
-- extends (§5 [FAQ]).
extra_part { when = "extends", kinds = { "road", "city" }, figure = "builder" }

-- HR-TB-1 (§6, house rule): every tile that extends the builder's road or
-- city gives one more, without the one-extra-tile limit. Lua hooks do
-- what the declaration above refuses to: a chain.
if CHAIN then
  state { double = 0, double_part = 0 }

  on("tile_placed", function(ctx, tile)
    local me, g = ctx.player, ctx.game
    if g:supply(me, "builder") > 0 then return end     -- builder not on the board
    for _, feature in ipairs(tile:features()) do
      local kind = feature:kind()
      if (kind == "road" or kind == "city") and owns(feature, me, "builder") then
        ctx.state.double, ctx.state.double_part = ctx.turn, ctx.part
        return
      end
    end
  end)

  transform("extra_part", function(ctx)
    local st = ctx.state
    if st.double == ctx.turn and st.double_part == ctx.part then return "main" end
  end)
end

-- }======================================================================

-- {======================================================================
-- §2.3, §4 Scoring
-- =======================================================================

-- §2.3 (b), §4.1: after a completed city has been scored normally
-- (base), the player who placed the completing tile, the active player,
-- takes one token per goods symbol in it, whoever occupies it and even if
-- nobody does. With A&M the abbey's placer is the active player (§5, FAQ
-- CAR.060). Incomplete cities never give goods (§4.1).
--
-- §4.2 goods: after the base final scoring, for each good the player(s)
-- holding the most tokens score 10, ties each 10; nobody scores a good no
-- one holds [inferred].
for _, good in ipairs(GOODS) do
  gain { counter = good, when_closed = "city", per = good }
  majority { counter = good, points = 10, reason = "goods" }
end

-- §4.2 the pig: field control is the base farmer majority (the pig has
-- strength 0). Each controlling player whose own pig is in the field gets
-- 4 instead of 3 per completed city: the base 3 plus 1 here. Tied
-- controllers with pigs each get it; another player's pig never helps.
bonus "field" { final = { per_adjacent_closed = { city = 1 } }, only_with = "pig" }

-- }======================================================================
