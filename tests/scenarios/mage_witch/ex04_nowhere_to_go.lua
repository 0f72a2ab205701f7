-- mage_witch.md §6 example 7 (§2): a magic tile that leaves no incomplete
-- road or city on the board, with neither figure in play: nothing to
-- place, nothing to take off; the turn goes on to the deploy [inferred].
-- mw.CFC closes the two E caps it lies between; the board has no other
-- road or city.
-- Players: 1 = Red, 2 = Blue.
scenario "MW-EX-4: nowhere to go and nobody in play: no magic move" {
  game = "base", with = { "mage_witch" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 0, 1 }, rot = 0, fixed = true },
}
play "place mw.CFC 0,0 r0"
expect.moves { match = "^action magic", count = 0 }
expect.phase "place_figure"
play "pass"
expect.closed { at = { 0, 0 }, port = "N" }
expect.closed { at = { 0, 0 }, port = "S" }
expect.figure { at = { 0, 0 }, spot = "N", kind = "mage", count = 0 }
