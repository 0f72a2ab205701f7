-- examples/house-rules/no_early_farmers.lua with farmer_delay = 1: no
-- farmer in turn 1 (roads, cities and cloisters are fine); from turn 2 on
-- the base rules (base.md §3.2) again. Players: 1 = You, 2 = Blue.
-- The start tile D lies at 0,0 (city cap N, road W-E).
scenario "no_early_farmers: no farmer during the first turns" {
  game = "base", players = 2,
  rules = { "../no_early_farmers.lua" }, options = { farmer_delay = 1 },
}

play "place U 1,0 r1"             -- the road goes on east; fields N and S of it
expect.illegal("deploy meeple N", "no farmers before turn 2")  -- a farmer: not in turn 1
expect.illegal "deploy meeple S"
expect.legal "deploy meeple E"    -- a thief is fine
play "pass"
play "place U 2,0 r1"             -- Blue, turn 2
expect.legal "deploy meeple N"
expect.legal "deploy meeple S"
