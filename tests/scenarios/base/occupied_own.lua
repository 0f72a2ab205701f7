-- base.md §3.2: the occupancy rule applies to your own followers too.
-- P1's knight on E(cap N) at 0,0; P1 extends that city with a G (N-S
-- band) and may not put a second knight on it, near or far.
scenario "your own knight blocks your second knight" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 0, figure = { player = 1, on = "N" } },
}

play "place G 0,-1 r1"
expect.illegal("deploy meeple N", "occupied (player 1's meeple)")
expect.illegal("deploy meeple S", "occupied")  -- the same segment, by another port
expect.legal "deploy meeple E"                 -- a field
expect.open { at = { 0, 0 }, port = "N" }
play "pass"
expect.score { 0, 0 }
