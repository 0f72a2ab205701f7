-- inns_cathedrals.md §5 IC-PD-01 (with princess-dragon.md §2.3, PD-EX-05's
-- layout): the princess may send a large knight home. Red's large meeple
-- on the cap of E at 0,0; Blue places the princess tile pd.P5 (r2) onto it
-- and sends it home instead of deploying.
-- Players: 1 = Blue, 2 = Red.
scenario "IC-PD-01: the princess removes a large knight" {
  game = "base", with = { "inns_cathedrals", "princess_dragon" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, kind = "big", on = "N" } },
}

play "place pd.P5 0,-1 r2"
expect.legal "action princess 0 0 N 0"
play "action princess 0 0 N 0"
expect.free { at = { 0, 0 }, port = "N" }
expect.supply { player = 2, kind = "big", count = 1 }
expect.player(2)
