-- hills_sheep.md §3.3, §3.5: a field with a shepherd closed by the game's
-- last tile still goes to the stable before the end (the turn ends first);
-- a flock left open scores nothing. Alice's shepherd (2 sheep) in the
-- corner field of the curve at 2,1 (as HS-JCZ-5); her curve at 1,1, the
-- last tile, extends and closes it: she grows (1) and the field scores 3.
-- Bob's flock (4) west of the start stays open: 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-09: the last tile closes a flock's field" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.sheep2", "hs.sheep4", "hs.sheep1", stack = "sheep" }
stack { "X", "V", "V", "U", "V" }
play("place X 1,0 r0", "pass")
play("place V 2,0 r0", "pass")
play("place V 2,1 r1", "deploy shepherd NNW")
play("place U -1,0 r1", "deploy shepherd N")
play("place V 1,1 r2", "pass", "action flock_grow 0 0 0 0")
expect.over()
expect.final { 3, 0 }
expect.points { player = 1, reason = "flock", points = 3 }
expect.points { player = 2, reason = "flock", points = 0 }
