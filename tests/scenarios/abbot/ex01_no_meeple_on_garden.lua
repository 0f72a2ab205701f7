-- abbot.md §2: only an abbot stands on a garden; a meeple may not, but may
-- take the tile's other features. The abbot may also be a monk (§2).
-- Players: 1 = Alice, 2 = Bob.
scenario "ABBOT-EX-01: a garden takes the abbot only" {
  game = "base", players = 2, options = { abbot = true },
}

play "place EG 0,-1 r2"
expect.illegal("deploy meeple C")
expect.legal "deploy abbot C"
expect.legal "deploy meeple S"
play "deploy abbot C"
play("place B 0,1 r0", "deploy abbot C")
expect.occupied { at = { 0, 1 }, port = "C", by = { 2 } }
play "place B -1,-1 r0"
expect.illegal("deploy abbot C")                    -- Alice's abbot is on the board
play "deploy meeple C"
