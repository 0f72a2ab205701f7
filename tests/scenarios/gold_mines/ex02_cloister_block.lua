-- gold_mines.md §6 GM-EX-02 [constructed]: a cloister takes the bars of
-- its 3x3 block (§3), here from two tiles beside it that are no part of
-- any feature of its own.
-- Alice's monk on B at 0,0, six of its eight neighbours laid. Alice's
-- gm.LRr at 1,1 (diagonal to the cloister): a bar on it, the second on
-- 1,0 (her choice). Bob's B at 0,1 completes the cloister: 9 to Alice
-- and both bars. At the end 2 bars: 2.
-- Players: 1 = Alice, 2 = Bob.
scenario "GM-EX-02: a cloister takes the bars of its block" {
  game = "base", with = { "gold_mines" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 1, on = "C" } },
  { "B", at = { 0, -1 } }, { "B", at = { -1, -1 } }, { "B", at = { 1, -1 } },
  { "B", at = { -1, 0 } }, { "B", at = { 1, 0 } }, { "B", at = { -1, 1 } },
}
stack { "gm.LRr", "B" }
play "place gm.LRr 1,1 r0"
expect.moves { "action gold 1 0 0 0", "action gold 0 0 0 0" }
play("action gold 1 0 0 0", "pass")
play("place B 0,1 r0", "pass")
expect.counter { player = 1, counter = "gold", value = 2 }
expect.over()
expect.final { 11, 0 }
