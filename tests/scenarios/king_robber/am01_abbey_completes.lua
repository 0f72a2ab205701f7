-- king_robber.md §6 (Abbey & Mayor), KR-AM-01 [inferred]: an abbey that
-- completes features completes them for the player who placed it: the
-- king and the robber baron go to that player, whoever occupies them.
-- Blue's abbey closes Red's 1-tile road and its own knight's 1-tile city
-- (abbey-mayor.md §3.1): Blue takes both awards.
-- Players: 1 = Blue, 2 = Red.
scenario "KR-AM-01: an abbey completes a road and a city: both awards" {
  game = "base", with = { "abbey_mayor", "king_robber" }, players = 2, start = false,
}

setup {
  { "am.10", at = { 0, -1 }, fixed = true, figure = { player = 2, on = "S" } },
  { "E", at = { 1, 0 }, rot = 3, fixed = true, figure = { player = 1, on = "W" } },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}

play("place am.abbey 0,0 r0", "pass")
expect.ledger_last_turn {
  { player = 2, points = 1, reason = "road" },
  { player = 1, points = 2, reason = "city" },
}
expect.counter { player = 1, counter = "king", value = 1 }
expect.counter { player = 1, counter = "robber", value = 1 }
expect.counter { player = 2, counter = "robber", value = 0 }
final()
expect.ledger_final { { player = 1, points = 1, reason = "king" },
                      { player = 1, points = 1, reason = "robber" } }
