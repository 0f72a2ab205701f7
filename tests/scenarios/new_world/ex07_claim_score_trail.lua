-- new-world.md §7 NW-EX-07, §3.2 [note]: complete an unoccupied trail,
-- deploy a robber on it, score it at once (3 tiles, no post): Red +3.
-- Layout as NW-EX-01, but nobody stands on the trail before.
scenario "NW-EX-07: claim and score a trail in the same turn: Red +3" { game = "new_world", players = 2 }

setup {
  { "NW14", at = { -1, 0 }, rot = 1 },
  { "NW03", at = { -1, 1 }, rot = 0 },
}
turn("place NW14 -1,2 r1", "deploy settler N")
expect.ledger_last_turn { { player = 1, points = 3, reason = "trail" } }
expect.supply { player = 1, count = 5 }
