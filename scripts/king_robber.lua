-- King & Robber Baron (C1 2003 in "King & Scout"; C2 2017 in "Count, King
-- & Robber"), an expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/king_robber.md):
--   §1 Components and setup; §2 The king; §3 The robber baron; §4 Final
--   scoring; §5 Scoring variants; §6 Interactions; §7 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with king_robber
--   meeple play --with king_robber --option king_robber_scoring=15/40
--
-- The king and the robber baron are no tiles on the board but awards a
-- player holds: each is a counter (`king`, `robber`: 1 for the holder, 0
-- for the others), so games, saves, replays and scenarios
-- (expect.counter) see who holds them; the sizes of the largest city and
-- longest road completed so far and how many of each were completed are
-- the records' own (in C, kept with the play).
--
-- What runs where. First written as hooks (issue #41: "first as hooks"):
-- one on("feature_scored") for every scored feature (22 a game: the
-- public API cannot narrow it to completed cities and roads) and the
-- final scoring in Lua cost 478k instructions a game against base's 192k,
-- 0.40x, below the 0.5x the issue asks. So the awards are now the general
-- capability `record` (engine/src/flow/caps/scoring/cap_record.c,
-- docs/lua-api.md), declared as data, in C:
--   who completed the largest city, longest   record "king" / "robber"
--   road so far; how many were completed       (the counters show it)
--   the holders' points: per_feature, 10/20,   the records' final_each /
--   continuous                                  final / each_closed
--   15/40 (one player holding both: 40)        on("final_scoring"), only
--                                               with that option: it
--                                               reads the two counters
-- No Lua call during play with any option (king_robber.md §9).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "king_robber" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the 5 land tiles are shuffled into the base tiles.
tiles "king_robber"

-- §1: the king tile and the robber baron tile, beside the board until a
-- player earns one: who holds each, as a counter.
counter "king"
counter "robber"
reason "king"
reason "robber"

-- §5: how the holders score. per_feature is the rules' (§4); the others
-- are JCloisterZone's settings ("king-and-robber-scoring").
local SCORING = option "king_robber_scoring" {
  values = { "per_feature", "10/20", "15/40", "continuous" }, default = "per_feature",
  doc = "How the king and robber baron score (§4, §5): per_feature (the rules, default: "
     .. "1 a completed city / road at the end), 10/20 (10 each at the end), 15/40 "
     .. "(15 each, 40 for one player holding both), continuous (1 to the holder "
     .. "whenever a city / road is completed, nothing at the end).",
}

-- }======================================================================

-- {======================================================================
-- §2 The king; §3 The robber baron; §4 Final scoring; §5 Scoring variants
-- =======================================================================

-- §2, §3: a completed city (road) of more tiles than any completed before
-- gives the king (robber baron) to the player who completed it: the
-- active player, who placed the completing tile, whoever occupies the
-- feature; a tie keeps it where it is (the record's rule).
-- §4 per_feature: 1 a completed city / road at the end, all of them,
-- whoever completed them. 10/20: 10 each at the end. §5 continuous: the
-- holder when the turn part's scoring began scores 1 a completed city
-- (road), nothing at the end. 15/40: below.
local POINTS = {
  per_feature = { final_each = 1 },
  ["10/20"] = { final = 10 },
  ["15/40"] = {},
  continuous = { each_closed = 1 },
}
local function award(kind, spec)
  local decl = { kind = kind }
  for k, v in pairs(POINTS[SCORING]) do decl[k] = v end
  record(spec)(decl)
end
award("city", "king")
award("road", "robber")

-- }======================================================================

-- {======================================================================
-- §5 Scoring variant 15/40
-- =======================================================================

-- §5 15/40: after the final scoring, 15 for each award, 40 for one
-- player holding both.
if SCORING == "15/40" then
  on("final_scoring", function(ctx)
    local g = ctx.game
    local king, robber = 0, 0
    for p = 1, g:players() do
      if g:counter(p, "king") > 0 then king = p end
      if g:counter(p, "robber") > 0 then robber = p end
    end
    if king > 0 and king == robber then
      ctx:score(king, 40, "king")
    else
      if king > 0 then ctx:score(king, 15, "king") end
      if robber > 0 then ctx:score(robber, 15, "robber") end
    end
  end)
end

-- }======================================================================
