-- base.md §3.2 occupancy: no follower on a feature that already holds
-- one, however far away; but two separately occupied features may be
-- joined by a tile (the only way a feature gets several followers).
-- §4.1: tied majority, both score.
-- P2's knight on E(cap E) at 0,0; P1's knight on E(cap W) at 2,0;
-- three cloisters above keep the board connected. P1's G at 1,0 joins
-- both cities into one closed 3-tile city: 6 to each.
scenario "joining two occupied cities is allowed, claiming the joined one is not" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1, figure = { player = 2, on = "E" } },
  { "B", at = { 0, -1 } }, { "B", at = { 1, -1 } }, { "B", at = { 2, -1 } },
  { "E", at = { 2, 0 }, rot = 3, figure = { player = 1, on = "W" } },
}

expect.legal "place G 1,0 r0"
play "place G 1,0 r0"
expect.occupied { at = { 1, 0 }, port = "E", by = { 1, 2 } }
expect.illegal("deploy meeple E", "occupied")
expect.legal "deploy meeple S"                 -- the G's south field is free
play "pass"
expect.score { 6, 6 }
expect.ledger_last_turn {
  { player = 1, points = 6, reason = "city" },
  { player = 2, points = 6, reason = "city" },
}
