-- abbey-mayor.md §7 AM-EX-04 (a), (c), §3.2, §4.1: a 4-tile city without
-- pennants (E r1 - G - G - E r3 = 8 points) holding only Blue's mayor.
-- (c) the strength-0 mayor still occupies it: Red, closing it, may not
--     deploy a knight in it.
-- (a) nobody scores (the 8 points are lost); the mayor returns.
-- Players: 1 = Red, 2 = Blue.
scenario "AM-EX-04: a mayor without pennants occupies and scores nothing" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1 },
  { "G", at = { 1, 0 }, figure = { player = 2, kind = "mayor", on = "W" } },
  { "G", at = { 2, 0 } },
}

play "place E 3,0 r3"
expect.closed { at = { 1, 0 }, port = "W" }
expect.illegal("deploy meeple W", "occupied")
expect.illegal("deploy mayor W", "occupied")
expect.illegal "deploy mayor S"          -- a mayor never goes on a field
play "pass"
expect.score { 0, 0 }
expect.ledger_last_turn {}
expect.supply { player = 2, kind = "mayor", count = 1 }
