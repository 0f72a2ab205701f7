-- abbey-mayor.md §7 AM-EX-14, §3.4: a barn only on a corner where 4 tiles
-- meet, one just placed, all four field at that point. Around the corner
-- (1,1): E (0,0), G (1,0) (city band W-E: its west end reaches the corner), B (0,1);
-- Blue places B at (1,1): the city touches the corner: no barn. Elsewhere
-- only 2 or 3 tiles meet: no barn at all.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-14: no barn where a city touches the corner" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 } },
  { "G", at = { 1, 0 }, fixed = true },
  { "B", at = { 0, 1 } },
}

play "place B 1,1 r0"
expect.moves { match = "^deploy barn", count = 0 }
