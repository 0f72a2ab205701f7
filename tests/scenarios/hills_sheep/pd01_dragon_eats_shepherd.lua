-- hills_sheep.md §6 (The Princess & the Dragon) [inferred]: the dragon eats
-- every figure on the tiles it enters but barns, a shepherd too; its flock
-- goes back into the bag, and the shepherd placed again starts a new one.
-- Red's shepherd (3 sheep) on the field of B at 2,0; Blue's dragon tile:
-- the dragon walks 0,0, 1,0, 2,0 (a dead end) and eats it.
-- Players: 1 = Blue, 2 = Red.
scenario "HS-PD-01: the dragon eats a shepherd" {
  game = "base", with = { "princess_dragon", "hills_sheep" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 } },
  { "B", at = { 1, 0 } },
}

draws { "hs.sheep3", "hs.sheep1", stack = "sheep" }
play "place pd.V1 0,1 r0"                           -- a volcano: the dragon lands
play { player = 2, "place B 2,0 r0", "deploy shepherd N" }
expect.stack { size = 17, stack = "sheep" }
play { player = 1, "place pd.D1 -1,0 r0", "pass" }
play "action dragon 0 0 1 1"
play "action dragon 1 0 2 2"
play "action dragon 2 0 1 3"                         -- eats Red's shepherd
expect.player(2)
expect.supply { player = 2, kind = "shepherd", count = 1 }
expect.stack { size = 18, stack = "sheep" }          -- its 3 sheep back in the bag
play { player = 2, "place U 1,-1 r1", "deploy shepherd N" }
expect.stack { size = 17, stack = "sheep" }          -- a new flock: 1 sheep
expect.ledger {}
