-- traders-builders.md §3.1 [official]: the builder returns only once its
-- owner has no follower left in its feature; abbey-mayor.md §5 (wagon/
-- mayor + builder): a mayor is a follower and keeps the builder there.
-- princess-dragon.md §2.3: the princess sends one knight home.
-- Blue's princess removes Red's knight from a city where Red's mayor and
-- builder also stand: the builder stays (the mayor is company), and Red's
-- next tile on that city earns a second tile (T&B §2.1).
-- Players: 1 = Blue, 2 = Red.
--
--   y=-1  P5(0,-1) city S-E (princess)   then Red's E(1,-1), cap W
--   y= 0  E(0,0) cap N: Red's knight, mayor and builder
scenario "T&B x A&M x P&D: the princess takes one knight; Red's mayor keeps the builder" {
  game = "base", with = { "traders_builders", "abbey_mayor", "princess_dragon" }, players = 2,
  start = false,
}

setup {
  { "E", at = { 0, 0 }, figures = {
      { player = 2, kind = "meeple", on = "N" },
      { player = 2, kind = "mayor", on = "N" },
      { player = 2, kind = "builder", on = "N" } } },
}

play "place pd.P5 0,-1 r2"
play "action princess 0 0 N 0"                       -- the first follower: the knight
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.supply { player = 2, kind = "mayor", count = 0 }
expect.supply { player = 2, kind = "builder", count = 0 }  -- the mayor is Red's follower there
expect.player(2)
play { player = 2, "place E 1,-1 r3", "pass" }      -- extends (and closes) the city
expect.part(2)                                       -- the builder's second tile
