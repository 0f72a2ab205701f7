-- base.md §2 step 3 and §3.2: followers return when their feature is
-- scored; farmers never return. Closing the city next to a farmer's
-- field returns the knight, the farmer stays.
scenario "a knight returns when its city scores, the farmer stays" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 1, on = "S" } } },
}

expect.supply { player = 1, count = 5 }
play("place E 0,-1 r2", "pass")
expect.score { 4, 0 }
expect.supply { player = 1, count = 6 }
expect.occupied { at = { 0, 0 }, port = "S", by = { 1 } }
