-- inns_cathedrals.md §5 IC-AM-02, 3 pennants (with abbey-mayor.md §7
-- AM-EX-03's city): E r1, F (pennant) with Blue's mayor, F (pennant),
-- am.08 (pennant), G with Red's large meeple, closed by Blue with E r3:
-- 6 tiles, 3 pennants = 18; mayor 3 against 2: Blue +18.
-- Players: 1 = Blue, 2 = Red.
scenario "IC-AM-02b: three pennants: the mayor beats the large meeple" {
  game = "base", with = { "inns_cathedrals", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1 },
  { "F", at = { 1, 0 }, figure = { player = 1, kind = "mayor", on = "W" } },
  { "F", at = { 2, 0 } },
  { "am.08", at = { 3, 0 } },
  { "G", at = { 4, 0 }, figure = { player = 2, kind = "big", on = "W" } },
}

play("place E 5,0 r3", "pass")
expect.ledger_last_turn { { player = 1, points = 18, reason = "city" } }
expect.score { 18, 0 }
expect.supply { player = 2, kind = "big", count = 1 }
