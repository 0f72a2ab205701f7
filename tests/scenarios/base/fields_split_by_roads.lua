-- base.md §4.3: a field is bounded by roads and cities. The D's road
-- splits its fields: the north one touches the (closed) city, the south
-- one touches no city.
-- D(0,0) with E r2 above closing its city. P1 farmer north of the road,
-- P2 farmer south of it.
scenario "a road splits a field: only the side touching the city scores" {
  game = "base", players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, figures = { { player = 1, on = "ENE" }, { player = 2, on = "S" } } },
  { "E", at = { 0, -1 }, rot = 2 },
}

expect.closed { at = { 0, 0 }, port = "N" }
expect.occupied { at = { 0, 0 }, port = "ENE", by = { 1 } }
expect.occupied { at = { 0, 0 }, port = "S", by = { 2 } }
final()
expect.final { 3, 0 }
