-- traders-builders.md §3.2 [official: edition note], option pig_alone =
-- "stays" (ZMG wording): the pig's "own farmer" condition is then checked
-- at placement by the script instead of the figure rule; placement must
-- behave the same as under the default.
-- Players: 1 = Red, 2 = Blue.
scenario "pig placement under pig_alone = stays" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
  options = { pig_alone = "stays" },
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
}

play "place U 0,1 r1"
expect.legal "deploy pig N"            -- Red's farmer is there
expect.illegal "deploy pig S"          -- no farmer of Red's
play "deploy pig N"
play "place U 1,1 r1"                  -- Blue extends both fields
expect.illegal "deploy pig N"          -- Blue has no farmer there
expect.illegal "deploy pig S"
play "pass"
final()
expect.final { 4, 0 }                  -- 1 completed city, Red's pig: 4
