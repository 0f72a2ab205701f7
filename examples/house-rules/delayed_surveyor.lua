-- House rule: the second surveyor comes late (New World).
--
-- Where from: scripts/new_world.lua §6 HR-NW-2 (from BGG, "Règles
-- non officielles"). Only one surveyor starts on the board; the other
-- waits on space 0 of the scoring track and advances one space each time
-- a trail, town or farm is completed. On space 5 it goes onto a starting
-- space, and from then on both move as usual.
--
-- The source leaves choices open; this file reads them so:
--   * "completed", not "scored": every completed trail, town or farm
--     counts, occupied or not (a plains area never completes);
--   * the surveyor on the board moves (and sweeps) as usual during the
--     wait: New World moves the eastern-most surveyor, and there is one;
--   * the first starts on Plymouth (the north end space, 0,0), the second
--     comes onto Jamestown (the south end, 0,9): the setup's two spaces;
--   * surveyor_delay (default 5) is the track space that brings it in.
--
-- How: New World puts both surveyors on the board on turn 1, but only
-- when both are still in the supply. A turn_begin hook puts the first one
-- down before that, so New World leaves the second in the supply; a
-- feature_scored hook (it runs for every completed feature, also one
-- nobody holds) counts the completions in the script's state and deploys
-- the second surveyor (a neutral figure, owner 0) on the fifth.
--
-- Run:  meeple play --game new_world --rules examples/house-rules/delayed_surveyor.lua
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "delayed_surveyor" { requires = { "new_world" } }

local DELAY = option "surveyor_delay" {
  default = 5, doc = "Completed trails, towns and farms before the second surveyor comes in.",
}

local FIRST, SECOND = { 0, 0 }, { 0, 9 }   -- Plymouth, Jamestown
local COUNTS = { trail = true, town = true, farm = true }

state { track = 0, in_play = false }

on("turn_begin", function(ctx)
  if ctx.turn == 1 and ctx.game:supply(0, "surveyor") == 2 then
    ctx.game:deploy(0, "surveyor", { cell = FIRST })
  end
end)

on("feature_scored", function(ctx, feature, args)
  local st = ctx.state
  if st.in_play or args.when ~= "closed" or not COUNTS[feature:kind()] then return end
  st.track = st.track + 1
  if st.track >= DELAY and ctx.game:supply(0, "surveyor") > 0 then
    ctx.game:deploy(0, "surveyor", { cell = SECOND })
    st.in_play = true
  end
end)
