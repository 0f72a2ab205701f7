-- princess-dragon.md §2.3, §5 (deploy_anywhere) with Abbey & Mayor: the
-- portal deploys any follower the player holds, each where its own rules
-- let it stand: the mayor (kind 2) only in a city, the wagon (kind 3)
-- never in a field, the meeple (kind 1) anywhere open. Players: 1 = Blue,
-- 2 = Red.
scenario "a portal deploys a mayor or a wagon where each may stand" {
  game = "base", with = { "abbey_mayor", "princess_dragon" }, players = 2, start = false,
}

setup { { "E", at = { 0, 0 } }, { "U", at = { -3, 3 }, rot = 1, fixed = true } }

play "place pd.G3 0,1 r2"
expect.legal "action portal 0 0 N 1"                    -- meeple: the open city
expect.legal "action portal 0 0 S 1"                    -- meeple: the field
expect.legal "action portal 0 0 N 2"                    -- mayor: the city
expect.illegal "action portal 0 0 S 2"                  -- mayor: not a field
expect.legal "action portal -3 3 W 3"                   -- wagon: the road
expect.illegal "action portal 0 0 S 3"                  -- wagon: not a field
play "action portal 0 0 N 2"
expect.supply { player = 1, kind = "mayor", count = 0 }
expect.occupied { at = { 0, 0 }, port = "N", by = { 1 } }
