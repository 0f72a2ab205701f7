-- The scenario format: counters in setup and expect.counter.
-- traders-builders.md §2.3 (b), §4.1: whoever completes a city takes its
-- goods; §4.2: 10 per good to its majority. Player 1 starts with 3 wine;
-- closing a city with one wine symbol makes 4; at the end player 1 has
-- the wine majority (+10), player 2 the cloth one (+10).
scenario "format: counters in setup and expect.counter" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

tiles [[
  tile W1 x1                   # an E with a wine symbol
    city N* wine
    field E* S* W* touches city
]]

setup {
  { "W1", at = { 0, 0 } },
  { counter = "wine", player = 1, value = 3 },
  { counter = "cloth", player = 2, value = 1 },
}

expect.counter { player = 1, counter = "wine", value = 3 }
expect.counter { player = 2, counter = "wine", value = 0 }
turn "place E 0,-1 r2"                 -- player 1 closes the wine city
expect.counter { player = 1, counter = "wine", value = 4 }
expect.counter { player = 2, counter = "cloth", value = 1 }
final()
expect.final { 10, 10 }
