-- king_robber.md §3, §4, KR-EX-02: the robber baron goes to whoever
-- completes a road longer than any completed before, and moves on when a
-- longer one is completed; a road's length is its tiles (a road between
-- two junctions counts every tile it crosses).
-- Alice closes a 2-tile road between two junctions (5,0 and 5,1): robber
-- to Alice. Bob closes the road from the junction at -1,0 over the
-- straight road at 0,0 to the junction at 1,0: 3 tiles, the robber to
-- Bob. The end: 2 completed roads, Bob +2.
-- Players: 1 = Alice, 2 = Bob.
scenario "KR-EX-02: a longer road takes the robber baron" {
  game = "base", with = { "king_robber" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, rot = 1 },                 -- road W-E
  { "W", at = { 1, 0 }, rot = 0 },                 -- junction: roads E, S, W
  { "W", at = { 5, 0 }, rot = 0, fixed = true },
}
stack { "W", "W" }

play("place W 5,1 r2", "pass")                     -- roads W, N, E: N meets 5,0
expect.counter { player = 1, counter = "robber", value = 1 }
play("place W -1,0 r0", "pass")
expect.feature { at = { 0, 0 }, port = "W", kind = "road", tiles = 3, closed = true }
expect.counter { player = 1, counter = "robber", value = 0 }
expect.counter { player = 2, counter = "robber", value = 1 }
expect.over()
expect.final { 0, 2 }
expect.ledger_final { { player = 2, points = 2, reason = "robber" } }
