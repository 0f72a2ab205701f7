-- Lakes & Fishers (examples/fan-expansion/README.md, "Scoring"): a
-- fisher on a one-tile pond with one fish. You lay an E whose south
-- side (field) is the pond's shore: the lake has no open side left, so it
-- is complete. 2 per tile + 2 per fish = 2 + 2 = 4 for You; the fisher
-- goes home.
-- Players: 1 = You, 2 = Blue.
scenario "LAKES-01: a fisher scores a completed pond" {
  game = "base", with = { "../lakes.lua" }, players = 2,
  start = false,
}

setup {
  { "lk.A", at = { 0, 0 }, figure = { player = 1, kind = "fisher", on = "N" } },
}

expect.supply { player = 1, kind = "fisher", count = 1 }
play "place E 0,-1 r0"          -- its field (south side) faces the lake
expect.closed { at = { 0, 0 }, port = "N" }
play "pass"
expect.score { 4, 0 }
expect.ledger_last_turn { { player = 1, points = 4, reason = "lake" } }
expect.supply { player = 1, kind = "fisher", count = 2 }
