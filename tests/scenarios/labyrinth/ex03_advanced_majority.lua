-- labyrinth.md §5 LAB-EX-03 [official: advanced variant, §3.2]: the
-- majority takes the bonus for every meeple on the road, the other
-- players' too. Alice 2 meeples (W and E arms), Bob 1 (N arm): Alice
-- scores 5 tiles + 2 x 3 meeples = 11, Bob nothing.
-- Players: 1 = Alice, 2 = Bob.
scenario "LAB-EX-03: advanced: the majority, 2 for every meeple" {
  game = "base", with = { "labyrinth" }, players = 2, start = false,
  options = { labyrinth_variant = "advanced" },
}

setup {
  { "la.Rrrr", at = { 0, 0 } },
  { "W", at = { -1, 0 }, figure = { player = 1, on = "E" } },
  { "W", at = { 0, -1 }, figure = { player = 2, on = "S" } },
}

stack { "W", "W" }
play "place W 1,0 r0"
play "action labyrinth 1 0 3 0"
play("place W 0,1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 11, reason = "road" } }
expect.final { 11, 0 }
