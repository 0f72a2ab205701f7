-- abbot.md §2, cult.md §2 [inferred]: a shrine is a cloister, so the
-- abbot may stand on it, and be taken back from it (§4): the shrine at
-- 1,0 with 0,0 and 0,1 around it: 3.
-- Players: 1 = Alice, 2 = Bob.
scenario "ABBOT-CU-01: the abbot on a shrine" {
  game = "base", with = { "cult" }, players = 2, options = { abbot = true },
}

play("place cu.SR 1,0 r1", "deploy abbot C")
play("place V 0,1 r0", "pass")
play "place U -1,0 r1"
play "action abbot 1 0 1 0"
expect.ledger_last_turn { { player = 1, points = 3, reason = "cloister" } }
expect.supply { player = 1, kind = "abbot", count = 1 }
