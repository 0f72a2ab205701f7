-- hunters-gatherers.md §7 HG-EX-12, §4.2: 1 deer, 2 tigers; Blue's hunter
-- alone: Blue +0 (never negative).
-- Players: 1 = You, 2 = Blue.
scenario "HG-EX-12: more tigers than deer: Blue +0" {
  game = "hunters_gatherers", players = 2, start = false,
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
  { "GRd", at = { 0, 0 }, figure = { player = 2, kind = "meeple", on = "N" } },
  { "GRt", at = { 1, 0 } },
  { "GRt", at = { 2, 0 } },
}
final()
expect.ledger_final { }
expect.final { 0, 0 }
