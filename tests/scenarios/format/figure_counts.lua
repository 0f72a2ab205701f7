-- The scenario format: per-scenario figure counts. abbey-mayor.md §1
-- gives one barn and one wagon each; a scenario may give more (peer
-- engines' test games use two barns or two wagons for one player).
scenario "format: figures = { ... } sets the supplies" {
  game = "base", with = { "abbey_mayor" }, players = 3, start = false,
  figures = { barn = 2, wagon = { 2, 1, 0 } },
}

setup { { "E", at = { 0, 0 } } }

expect.supply { player = 1, kind = "barn", count = 2 }
expect.supply { player = 3, kind = "barn", count = 2 }
expect.supply { player = 1, kind = "wagon", count = 2 }
expect.supply { player = 2, kind = "wagon", count = 1 }
expect.supply { player = 3, kind = "wagon", count = 0 }
expect.supply { player = 1, kind = "meeple", count = 7 }
-- player 1's two wagons: one now, one later
play("place E 1,0 r1", "deploy wagon E")
expect.supply { player = 1, kind = "wagon", count = 1 }
