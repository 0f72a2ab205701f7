-- wind_rose.md §5 (Traders & Builders), WR-TB-01 [inferred]: a quarter
-- rose drawn as the builder's second tile scores like any other placement,
-- for the active player.
-- Alice's knight and builder on the orange rose's city (east). Her G (a
-- city band W-E) at 1,0 extends it: a second tile; her north-east quarter
-- (wr.Cc.1) at 2,0, in the rose's row: 3 points.
-- Players: 1 = Alice, 2 = Bob.
scenario "WR-TB-01: a quarter rose as the builder's second tile" {
  game = "base", with = { "traders_builders", "wind_rose" }, players = 2,
}

setup {
  { figure = { player = 1, kind = "meeple", on = "E", at = { 0, 0 } } },
  { figure = { player = 1, kind = "builder", on = "E", at = { 0, 0 } } },
}
play("place G 1,0 r0", "pass")
expect.part(2)
play("place wr.Cc.1 2,0 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 3, reason = "wind_rose" } }
expect.player(2)
