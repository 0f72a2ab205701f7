-- hills_sheep.md §6 (Abbey & Mayor), §3.3: an abbey closes the fields it
-- touches without joining them; a field with a shepherd it closes goes to
-- the stable at once, on the abbey's turn. Alice's shepherd (2 sheep) on
-- the corner field of the curve at 2,1, open only toward the hole at 1,1;
-- Bob's abbey there closes it: Alice 2.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-AM-01: an abbey closes a shepherd's field" {
  game = "base", with = { "abbey_mayor", "hills_sheep" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, fixed = true },
  { "X", at = { 1, 0 }, fixed = true },
  { "V", at = { 2, 0 }, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { 1, 2 }, fixed = true },
}

draws { "hs.sheep2", stack = "sheep" }
play("place V 2,1 r1", "deploy shepherd NNW")
expect.stack { size = 17, stack = "sheep" }
play("place am.abbey 1,1 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 2, reason = "flock" } }
expect.supply { player = 1, kind = "shepherd", count = 1 }
expect.stack { size = 18, stack = "sheep" }
