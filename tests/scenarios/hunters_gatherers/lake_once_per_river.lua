-- hunters-gatherers.md §4.1: a completed river scores 1 per tile + 1 per
-- fish "present in the river and any lakes that close it": a lake is
-- counted once per river, even when the river leaves it and comes back
-- into it. The lake tile (2 fish) has three mouths, N, E and W (five
-- real tiles have three mouths into one lake). Your fisher's river leaves
-- the lake north, turns east and south through three curves and comes
-- back into the lake's east mouth: 4 tiles + 2 fish = 6 (not 4 + 2 + 2).
-- The west mouth's river is another river, still open.
-- Players: 1 = You, 2 = Blue.
scenario "a river leaving a lake and coming back counts its fish once: You +6" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles [[
tile LK3 x1                    # a lake with 2 fish and three river mouths
  rn = river N touches l
  re = river E touches l
  rw = river W touches l
  l = lake C fish=2
  grassland NNW WNW
  grassland NNE ENE
  grassland S* ESE WSW
tile CV x4                     # a river curve S-E
  river S E
  grassland ESE SSE
  grassland N* W* ENE SSW
]]
setup {
  { "LK3", at = { 0, 0 } },
  { "CV", at = { 0, -1 }, rot = 0, figure = { player = 1, kind = "meeple", on = "S" } },
  { "CV", at = { 1, -1 }, rot = 1 },
}
expect.feature { at = { 0, -1 }, port = "S", tiles = 3, closed = false }
play("place CV 1,0 r2", "pass")          -- You close the loop
expect.feature { at = { 0, -1 }, port = "S", tiles = 4, closed = true, points = 6 }
expect.ledger_last_turn { { player = 1, points = 6, reason = "river" } }
expect.score { 6, 0 }
expect.open { at = { 0, 0 }, port = "W" }
