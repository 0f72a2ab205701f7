-- russian_promos.md §4, §6 RU-EX-04: the Choice of Bogatyr: the roads E,
-- S and W are one road (no junction), the road N another that ends at the
-- stone. Alice's highwayman on the E branch holds the S and W branches
-- too, not the N road.
-- Players: 1 = Alice, 2 = Bob.
scenario "RU-EX-04: the Bogatyr tile's three branches are one road" {
  game = "base", with = { "russian_promos" }, players = 2, start = false,
}

setup { { "ru.RRrr", at = { 0, 0 }, figure = { player = 1, on = "E" } } }

expect.occupied { at = { 0, 0 }, port = "S", by = { 1 } }
expect.occupied { at = { 0, 0 }, port = "W", by = { 1 } }
expect.free { at = { 0, 0 }, port = "N" }
