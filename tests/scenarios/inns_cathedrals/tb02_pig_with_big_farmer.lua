-- inns_cathedrals.md §5 IC-TB-02 (with traders-builders.md §3.2, §4.2): a
-- large farmer lets its owner's pig in and counts 2 for control. One field:
-- south of the caps of E at 0,0 (closed by E r2 at 0,-1), E at 1,0 and E at
-- 2,0 (both open). Red's large farmer at 0,0; Blue's farmers at 1,0 and
-- 2,0. Red lays U r1 at 0,1 (its north field joins) and deploys the pig.
-- Final: 2 against 2, a tie, 1 completed city: Red 4 (3 + 1, the pig),
-- Blue 3.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-TB-02: a large farmer and a pig tie two farmers" {
  game = "base", with = { "inns_cathedrals", "traders_builders" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, kind = "big", on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 }, figure = { player = 2, on = "S" } },
  { "E", at = { 2, 0 }, figure = { player = 2, on = "S" } },
}

play "place U 0,1 r1"
expect.legal "deploy pig N"
play "deploy pig N"
expect.occupied { at = { 0, 0 }, port = "S", by = { 1, 1, 2, 2 } }
final()
expect.final { 4, 3 }
expect.ledger_final {
  { player = 1, points = 4, reason = "field" },
  { player = 2, points = 3, reason = "field" },
}
