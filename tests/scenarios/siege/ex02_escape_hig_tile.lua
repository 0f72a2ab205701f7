-- siege.md §7 example 2 (§5, the edition note): a cloister next to the
-- besieged city's other tile (the start tile) but two rows from its
-- besieged tile. HiG's rule (siege_escape = tile, the default) offers no
-- escape (ex03: RGG's does).
-- Players: 1 = Red, 2 = Blue.
scenario "SIEGE-EX-2: HiG: the cloister must touch a besieged tile" {
  game = "base", with = { "siege" }, players = 2,
}

play("place si.be.Ccc 0,-1 r1", "deploy meeple S")
play("place U 1,0 r1", "pass")
play("place B 0,1 r0", "pass")          -- south of the start
expect.player(2)
expect.phase "place_tile"
expect.occupied { at = { 0, -1 }, port = "S", by = { 1 } }
