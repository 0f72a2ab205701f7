-- labyrinth.md §5 LAB-EX-05 [inferred: advanced variant, §3.1]: an arm is
-- the road from the labyrinth up to its end; a meeple already on it keeps
-- another off that arm, not off the others.
-- Alice's meeple on the straight road at 0,-1 (the N arm). Bob's W at
-- 0,-2 extends the N arm: no meeple on its S road; Alice's W at 1,0 opens
-- the free E arm: her meeple may go there.
-- Players: 1 = Bob (first), 2 = Alice.
scenario "LAB-EX-05: advanced: an occupied arm, a free arm" {
  game = "base", with = { "labyrinth" }, players = 2, start = false,
  options = { labyrinth_variant = "advanced" },
}

setup {
  { "la.Rrrr", at = { 0, 0 } },
  { "U", at = { 0, -1 }, figure = { player = 2, on = "N" } },
}

stack { "W", "W" }
play "place W 0,-2 r0"
expect.illegal "deploy meeple S"
expect.illegal "action labyrinth 0 -2 2 0"      -- the N arm holds Alice's meeple
play "pass"
play "place W 1,0 r0"
expect.legal "action labyrinth 1 0 3 0"         -- the E arm is free
play "action labyrinth 1 0 3 0"
expect.over()
expect.final { 0, 4 }                           -- incomplete: 4 tiles, no bonus (§3.2)
