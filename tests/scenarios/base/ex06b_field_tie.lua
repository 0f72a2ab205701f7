-- base.md §6 BASE-EX-06, second part: Blue joins a second field holding
-- 1 more Blue farmer to it: 2:2, both score 6. §3.2: features become
-- shared only by joining; §4.3 ties score in full.
-- As ex06, plus a road U (W-E) under X whose south field holds a Blue
-- farmer. Blue places an A with its road ending from the west: A's one
-- field wraps round its road end and joins the U's north and south
-- fields.
-- Players: 1 = Blue, 2 = Red.
scenario "BASE-EX-06b: joining a second field makes a 2:2 tie" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 }, figure = { player = 2, on = "S" } },
  { "E", at = { 1, -1 }, rot = 2 },
  { "E", at = { 2, 0 }, figure = { player = 1, on = "S" } },
  { "U", at = { 0, 1 }, rot = 1, figure = { player = 1, on = "S" } },  -- south field
}

expect.occupied { at = { 0, 0 }, port = "S", by = { 1, 2, 2 } }
expect.occupied { at = { 0, 1 }, port = "S", by = { 1 } }
play "place A -1,1 r3"                  -- road end faces east
expect.occupied { at = { 0, 0 }, port = "S", by = { 1, 1, 2, 2 } }
play "pass"
final()
expect.final { 6, 6 }
expect.ledger_final {
  { player = 1, points = 6, reason = "field" },
  { player = 2, points = 6, reason = "field" },
}
