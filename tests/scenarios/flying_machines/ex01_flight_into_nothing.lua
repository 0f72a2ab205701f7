-- flying_machines.md §2, §3, §5 FM-EX-01: a flight that ends on an empty
-- cell. Alice's flier fm.F.o south of the start (0,1), its arrow west:
-- 1 to 3 cells west of it hold no tile, whatever the die: the meeple
-- stays in her supply, no landing is offered, and Bob moves next.
-- Players: 1 = Alice, 2 = Bob.
scenario "FM-EX-01: a flight onto an empty cell returns the meeple" {
  game = "base", with = { "flying_machines" }, players = 2,
}

stack { "fm.F.o", "B", "fm.RFr.NS.o", "B" }
expect.player(1)
play("place fm.F.o 0,1 r0", "pass", "action fly 1 0 0 0")
expect.player(2)
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.ledger_last_turn {}

-- §2: a flight is instead of a deploy: after Alice's deploy on her
-- flier fm.RFr.NS.o at 1,1 no flight is offered; Bob moves next.
play("place B -1,1 r0", "pass")
play("place fm.RFr.NS.o 1,1 r0", "deploy meeple N")
expect.player(2)
expect.supply { player = 1, kind = "meeple", count = 6 }
