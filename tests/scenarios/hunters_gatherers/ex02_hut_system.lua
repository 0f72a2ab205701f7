-- hunters-gatherers.md §7 HG-EX-02, §3.2: your tile extends two river
-- systems. The left one holds Blue's hut, two rivers and a lake away; the
-- right one holds Blue's fisher only. Your hut may go only on the right
-- river. 0 points.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-02: a hut anywhere in the river system blocks huts; a fisher does not" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles [[
tile RV x6
  river N S
  grassland NNE E* SSE
  grassland SSW W* NNW
tile RV4 x1
  river N S fish=4
  grassland NNE E* SSE
  grassland SSW W* NNW
tile RV6 x1
  river N S fish=6
  grassland NNE E* SSE
  grassland SSW W* NNW
tile LK1 x4
  r = river S lake_fish=1 touches l
  l = lake C fish=1
  grassland N* E* W* SSE SSW
tile LK2 x4
  r = river S lake_fish=2 touches l
  l = lake C fish=2
  grassland N* E* W* SSE SSW
tile LK4 x4
  r = river S lake_fish=4 touches l
  l = lake C fish=4
  grassland N* E* W* SSE SSW
tile LKNS x2                   # a lake (no fish) between a river N and a river S
  rn = river N touches l
  rs = river S touches l
  l = lake C
  grassland E* NNE SSE
  grassland W* NNW SSW
tile LKRAFT x1                 # the same with 1 fish and the raft
  rn = river N lake_fish=1 touches l
  rs = river S lake_fish=1 touches l
  l = lake C fish=1 raft
  grassland E* NNE SSE
  grassland W* NNW SSW
tile LKWE x2
  rw = river W lake_fish=1 touches l
  re = river E lake_fish=1 touches l
  l = lake C fish=1
  grassland N* ENE WNW
  grassland S* ESE WSW
tile TWO x1                    # two rivers W and E, each ending at the forest
  rw = river W
  re = river E
  forest S*
  grassland N* ENE WNW
  grassland ESE
  grassland WSW
tile BOAT x1                   # like m93: the logboat lake (1 fish), rivers N, E, W
  rn = river N lake_fish=1 touches l
  re = river E lake_fish=1 touches l
  rw = river W lake_fish=1 touches l
  l = lake C fish=1 logboat
  grassland NNW WNW
  grassland NNE ENE
  grassland S* ESE WSW
tile SHAMAN x1                 # a grassland tile with the shaman
  grassland N* E* S* W* shaman
]]
setup {
  { "RV", at = { -2, 0 }, rot = 1, figure = { player = 2, kind = "hut", on = "W" } },
  { "LKWE", at = { -1, 0 } },
  { "RV", at = { 1, 0 }, rot = 1, fixed = true, figure = { player = 2, kind = "meeple", on = "E" } },
}
play "place TWO 0,0 r0"
expect.illegal "deploy hut W"
expect.legal "deploy meeple W"
expect.illegal("deploy meeple E", "occupied")
play "deploy hut E"
expect.ledger_last_turn { }
expect.supply { player = 1, kind = "hut", count = 2 }
