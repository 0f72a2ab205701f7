-- traders-builders.md §3.1 [official]: the builder returns to supply
-- immediately once its owner has no follower left in its feature; "other
-- expansions can also cause it". princess-dragon.md §2.4: the dragon eats
-- every figure on the tiles it enters (barns and the fairy's excepted).
-- The dragon eats Blue's only thief on a road; Blue's builder on another
-- tile of that road goes home with it, both right after the dragon's move
-- and after the turn, and Blue's next tile on that road earns no second.
-- Players: 1 = Blue, 2 = Red.
--
--   y=-1  D1(0,-1)
--   y= 0  U(0,0) road W-E: Blue thief   U(1,0) road W-E: Blue builder
--   y= 1  V1(0,1)
scenario "T&B x P&D: the dragon eats Blue's only thief, the builder on the road goes too" {
  game = "base", with = { "traders_builders", "princess_dragon" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, rot = 1, figure = { player = 1, on = "E" } },
  { "U", at = { 1, 0 }, rot = 1, figure = { player = 1, kind = "builder", on = "E" } },
}

play("place pd.V1 0,1 r0", "pass")                  -- Blue: the dragon lands at 0,1; no fairy move
play { player = 2, "place pd.D1 0,-1 r0", "pass" }  -- Red: a dragon tile
expect.phase "dragon"
play "action dragon 0 0 2 1"                        -- eats Blue's thief
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.supply { player = 1, kind = "builder", count = 1 }
expect.free { at = { 1, 0 }, port = "E" }
play "action dragon 0 -1 1 2"                       -- away from the builder's tile: a dead end
expect.player(1)
expect.supply { player = 1, kind = "builder", count = 1 }
expect.free { at = { 1, 0 }, port = "E" }
-- Blue extends the road: no builder there, so no second tile
play("place U 2,0 r1", "pass")
expect.player(2)
expect.part(1)
