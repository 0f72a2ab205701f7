-- count.md §5 example 2 (§2, §4 King & Robber Baron, FAQ 11/2013): the
-- City counts as a completed city for the king. Red closes a 2-tile city
-- (an E against co.12's rim city) and takes the king; at the end the king
-- scores 1 for that city and 1 for the City of Carcassonne.
-- Players: 1 = Red, 2 = Blue.
scenario "COUNT-KR-1: the king counts the City: 2" {
  game = "base", with = { "king_robber", "count" }, players = 2,
}

stack { "E" }
play("place E 2,1 r3", "pass")
expect.counter { player = 1, counter = "king", value = 1 }
expect.over()
expect.ledger_final { { player = 1, points = 1, reason = "king" },
                      { player = 1, points = 1, reason = "king" } }
expect.final { 2, 0 }
