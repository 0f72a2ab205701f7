-- inns_cathedrals.md §5 IC-TB-01 (with traders-builders.md §3.1): the large
-- meeple is a follower, so it lets its owner's builder into its road. Red's
-- large meeple on U at 0,0; Red extends the road north and deploys the
-- builder (legal); Blue extends it south and may not (no follower of
-- Blue's there).
-- Players: 1 = Red, 2 = Blue.
scenario "IC-TB-01: a large meeple lets the builder in" {
  game = "base", with = { "inns_cathedrals", "traders_builders" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, figure = { player = 1, kind = "big", on = "N" } },
}

play "place U 0,-1 r0"
expect.legal "deploy builder N"
play "deploy builder N"
expect.occupied { at = { 0, 0 }, port = "N", by = { 1, 1 } }
play "place U 0,1 r0"
expect.illegal("deploy builder N", "needs_own")
play "pass"
expect.player(1)
