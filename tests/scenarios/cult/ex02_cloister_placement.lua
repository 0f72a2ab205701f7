-- cult.md §3: a cloister may not be laid next to two shrines; next to one
-- it may (and then challenges it, §4, if both are occupied).
-- The pairing capability refuses a placement without a reason text
-- (`vetoed`); each line says which rule refuses it.
-- Players: 1 = Alice, 2 = Bob.
scenario "CULT-EX-02: where a cloister may go" {
  game = "base", with = { "cult" }, players = 2,
}

play("place cu.SR -1,0 r3", "pass")
play("place cu.S 0,1 r0", "pass")
expect.illegal("place B -1,1 r0", "vetoed")   -- a cloister next to two shrines
expect.illegal("place A -1,1 r0", "vetoed")   -- a cloister next to two shrines
expect.legal "place B 1,1 r0"
