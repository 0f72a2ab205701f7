-- hunters-gatherers.md §7 HG-EX-03, §4.1: your fisher on a river 3 tiles
-- long closed by two lakes with 2 fish in all (none in the river) scores
-- 3 + 2 = 5 when Blue places the completing tile; your fisher returns,
-- Blue's fisher on another, unfinished river stays.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-03: a 3-tile river closed by lakes with 2 fish: You +5" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles [[
tile GR x4
  grassland N* E* S* W*
tile RV x4                     # straight river N-S
  river N S
  grassland NNE E* SSE
  grassland SSW W* NNW
tile LK1 x4                    # a lake with 1 fish, its river leaving south
  r = river S touches l
  l = lake C fish=1
  grassland N* E* W* SSE SSW
]]
setup {
  { "LK1", at = { 0, 0 } },
  { "RV", at = { 0, 1 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "RV", at = { 5, 0 }, fixed = true, figure = { player = 2, kind = "meeple", on = "N" } },
}
turn "place GR 1,0 r0"                 -- You, elsewhere
play("place LK1 0,2 r2", "pass")       -- Blue closes your river with a lake
expect.closed { at = { 0, 1 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 5, reason = "river" } }
expect.score { 5, 0 }
expect.supply { player = 1, kind = "meeple", count = 5 }
expect.occupied { at = { 5, 0 }, port = "N", by = { 2 } }
