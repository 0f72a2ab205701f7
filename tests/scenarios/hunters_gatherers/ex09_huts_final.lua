-- hunters-gatherers.md §7 HG-EX-09, §4.2: left river system (lake 4 fish +
-- river 4 fish = 8): You 2 huts, Blue 1 -> You +8. Right system (lake 4 +
-- river 6 = 10): Yellow 1, Blue 1 -> +10 each. Totals 8 / 10 / 10.
-- Players: 1 = You, 2 = Blue, 3 = Yellow.
scenario "HG-EX-09: huts score their river systems: You 8, Blue 10, Yellow 10" {
  game = "hunters_gatherers", players = 3, start = false,
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
  r = river S touches l
  l = lake C fish=1
  grassland N* E* W* SSE SSW
tile LK2 x4
  r = river S touches l
  l = lake C fish=2
  grassland N* E* W* SSE SSW
tile LK4 x4
  r = river S touches l
  l = lake C fish=4
  grassland N* E* W* SSE SSW
tile LKNS x2                   # a lake (no fish) between a river N and a river S
  rn = river N touches l
  rs = river S touches l
  l = lake C
  grassland E* NNE SSE
  grassland W* NNW SSW
tile LKRAFT x1                 # the same with 1 fish and the raft
  rn = river N touches l
  rs = river S touches l
  l = lake C fish=1 raft
  grassland E* NNE SSE
  grassland W* NNW SSW
tile LKWE x2
  rw = river W touches l
  re = river E touches l
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
  rn = river N touches l
  re = river E touches l
  rw = river W touches l
  l = lake C fish=1 logboat
  grassland NNW WNW
  grassland NNE ENE
  grassland S* ESE WSW
tile SHAMAN x1                 # a grassland tile with the shaman
  grassland N* E* S* W* shaman
]]
setup {
  { "LK4", at = { 0, 0 }, figures = { { player = 1, kind = "hut", on = "C" }, { player = 2, kind = "hut", on = "S" } } },
  { "RV4", at = { 0, 1 } },
  { "RV", at = { 0, 2 }, figure = { player = 1, kind = "hut", on = "S" } },
  { "LK4", at = { 4, 0 }, fixed = true, figure = { player = 3, kind = "hut", on = "C" } },
  { "RV6", at = { 4, 1 }, figure = { player = 2, kind = "hut", on = "N" } },
}
final()
expect.ledger_final {
  { player = 1, points = 8, reason = "huts" },
  { player = 2, points = 10, reason = "huts" }, { player = 3, points = 10, reason = "huts" },
}
expect.final { 8, 10, 10 }
