-- base.md §3.2: a farmer may stand on the field around a cloister; the
-- cloister stays unoccupied. §2: at most 1 follower per turn.
scenario "a farmer beside a cloister leaves the cloister free" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 } },
}

play "place B 1,0 r0"
expect.moves { "deploy meeple C", "deploy meeple N", "pass" }
play "deploy meeple N"
expect.occupied { at = { 1, 0 }, port = "N", by = { 1 } }
expect.free { at = { 1, 0 }, port = "C" }
expect.player(2)                             -- one follower, then the turn ends
expect.supply { player = 1, count = 6 }
