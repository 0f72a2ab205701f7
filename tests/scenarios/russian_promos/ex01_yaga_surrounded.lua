-- russian_promos.md §2, §6 RU-EX-01: Baba Yaga's hut surrounded. Alice's
-- follower on the hut at 0,0, seven of the eight cells around it filled
-- (cloister tiles nobody holds); her B at 1,1 fills the last: the hut is
-- complete, 1 point, and the follower goes home.
-- Players: 1 = Alice, 2 = Bob.
scenario "RU-EX-01: a surrounded hut scores 1 and its follower goes home" {
  game = "base", with = { "russian_promos" }, players = 2, start = false,
}

setup {
  { "ru.L", at = { 0, 0 }, figure = { player = 1, on = "C" } },
  { "B", at = { 0, -1 } }, { "B", at = { -1, 0 } }, { "B", at = { 1, 0 } },
  { "B", at = { 0, 1 } }, { "B", at = { -1, -1 } }, { "B", at = { 1, -1 } },
  { "B", at = { -1, 1 } },
}

play("place B 1,1 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 1, reason = "cloister" } }
expect.supply { player = 1, kind = "meeple", count = 7 }
