-- base.md §3.2: segments connect only across edges; two cities touching
-- at a corner are separate (tile I: caps N and W). §4.1: closing the N
-- cap with an E scores a 2-tile city, 4; the W cap stays open.
scenario "the two caps of an I are separate cities" {
  game = "base", players = 2, start = false,
}

setup {
  { "I", at = { 0, 0 }, figure = { player = 2, on = "N" } },
}

play "place E 0,-1 r2"
expect.closed { at = { 0, 0 }, port = "N" }
expect.open { at = { 0, 0 }, port = "W" }
expect.feature { at = { 0, 0 }, port = "N", tiles = 2 }
expect.legal "deploy meeple N"              -- the E's field
play "pass"
expect.score { 0, 4 }
play("place E -1,0 r1", "deploy meeple E")  -- P2 closes the W cap: 4
expect.score { 0, 8 }
