-- Watchtowers (README.md, "Rules"): a watchtower is built only where its
-- lines of sight hold at least two tiles; one that fits nowhere so is
-- discarded, as any tile that cannot be placed. A pass on the tower
-- scores nothing.
scenario "WATCH-02: a watchtower overlooks at least two tiles" {
  game = "base", with = { "../watchtowers.lua" }, players = 2, start = false,
}

setup { { "E", at = { 0, 0 } } }
-- with one tile on the board every cell sees one tile at most
draws { "wt.A", "U" }
expect.discards { "wt.A" }
expect.tile "U"
play("place U 0,1 r1", "pass")  -- a road east-west below the city cap
draws { "wt.A" }
-- 1,1 sees 0,1 to the west and nothing north: one tile
expect.illegal("place wt.A 1,1 r1", "a watchtower must overlook at least 2 tiles")
-- 0,2 sees 0,1 and 0,0 to the north
expect.legal "place wt.A 0,2 r1"
play("place wt.A 0,2 r1", "pass")
expect.tile_at { at = { 0, 2 }, id = "wt.A", rot = 1 }
expect.ledger {}
