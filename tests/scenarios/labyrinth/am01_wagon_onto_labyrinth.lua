-- labyrinth.md §4 LAB-AM-01 [FAQ: wiki, W's note on other placements]: a
-- wagon moving on from a completed road may take an unoccupied labyrinth
-- road (Abbey & Mayor; basic rules, nothing of the script's: the engine's
-- wagon and the labyrinth's one road).
-- Alice's wagon on the E road of the W at 0,-1 (junction); the W road of
-- her W at 1,-1 completes it (2 tiles: 2). The wagon may move on to the
-- junction's S road, the labyrinth road (unoccupied); at the end that road
-- is incomplete over 2 tiles (the labyrinth and the junction): 2 more.
-- Players: 1 = Alice, 2 = Bob.
scenario "LAB-AM-01: a wagon onto the labyrinth road" {
  game = "base", with = { "abbey_mayor", "labyrinth" }, players = 2, start = false,
}

setup {
  { "la.Rrrr", at = { 0, 0 } },
  { "W", at = { 0, -1 }, figure = { player = 1, kind = "wagon", on = "E" } },
}

stack { "W" }
play("place W 1,-1 r0", "pass")
expect.score { 2, 0 }
expect.legal "action wagon 1 0 -1 2"            -- the labyrinth road
choose "action wagon 1 0 -1 2"
expect.over()
expect.final { 4, 0 }
expect.ledger_final { { player = 1, points = 2, reason = "road" } }   -- 2 tiles: the labyrinth road
