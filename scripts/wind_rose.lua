-- The Wind Roses (Die Windrosen, Hans im Glueck 2012), a mini expansion of
-- the base game.
-- The rules, in sections cited as §n below (docs/rules/wind_rose.md):
--   §1 Components and setup; §2 The sections; §3 The quarter roses; §4 The
--   blue rose; §5 Interactions; §6 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with wind_rose
--
-- What runs where. All of it is one hook on the public API (issue #41:
-- "first as hooks"):
--   the orange rose is the start tile        start { replace = true }
--   a quarter rose in its section: 3 points  on("tile_placed") narrowed to
--   the blue rose takes over                   the 6 rose tiles' tags
-- Cost: the hook is narrowed by tags, so the flow calls no Lua for the other
-- tiles: 5 direct calls a game, about 0.55x base games/s (README speed
-- table, wind_rose.md §8). No capability: the mechanic needs none.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "wind_rose" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: 6 tiles; the orange rose is the start tile, instead of the base one
-- (which is shuffled in with the land tiles [inferred]: the rules only
-- say "instead of"); the other 5 are shuffled in.
tiles "wind_rose"
start { tile = "wr.CFR", at = { 0, 0 }, rotation = 0, replace = true }

reason "wind_rose"

-- §2: the whole rose that divides the board now: where its tile lies and
-- how it is turned (quarter turns clockwise). The orange rose first.
state { x = 0, y = 0, rot = 0 }

-- The tiles' roses (tiles/wind_rose.tiles tags them the same way): the
-- whole roses, and the section each quarter rose names, clockwise from
-- north-east.
local WHOLE = { ["wr.CFR"] = true, ["wr.Rr"] = true }
local QUARTER = { ["wr.Cc.1"] = 0, ["wr.CC.2"] = 1, ["wr.RrC"] = 2, ["wr.CFc"] = 3 }
local POINTS = 3

-- }======================================================================

-- {======================================================================
-- §2 The sections; §3 The quarter roses; §4 The blue rose
-- =======================================================================

-- §2: section q (0 NE, 1 SE, 2 SW, 3 NW) of the board as the rose at
-- (rx, ry) divides it; the row and the column of the rose's tile belong to
-- the two sections on either side.
local function in_section(q, dx, dy)
  if q == 0 then return dx >= 0 and dy <= 0 end
  if q == 1 then return dx >= 0 and dy >= 0 end
  if q == 2 then return dx <= 0 and dy >= 0 end
  return dx <= 0 and dy <= 0
end

on("tile_placed", function(ctx, th, args)
  local id, st = args.tile_id, ctx.state
  if WHOLE[id] then
    -- §4: the blue rose takes over, turned as it lies: its north is the
    -- new north
    local t = th:info()
    st.x, st.y, st.rot = t.x, t.y, t.rot
    return
  end
  local q = QUARTER[id]
  if not q then return end
  -- §3: the section the quarter rose names, read against the rose in
  -- force (the tile's own turn does not matter [JCZ])
  local t = th:info()
  if in_section((q + st.rot) % 4, t.x - st.x, t.y - st.y) then
    ctx:score(ctx.player, POINTS, "wind_rose")
  end
end, { tiles = { "wind_rose", "rose_ne", "rose_se", "rose_sw", "rose_nw" } })

-- }======================================================================
