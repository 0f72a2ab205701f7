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
-- What runs where. Issue #41 asks every expansion for >= 0.5x the base
-- game's games/s: as Lua hooks on the public API the flock (a tile_placed,
-- a collect and a turn_end hook every turn) ran at 0.027x, so the flock is
-- the general capability token_pool (C: a figure's pool of tokens drawn
-- from a bag, docs/lua-api.md), and the hooks left are narrowed to the
-- tiles and features they are about; a common turn makes no Lua call:
--   the bag of 18 tokens                    stack "sheep" + tiles "hills_sheep_bag"
--                                             (a token's sheep: its attribute sheep)
--   the shepherd, a figure, no follower     figure "shepherd" (strength 0)
--   the flock: first token, grow or drive   token_pool "shepherd" (C) and phase
--     to the stable, the wolf, a closed       "flock"; its draws are the game's own
--     field, an eaten shepherd                (logged, replayed, fixed by a scenario's
--                                             draws { ..., stack = "sheep" })
--   the tile under a hill                   on("tile_placed") narrowed to the tag
--                                             hill (8 calls a game, direct path)
--   vineyards                               transform("feature_points"), cloisters
--                                             (their 8 neighbours' tile ids)
--   hill tie-break                          transform("feature_points"), tied
--                                             features (ties = true) over a hill
--                                             tile (attribute hill=1 on its segments)
-- Cost: 336k instructions a game, 0.53x base (7.01M, 0.026x, as hooks);
-- README speed table, docs/rules/hills_sheep.md §9.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "hills_sheep" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: 18 tiles (8 hills, 8 vineyards) shuffled into the base tiles.
tiles "hills_sheep"

-- §1: the cloth bag: 18 tokens, a stack of its own that no turn draws from;
-- a token's sheep are its attribute sheep (tiles/hills_sheep_bag.tiles).
attribute "sheep" { merge = "sum" }
-- §4: 1 on each segment of a hill tile (tiles/hills_sheep.tiles): the
-- tie-break's transform is narrowed to features with it.
attribute "hill" { merge = "sum" }
stack "sheep" {}
tiles "hills_sheep_bag" { stack = "sheep" }

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

-- No script state: the flocks are the capability token_pool's (§3); the
-- hills and vineyards are found by tile id on the board (§4, §5).

action "flock_grow"  { args = {} }
action "flock_score" { args = {} }
phase "flock" { after = "place_figure" }

-- }======================================================================

-- {======================================================================
-- §3 Shepherd and flock
-- =======================================================================

-- §3.1-§3.4: the capability token_pool runs the flock in C (no Lua call):
--   §3.1 a shepherd placed this turn draws its first token at the end of
--        the turn ([JCZ] draws it before the choice of §3.2 for the
--        player's other shepherds; only a player with 2 shepherds, option
--        shepherds, could tell);
--   §3.2 a tile of the shepherd's owner that extends its field asks, in
--        phase "flock", once per field (two shepherds of one player in one
--        field act once, JCZ): flock_grow (a token from the bag) or
--        flock_score (§3.3: every owner of a shepherd in the field scores
--        all its flocks, once per player; all of them go home);
--   §3.3 [JCZ] a field with a shepherd that is closed (no open port left:
--        fields never complete as a kind) goes to the stable at the end
--        of the turn that closed it, after §3.2 (so does one the abbey of
--        Abbey & Mayor closes without joining it);
--   §3.4 a wolf scatters every flock of the field: shepherds home, every
--        token and the wolf back into the bag at random places;
--   §6 [inferred] a shepherd that left the board otherwise (eaten by the
--        dragon of The Princess & the Dragon) loses its flock to the bag.
-- [inferred] An empty bag draws nothing.
token_pool "shepherd" {
  stack = "sheep", phase = "flock", grow = "flock_grow", cash = "flock_score",
  value = "sheep", bust = "wolf", reason = "flock",
}

-- }======================================================================

-- {======================================================================
-- §4 Hills; §5 Vineyards
-- =======================================================================

-- The tiles with a hill and with a vineyard (tags hill and vineyard in
-- tiles/hills_sheep.tiles), by id: the transforms below find them by the
-- tile a figure stands on, or around a cloister.
local HILL = {
  ["hs.Cc.h.1"] = true, ["hs.CC.h.2"] = true, ["hs.CFC.h"] = true, ["hs.CFR.h"] = true,
  ["hs.CRr.h"] = true, ["hs.RFR.h"] = true, ["hs.RR.hG"] = true, ["hs.RrC.h"] = true,
}
local VINEYARD = {
  ["hs.C_x.v"] = true, ["hs.CC_x.v"] = true, ["hs.Cc.v"] = true, ["hs.CFC.v"] = true,
  ["hs.RCC.v"] = true, ["hs.RRr.v"] = true,
}

-- §4: the hill is laid on a tile drawn face down: that tile leaves the
-- game. Narrowed to the hill tiles: 8 calls a game, on the direct path.
on("tile_placed", function(ctx)
  local g = ctx.game
  if g:stack_size("main") > 0 then g:discard(g:draw("main")) end
end, { tiles = { "hill" } })

-- Figures that are no followers: they never win a tie-break.
local NOT_FOLLOWER = { shepherd = true, builder = true, pig = true, barn = true }

-- §4: among the tied leaders, those with followers on hill tiles (on this
-- feature) win; `count`: those with the most of them.
local function tiebreak(ctx, f, leaders)
  local on_hill = {}
  for _, fig in ipairs(f:figures()) do
    local info = fig:info()
    if info.tile and not NOT_FOLLOWER[info.kind] and HILL[info.tile:info().id] then
      on_hill[info.owner] = (on_hill[info.owner] or 0) + 1
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

-- §5: a completed cloister, 3 more per vineyard tile around it.
transform("feature_points", function(ctx, f, points, args)
  if args.when ~= "closed" then return nil end
  local g, t = ctx.game, f:spot().tile:info()
  local n = 0
  for dy = -1, 1 do
    for dx = -1, 1 do
      local th = (dx ~= 0 or dy ~= 0) and g:tile_at(t.x + dx, t.y + dy)
      if th and VINEYARD[th:info().id] then n = n + 1 end
    end
  end
  if n == 0 then return nil end
  return points + 3 * n
end, { kinds = { "cloister" } })

-- §4: the tie-break, only for tied features (ties: the flow calls no Lua
-- otherwise) over a hill tile (attribute hill on its segments: a follower
-- on a hill stands on such a segment).
transform("feature_points", function(ctx, f, points, args)
  local leaders = args.leaders
  if not leaders or #leaders < 2 then return nil end
  local won = tiebreak(ctx, f, leaders)
  if won then return points, won end
end, { kinds = { "road", "city", "field" }, attrs = { "hill" }, ties = true })

-- }======================================================================
