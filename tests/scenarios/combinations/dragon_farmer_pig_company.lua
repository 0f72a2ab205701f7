-- traders-builders.md §3.2: a pig returns only when its owner has no
-- farmer left in its field. princess-dragon.md §2.4: the dragon eats
-- every figure on the tiles it enters. The dragon eats one of Red's two
-- farmers in a field; Red's pig stays beside the other.
-- Players: 1 = Blue, 2 = Red.
--
--   y=-1            D1(0,-1)
--   y= 0  V1(-1,0)  B(0,0) Red farmer   B(1,0) Red pig   B(2,0) Red farmer   B(4,0) Blue monk
scenario "T&B x P&D: the dragon eats one of Red's two farmers; the pig stays" {
  game = "base", with = { "traders_builders", "princess_dragon" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "B", at = { 1, 0 }, figure = { player = 2, kind = "pig", on = "N" } },
  { "B", at = { 2, 0 }, figure = { player = 2, on = "N" } },
  { "B", at = { 4, 0 }, fixed = true, figure = { player = 1, on = "C" } },
}

play("place pd.V1 -1,0 r0", "pass")
play { player = 2, "place pd.D1 0,-1 r0", "pass" }
play "action dragon 0 0 2 1"                        -- eats one farmer
expect.supply { player = 2, kind = "meeple", count = 6 }
expect.supply { player = 2, kind = "pig", count = 0 }
expect.occupied { at = { 1, 0 }, port = "N", by = { 2, 2 } }  -- the pig and the other farmer
