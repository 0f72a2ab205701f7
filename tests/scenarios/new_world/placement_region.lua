-- new-world.md §3.1 [note], [FAQ]: tiles go only west of the starting
-- spaces (column >= 1); never against the board's north or south edge;
-- the landscape may grow past the board's ends, but never back east.
-- NW01 (plains all round) fits anything plains-edged.
scenario "placement: west of the board only, never on its N/S edges or east" { game = "new_world", players = 2 }

setup {
  { "NW01", at = { -1, 0 } },
  { "NW01", at = { -1, -1 } },          -- past the board's north end: fine
  { "NW01", at = { -1, -2 } },
  { "NW17", at = { -1, 9 }, rot = 1 },   -- cap E onto Jamestown
}
draws { "NW01" }
expect.legal "place NW01 -1,-3 r0"      -- further north in column 1
expect.legal "place NW01 -2,0 r0"       -- column 2
expect.legal "place NW01 -1,10 r0"      -- past the south end
expect.illegal("place NW01 0,-1 r0", "blocked")   -- against the board's north edge
expect.illegal("place NW01 0,-2 r0", "blocked")   -- back east beside -1,-2, beyond the board
expect.illegal("place NW01 0,10 r0", "blocked")   -- against the board's south edge
expect.illegal("place NW01 1,0 r0", "blocked")    -- the sea
expect.illegal("place NW01 1,5 r0", "blocked")
