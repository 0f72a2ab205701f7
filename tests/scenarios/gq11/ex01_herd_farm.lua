-- gq11.md §4 GQ11-EX-01 [constructed]: a farmer in the farm holding the
-- pig herd scores 4 a completed city (3 + 1).
-- gq.F at 0,0 holds Alice's farmer; the E above it (city N) joins its
-- field to the farm; Alice closes that city with an E turned S: nobody
-- holds the city, the farm touches 1 completed city: 4.
-- Players: 1 = Alice, 2 = Bob.
scenario "GQ11-EX-01: a farmer with the pig herd: 4 a city" {
  game = "base", with = { "gq11" }, players = 2, start = false,
}

setup {
  { "gq.F", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "E", at = { 0, -1 } },
}

stack { "E" }
play("place E 0,-2 r2", "pass")
expect.closed { at = { 0, -1 }, port = "N" }
expect.over()
expect.final { 4, 0 }
expect.ledger_final { { player = 1, points = 4, reason = "field" } }
