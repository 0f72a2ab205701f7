-- inns_cathedrals.md §7 IC-EX-08, §3.1, §4.3: a large farmer counts 2 in
-- the field's majority and stays on the board to the end. A 2-tile city
-- (E r0 at 0,0 and E r2 at 0,-1, closed, nobody in it). Red's large farmer
-- in the field south of the cap at 0,0; Blue's farmer in the same field on
-- B at 0,1. Final: the field touches 1 completed city: Red 2 against
-- Blue 1: Red +3, Blue 0.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-08: a large farmer counts 2" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, kind = "big", on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "B", at = { 0, 1 }, figure = { player = 2, on = "N" } },
}

expect.closed { at = { 0, 0 }, port = "N" }
expect.occupied { at = { 0, 0 }, port = "S", by = { 1, 2 } }
final()
expect.final { 3, 0 }
expect.ledger_final { { player = 1, points = 3, reason = "field" } }
expect.occupied { at = { 0, 0 }, port = "S", by = { 1, 2 } }   -- farmers stay
expect.supply { player = 1, kind = "big", count = 0 }
