-- princess-dragon.md §2.3 (deploy_anywhere): the portal deploys a follower
-- from the player's supply; with none left it offers nothing (the fairy
-- still may move). Players: 1 = Blue (no meeple left), 2 = Red.
scenario "a portal with no follower in supply offers nothing" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
  figures = { meeple = { 0, 7 } },
}

setup { { "E", at = { 0, 0 } }, { "B", at = { 1, 0 } } }

play "place pd.G3 0,1 r2"
expect.moves { match = "^action portal", count = 0 }
expect.player(2)                                        -- no decision: the turn went on
