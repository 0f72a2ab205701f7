-- princess-dragon.md §2.3 (evict): the princess's city is the only
-- feature she empties: any knight in it may go home, the player's own
-- too; a thief on the princess tile's road is not offered.
-- Players: 1 = Blue, 2 = Red.
--
--   y=-1  U(-1,-1) road W-E, Blue's thief  P6(0,-1) Blue   G(1,-1) city W-E, Blue's knight
--   y= 0                                    E(0,0) cap N, Red's knight
scenario "the princess sends home any knight of her city, and only those" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "G", at = { 1, -1 }, fixed = true, figure = { player = 1, on = "W" } },
  { "U", at = { -1, -1 }, rot = 1, fixed = true, figure = { player = 1, on = "E" } },
}

-- P6 turned: its princess city faces S and E, its road W and N
play "place pd.P6 0,-1 r2"
expect.legal "action princess 0 0 N 0"                  -- Red's knight
expect.legal "action princess 1 -1 W 0"                 -- Blue's own knight
expect.illegal "action princess -1 -1 E 0"              -- Blue's thief: not her city
play "action princess 1 -1 W 0"
expect.occupied { at = { 1, -1 }, port = "W", by = { 2 } }    -- only Red's knight is left in the city
expect.occupied { at = { 0, 0 }, port = "N", by = { 2 } }
expect.occupied { at = { -1, -1 }, port = "E", by = { 1 } }
expect.supply { player = 1, count = 6 }
expect.player(2)
