-- gq11.md §4 GQ11-EX-02 [constructed], §2: the herd's point goes to every
-- player who scores the farm: on a tie each scores 4 a completed city.
-- The farm: gq.F at 0,0 (Alice's farmer), the E above it and the E at 1,0
-- (Bob's farmer; its city N stays open). Alice closes the city above with
-- an E turned S: 1 completed city; 1 farmer each: 4 each, the open city
-- counts nothing.
-- Players: 1 = Alice, 2 = Bob.
scenario "GQ11-EX-02: a tie in the herd's farm: 4 a city each" {
  game = "base", with = { "gq11" }, players = 2, start = false,
}

setup {
  { "gq.F", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "E", at = { 0, -1 } },
  { "E", at = { 1, 0 }, figure = { player = 2, on = "S" } },
}

stack { "E" }
play("place E 0,-2 r2", "pass")
expect.over()
expect.final { 4, 4 }
expect.ledger_final { { player = 1, points = 4, reason = "field" },
                      { player = 2, points = 4, reason = "field" } }
