-- traders-builders.md §4.1: the completing player takes the goods even
-- with no follower in the city, and even when nobody occupies it; an
-- incomplete city never gives goods, not even at the end.
-- tb.Q (wine, city N+W) closed by two E caps: 3 tiles, nobody there: no
-- points, 1 wine to You. Blue's knight sits in an open wine city (tb.R,
-- band turned N-S): 1 point at the end (1 per tile), no wine.
-- Final: You 10 (wine majority), Blue 1.
-- Players: 1 = You, 2 = Blue.
scenario "goods to a completer who has no follower in the city" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "tb.Q", at = { 0, 0 } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "tb.R", at = { 1, 0 }, rot = 1, figure = { player = 2, on = "N" } },
}

play "place E -1,0 r1"                 -- its cap faces east: Q's city closes
expect.closed { at = { 0, 0 }, port = "N" }
play "pass"
expect.score { 0, 0 }
final()
expect.final { 10, 1 }
