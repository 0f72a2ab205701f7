-- The Brook (README.md, "Rules"): when the brook tiles are gone the pond
-- comes, and it too must end the brook at its open end; the brook is
-- then complete (it scores nothing) and the land tiles follow.
scenario "BROOK-03: the pond ends the brook" {
  game = "base", with = { "../brook.lua" }, players = 2,
}

stack { "bk.S", stack = "brook" }          -- one brook tile left
play("place bk.S 0,1 r1", "pass")
expect.tile "bk.pond"
-- north of the spring its field faces the spring's field: it fits, but
-- the brook does not end there
expect.illegal("place bk.pond 0,-1 r1", "the brook goes on at its open end")
play("place bk.pond 0,2 r1", "pass")       -- its brook side north, onto 0,1's
expect.closed { at = { 0, 0 }, port = "S" }
expect.feature { at = { 0, 2 }, port = "N", kind = "brook", tiles = 3, closed = true }
expect.ledger {}
expect.stack { size = 0, stack = "brook_end" }
