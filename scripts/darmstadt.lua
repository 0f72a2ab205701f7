-- The Darmstadt promo (Darmstadt Spielt, 2014), an expansion of the base
-- game: 3 land tiles, the Darmstadtium and two churches.
-- The rules, in sections cited as §n below (docs/rules/darmstadt.md):
--   §1 Components and setup; §2 The Darmstadtium; §3 The churches;
--   §4 Interactions; §5 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with darmstadt
--
-- What runs where. All of it is hooks on the public API (issue #41: "first
-- as hooks"), two transforms the flow narrows in C, so only the features
-- the promo prints on reach Lua (a few calls a game):
--   3 more for a completed city with the       transform("feature_points")
--   Darmstadtium                               narrowed to cities with the
--                                              attribute darmstadtium
--   3 to whoever has the most followers on     transform("feature_points")
--   the 9 tiles of a completed church          narrowed to cloisters with
--                                              the attribute church; it
--                                              returns the points unchanged
--                                              and scores the bonus itself
-- No capability; the cost is in the README speed table and darmstadt.md §6.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "darmstadt" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the 3 land tiles are shuffled into the base tiles.
tiles "darmstadt"

attribute "darmstadtium" { merge = "any" }
attribute "church" { merge = "any" }
reason "church"

-- }======================================================================

-- {======================================================================
-- §2 The Darmstadtium
-- =======================================================================

-- §2: a completed city with the Darmstadtium pays its majority 3 more (each
-- of them on a tie); an incomplete one at the end nothing more.
transform("feature_points", function(ctx, f, points)
  if f:closed() then return points + 3 end
  return points
end, { attrs = { "darmstadtium" }, kinds = { "city" } })

-- }======================================================================

-- {======================================================================
-- §3 The churches
-- =======================================================================

-- The followers of the rule sets meeple plays (JCZ: its Follower class);
-- builders, pigs, barns, buildings and neutral figures do not count.
local FOLLOWERS = { meeple = true, big = true, mayor = true, wagon = true, abbot = true,
                    lying_abbot = true }

local scratch = {}

-- §3: a church completed in play scores as a cloister (the formula), and
-- the player with the most followers on its tile and the 8 around it
-- (any feature, the monk included) scores 3 more, every such player on a
-- tie; nobody with a follower there, nobody.
transform("feature_points", function(ctx, f, points)
  if not f:closed() then return points end
  local g = ctx.game
  local x, y = f:anchor()
  local count, best = {}, 0
  for dy = -1, 1 do
    for dx = -1, 1 do
      local th = g:tile_at(x + dx, y + dy)
      if th then
        for _, fig in ipairs(th:figures()) do
          local info = fig:info(scratch)
          if FOLLOWERS[info.kind] and info.owner > 0 then
            local n = (count[info.owner] or 0) + 1
            count[info.owner] = n
            if n > best then best = n end
          end
        end
      end
    end
  end
  if best == 0 then return points end
  for p = 1, g:players() do
    if count[p] == best then ctx:score(p, 3, "church", f) end
  end
  return points
end, { attrs = { "church" }, kinds = { "cloister" } })

-- }======================================================================
