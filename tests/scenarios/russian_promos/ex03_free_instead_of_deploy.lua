-- russian_promos.md §3, §6 RU-EX-03: a trapped follower goes home instead
-- of a deploy. Alice's Vodyanoy at 0,1; Bob's highwayman on U at 1,0 is
-- trapped at once (and Bob, who deployed, is offered no freeing); later
-- Bob lays B at 1,1, passes the deploy and frees his follower.
-- Players: 1 = Alice, 2 = Bob.
scenario "RU-EX-03: a trapped follower freed instead of a deploy" {
  game = "base", with = { "russian_promos" }, players = 2,
}

stack { "ru.V", "U", "B", "B", "B" }
play("place ru.V 0,1 r0", "pass")
play("place U 1,0 r1", "deploy meeple W")
expect.player(1)
expect.supply { player = 2, kind = "meeple", count = 6 }
expect.free { at = { 1, 0 }, port = "W" }
play("place B -1,1 r0", "pass")
play("place B 1,1 r0", "pass")
expect.moves { "action vodyanoy_free 1 0 0 0", "pass" }
play "action vodyanoy_free 1 0 0 0"
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.player(1)
