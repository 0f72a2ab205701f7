-- inns_cathedrals.md §5 IC-AM-02 (with abbey-mayor.md §3.2, §4.1): the
-- mayor counts 1 per pennant, the large meeple 2. City W-E: E r1 (cap E),
-- F (a pennant) with Blue's mayor, G with Red's large meeple, closed by
-- Blue with E r3: 4 tiles, 1 pennant = 10; mayor 1 against 2: Red +10.
-- Players: 1 = Blue, 2 = Red.
scenario "IC-AM-02: one pennant: the large meeple beats the mayor" {
  game = "base", with = { "inns_cathedrals", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1 },
  { "F", at = { 1, 0 }, figure = { player = 1, kind = "mayor", on = "W" } },
  { "G", at = { 2, 0 }, figure = { player = 2, kind = "big", on = "W" } },
}

play("place E 3,0 r3", "pass")
expect.ledger_last_turn { { player = 2, points = 10, reason = "city" } }
expect.score { 0, 10 }
