-- hills_sheep.md §7 HS-EX-05, §3.1: a field that holds Alice's shepherd
-- takes no shepherd of Bob's, but a farmer may join it; a shepherd is no
-- follower and does not count for the field at the end.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-05: one shepherd a field; farmers may join" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.sheep1", stack = "sheep" }
play("place U 1,0 r1", "deploy shepherd S")
play "place U 2,0 r1"
expect.illegal("deploy shepherd S", "occupied")
expect.legal "deploy shepherd N"
play "deploy meeple S"
expect.occupied { at = { 1, 0 }, port = "S", by = { 1, 2 } }
