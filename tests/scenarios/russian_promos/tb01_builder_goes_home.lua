-- russian_promos.md §5 (Traders & Builders), RU-TB-01 [FAQ: wiki]: the
-- Vodyanoy traps followers only; a builder whose last follower on its
-- road is trapped goes home. Alice's highwayman and builder on U at 1,0;
-- Bob's Vodyanoy at 0,1 traps the highwayman, the builder returns.
-- Players: 1 = Bob, 2 = Alice.
scenario "RU-TB-01: a builder goes home when its follower is trapped" {
  game = "base", with = { "traders_builders", "russian_promos" }, players = 2,
}

setup { { "U", at = { 1, 0 }, rot = 1, figures = {
  { player = 2, on = "W" }, { player = 2, kind = "builder", on = "W" } } } }

stack { "ru.V", "B" }
play("place ru.V 0,1 r0", "pass")
expect.free { at = { 1, 0 }, port = "W" }
expect.supply { player = 2, kind = "builder", count = 1 }
expect.supply { player = 2, kind = "meeple", count = 6 }
