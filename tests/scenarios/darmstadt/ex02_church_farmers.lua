-- darmstadt.md §5 DA-EX-02 [constructed; JCZ counts every follower on the
-- 9 tiles]: farmers count for the church bonus, whoever holds the church
-- (§3).
-- Alice's monk on the church da.LRR at 0,0; Bob's three farmers in the
-- field west and north of it. Bob's V at 0,1 completes the church: 9 to
-- Alice, and the bonus to Bob, 3 followers against 1.
-- Players: 1 = Alice, 2 = Bob.
scenario "DA-EX-02: farmers win the church bonus" {
  game = "base", with = { "darmstadt" }, players = 2, start = false,
}

setup {
  { "da.LRR", at = { 0, 0 }, rot = 0, figure = { player = 1, on = "C" } },
  { "B", at = { 0, -1 } },
  { "B", at = { -1, 0 }, figure = { player = 2, on = "N" } },
  { "B", at = { -1, -1 }, figure = { player = 2, on = "N" } },
  { "B", at = { -1, 1 }, figure = { player = 2, on = "N" } },
  { "B", at = { 1, -1 } },
  { "V", at = { 1, 0 }, rot = 0 },
  { "V", at = { 1, 1 }, rot = 1 },
}
stack { "V" }
play("place V 0,1 r2", "pass")
expect.over()
expect.final { 9, 3 }
expect.points { player = 2, reason = "church", points = 3 }
expect.points { player = 1, reason = "cloister", points = 9 }
