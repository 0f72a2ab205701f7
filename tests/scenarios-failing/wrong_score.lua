-- A deliberately failing scenario: `meeple test` must exit 1 and name
-- this file's lines 12 and 13 with the expected and actual values. Not
-- run by default (it lies outside tests/scenarios); the CTest test
-- cli/test_failing_scenario checks the output.
scenario "deliberately failing: a 2-tile city is not worth 5" {
  game = "base", players = 2, start = false,
}
setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } },
}
play("place E 0,-1 r2", "pass")
expect.score { 5, 0 }
expect.illegal("place E 0,-2 r0", "occupied")
