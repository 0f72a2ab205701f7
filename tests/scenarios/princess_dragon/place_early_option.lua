-- princess-dragon.md §2, option dragon_before_volcano = place: the dragon
-- tiles are in the draw stack from the start; one placed while the dragon
-- is off the board is an ordinary tile (no dragon phase, nothing eaten).
-- Players: 1 = Blue, 2 = Red.
scenario "dragon_before_volcano = place: a dragon tile before any volcano" {
  game = "base", with = { "princess_dragon" }, players = 2,
  options = { dragon_before_volcano = "place" },
}

expect.stack { size = 71 + 30 - 1 }             -- one in hand
play("place pd.D6 1,0 r0", "deploy meeple E")
expect.player(2)
expect.occupied { at = { 1, 0 }, port = "E", by = { 1 } }
expect.marker { "dragon", count = 0, column = 0 }
