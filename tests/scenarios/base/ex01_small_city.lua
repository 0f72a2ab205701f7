-- base.md §6 BASE-EX-01 (small city), §4.1 (city: 2 per tile), §2 step 3
-- (followers on a scored feature return).
-- Players: 1 = Blue (moves now), 2 = Red.
-- Red's knight is on an E tile (city cap N). Blue places a second E
-- facing it, closing a 2-tile city without pennants: 2 x 2 = 4 to Red.
scenario "BASE-EX-01: a knight scores a 2-tile city" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 0, figure = { player = 2, kind = "meeple", on = "N" } },
}

play "place E 0,-1 r2"          -- its cap faces south, onto Red's cap
expect.closed { at = { 0, 0 }, port = "N" }
expect.feature { at = { 0, 0 }, port = "N", kind = "city", tiles = 2, pennant = 0 }
play "pass"
expect.score { 0, 4 }
expect.ledger_last_turn { { player = 2, points = 4, reason = "city" } }
expect.free { at = { 0, 0 }, port = "N" }
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.player(2)
