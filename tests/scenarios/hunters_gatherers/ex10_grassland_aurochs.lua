-- hunters-gatherers.md §7 HG-EX-10, §4.2: a grassland with 1 aurochs,
-- Green's hunter alone: Green +2 at the end.
-- Players: 1 = You, 2 = Blue, 3 = Green.
scenario "HG-EX-10: 1 aurochs, Green's hunter alone: Green +2" {
  game = "hunters_gatherers", players = 3, start = false,
}
tiles [[
tile GR x4
  grassland N* E* S* W*
tile GRm x4
  grassland N* E* S* W* mammoth
tile GRa x4
  grassland N* E* S* W* aurochs
tile GRd x4
  grassland N* E* S* W* deer
tile GRt x4
  grassland N* E* S* W* tiger
tile GRw x1
  grassland N* E* S* W* wildfire
tile GRpit x1
  grassland N* E* S* W* pit_trap
tile GRhunt x1
  grassland N* E* S* W* hunting_trap
tile RVm x1                    # river N-S, a mammoth east of it
  river N S
  grassland NNE E* SSE mammoth
  grassland SSW W* NNW
tile RV x4
  river N S
  grassland NNE E* SSE
  grassland SSW W* NNW
]]
setup {
  { "GRa", at = { 0, 0 }, figure = { player = 3, kind = "meeple", on = "N" } },
  { "GR", at = { 1, 0 } },
}
final()
expect.ledger_final { { player = 3, points = 2, reason = "hunters" } }
expect.final { 0, 0, 2 }
