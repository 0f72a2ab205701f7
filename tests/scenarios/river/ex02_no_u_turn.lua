-- river.md §3, RIV-EX-02: after a left curve, a second left curve is
-- illegal (the strict reading: a straight between does not reset it);
-- a right curve is legal. The spring at 0,0 sends the river south.
scenario "RIV-EX-02: no two curves the same way (strict)" {
  game = "base", with = { "river" }, players = 2,
}

stack { "river.K", "river.S", "river.K", "river.K", stack = "river" }
-- K turned twice: the river comes in from the north and leaves east,
-- a left turn for water flowing south
turn "place river.K 0,1 r2"
turn "place river.S 1,1 r0"          -- a straight, flowing east
-- at 2,1: r1 leaves north (left again), r0 leaves south (right)
expect.illegal("place river.K 2,1 r1", "vetoed")
turn "place river.K 2,1 r0"
-- now flowing south after a right turn: another right (r1, leaving
-- west) is refused, a left (r2, leaving east) is fine
expect.illegal("place river.K 2,2 r1", "vetoed")
turn "place river.K 2,2 r2"
