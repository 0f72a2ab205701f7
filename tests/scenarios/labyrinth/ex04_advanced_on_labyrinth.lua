-- labyrinth.md §5 LAB-EX-04 [official: advanced variant, §3.1; inferred,
-- §3.2]: whoever lays the labyrinth may put a meeple on it though a road
-- joined to it is occupied. Left incomplete at the end, the labyrinth
-- road scores base's 1 a tile, no bonus: 2 tiles, a tie, 2 each.
-- Players: 1 = Bob (first), 2 = Alice.
scenario "LAB-EX-04: advanced: a meeple on the labyrinth itself" {
  game = "base", with = { "labyrinth" }, players = 2, start = false,
  options = { labyrinth_variant = "advanced" },
}

setup {
  { "W", at = { -1, 0 }, figure = { player = 2, on = "E" } },
}

stack { "la.Rrrr" }
play "place la.Rrrr 0,0 r0"
expect.illegal "deploy meeple N"                -- the engine: the road is occupied
play "action labyrinth 0 0 1 0"
expect.over()
expect.final { 2, 2 }
expect.ledger_final { { player = 1, points = 2, reason = "road" },
                      { player = 2, points = 2, reason = "road" } }
