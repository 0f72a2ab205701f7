-- hills_sheep.md §6 (The Tower): the shepherd is no follower and a tower
-- never captures it. Alice's shepherd at 1,0 is in reach of Bob's floor
-- at 1,-1, but the floor offers no capture; Alice's knight on the start's
-- city, also in reach (0,0 is not: the reach is row and column), stays too.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-TO-01: a tower does not capture a shepherd" {
  game = "base", with = { "tower", "hills_sheep" }, players = 2,
}

draws { "hs.sheep1", stack = "sheep" }
play("place U 1,0 r1", "deploy shepherd S")
play "place to.F 1,-1 r0"
expect.legal "action floor 1 -1 0 0"
play "action floor 1 -1 0 0"
expect.phase "place_tile"                          -- no capture to offer: skipped
expect.figure { at = { 1, 0 }, spot = "S", kind = "shepherd", player = 1 }
