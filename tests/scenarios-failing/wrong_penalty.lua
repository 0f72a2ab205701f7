-- A deliberately failing scenario whose turn scores a penalty: the failure
-- message must print the ledger entry as "P1 -1 toll", not "P1 +-1 toll".
-- Checked by the CTest test cli/test_failing_scenario.
scenario "deliberately failing: a toll is a penalty, not a gain" {
  game = "base", players = 2,
}
script [[
  reason "toll"
  on("tile_placed", function(ctx) ctx:score(ctx.player, -1, "toll") end)
]]
play("place U 1,0 r1", "pass")
expect.score { 1, 0 }
