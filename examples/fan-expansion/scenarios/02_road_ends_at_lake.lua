-- Lakes & Fishers, "The lake": a road that runs into a lake ends there
-- (match road-lake: the ports face each other and both close).
-- Two ponds, lake sides facing each other two cells apart; You lay a
-- straight road U between them with a thief on it. One tile closes three
-- features: the road (both ends at a shore: 1 tile, 1 point for You) and
-- both ponds (1 tile + 1 fish: 2 + 2 = 4 each; You hold the north pond,
-- Blue the south one).
-- Players: 1 = You, 2 = Blue.
scenario "LAKES-02: a road between two ponds closes all three" {
  game = "base", with = { "../lakes.lua" }, players = 2, start = false,
}

setup {
  { "lk.A", at = { 0, 0 }, rot = 0, figure = { player = 2, kind = "fisher", on = "N" } },
  { "lk.A", at = { 0, -2 }, rot = 2, fixed = true, figure = { player = 1, kind = "fisher", on = "S" } },
}

play("place U 0,-1 r0", "deploy meeple N")
expect.closed { at = { 0, -1 }, port = "N" }
expect.closed { at = { 0, 0 }, port = "N" }
expect.closed { at = { 0, -2 }, port = "S" }
expect.score { 5, 4 }
expect.ledger_last_turn {
  { player = 1, points = 1, reason = "road" },
  { player = 1, points = 4, reason = "lake" },
  { player = 2, points = 4, reason = "lake" },
}
