-- hunters-gatherers.md §7 HG-EX-06, §4.1: your tile joins your river and
-- Blue's into one complete river of 4 tiles with 5 fish (lakes 2 + 2, the
-- new tile's river 1): a tie, both +9, both fishers return.
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-06: a shared 4-tile river with 5 fish: You +9, Blue +9" {
  game = "hunters_gatherers", players = 2, start = false,
}
tiles [[
tile RV x4
  river N S
  grassland NNE E* SSE
  grassland SSW W* NNW
tile RV1 x2
  river N S fish=1
  grassland NNE E* SSE
  grassland SSW W* NNW
tile LK2 x4
  r = river S touches l
  l = lake C fish=2
  grassland N* E* W* SSE SSW
]]
setup {
  { "LK2", at = { 0, 0 } },
  { "RV", at = { 0, 1 }, figure = { player = 2, kind = "meeple", on = "N" } },
  { "LK2", at = { 0, 3 }, rot = 2, fixed = true, figure = { player = 1, kind = "meeple", on = "N" } },
}
play("place RV1 0,2 r0", "pass")
expect.closed { at = { 0, 2 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 9, reason = "river" }, { player = 2, points = 9, reason = "river" } }
expect.supply { player = 1, kind = "meeple", count = 5 }
expect.supply { player = 2, kind = "meeple", count = 5 }
