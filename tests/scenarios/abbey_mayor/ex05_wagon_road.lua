-- abbey-mayor.md §7 AM-EX-05, §3.3: Blue's wagon is on a road that is
-- completed: cloister A (0,0) - U - U - junction W r2 (0,3): 4 tiles, Blue
-- +4. Then Blue returns it or moves it, on any tile, to a directly
-- connected incomplete, unoccupied feature:
--   allowed: the cloister the road leads into; the junction's east road
--            (W's own stub or the U beyond it);
--   refused: the junction's west road (Red's thief on it), every field.
-- W r2: segment 1 (canonical road E) is the board's west road, segment 3
-- (canonical road W) the board's east road; U: 1 road, 2 east, 3 west field.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-05: wagon leaves a completed road" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 } },
  { "U", at = { 0, 1 }, figure = { player = 1, kind = "wagon", on = "N" } },
  { "U", at = { 0, 2 } },
  { "U", at = { -1, 3 }, rot = 1, fixed = true, figure = { player = 2, on = "E" } },
  { "U", at = { 1, 3 }, rot = 1, fixed = true },
}

play("place W 0,3 r2", "pass")
expect.score { 4, 0 }
expect.ledger_last_turn { { player = 1, points = 4, reason = "road" } }
expect.phase "after_scoring"
expect.moves {
  "action wagon 1 0 0 0",                 -- back to the supply
  "action wagon 1 0 0 1",                 -- the cloister
  "action wagon 1 0 3 3",                 -- the east road, on W ...
  "action wagon 1 1 3 1",                 -- ... or on the U beyond
}
expect.illegal "action wagon 1 -1 3 1"    -- Red's road
expect.illegal "action wagon 1 0 1 2"     -- a field
-- the same moves with the segment named by a spot (docs/scenarios.md)
expect.legal "action wagon 1 0 0 C"       -- the cloister
expect.legal "action wagon 1 1 3 W"       -- the U's road
expect.illegal "action wagon 1 0 1 W"     -- a field
choose "action wagon 1 1 3 1"
expect.occupied { at = { 1, 3 }, port = "E", by = { 1 } }
expect.player(2)
expect.supply { player = 1, kind = "wagon", count = 0 }
