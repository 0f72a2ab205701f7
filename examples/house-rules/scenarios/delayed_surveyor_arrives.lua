-- examples/house-rules/delayed_surveyor.lua (new-world.md §6 HR-NW-2)
-- with surveyor_delay = 1: the first completed trail brings the second
-- surveyor onto Jamestown (0,9). Red = player 1, Blue = player 2.
-- Turn 1 (Red): the trail of NW-EX-01 closes (+3); the surveyor on the
-- board moves to column 1; then the waiting one comes in, in column 0:
-- no surveyor is left in the supply.
scenario "HR-NW-2 delayed_surveyor: the second surveyor arrives" {
  game = "new_world", players = 2,
  rules = { "../delayed_surveyor.lua" },
  options = { surveyor_delay = 1 },
}

setup {
  { "NW14", at = { -1, 0 }, rot = 1, figure = { player = 1, on = "S" } },
  { "NW03", at = { -1, 1 }, rot = 0 },
}

expect.supply { player = 0, kind = "surveyor", count = 1 }
turn "place NW14 -1,2 r1"
expect.ledger_last_turn { { player = 1, points = 3, reason = "trail" } }
expect.supply { player = 0, kind = "surveyor", count = 0 }   -- both on the board
