-- examples/house-rules/wagon_cloister_road.lua (abbey-mayor.md §6 HR-AM-1):
-- a wagon may be deployed on a cloister only if its tile shows a road.
-- Abbey & Mayor alone lets it onto any cloister (§3.3). Players: 1 = You,
-- 2 = Blue. D is at 0,0.
scenario "HR-AM-1 wagon_cloister_road: no wagon on a cloister without a road" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
  rules = { "../wagon_cloister_road.lua" },
}

setup {
  { "D", at = { 0, 0 } },
}

-- You: cloister A, its road leading south: the wagon may go in
play "place A 0,1 r0"
expect.legal "deploy wagon C"
expect.legal "deploy meeple C"
play "deploy wagon C"
expect.occupied { at = { 0, 1 }, port = "C", by = { 1 } }
-- Blue: cloister B, no road: a monk yes, the wagon no
play "place B 1,1 r0"
expect.illegal "deploy wagon C"
expect.legal "deploy meeple C"
