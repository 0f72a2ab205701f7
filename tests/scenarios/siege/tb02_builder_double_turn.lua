-- siege.md §7 example 14 (§5, FAQ 3/2015): with Traders & Builders'
-- builder, the escape is offered at the end of each part of the double
-- turn.
-- Red's knight in a besieged city, Blue's cloister next to the besieged
-- tile, Red's builder in the same city; Red extends it again: at the end
-- of the first part Red declines the escape, at the end of the second it
-- is offered again and taken.
-- Players: 1 = Red, 2 = Blue.
scenario "SIEGE-TB-2: an escape in each part of a builder's double turn" {
  game = "base", with = { "traders_builders", "siege" }, players = 2,
}

play("place si.be.Ccc 0,-1 r1", "deploy meeple S")
play("place B -1,-1 r0", "pass")                    -- Blue: no knight, no escape
expect.player(1)
play("place E 1,-1 r3", "deploy builder W")
expect.phase "escape"
expect.moves { "action escape 0 -1 1 0", "pass" }
play "pass"
play("place U 1,0 r1", "pass")
draws { "F", "U" }
play("place F 0,-2 r1", "pass")                     -- the builder's city grows: a second part
expect.phase "escape"
expect.part(1)
play "pass"
expect.part(2)
expect.player(1)
play("place U 2,0 r1", "pass")
expect.phase "escape"
play "action escape 0 -1 1 0"
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.supply { player = 1, kind = "builder", count = 1 }  -- alone, it goes home too
expect.player(2)
