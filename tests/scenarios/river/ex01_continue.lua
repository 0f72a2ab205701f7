-- river.md §3, RIV-EX-01: the spring at 0,0 opens south; the next river
-- tile must join that edge. Anywhere else (even where its edges match,
-- as east of the spring, field against field) it is refused.
scenario "RIV-EX-01: a river tile continues the river" {
  game = "base", with = { "river" }, players = 2,
}

stack { "river.S", "river.K", stack = "river" }
expect.tile "river.S"
-- east of the spring, the straight's sides are all field there: edges
-- match, but the river would not continue
expect.illegal("place river.S 1,0 r1", "vetoed")
expect.illegal("place river.S -1,0 r1", "vetoed")
-- its river facing the spring's field: the edges refuse it
expect.illegal("place river.S 0,1 r0", "edge")
turn "place river.S 0,1 r1"
-- §2: no follower on the river itself; on a field of a river tile, yes
expect.tile "river.K"
expect.illegal("place river.K 1,1 r2", "vetoed")   -- edges match, river does not join
play("place river.K 0,2 r2")
expect.illegal("deploy meeple N", "kind")
play "deploy meeple W"
expect.occupied { at = { 0, 2 }, port = "W", by = { 2 } }
