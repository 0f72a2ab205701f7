-- darmstadt.md §4 DA-IC-01 [JCZ: the bonus counts followers, not their
-- strength]: Inns & Cathedrals' large meeple is one follower for the
-- church bonus.
-- Alice's large meeple on the church da.LRR at 0,0; Bob's two farmers in
-- the field west of it. Bob's V at 0,1 completes the church: 9 to Alice
-- (her large meeple holds it), and the bonus to Bob alone, 2 followers
-- against 1 (counted by strength it would be a tie, 3 each).
-- Players: 1 = Alice, 2 = Bob.
scenario "DA-IC-01: the large meeple is one follower for the church bonus" {
  game = "base", with = { "inns_cathedrals", "darmstadt" }, players = 2, start = false,
}

setup {
  { "da.LRR", at = { 0, 0 }, rot = 0, figure = { player = 1, kind = "big", on = "C" } },
  { "B", at = { 0, -1 } },
  { "B", at = { -1, 0 }, figure = { player = 2, on = "N" } },
  { "B", at = { -1, -1 }, figure = { player = 2, on = "N" } },
  { "B", at = { -1, 1 } },
  { "B", at = { 1, -1 } },
  { "V", at = { 1, 0 }, rot = 0 },
  { "V", at = { 1, 1 }, rot = 1 },
}
stack { "V" }
play("place V 0,1 r2", "pass")
expect.over()
expect.points { player = 1, reason = "cloister", points = 9 }
expect.points { player = 2, reason = "church", points = 3 }
expect.points { player = 1, reason = "church", points = 0 }
