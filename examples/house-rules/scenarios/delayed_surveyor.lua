-- examples/house-rules/delayed_surveyor.lua (new-world.md §6 HR-NW-2),
-- default surveyor_delay = 5: one surveyor starts on the board (Plymouth,
-- 0,0), the other waits in the supply; one completed trail moves the
-- track to 1 of 5, so it still waits. Red = player 1.
-- The position of NW-EX-01 (new-world.md §7): Red closes a 3-tile trail
-- in column 1 (+3). The one surveyor then moves into column 1 (§4.2).
scenario "HR-NW-2 delayed_surveyor: one surveyor at the start" {
  game = "new_world", players = 2,
  rules = { "../delayed_surveyor.lua" },
}

setup {
  { "NW14", at = { -1, 0 }, rot = 1, figure = { player = 1, on = "S" } },
  { "NW03", at = { -1, 1 }, rot = 0 },
}

expect.supply { player = 0, kind = "surveyor", count = 1 }
turn "place NW14 -1,2 r1"
expect.ledger_last_turn { { player = 1, points = 3, reason = "trail" } }
expect.supply { player = 0, kind = "surveyor", count = 1 }   -- track 1 of 5
