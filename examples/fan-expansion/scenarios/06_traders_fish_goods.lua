-- Lakes & Fishers + Traders & Builders (lakes_traders.lua): fish are a
-- fourth good. As with goods in cities (traders-builders.md §2.3 b), the
-- player who completes a lake takes one fish token per fish in it, even
-- when nobody holds the lake; at the end the most fish score 10 (reason
-- "goods", §4.2).
-- You close an empty pond with 1 fish (You: 1 token). Blue closes a pond
-- with no fish (lk.B): nothing. Final: You 10 goods for fish, Blue 0.
-- Players: 1 = You, 2 = Blue.
scenario "LAKES-06: with Traders & Builders, fish are goods" {
  game = "base", players = 2, start = false,
  with = { "traders_builders", "../lakes.lua",
           "../lakes_traders.lua" },
}

setup {
  { "lk.A", at = { 0, 0 } },
  { "lk.B", at = { 3, 0 }, fixed = true },
}

turn "place E 0,-1 r0"          -- You close the 1-fish pond
turn "place E 3,-1 r0"          -- Blue closes the fishless pond
expect.score { 0, 0 }           -- nobody was on either lake
final()
expect.final { 10, 0 }
expect.ledger_final { { player = 1, points = 10, reason = "goods" } }
