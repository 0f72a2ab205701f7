-- examples/house-rules/retreat.lua: after the figure phase, a meeple on an
-- unfinished road may come home for 1 point. Players: 1 = You, 2 = Blue.
-- The start tile D lies at 0,0 (city cap N, road W-E); U is a straight
-- road (segment 1 the road, 2 and 3 the fields).
scenario "retreat: a meeple leaves an unfinished road for 1 point" {
  game = "base", players = 2,
  rules = { "../retreat.lua" },
}

play("place U 1,0 r1", "deploy meeple E")   -- You: a thief on the road going east
-- the retreat phase offers that meeple (x, y, segment as declared), or pass
expect.moves { "action retreat 1 0 1 0", "pass" }
play "pass"
play("place U 2,0 r1", "pass")              -- Blue: the road goes on, still open;
expect.player(1)                            -- no meeple of Blue's out: no retreat phase
play("place U -1,0 r1", "pass")             -- You again: the road is still unfinished
choose { type = "action", action = "retreat", args = { x = 1, y = 0, segment = 1 } }
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.score { -1, 0 }
