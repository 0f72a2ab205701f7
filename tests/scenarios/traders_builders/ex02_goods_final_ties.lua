-- traders-builders.md §7 TB-EX-02 (goods final), §4.2: You 20, Blue 30,
-- with the digest's consistency example wine 3-3, wheat 2-2, cloth 0-1
-- (You-Blue): the tied majorities score 10 each, Blue alone the cloth.
-- The per-type counts come from two test tiles (a city cap carrying
-- several symbols), each closed by the player who should hold them.
-- Players: 1 = You, 2 = Blue.
scenario "TB-EX-02: goods majorities with ties: 20 and 30" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

tiles [[
tile gx.Y
  city N* wine=3 wheat=2
  field E* S* W* touches city
tile gx.Z
  city N* wine=3 wheat=2 cloth=1
  field E* S* W* touches city
]]

setup {
  { "gx.Y", at = { 0, 0 } },
  { "gx.Z", at = { 1, 0 } },
}

play("place E 0,-1 r2", "pass")        -- You close Y: 3 wine, 2 wheat
play("place E 1,-1 r2", "pass")        -- Blue closes Z: 3 wine, 2 wheat, 1 cloth
expect.score { 0, 0 }                  -- nobody was in those cities
final()
expect.final { 20, 30 }
expect.ledger_final {
  { player = 1, points = 10, reason = "goods" },   -- wine, tied 3-3
  { player = 1, points = 10, reason = "goods" },   -- wheat, tied 2-2
  { player = 2, points = 10, reason = "goods" },   -- wine, tied
  { player = 2, points = 10, reason = "goods" },   -- wheat, tied
  { player = 2, points = 10, reason = "goods" },   -- cloth, 1-0
}
