-- Lakes & Fishers, "The fisher": only a fisher stands on a lake, a fisher
-- stands nowhere else, one per lake; a lake side never faces a city, and
-- may face a road (which ends there).
-- The start tile D (city cap N, road W-E) lies at 0,0.
-- Players: 1 = You, 2 = Blue.
scenario "LAKES-04: where lakes and fishers may go" {
  game = "base", with = { "../lakes.lua" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 } },
}

expect.legal "place lk.A 0,1 r0"               -- lake N onto D's field side
expect.illegal("place lk.A 0,-1 r2", "meets")  -- lake S onto D's city
-- lk.C turned r3: lake on its W and S sides. Its W side faces D's road,
-- which ends there; the S side has no tile yet.
play "place lk.C 1,0 r3"
expect.open { at = { 1, 0 }, port = "S" }
expect.open { at = { 0, 0 }, port = "W" }       -- the road: its west end is open
expect.illegal("deploy meeple W", "cannot stand on a lake")
expect.illegal("deploy fisher E", "cannot stand on a field")
play "deploy fisher W"
-- Blue joins a pond below it: one lake, already held by Your fisher. Its
-- last open side is covered, so it closes: 2 tiles x 2 + 2 fish x 2 = 8.
play "place lk.A 1,1 r0"
expect.feature { at = { 1, 0 }, port = "W", kind = "lake", tiles = 2, fish = 2, closed = true }
expect.illegal("deploy fisher N", "occupied")
play "pass"
expect.ledger_last_turn { { player = 1, points = 8, reason = "lake" } }
