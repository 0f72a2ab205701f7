-- Games Quarterly #11 (Rio Grande Games, 2006): 10 land tiles for the base
-- game, one of them a field with a pig herd.
-- The rules, in sections cited as §n below (docs/rules/gq11.md):
--   §1 Components and setup; §2 The pig herd; §3 Interactions; §4 Worked
--   examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with gq11
--   meeple play --with gq11 --option pig_herd=false
--
-- What runs where. None of it is a hook or a capability: the pig herd is
-- an attribute of gq.F's field (tiles/gq11.tiles), and the farm's formula
-- below adds 1 a completed city when the farm holds it (an `only_if`
-- term), evaluated in C with the rest of the farm's scoring. No Lua call
-- during play: about 0.85x base games/s, its games 10 tiles longer (README
-- speed table, gq11.md §6).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "gq11" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the 10 land tiles are shuffled into the base tiles.
tiles "gq11"

-- §2: the pig herd printed on gq.F's field; "any": a farm holds one or
-- none (two herds in one farm still give 1 a city [JCZ]).
attribute "pig_herd" { merge = "any" }

-- §2 edition note: the publisher's answer is that gq.F is a plain field
-- (no pig herd); JCloisterZone scores it as River II's pig herd (its
-- element "pig-herd", on with the set). Default: JCloisterZone's.
local PIG_HERD = option "pig_herd" {
  values = { true, false }, default = true,
  doc = "Whether gq.F's field is a pig herd (§2): true (JCloisterZone, default): a farm "
     .. "holding it scores 1 more a completed city for each player scoring it; false (the "
     .. "publisher's ruling): a plain field.",
}

-- }======================================================================

-- {======================================================================
-- §2 The pig herd
-- =======================================================================

-- §2: every player scoring a farm with the pig herd gets 1 more a
-- completed city (4 instead of 3); it adds to T&B's pig (§3: 5 with both).
-- This replaces base.lua's field formula whole (a later script refines an
-- earlier one): base's 3 a city plus the herd's term.
if PIG_HERD then
  score "field" {
    final = { per_adjacent_closed = { city = 3 },
              only_if = { pig_herd = { per_adjacent_closed = { city = 1 } } } },
    keep_figures = true,
  }
end

-- }======================================================================
