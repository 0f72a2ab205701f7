-- traders-builders.md §7 TB-EX-04 (builder double turn), §2.1, §2.4,
-- §3.3: a tile extending the road that holds your builder gives one more
-- tile in the same turn; no third tile even if the second also extends
-- it; and every turn the first extending tile triggers again.
-- Players: 1 = You, 2 = Blue.
scenario "TB-EX-04: double turn, no third tile, again next turn" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, figures = {
      { player = 1, kind = "meeple", on = "N" },     -- your thief
      { player = 1, kind = "builder", on = "N" } } },
}

-- A) extend the road, deploy nothing; nothing scores
play "place U 0,-1 r0"
play "pass"
expect.score { 0, 0 }
expect.player(1)                       -- still your turn ...
expect.turn(1)
expect.part(2)                         -- ... its second part
-- B) a second tile, extending the road again, with a follower on it
play "place U 0,1 r0"
play "deploy meeple E"                 -- a farmer
expect.player(2)                       -- no third tile
expect.part(1)
expect.turn(2)
expect.supply { player = 1, kind = "meeple", count = 5 }   -- thief + farmer
expect.score { 0, 0 }

-- Blue plays elsewhere on the road's side: no builder of Blue's
play "place U 1,0 r0"
play "pass"
expect.player(1)
expect.part(1)

-- your next turn: the first extending tile triggers once more
play "place U 0,-2 r0"
play "pass"
expect.player(1)
expect.part(2)
