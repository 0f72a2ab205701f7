-- The Brook (examples/fan-river/README.md, "Rules"): a brook tile goes
-- on at the brook's open end, nowhere else, even where its sides fit.
-- The spring at 0,0 sends the brook south, toward 0,1.
-- Players: 1 = You, 2 = Blue.
scenario "BROOK-01: a brook tile continues the brook at its open end" {
  game = "base", with = { "../brook.lua" }, players = 2,
}

expect.tile_at { at = { 0, 0 }, id = "bk.spring", rot = 1 }
draws { "bk.S", "bk.S", stack = "brook" }
-- east of the spring a straight fits (field beside field, its brook
-- sides facing empty cells), but the brook is not there
expect.illegal("place bk.S 1,0 r1", "the brook goes on at its open end")
expect.illegal("place bk.S 0,-1 r0", "the brook goes on at its open end")
expect.legal "place bk.S 0,1 r1"
play("place bk.S 0,1 r1", "pass")
expect.tile_at { at = { 0, 1 }, id = "bk.S" }
-- the open end moved south: 0,1 is taken, 0,2 is next
expect.illegal("place bk.S 1,1 r1", "the brook goes on at its open end")
expect.legal "place bk.S 0,2 r1"
expect.open { at = { 0, 0 }, port = "S" }
expect.feature { at = { 0, 1 }, port = "N", kind = "brook", tiles = 2 }
