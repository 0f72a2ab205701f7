-- docs/scenarios.md: expect.figure names a figure's spot as moves name
-- it, a corner too. abbey-mayor.md §3.4: a barn stands at a corner of a
-- tile, on the field there.
-- Players: 1 = Red, 2 = Blue.
scenario "expect.figure: a barn at a corner" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 1, kind = "barn", on = "NE" } },
}

expect.figure { at = { 0, 0 }, spot = "NE", kind = "barn", player = 1 }
expect.figure { at = { 0, 0 }, spot = "NE", kind = "barn", player = 2, count = 0 }
expect.figure { at = { 0, 0 }, spot = "C", count = 0 }
expect.supply { player = 1, kind = "barn", count = 0 }

-- expect.occupied and expect.free name a corner as moves do too: the
-- field at that corner holds the barn, and no figure stands on the
-- cloister in the middle.
expect.occupied { at = { 0, 0 }, port = "NE", by = { 1 } }
expect.free { at = { 0, 0 }, port = "C" }
