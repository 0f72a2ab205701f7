-- traders-builders.md §7 TB-EX-06 (pig), §3.2, §4.2: Red controls a field
-- touching 2 completed cities (2 farmers against Blue's 1) and has a pig
-- there: 4 per city = 8. Blue, without control, 0.
-- The field: the south field of E (0,0), E (1,0), E (2,0), whose caps at
-- (0,0) and (1,0) are closed by E tiles turned to face them.
-- §3.2 placement: a pig goes on a field of the tile just placed that
-- holds one of your farmers; never on a road.
-- Players: 1 = Red, 2 = Blue.
scenario "TB-EX-06: a pig with control, 2 cities = 8" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 }, figure = { player = 1, on = "S" } },
  { "E", at = { 1, -1 }, rot = 2 },
  { "E", at = { 2, 0 }, figure = { player = 2, on = "S" } },
}

-- Red lays a road under the cities; its north field joins the big field
play "place U 0,1 r1"
expect.legal "deploy pig N"
expect.illegal "deploy pig S"          -- the field south of the road: no farmer of Red's
expect.illegal "deploy pig E"          -- a road
play "deploy pig N"
expect.occupied { at = { 0, 0 }, port = "S", by = { 1, 1, 1, 2 } }
final()
expect.final { 8, 0 }
expect.points { player = 1, reason = "field", points = 8 }
expect.ledger_final {
  { player = 1, points = 8, reason = "field" },    -- 4 per city with the pig (3 base + 1)
}
