-- mage_witch.md §6 example 1 (§3, §4): a tile that joins the mage's city
-- and the witch's makes its player move one of them off, before the city
-- is scored. The mage leaves; the witch halves the city: 6 (12).
-- Players: 1 = Red, 2 = Blue.
scenario "MW-EX-1: joined: one must leave before scoring" {
  game = "base", with = { "mage_witch" }, players = 2,
}

play "place mw.CRRR.3 -1,0 r0"
expect.phase "magic"
expect.moves { match = "^pass", count = 0 }          -- placing one is a must
play("action magic 1 -1 0 1", "pass")                 -- the mage on the cap at -1,0
play "place mw.CcRr.1 1,0 r1"
expect.illegal("action magic 2 -1 0 1", "no such choice")  -- never with the mage
play("action magic 2 0 0 1", "pass")                  -- the witch on the start's cap
expect.feature { at = { 0, 0 }, port = "N", witch = 1, mage = 0 }
play("place M 0,-1 r3", "deploy meeple S")            -- no magic tile: no magic phase
play "place M -1,-1 r2"                               -- joins both caps and closes the city
expect.phase "magic"
expect.moves { match = "^action magic %d %-1 %-1", count = 0 }  -- not onto the joined city
play("action magic 1 -1 0 2", "pass")                 -- the mage to the road
expect.ledger_last_turn { { player = 1, points = 6, reason = "city" } }
expect.feature { at = { -1, 0 }, port = "E", mage = 1 }
expect.figure { at = { 0, 0 }, spot = "N", kind = "witch", count = 0 }
