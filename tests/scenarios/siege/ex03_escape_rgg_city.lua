-- siege.md §7 example 3 (§5, the edition note): ex02's board under RGG's
-- Siege rule (siege_escape = city): a cloister next to any tile of the
-- besieged city opens the way out. The knight may also stay (pass).
-- Players: 1 = Red, 2 = Blue.
scenario "SIEGE-EX-3: RGG: a cloister next to any tile of the city" {
  game = "base", with = { "siege" }, players = 2, options = { siege_escape = "city" },
}

play("place si.be.Ccc 0,-1 r1", "deploy meeple S")
play("place U 1,0 r1", "pass")
play("place B 0,1 r0", "pass")
expect.phase "escape"
expect.moves { "action escape 0 -1 1 0", "pass" }
play "pass"
expect.occupied { at = { 0, -1 }, port = "S", by = { 1 } }
expect.player(2)
