-- monasteries.md §1, §3: with the option cloisters = in the base game's
-- cloister tiles stay (77 tiles: 71 + 6, the start apart); a base cloister
-- takes a monk, never an abbot.
-- Players: 1 = Alice, 2 = Bob.
scenario "MONA-EX-03: base cloisters in, no abbot on them" {
  game = "base", with = { "monasteries" }, players = 2, options = { cloisters = "in" },
}

play "place B 0,1 r0"
expect.illegal("deploy lying_abbot C", "special monastery")
expect.legal "deploy meeple C"
play "deploy meeple C"
expect.stack { size = 75, stack = "main" }
