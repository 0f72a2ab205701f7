-- abbey-mayor.md §3.1: the abbey closes every feature it touches at once:
-- a road (Red's thief, 1 tile) and a city (E cap facing it, Blue's knight,
-- 1 tile = 2); then a monk on the abbey scores at the end as a cloister
-- (§4.4): 1 + 4 neighbours = 5.
-- Players: 1 = Blue, 2 = Red.
scenario "an abbey closes a road and a city at once" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "am.10", at = { 0, -1 }, fixed = true, figure = { player = 2, on = "S" } },
  { "E", at = { 1, 0 }, rot = 3, fixed = true, figure = { player = 1, on = "W" } },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}

play("place am.abbey 0,0 r0", "deploy meeple C")
expect.score { 2, 1 }
expect.ledger_last_turn {
  { player = 2, points = 1, reason = "road" },
  { player = 1, points = 2, reason = "city" },
}
final()
expect.final { 7, 1 }
expect.ledger_final { { player = 1, points = 5, reason = "cloister" } }
