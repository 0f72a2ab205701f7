-- mage_witch.md §6 example 3 (§4): the witch halves, rounding up, at the
-- end too: an incomplete road of 3 tiles, 3 -> 2.
-- Players: 1 = Red, 2 = Blue.
scenario "MW-EX-3: the witch at the end, rounded up" {
  game = "base", with = { "mage_witch" }, players = 2,
}

stack { "U", "mw.CRRR.3" }
play("place U 1,0 r1", "deploy meeple E")
play("place mw.CRRR.3 -1,0 r0", "action magic 2 -1 0 2", "pass")
expect.over()
expect.ledger_final { { player = 1, points = 2, reason = "road" } }
