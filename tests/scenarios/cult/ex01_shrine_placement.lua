-- cult.md §3: a shrine may not be laid next to two cloisters, nor next to
-- a cloister that already has a shrine beside it; a cloister may not be
-- laid next to a shrine that already has one [FAQ: shrines and cloisters
-- pair one to one]. Next to one free cloister a shrine may go.
-- The pairing capability refuses a placement without a reason text
-- (`vetoed`); each line says which rule refuses it.
-- Players: 1 = Alice, 2 = Bob.
scenario "CULT-EX-01: where a shrine may go" {
  game = "base", with = { "cult" }, players = 2,
}

play("place B 0,1 r0", "pass")
play("place B 1,1 r0", "pass")
expect.illegal("place cu.SR 1,0 r1", "vetoed")     -- a shrine next to two cloisters
expect.legal "place cu.SR -1,0 r3"
play("place cu.SR -1,0 r3", "pass")
expect.illegal("place cu.S -1,1 r0", "vetoed")      -- that cloister already has a shrine
expect.illegal("place B -1,1 r0", "vetoed")        -- that shrine already has a cloister
expect.legal "place E -1,1 r3"
