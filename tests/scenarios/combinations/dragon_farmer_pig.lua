-- traders-builders.md §2 phase 3 and §3.2 [official: edition note, Big
-- Box 6]: a pig left alone in its field (its owner has no farmer there)
-- goes back to supply. princess-dragon.md §2.4: the dragon eats every
-- figure on the tiles it enters. The dragon eats Red's farmer; Red's pig
-- elsewhere in that field goes home at once, and stays home after the
-- scoring phase and at the end (no pig bonus for a field Red has left).
-- Players: 1 = Blue, 2 = Red.
--
--   y=-1            D1(0,-1)
--   y= 0  V1(-1,0)  B(0,0) Red farmer   B(1,0) Red pig     B(4,0) Blue monk
scenario "T&B x P&D: the dragon eats Red's farmer, Red's pig in the field goes too" {
  game = "base", with = { "traders_builders", "princess_dragon" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "B", at = { 1, 0 }, figure = { player = 2, kind = "pig", on = "N" } },
  { "B", at = { 4, 0 }, fixed = true, figure = { player = 1, on = "C" } },  -- so Blue's volcano turn has a fairy step
}

play("place pd.V1 -1,0 r0", "pass")                 -- Blue: the dragon lands at -1,0; no fairy move
play { player = 2, "place pd.D1 0,-1 r0", "pass" }  -- Red: a dragon tile
expect.phase "dragon"
play "action dragon 0 0 2 1"                        -- eats Red's farmer
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.supply { player = 2, kind = "pig", count = 1 }
expect.free { at = { 1, 0 }, port = "N" }
play "action dragon 0 -1 1 2"                       -- a dead end: the movement ends
expect.player(1)                                    -- after Red's scoring phase
expect.supply { player = 2, kind = "pig", count = 1 }
expect.free { at = { 1, 0 }, port = "N" }
