-- hunters-gatherers.md §7 HG-EX-14, §4.1: you place the logboat; its river
-- system holds 4 lakes (its own and three at the ends of its rivers):
-- +8 at once. Then your fisher on the river it completes to the north
-- (2 tiles + lakes 1 + 2 fish) scores +5: 13 in the turn.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-14: logboat 2 per lake (+8), then the fisher's river (+5)" {
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
  { "LK2", at = { 0, -1 } },                        -- its river leaves south
  { "LK1", at = { 1, 0 }, rot = 1, fixed = true },
  { "LK1", at = { -1, 0 }, rot = 3, fixed = true },
}
play "place BOAT 0,0 r0"
expect.ledger_last_turn { { player = 1, points = 8, reason = "logboat" } }
play "deploy meeple N"
expect.ledger_last_turn { { player = 1, points = 8, reason = "logboat" }, { player = 1, points = 5, reason = "river" } }
expect.score { 13, 0 }
