-- traders-builders.md §3.2 (a pig goes only into a field with one of its
-- owner's farmers), abbey-mayor.md §1, §3.4 (the barn is a special
-- figure, not a follower), §4.3 (barn connection: 1 per completed city).
-- Red (1) has a barn alone in a field (B at 0,2) and a farmer in the
-- field south of two completed cities (E at 0,0 and 1,0). Red extends the
-- barn field with B at 1,2: no pig there, Red has no farmer in it. Later
-- Red joins both fields with B at 0,1 and places nothing: the barn
-- connection pays 1 per city, 2 cities: +2 (a pig could not have been
-- there to add 1 per city, +4 in all).
scenario "a barn is not a farmer: no pig beside a lone barn; connection pays 2" {
  game = "base", with = { "traders_builders", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 } },
  { "E", at = { 1, -1 }, rot = 2 },
  { "B", at = { 0, 2 }, fixed = true, figure = { player = 1, kind = "barn", on = "N" } },
}

play "place B 1,2 r0"
expect.illegal "deploy pig N"
expect.illegal "deploy meeple N"      -- §3.4: no farmer into a barn field either
play "pass"
turn "place B 2,0 r0"                 -- Blue, elsewhere
play("place B 0,1 r0", "pass")        -- Red joins the farmer field to the barn field
expect.ledger_last_turn { { player = 1, points = 2, reason = "field" } }
expect.score { 2, 0 }
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.supply { player = 1, kind = "pig", count = 1 }
