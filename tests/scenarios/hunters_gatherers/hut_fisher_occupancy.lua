-- hunters-gatherers.md §3.2: meeples block only meeples and huts only
-- huts. On a river with your fisher Blue may not add a fisher but may add
-- a hut; on a river with Blue's hut you may add a fisher but not a hut.
-- Players: 1 = You, 2 = Blue.
scenario "fisher refused on an occupied river, hut allowed; and the reverse" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles { file = "river_kit.tiles" }   -- the shared river test tiles
setup {
  { "RV", at = { 0, 0 }, figure = { player = 1, kind = "meeple", on = "N" } },
  { "RV", at = { 5, 0 }, fixed = true, figure = { player = 2, kind = "hut", on = "N" } },
}
play "place RV 5,1 r0"                 -- You extend Blue's hut river
expect.illegal("deploy hut N", "occupied")
expect.legal "deploy meeple N"
play "deploy meeple N"
play "place RV 0,1 r0"                 -- Blue extends your fisher's river
expect.illegal("deploy meeple N", "occupied")
expect.legal "deploy hut N"
play "deploy hut N"
expect.occupied { at = { 0, 0 }, port = "N", by = { 1, 2 } }
expect.occupied { at = { 5, 0 }, port = "N", by = { 1, 2 } }
