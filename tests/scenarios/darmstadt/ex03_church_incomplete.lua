-- darmstadt.md §5 DA-EX-03 [constructed; JCZ]: a church still incomplete
-- at the end scores as a cloister, with no bonus (§3).
-- Alice's monk on the church da.LRR south of the start: at the end 1 + 1
-- neighbour.
-- Players: 1 = Alice, 2 = Bob.
scenario "DA-EX-03: no church bonus at the end" {
  game = "base", with = { "darmstadt" }, players = 2,
}

stack { "da.LRR" }
play("place da.LRR 0,1 r0", "deploy meeple C")
expect.over()
expect.final { 2, 0 }
expect.ledger_final { { player = 1, points = 2, reason = "cloister" } }
