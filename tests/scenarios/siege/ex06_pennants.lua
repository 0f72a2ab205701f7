-- siege.md §7 example 6 (§3, FAQ): the pennants of a besieged city count 1
-- each, as its tiles do. F (a band W-E, a pennant) between an E cap and
-- the besieged si.be.CFR (cap N, turned west): 3 tiles, 1 pennant: 4 (8
-- unbesieged).
-- Players: 1 = Red, 2 = Blue.
scenario "SIEGE-EX-6: a besieged city's pennant: 1" {
  game = "base", with = { "siege" }, players = 2, start = false,
}

setup {
  { "F", at = { 0, 0 }, figure = { player = 2, on = "W" } },
  { "E", at = { -1, 0 }, rot = 1 },
}
play("place si.be.CFR 1,0 r3", "pass")
expect.closed { at = { 0, 0 }, port = "W" }
expect.ledger_last_turn { { player = 2, points = 4, reason = "city" } }
