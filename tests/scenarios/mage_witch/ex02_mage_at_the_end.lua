-- mage_witch.md §6 example 2 (§4): the mage counts in the final scoring
-- too: an incomplete road of 2 tiles, 2 + 2.
-- Players: 1 = Red, 2 = Blue.
scenario "MW-EX-2: the mage at the end" {
  game = "base", with = { "mage_witch" }, players = 2,
}

stack { "mw.CRRR.3" }
play("place mw.CRRR.3 -1,0 r0", "action magic 1 -1 0 2", "deploy meeple E")
expect.over()
expect.ledger_final { { player = 1, points = 4, reason = "road" } }
