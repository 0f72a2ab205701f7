-- abbey-mayor.md §5 (wagon/mayor + builder): "both are followers, so they
-- satisfy the builder's 'own follower in the feature' condition"
-- (traders-builders.md §3.1). Red's mayor alone in a city lets Red's
-- builder in; Blue's mayor does not let Red's in.
-- Players: 1 = Red, 2 = Blue.
--
--   y=-1  C(0,-1): a whole-city tile, placed by Red   F(3,-1) city N-S, placed by Blue
--   y= 0  E(0,0) cap N: Red's mayor      E(3,0) cap N: Blue's mayor
scenario "T&B x A&M: a mayor is the follower a builder needs" {
  game = "base", with = { "traders_builders", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, kind = "mayor", on = "N" } },
  { "E", at = { 3, 0 }, fixed = true, figure = { player = 2, kind = "mayor", on = "N" } },
}

play "place F 3,-1 r1"                                -- Red extends Blue's mayor's city
expect.illegal("deploy builder N", "needs_own")      -- Blue's mayor is not Red's follower
play "pass"
play { player = 2, "place B 0,1 r0", "pass" }
play "place C 0,-1 r0"                               -- Red extends its own mayor's city
expect.legal "deploy builder N"
play "deploy builder N"
expect.supply { player = 1, kind = "builder", count = 0 }
expect.occupied { at = { 0, 0 }, port = "N", by = { 1, 1 } }
