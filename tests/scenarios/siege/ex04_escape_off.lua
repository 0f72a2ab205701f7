-- siege.md §7 example 4 (§5, the option siege_escape = off): ex01's
-- cloister, and no escape phase.
-- Players: 1 = Red, 2 = Blue.
scenario "SIEGE-EX-4: siege_escape = off: no escape" {
  game = "base", with = { "siege" }, players = 2, options = { siege_escape = "off" },
}

play("place si.be.Ccc 0,-1 r1", "deploy meeple S")
play("place U 1,0 r1", "pass")
play("place B -1,-1 r0", "pass")
expect.player(2)
expect.phase "place_tile"
