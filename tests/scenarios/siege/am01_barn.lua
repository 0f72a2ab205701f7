-- siege.md §7 example 8 (§4, §6 Abbey & Mayor): a barn's farm scores a
-- completed besieged city twice: 8 (4 + 4).
-- Red's barn at the south-east corner of E's field; the besieged
-- si.be.CFR closes E's city. At the end the barn scores 4 for the city
-- (A&M) and 4 more because it is besieged.
-- Players: 1 = Red, 2 = Blue.
scenario "SIEGE-AM-1: a barn doubles too: 8 for a besieged city" {
  game = "base", with = { "abbey_mayor", "siege" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, kind = "barn", on = "SE" } },
}
stack { "si.be.CFR" }
play("place si.be.CFR 0,-1 r2", "pass")
expect.over()
expect.ledger_final { { player = 1, points = 4, reason = "barn" },
                      { player = 1, points = 4, reason = "barn" } }
expect.final { 8, 0 }
