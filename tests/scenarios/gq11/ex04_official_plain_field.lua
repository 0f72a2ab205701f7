-- gq11.md §2 edition note, GQ11-EX-04 [official: publisher's ruling]: with
-- pig_herd=false gq.F is a plain field: EX-01's farm scores base's 3.
-- Players: 1 = Alice, 2 = Bob.
scenario "GQ11-EX-04: pig_herd=false: a plain field, 3 a city" {
  game = "base", with = { "gq11" }, players = 2, start = false,
  options = { pig_herd = false },
}

setup {
  { "gq.F", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "E", at = { 0, -1 } },
}

stack { "E" }
play("place E 0,-2 r2", "pass")
expect.over()
expect.final { 3, 0 }
expect.ledger_final { { player = 1, points = 3, reason = "field" } }
