-- The Brook (README.md, "Rules"): the brook may not turn the same way as
-- its last turn, however many straights lie between (no U-turn). The
-- veto walks the brook from the spring to find its last turn.
-- bk.K turns the water that enters by its west side out by its south:
-- turned r1 at 0,1 the water enters from the north and leaves west, a
-- turn to its right.
scenario "BROOK-02: no two turns the same way" {
  game = "base", with = { "../brook.lua" }, players = 2,
}

draws { "bk.K", "bk.K", stack = "brook" }
play("place bk.K 0,1 r1", "pass")          -- in N, out W: the brook turns right
-- at -1,1 the water comes in from the east: r2 would send it north
-- (right again), r3 south (left)
expect.illegal("place bk.K -1,1 r2", "the brook may not turn the same way twice")
expect.legal "place bk.K -1,1 r3"
draws { "bk.S", "bk.K", "bk.K", stack = "brook" }   -- the tile in hand becomes bk.S
play("place bk.S -1,1 r0", "pass")         -- straight on, west
-- a straight between does not count: still no right turn
expect.illegal("place bk.K -2,1 r2", "the brook may not turn the same way twice")
play("place bk.K -2,1 r3", "pass")         -- a left turn: south
expect.tile_at { at = { -2, 1 }, id = "bk.K", rot = 3 }
-- now the last turn is a left one: the water enters -2,2 from the north;
-- r1 turns it right (west), which is allowed again, r2 left (east) is not
expect.legal "place bk.K -2,2 r1"
expect.illegal("place bk.K -2,2 r2", "the brook may not turn the same way twice")
