-- hunters-gatherers.md §4.1 shaman: after placing the shaman tile (before
-- the figure step) you may return one of your meeples unscored; it can be
-- placed again on the shaman tile at once. Huts are never offered; with
-- shaman_hunters = true (default) hunters are.
-- Players: 1 = You, 2 = Blue.
scenario "shaman: return one of your meeples unscored, then place it again" {
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
  { "RV", at = { 0, 0 }, figures = { { player = 1, kind = "meeple", on = "N" }, { player = 1, kind = "hut", on = "N" } } },
  { "RV", at = { 0, 1 }, figure = { player = 2, kind = "meeple", on = "E" } },
  { "RV", at = { 0, 2 }, figure = { player = 1, kind = "meeple", on = "E" } },
}
play "place SHAMAN 1,2 r0"             -- joins the east grassland of (0,2): your hunter's
expect.phase "shaman"
expect.moves { match = "^action shaman", count = 2 }   -- your fisher, your hunter
play "action shaman 0 0 1 0"           -- the fisher's river, first node at 0,0 segment 1
expect.supply { player = 1, kind = "meeple", count = 4 }
expect.occupied { at = { 0, 0 }, port = "N", by = { 1 } }   -- only your hut is left
expect.ledger_last_turn { }
