-- river.md §5: with Abbey & Mayor, "no abbey may be placed during the
-- river phase, since no hole exists then"; abbey-mayor.md §3.1: the
-- abbey goes only into a hole. During the river the turn offers no
-- abbey, only the draw.
-- Players: 1 = Blue, 2 = Red.
scenario "River x A&M: no abbey during the river" {
  game = "base", with = { "river", "abbey_mayor" }, players = 2,
}

stack { "river.S", "river.K", stack = "river" }
expect.phase "place_tile"                      -- no draw-phase choice
expect.moves { match = "abbey", count = 0 }
expect.supply { player = 1, kind = "abbey", count = 1 }
