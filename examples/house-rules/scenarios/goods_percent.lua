-- examples/house-rules/goods_percent.lua (traders-builders.md §6 HR-TB-2),
-- default options: each goods majority pays max(10, 10% of the total
-- before goods); a non-leader gets 2 per token of the goods they do not
-- lead. Players: 1 = You, 2 = Blue.
-- You close a 2-tile city with Your knight: 2 x 2 + 60 pennants x 2 =
-- 124, and take its 2 wine and 1 wheat. Blue closes an empty city and
-- takes 1 wine and 2 cloth. You lead wine and wheat, Blue cloth.
-- Traders & Builders alone: You 124 + 20 = 144, Blue 10.
-- Here: You 10% of 124 = 12 per good led: 124 + 2 x 12 = 148
-- (+10 +10 flat, +4 difference); Blue max(10, 0) = 10 for cloth, and 2 for
-- the wine token it holds without leading wine: 12.
scenario "HR-TB-2 goods_percent: 10% of the score per good, 2 per token" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
  rules = { "../goods_percent.lua" },
}

tiles [[
tile hr.Y
  city N* wine=2 wheat=1 pennant=60
  field E* S* W* touches city
tile hr.Z
  city N* wine=1 cloth=2
  field E* S* W* touches city
]]

setup {
  { "hr.Y", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "hr.Z", at = { 1, 0 } },
}

turn "place E 0,-1 r2"          -- You close Your city: 124
turn "place E 1,-1 r2"          -- Blue closes the empty one
expect.score { 124, 0 }
final()
expect.final { 148, 12 }
expect.ledger_final {
  { player = 1, points = 10, reason = "goods" },   -- wine (Traders & Builders)
  { player = 1, points = 10, reason = "goods" },   -- wheat
  { player = 2, points = 10, reason = "goods" },   -- cloth
  { player = 1, points = 4, reason = "goods" },    -- 2 x (12 - 10)
  { player = 2, points = 2, reason = "goods" },    -- 1 wine token
}
