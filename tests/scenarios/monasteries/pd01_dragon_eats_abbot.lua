-- monasteries.md §5 (The Princess & the Dragon) [inferred]: the dragon eats
-- an abbot as any figure on the tiles it enters; the meeple laid down for
-- it is its owner's again by the start of their next turn.
-- Red's abbot on the monastery at 2,0; Blue's dragon tile: the dragon
-- walks 0,0, 1,0, 2,0 (a dead end) and eats it (as HS-PD-01).
-- Players: 1 = Blue, 2 = Red.
scenario "MONA-PD-01: the dragon eats an abbot" {
  game = "base", with = { "princess_dragon", "monasteries" }, players = 2, start = false,
  options = { cloisters = "in" },
}

setup {
  { "B", at = { 0, 0 } },
  { "B", at = { 1, 0 } },
}

play "place pd.V1 0,1 r0"                           -- a volcano: the dragon lands
play { player = 2, "place mo.M1 2,0 r0", "deploy lying_abbot C" }
expect.supply { player = 2, kind = "meeple", count = 6 }
play { player = 1, "place pd.D1 -1,0 r0", "pass" }
play "action dragon 0 0 1 1"
play "action dragon 1 0 2 2"
play "action dragon 2 0 1 3"                         -- eats Red's abbot
expect.player(2)
expect.supply { player = 2, kind = "lying_abbot", count = 7 }
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.free { at = { 2, 0 }, port = "C" }
