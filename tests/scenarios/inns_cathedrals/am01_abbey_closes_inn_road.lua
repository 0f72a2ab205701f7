-- inns_cathedrals.md §5 IC-AM-01 (with abbey-mayor.md §3.1, §4.1): an abbey
-- completes a road with an inn like any tile; the abbey is no road tile.
-- Road N-S: A at 0,-2 (road S ends at its cloister), the straight inn road
-- (r1) at 0,-1 with Red's thief, ending at the hole 0,0 (B tiles east,
-- south and west of it). Blue places the abbey: the road closes: 2 tiles
-- with an inn: Red +4 (2 without the inn).
-- Players: 1 = Blue, 2 = Red.
scenario "IC-AM-01: an abbey completes an inn road" {
  game = "base", with = { "inns_cathedrals", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, -2 } },
  { "ic.RFr.i", at = { 0, -1 }, rot = 1, figure = { player = 2, on = "S" } },
  { "B", at = { 1, 0 }, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}

play("place am.abbey 0,0 r0", "pass")
expect.closed { at = { 0, -1 }, port = "S" }
expect.ledger_last_turn { { player = 2, points = 4, reason = "road" } }
expect.score { 0, 4 }
