-- hunters-gatherers.md §7 HG-EX-01, §3.2: Blue's tile completes your
-- river with a lake. Blue may not put a fisher on your river (left of the
-- lake) but may on the river right of it: the lake splits them. Your
-- river: 3 tiles + the closing lakes' 1 + 1 fish = 5 (the example gives
-- no totals; worked from §4.1).
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-01: the lake splits rivers; fisher refused on yours, allowed beyond" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles [[
tile RV x4
  river N S
  grassland NNE E* SSE
  grassland SSW W* NNW
tile LK1 x4
  r = river S touches l
  l = lake C fish=1
  grassland N* E* W* SSE SSW
tile LKWE x2                   # a lake (1 fish) between a river W and a river E
  rw = river W touches l
  re = river E touches l
  l = lake C fish=1
  grassland N* ENE WNW
  grassland S* ESE WSW
]]
setup {
  { "LK1", at = { -2, 0 }, rot = 3 },              -- its river leaves east
}
play("place RV -1,0 r1", "deploy meeple W")         -- You: a fisher on the river
play "place LKWE 0,0 r0"                            -- Blue completes it
expect.illegal("deploy meeple W", "occupied")
expect.legal "deploy meeple E"
play "deploy meeple E"
expect.ledger_last_turn { { player = 1, points = 5, reason = "river" } }
expect.supply { player = 1, kind = "meeple", count = 5 }
expect.occupied { at = { 0, 0 }, port = "E", by = { 2 } }
expect.open { at = { 0, 0 }, port = "E" }
