-- bridges_castles_bazaars.md §5, §7 BCB-EX-12: an auction, after the
-- rules' three-player example. Each player starts with 5 points (an inline
-- rule). Red lays a bazaar tile: the next three tiles (E, U, B) are
-- revealed.
-- - Blue, the first auctioneer, takes E with a bid of 2; Green passes, Red
--   bids 3; Blue buys: Blue pays Red 3.
-- - Green takes U for 2; Red bids 3 (Blue, who has a tile, cannot); Green
--   sells: Red pays Green 3.
-- - Green, the last without a tile, takes B free.
-- Scores: Red 5 + 3 - 3 = 5, Blue 5 - 3 = 2, Green 5 + 3 = 8. Then each
-- plays their own tile instead of drawing: Blue E, Green B, Red U.
-- Players: 1 = Red, 2 = Blue, 3 = Green.
scenario "BCB-EX-12: an auction" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 3,
  options = { bridges = false },
}

script [[
  on("turn_begin", function(ctx)
    if ctx.turn == 1 then for p = 1, 3 do ctx:score(p, 5, "bonus") end end
  end)
]]

draws { "bb.F.b", "E", "U", "B" }
play("place bb.F.b 0,1 r0", "pass")
expect.phase "bazaar"
expect.moves { match = "^action bazaar_pick 2 ", count = 18 }   -- 3 tiles x bids 0..5
play("action bazaar_pick 2 1 2 0", "action bazaar_bid 3 0 0 0", "action bazaar_bid 1 3 0 0")
expect.moves { "action bazaar_deal 2 1 0 0", "action bazaar_deal 2 0 0 0" }
play "action bazaar_deal 2 1 0 0"
expect.score { 8, 2, 5 }
play("action bazaar_pick 3 2 2 0", "action bazaar_bid 1 3 0 0", "action bazaar_deal 3 0 0 0")
expect.score { 5, 2, 8 }
expect.player(2)
expect.tile "E"
play("place E 0,-1 r2", "pass")
expect.tile "B"
play("place B 0,2 r0", "pass")
expect.tile "U"
play("place U 1,1 r0", "pass")
expect.score { 5, 2, 8 }
