-- labyrinth.md §5 LAB-EX-02 [official: advanced variant, §3]: Bob puts a
-- meeple on the free N arm of the labyrinth road Alice holds (W arm); the
-- road completed, both lead (1 each) and each scores it all: 5 tiles + 2
-- for each of the 2 meeples = 9.
-- Players: 1 = Bob (first), 2 = Alice.
scenario "LAB-EX-02: advanced: a tie, 9 each" {
  game = "base", with = { "labyrinth" }, players = 2, start = false,
  options = { labyrinth_variant = "advanced" },
}

setup {
  { "la.Rrrr", at = { 0, 0 } },
  { "W", at = { -1, 0 }, figure = { player = 2, on = "E" } },
}

stack { "W", "W", "W" }
play "place W 0,-1 r0"
expect.illegal "deploy meeple S"                -- the engine: the road is occupied
play "action labyrinth 0 -1 2 0"                -- §3.1: the N arm is free
expect.occupied { at = { 0, 0 }, port = "N", by = { 1, 2 } }
play("place W 1,0 r0", "pass")
play("place W 0,1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 9, reason = "road" },
                          { player = 2, points = 9, reason = "road" } }
expect.final { 9, 9 }
