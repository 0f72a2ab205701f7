-- base.md §6 BASE-EX-07 (city counted once per field); §4.3: each city
-- counts once per field however many of its segments touch it; a city
-- bordering several fields scores for each.
-- City X: E(cap E) - G - E(cap W), closed. Three cloisters B above join
-- the west E's field, the G's north field and the east E's field into
-- F1, which touches X through three segments. The G's south field F2
-- touches X too. Red has F1, Blue F2.
-- Players: 1 = Red, 2 = Blue.
scenario "BASE-EX-07: a city touching one field through several segments counts once" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1, figure = { player = 1, on = "W" } },
  { "G", at = { 1, 0 }, figure = { player = 2, on = "S" } },
  { "E", at = { 2, 0 }, rot = 3 },
  { "B", at = { 0, -1 } }, { "B", at = { 1, -1 } }, { "B", at = { 2, -1 } },
}

expect.closed { at = { 1, 0 }, port = "E" }
expect.feature { at = { 0, 0 }, port = "W", points = 3 }     -- F1: X once
expect.feature { at = { 1, 0 }, port = "S", points = 3 }     -- F2: X once
final()
expect.final { 3, 3 }
