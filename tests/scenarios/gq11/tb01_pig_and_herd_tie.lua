-- gq11.md §3 (Traders & Builders), GQ11-TB-01 [inferred: the pig is the
-- owner's, the herd everyone's]: on a tie in the herd's farm, the pig's
-- owner scores 5 a completed city (3 + pig + herd), the other leader 4.
-- EX-02's board with Alice's pig beside her farmer on gq.F.
-- Players: 1 = Alice, 2 = Bob.
scenario "GQ11-TB-01: pig and herd on a tie: 5 and 4" {
  game = "base", with = { "traders_builders", "gq11" }, players = 2, start = false,
}

setup {
  { "gq.F", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 1, kind = "pig", on = "N" } } },
  { "E", at = { 0, -1 } },
  { "E", at = { 1, 0 }, figure = { player = 2, on = "S" } },
}

stack { "E" }
play("place E 0,-2 r2", "pass")
expect.over()
expect.final { 5, 4 }
