-- Lakes & Fishers + Traders & Builders: fish become a fourth good.
--
--   meeple play --with traders_builders,./examples/fan-expansion/lakes.lua,./examples/fan-expansion/lakes_traders.lua
--
-- Load it after both (the expansion line below refuses otherwise).
--
-- Traders & Builders (traders-builders.md §2.3 b, §4.2) gives whoever
-- completes a city one token per goods symbol in it, and 10 points at the
-- end to the players holding the most of each good. Here the fish in a
-- lake work the same way: the player who places the tile that completes a
-- lake takes one fish token per fish in it, whoever holds the lake (even
-- nobody), and at the end the most fish tokens score 10, ties each 10,
-- under the same ledger reason as the other goods. Data only, as
-- Traders & Builders declares its own goods: no Lua call during play.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "lakes_traders" { requires = { "traders_builders", "lakes" } }

counter "fish"
gain { counter = "fish", when_closed = "lake", per = "fish" }
majority { counter = "fish", points = 10, reason = "goods" }
