-- abbey-mayor.md §3.1 [FAQ], §5 (with T&B, CAR.060): the abbey closes a
-- city with a wheat symbol (tb.D r3 + E below): its placer (player 1) takes
-- the wheat; Red's knight scores the city, 2 tiles = 4. At the end player
-- 1 has the only wheat: +10.
-- Players: 1 = Blue, 2 = Red.
scenario "goods go to the abbey's placer" {
  game = "base", with = { "traders_builders", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "tb.D", at = { 1, 0 }, rot = 3, fixed = true, figure = { player = 2, on = "W" } },
  { "E", at = { 1, 1 }, fixed = true },
  { "B", at = { 0, -1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
}

expect.open { at = { 1, 0 }, port = "W" }
play("place am.abbey 0,0 r0", "pass")
expect.score { 0, 4 }
final()
expect.final { 10, 4 }
expect.points { player = 1, reason = "goods", points = 10 }
