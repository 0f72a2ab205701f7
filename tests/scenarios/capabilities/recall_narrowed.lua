-- docs/lua-api.md, recall narrowed by the feature: a house rule's
-- "retreat": at the end of the turn a player may take a follower home,
-- unscored, from a city with a pennant when a cloister lies on one of the
-- 8 cells around one of its pennant tiles (where = "pennant", near =
-- cloister, near_of = "where"); the move names the follower's own spot
-- (names = "spot"). A cloister next to a tile of the city without a
-- pennant opens nothing.
-- Players: 1 = Red, 2 = Blue.
scenario "recall narrowed: where, near, near_of = where, names = spot" {
  game = "base", players = 2,
}

script [[
  action "retreat" { args = { "x", "y", "segment" } }
  phase "retreat" { after = "after_scoring" }
  recall "retreat" {
    phase = "retreat", figures = { "meeple" }, on = { "city" },
    where = "pennant", near = { "cloister" }, near_of = "where", names = "spot",
  }
]]

stack { "F", "B", "U", "B", "U", "U", "U" }
-- Red's knight in F's city band, joined to the start's city cap (open N).
play("place F 0,-1 r1", "deploy meeple S")
expect.player(2)
-- Blue's cloister south of the start: around the start's tile (no
-- pennant), two rows from F: no way out.
play("place B 0,1 r0", "pass")
play("place U 1,0 r1", "pass")
expect.player(2)
expect.phase "place_tile"
-- Blue's cloister west of F, the pennant tile: Red's next turn ends with
-- the retreat.
play("place B -1,-1 r0", "pass")
play("place U 2,0 r1", "pass")
expect.phase "retreat"
expect.moves { "action retreat 0 -1 1 0", "pass" }
play "action retreat 0 -1 1 0"
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.free { at = { 0, -1 }, port = "S" }
expect.player(2)
