-- examples/house-rules/goods_percent.lua (traders-builders.md §6 HR-TB-2)
-- with goods_bonus=once and goods_tokens=no_majority: one percentage
-- bonus however many goods you lead; tokens pay only a player who leads
-- nothing. The position of goods_percent.lua. Players: 1 = You, 2 = Blue.
-- You lead wine and wheat: one bonus of max(10, 12) = 12 instead of the
-- flat 2 x 10: 124 + 12 = 136 (a -8 correction after the flat 20).
-- Blue leads cloth: 10, no token points (Blue leads a good): 10.
scenario "HR-TB-2 goods_percent: once in all, tokens only without a majority" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
  rules = { "../goods_percent.lua" },
  options = { goods_bonus = "once", goods_tokens = "no_majority" },
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

turn "place E 0,-1 r2"
turn "place E 1,-1 r2"
final()
expect.final { 136, 10 }
expect.points { player = 1, reason = "goods", points = 12 }
