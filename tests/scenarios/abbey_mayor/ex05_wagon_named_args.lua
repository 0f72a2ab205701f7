-- AM-EX-05 again (ex05_wagon_road.lua), with the wagon's move chosen as a
-- table with named arguments (docs/lua-api.md, action; the wagon's are
-- owner, x, y, segment): the same move as "action wagon 1 1 3 1".
scenario "AM-EX-05: a wagon move by its named arguments" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 } },
  { "U", at = { 0, 1 }, figure = { player = 1, kind = "wagon", on = "N" } },
  { "U", at = { 0, 2 } },
  { "U", at = { -1, 3 }, rot = 1, fixed = true, figure = { player = 2, on = "E" } },
  { "U", at = { 1, 3 }, rot = 1, fixed = true },
}

play("place W 0,3 r2", "pass")
expect.phase "after_scoring"
choose { type = "action", action = "wagon", args = { owner = 1, x = 1, y = 3, segment = 1 } }
expect.occupied { at = { 1, 3 }, port = "E", by = { 1 } }
expect.player(2)
expect.supply { player = 1, kind = "wagon", count = 0 }
