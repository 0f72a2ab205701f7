-- monasteries.md §4, §6 example 1: an empty cell ends the row or column.
-- Alice's abbot at 0,1: up 0,0 (1); right 1,1, then a gap at 2,1, so 3,1
-- does not count (1); down 0,2 (1); left nothing (0); the monastery 1: 4.
-- Players: 1 = Alice, 2 = Bob.
scenario "MONA-EX-01: a gap ends the line" {
  game = "base", with = { "monasteries" }, players = 2,
}

play("place mo.M1 0,1 r0", "deploy lying_abbot C")
play("place U 1,0 r1", "pass")
play("place E 1,1 r1", "pass")
play("place U 2,0 r1", "pass")
play("place U 3,0 r1", "pass")
play("place E 3,1 r1", "pass")
play("place E 0,2 r2", "pass")
final()
expect.ledger_final { { player = 1, points = 4, reason = "monastery" } }
expect.final { 4, 0 }
