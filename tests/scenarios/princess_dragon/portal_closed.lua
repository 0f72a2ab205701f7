-- princess-dragon.md §2.3 (deploy_anywhere): a portal's follower goes only
-- onto an incomplete feature that takes it; a completed city, even an
-- empty one, is refused, as is a feature that holds a follower.
-- Players: 1 = Blue, 2 = Red.
--
--   y=-1  E(0,-1) cap S (the two caps close an empty city)
--   y= 0  E(0,0) cap N         B(1,0) cloister, Red's monk
--   y= 1  G3(0,1) portal (Blue)
scenario "a portal's follower goes onto open features only" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "B", at = { 1, 0 }, figure = { player = 2, on = "C" } },
}

play "place pd.G3 0,1 r2"
expect.illegal "action portal 0 0 N 1"                  -- the completed city
expect.illegal "action portal 0 -1 S 1"                 -- the same city
expect.illegal "action portal 1 0 C 1"                  -- Red's monk's cloister
expect.legal "action portal 0 -1 N 1"                   -- the field north of it
expect.legal "action portal 1 0 N 1"                    -- the big field
play "action portal 0 -1 N 1"
expect.occupied { at = { 0, -1 }, port = "N", by = { 1 } }
expect.supply { player = 1, count = 6 }
expect.player(2)
