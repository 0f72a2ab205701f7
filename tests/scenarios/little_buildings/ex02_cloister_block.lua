-- little_buildings.md §6 LB-EX-02 [constructed]: a cloister counts the
-- buildings of its 3x3 block (§3).
-- Alice's monk on B at 0,0, six of its eight neighbours laid. Alice's B at
-- 1,1 (diagonal to it) takes a house; Bob's B at 0,1 completes the
-- cloister: 9 + 1.
-- Players: 1 = Alice, 2 = Bob.
scenario "LB-EX-02: a cloister counts the buildings of its block" {
  game = "base", with = { "little_buildings" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 1, on = "C" } },
  { "B", at = { 0, -1 } }, { "B", at = { -1, -1 } }, { "B", at = { 1, -1 } },
  { "B", at = { -1, 0 } }, { "B", at = { 1, 0 } }, { "B", at = { -1, 1 } },
}
stack { "B", "B" }
play("place B 1,1 r0", "deploy lb_house C")
play("place B 0,1 r0", "pass")
expect.over()
expect.final { 10, 0 }
