-- inns_cathedrals.md §7 IC-EX-09, §3.1: the large meeple goes home after
-- its feature is scored and can be deployed again. Red places A (r2: road
-- N) at 0,1 below A at 0,0 (road S): a 2-tile road, completed at once;
-- Red deploys the large meeple on it: Red +2 and the large meeple is back
-- in the supply. Blue passes a turn; Red deploys it again.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-09: the large meeple comes back after scoring" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 } },
}

play "place A 0,1 r2"
expect.legal "deploy big N"
play "deploy big N"
expect.ledger_last_turn { { player = 1, points = 2, reason = "road" } }
expect.supply { player = 1, kind = "big", count = 1 }
play("place B 1,0 r0", "pass")
play("place B 0,2 r0", "deploy big C")
expect.supply { player = 1, kind = "big", count = 0 }
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.occupied { at = { 0, 2 }, port = "C", by = { 1 } }
