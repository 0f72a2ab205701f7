-- gq11.md §4 GQ11-EX-03 [constructed], §2: the herd counts only in the
-- farm that holds it. One completed city between two farms: the herd's
-- (Alice's farmer on gq.F) scores 4 for it, the plain farm on the other
-- side (Alice's farmer on the closing E's field) 3.
-- Players: 1 = Alice, 2 = Bob.
scenario "GQ11-EX-03: the herd's farm 4, the farm beyond 3" {
  game = "base", with = { "gq11" }, players = 2, start = false,
}

setup {
  { "gq.F", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "E", at = { 0, -1 } },
}

stack { "E" }
play("place E 0,-2 r2", "deploy meeple N")
expect.over()
expect.final { 7, 0 }
expect.points { player = 1, reason = "field", points = 7 }
