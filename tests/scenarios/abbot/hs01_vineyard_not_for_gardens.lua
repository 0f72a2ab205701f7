-- abbot.md §3, §5 [FAQ: wiki]: Hills & Sheep's vineyards add to completed
-- cloisters, not to gardens. ABBOT-JCZ-1's board with a vineyard tile
-- (hs.C_x.v, a city cap like E) as the 8th tile around Alice's garden at
-- 1,0: still 9.
-- Players: 1 = Alice, 2 = Bob.
scenario "ABBOT-HS-01: a vineyard beside a garden adds nothing" {
  game = "base", with = { "hills_sheep" }, players = 2, options = { abbot = true },
}

play("place UG 1,0 r1", "deploy abbot C")
play("place VG 0,1 r0", "deploy abbot C")
play("place U 2,0 r1", "pass")
play("place B 1,1 r0", "pass")
play("place V 2,1 r3", "pass")
play("place E 0,-1 r2", "pass")
play("place E 1,-1 r1", "pass")
play("place hs.C_x.v 2,-1 r3", "pass")
expect.ledger_last_turn { { player = 1, points = 9, reason = "garden" } }
