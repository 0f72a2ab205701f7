-- abbey-mayor.md §7 AM-EX-06 (illegal: the completed road) and AM-EX-12
-- (2) and (6): as AM-EX-06, but the gate road is already complete (T - U -
-- cloister A): not a destination, and neither is the cloister beyond it
-- (the wagon may not pass through a feature). Only the return is left:
-- no decision, the wagon goes home at once (§3.3: "if no such feature
-- exists, it must return") and the next player is to move.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-12: completed road and the cloister behind it are refused" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "T", at = { 0, 0 }, figure = { player = 1, kind = "wagon", on = "N" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { -1, 0 }, rot = 1 },
  { "U", at = { 0, 1 } },
  { "A", at = { 0, 2 }, rot = 2 },
}

expect.closed { at = { 0, 1 }, port = "N" }
play("place E 1,0 r3", "pass")
expect.score { 8, 0 }
expect.supply { player = 1, kind = "wagon", count = 1 }
expect.player(2)
expect.phase "place_tile"
