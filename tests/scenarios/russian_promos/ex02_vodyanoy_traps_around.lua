-- russian_promos.md §3, §6 RU-EX-02: the Vodyanoy placed traps every
-- follower on the 8 tiles around it, diagonals too, anyone's. Bob's knight
-- on the start's city (0,0), Alice's highwayman on U at 1,0 and her monk
-- on B at -1,1; Alice's Vodyanoy at 0,1 takes all three. The game ends
-- (no tile left): -2 each, and the features they held score nobody.
-- Alice, who deployed nothing, may free one of hers at once; she passes.
-- Players: 1 = Alice, 2 = Bob.
scenario "RU-EX-02: the Vodyanoy traps the followers around it" {
  game = "base", with = { "russian_promos" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "U", at = { 1, 0 }, rot = 1, figure = { player = 1, on = "W" } },
  { "B", at = { -1, 1 }, fixed = true, figure = { player = 1, on = "C" } },  -- V fills 0,1
}

stack { "ru.V" }
play("place ru.V 0,1 r0", "pass")
expect.moves { "action vodyanoy_free 1 0 0 0", "pass" }   -- §3: she may free one at once
play "pass"
expect.over()
expect.ledger_final { { player = 1, points = -2, reason = "vodyanoy" },
                      { player = 1, points = -2, reason = "vodyanoy" },
                      { player = 2, points = -2, reason = "vodyanoy" } }
expect.final { -4, -2 }
