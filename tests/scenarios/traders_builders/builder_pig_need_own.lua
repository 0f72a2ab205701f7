-- traders-builders.md §3.1: a builder goes only onto a road or city where
-- one of its owner's followers already is; §3.2: a pig only into a field
-- with one of its owner's farmers. The engine's reason word for both is
-- needs_own, on an empty feature as beside another player's figure.
-- Players: 1 = Red, 2 = Blue.
scenario "builder and pig need their owner's follower: reason needs_own" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "S" } },   -- Blue's farmer
  { "U", at = { 3, 0 }, fixed = true },                         -- an empty road
}

play "place B 0,1 r0"                         -- Red extends Blue's farmer field
expect.illegal("deploy pig N", "needs_own")   -- Blue's farmer is not Red's
expect.legal "pass"
play "pass"
play "place U 3,1 r0"                         -- Blue extends the empty road
expect.illegal("deploy builder N", "needs_own")
expect.legal "deploy meeple N"
