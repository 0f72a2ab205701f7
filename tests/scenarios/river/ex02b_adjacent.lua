-- river.md §3, option u_turn = adjacent: only two curves in a row count,
-- so a straight between two left curves makes the second one legal.
scenario "RIV-EX-02b: u_turn = adjacent, a straight resets the turn" {
  game = "base", with = { "river" }, players = 2, options = { u_turn = "adjacent" },
}

stack { "river.K", "river.S", "river.K", "river.K", stack = "river" }
turn "place river.K 0,1 r2"          -- left: flowing east
turn "place river.S 1,1 r0"
turn "place river.K 2,1 r1"          -- left again, after a straight: flowing north
-- but two curves in a row the same way are still refused
expect.illegal("place river.K 2,0 r0", "vetoed")   -- left (west) again
turn "place river.K 2,0 r3"                       -- right (east)
