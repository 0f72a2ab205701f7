-- traders-builders.md §7 TB-EX-05 (complete, then re-place the builder),
-- §3.3: the first tile completes the builder's road, which scores (thief
-- and builder return); the second part still comes (the builder was
-- there when the tile went down), and the builder may go on the second
-- tile where a follower of yours (the knight just placed) is.
-- Road: junction W (0,0) - U (1,0) - the closing T (2,0): 3 tiles, 1 each.
-- Players: 1 = You, 2 = Blue.
scenario "TB-EX-05: complete the builder's road, then place the builder again" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "W", at = { 0, 0 } },                            -- roads E, S, W end here
  { "U", at = { 1, 0 }, rot = 1, figures = {         -- road W-E
      { player = 1, kind = "meeple", on = "W" },     -- turn 1: your thief
      { player = 1, kind = "builder", on = "W" } } }, -- turn 2: your builder
}

-- 3a: T turned so its road ends at the west: completes the road; a knight
-- goes into T's city
play "place T 2,0 r1"
expect.closed { at = { 1, 0 }, port = "E" }
play "deploy meeple N"
expect.score { 3, 0 }
expect.ledger_last_turn { { player = 1, points = 3, reason = "road" } }
expect.supply { player = 1, kind = "builder", count = 1 }  -- builder home
expect.free { at = { 1, 0 }, port = "E" }
-- 3b: the second part comes anyway
expect.player(1)
expect.part(2)
play "place E 2,-1 r2"                 -- extends the knight's city
play "deploy builder S"
expect.occupied { at = { 2, 0 }, port = "N", by = { 1, 1 } }
expect.supply { player = 1, kind = "builder", count = 0 }
expect.supply { player = 1, kind = "meeple", count = 6 }
expect.player(2)
expect.score { 3, 0 }
