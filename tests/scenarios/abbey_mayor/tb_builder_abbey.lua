-- abbey-mayor.md §3.1 [FAQ], §5: completing your builder's road with the
-- abbey does not extend it: no second tile. Road: cloister A (0,-2) - U
-- (0,-1) with Blue's thief and builder - the hole (0,0): 2 tiles, Blue +2;
-- thief and builder return; the turn passes to Red.
-- Players: 1 = Blue, 2 = Red.
scenario "builder plus abbey: no double turn" {
  game = "base", with = { "traders_builders", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, -2 } },
  { "U", at = { 0, -1 }, figures = {
      { player = 1, kind = "meeple", on = "N" },
      { player = 1, kind = "builder", on = "N" } } },
  { "B", at = { 1, 0 }, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}

play("place am.abbey 0,0 r0", "pass")
expect.score { 2, 0 }
expect.supply { player = 1, kind = "builder", count = 1 }
expect.player(2)
expect.part(1)
