-- princess-dragon.md §2.3, §3, PD-EX-04: a magic portal tile. Instead of
-- deploying on it, Blue puts a follower on an open road 5 tiles away; the
-- same move onto Red's occupied road, a completed feature or the dragon's
-- tile is illegal. Players: 1 = Blue, 2 = Red.
--
--   y=0  U(0,0) Red thief N-S  B(1,0) Blue monk + fairy B(2,0) B(3,0) B(4,0)  U(5,0) road N-S  B(6,0)
--   y=1             G2(1,1) portal        V1(3,1) volcano
scenario "PD-EX-04: a portal deploys on any open feature" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "B", at = { 1, 0 }, figure = { player = 1, on = "C" } },
  { "B", at = { 2, 0 } },
  { "B", at = { 3, 0 } },
  { "B", at = { 4, 0 } },
  { "U", at = { 5, 0 } },
}

play("place pd.V1 3,1 r0", "action fairy 1 0 C 0")    -- the dragon lands at 3,1
play { player = 2, "place B 6,0 r0", "pass" }
play "place pd.G2 1,1 r0"
expect.legal "deploy meeple E"                         -- the usual deploys stay
expect.legal "action portal 5 0 N 1"                   -- the open road at 5,0
expect.legal "action portal 4 0 C 1"                   -- an empty cloister
expect.legal "action portal 4 0 N 1"                   -- the big field
expect.illegal "action portal 0 0 N 1"                 -- Red's road
expect.illegal "action portal 3 1 N 1"                 -- the dragon's tile
play "action portal 5 0 N 1"
expect.occupied { at = { 5, 0 }, port = "N", by = { 1 } }
expect.free { at = { 1, 1 }, port = "E" }
expect.supply { player = 1, count = 5 }
expect.player(2)
