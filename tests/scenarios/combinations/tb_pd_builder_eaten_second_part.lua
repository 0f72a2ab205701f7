-- traders-builders.md §3.3 [FAQ 03/2015, updated 12/2018]: only presence
-- at placement matters. If the builder was on the feature when the
-- extending tile went down, the second part happens even if the builder
-- is gone by the end of the first part, e.g. eaten by the dragon
-- (princess-dragon.md §2.4, §5: builders are eaten).
-- Red's dragon tile extends the road where Red's thief and builder stand;
-- the dragon then eats both; Red still plays a second tile.
-- Players: 1 = Blue, 2 = Red.
--
--   y= 0  U(0,0) road W-E: Red thief + builder   U(1,0) road W-E   D6(2,0) road W-E (Red)
--   y= 1  V1(0,1)
scenario "T&B x P&D: a builder eaten after its road was extended still gives the second tile" {
  game = "base", with = { "traders_builders", "princess_dragon" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, rot = 1, figures = {
      { player = 2, kind = "meeple", on = "E" },
      { player = 2, kind = "builder", on = "E" } } },
  { "U", at = { 1, 0 }, rot = 1 },
}

play("place pd.V1 0,1 r0", "pass")                  -- Blue: the dragon lands at 0,1
play { player = 2, "place pd.D6 2,0 r0", "pass" }  -- Red extends its builder's road
play "action dragon 0 0 2 1"                        -- eats Red's thief and builder
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.supply { player = 2, kind = "builder", count = 1 }
play "action dragon 1 0 1 2"
play "action dragon 2 0 2 3"                        -- a dead end: the movement ends
expect.player(2)
expect.part(2)                                      -- the builder's second tile all the same
