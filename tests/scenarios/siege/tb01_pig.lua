-- siege.md §7 example 7 (§4, §6 Traders & Builders): a farm with a pig
-- scores a completed besieged city twice at the pig's rate: 8 (4 + 4).
-- Red's farmer and pig on E's field; the besieged si.be.CFR closes E's
-- city (2 tiles, unoccupied). At the end: 3 + 1 for the city, the same
-- again because it is besieged: 8, one line of the ledger as Traders &
-- Builders' own pig (its ex06): the farm's formula holds the pig's terms.
-- Players: 1 = Red, 2 = Blue.
scenario "SIEGE-TB-1: a pig doubles too: 8 for a besieged city" {
  game = "base", with = { "traders_builders", "siege" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figures = { { player = 1, on = "S" }, { player = 1, kind = "pig", on = "S" } } },
}
stack { "si.be.CFR" }
play("place si.be.CFR 0,-1 r2", "pass")
expect.closed { at = { 0, 0 }, port = "N" }
expect.over()
expect.ledger_final { { player = 1, points = 8, reason = "field" } }
expect.final { 8, 0 }
