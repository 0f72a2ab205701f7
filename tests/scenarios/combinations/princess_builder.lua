-- traders-builders.md §3.1 [official]: "The builder returns to supply
-- immediately once you have no follower left in its feature. Usually this
-- happens at scoring; other expansions can also cause it."
-- princess-dragon.md §2.3: the princess sends a knight of the city home.
-- Blue's princess tile joins the city where Red's knight and Red's builder
-- stand, and Blue sends the knight home: the builder goes with it, so
-- Red's next tile on that city earns no second tile (§2.1, §3.3).
-- Players: 1 = Blue, 2 = Red.
--
--   y=-1  P5(0,-1) city S-E (princess)   then Red's E(1,-1), cap W
--   y= 0  E(0,0) cap N: Red's knight and Red's builder
scenario "T&B x P&D: the princess sends Red's only knight home, the builder goes too" {
  game = "base", with = { "traders_builders", "princess_dragon" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figures = {
      { player = 2, kind = "meeple", on = "N" },
      { player = 2, kind = "builder", on = "N" } } },
}

play "place pd.P5 0,-1 r2"
play "action princess 0 0 N 0"
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.supply { player = 2, kind = "builder", count = 1 }   -- at once, not at scoring
expect.free { at = { 0, 0 }, port = "N" }
expect.player(2)
-- Red extends the city it no longer has a builder in: one tile, no more
play { player = 2, "place E 1,-1 r3", "pass" }
expect.player(1)
expect.part(1)
expect.supply { player = 2, kind = "builder", count = 1 }
