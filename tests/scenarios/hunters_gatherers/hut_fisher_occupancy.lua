-- hunters-gatherers.md §3.2: meeples block only meeples and huts only
-- huts. On a river with your fisher Blue may not add a fisher but may add
-- a hut; on a river with Blue's hut you may add a fisher but not a hut.
-- Players: 1 = You, 2 = Blue.
scenario "fisher refused on an occupied river, hut allowed; and the reverse" {
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
  { "RV", at = { 0, 0 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "RV", at = { 5, 0 }, fixed = true, figure = { player = 2, kind = "hut", on = "N" } },
}
play "place RV 5,1 r0"                 -- You extend Blue's hut river
expect.illegal("deploy hut N", "occupied")
expect.legal "deploy meeple N"
play "deploy meeple N"
play "place RV 0,1 r0"                 -- Blue extends your fisher's river
expect.illegal("deploy meeple N", "occupied")
expect.legal "deploy hut N"
play "deploy hut N"
expect.occupied { at = { 0, 0 }, port = "N", by = { 1, 2 } }
expect.occupied { at = { 5, 0 }, port = "N", by = { 1, 2 } }
