-- princess-dragon.md §2.4 and §5 (Abbey & Mayor): the dragon eats every
-- follower on the tiles it enters; "the mayor and the wagon are
-- followers and are eaten; the barn is not" (a barn stands on a corner).
-- The dragon enters the tile where Red's wagon stands on the cloister and
-- Blue's barn stands at the north-east corner: the wagon goes home, the
-- barn stays. Players: 1 = Blue, 2 = Red.
--
--   y=-1            D1(0,-1)
--   y= 0  V1(-1,0)  B(0,0): Red's wagon on the cloister, Blue's barn at NE
scenario "A&M x P&D: the dragon eats a wagon and spares a barn" {
  game = "base", with = { "abbey_mayor", "princess_dragon" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 }, figures = {
      { player = 2, kind = "wagon", on = "C" },
      { player = 1, kind = "barn", on = "NE" } } },
}

play("place pd.V1 -1,0 r0", "pass")                 -- Blue: the dragon lands at -1,0
play { player = 2, "place pd.D1 0,-1 r0", "pass" }  -- Red: a dragon tile
play "action dragon 0 0 2 1"
expect.supply { player = 2, kind = "wagon", count = 1 }
expect.free { at = { 0, 0 }, port = "C" }
expect.figure { at = { 0, 0 }, spot = "NE", kind = "barn", player = 1 }
expect.supply { player = 1, kind = "barn", count = 0 }
