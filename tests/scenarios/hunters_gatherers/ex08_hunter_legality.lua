-- hunters-gatherers.md §7 HG-EX-08, §3.2: a river separates your new
-- grassland from the one holding Blue's hunter, so your hunter is legal;
-- on Blue's grassland it is not. 0 points now; hunters stay.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-08: hunter legal across a river, refused in Blue's grassland" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "grassland_kit.tiles" }   -- the shared grassland test tiles
setup {
  { "RV", at = { 0, 0 }, figure = { player = 2, kind = "meeple", on = "W" } },
}
play "place GR 1,0 r0"                 -- east of the river
expect.legal "deploy meeple N"
play "deploy meeple N"
expect.ledger_last_turn { }
play "place RV -1,0 r0"                -- Blue's turn: its east grassland joins Blue's
expect.illegal("deploy meeple E", "occupied")
expect.legal "deploy meeple W"
play "pass"
expect.supply { player = 1, kind = "meeple", count = 4 }
