-- hills_sheep.md §3.5, §6 (Traders & Builders): the shepherd is no farmer:
-- alone in a field next to a completed city it scores nothing at the end,
-- and it does not let its owner's pig into the field. Its flock left on
-- the board scores nothing either.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-TB-01: a shepherd is no farmer" {
  game = "base", with = { "traders_builders", "hills_sheep" }, players = 2,
}

draws { "hs.sheep3", "hs.sheep1", stack = "sheep" }
play("place E 0,-1 r2", "deploy shepherd N")      -- closes a 2-tile city (nobody's)
play("place U 1,0 r1", "pass")
play "place B 0,-2 r0"
expect.illegal("deploy pig N", "needs_own")       -- no follower of Alice's there
play("pass", "action flock_grow 0 0 0 0")
final()
expect.final { 0, 0 }
expect.points { player = 1, reason = "field", points = 0 }
expect.points { player = 1, reason = "flock", points = 0 }
