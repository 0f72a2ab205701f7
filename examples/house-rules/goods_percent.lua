-- House rule: relative goods scoring (the goods bonus as a percentage).
--
-- Where from: scripts/traders_builders.lua §6 HR-TB-2 (credited to
-- kissybooboo), modelled on King & Robber. A goods majority no longer
-- pays a flat 10: it pays 10% of the player's total score or 10 points,
-- whichever is larger, the total being taken after the fields and the
-- unfinished features (and before the goods). A player who does not hold
-- the majority gets 2 points per token instead.
--
-- The source leaves two things open; both are options:
--   goods_bonus  = per_good (default): the percentage bonus for each good
--                  you lead; once: one bonus in all, however many you lead
--   goods_tokens = per_good (default): 2 per token of each good you do not
--                  lead; no_majority: 2 per token held, only for a player
--                  who leads no good at all; none: no consolation
-- and goods_percent sets the percentage (default 10). Percentages round
-- down.
--
-- Traders & Builders pays its flat 10s in C (`majority` declarations)
-- during the final scoring; this rule cannot take those declarations back,
-- so a final_scoring hook, which runs just after, pays the difference
-- (negative with goods_bonus=once when you lead more than one good) and
-- the tokens, all under the reason "goods".
--
-- Run:  meeple play --with traders_builders --rules examples/house-rules/goods_percent.lua
--       meeple play --with traders_builders --rules examples/house-rules/goods_percent.lua --option goods_bonus=once
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "goods_percent" { requires = { "traders_builders" } }

local PERCENT = option "goods_percent" {
  default = 10, doc = "Goods majority bonus: this percentage of the total score, at least 10 points.",
}
local BONUS = option "goods_bonus" {
  values = { "per_good", "once" }, default = "per_good",
  doc = "The percentage bonus once per good led (default) or once in all.",
}
local TOKENS = option "goods_tokens" {
  values = { "per_good", "no_majority", "none" }, default = "per_good",
  doc = "2 per token of each good you do not lead (default), 2 per token only "
     .. "for players leading no good, or none.",
}

local GOODS = { "wine", "wheat", "cloth" }   -- Traders & Builders' counters
local FLAT = 10                              -- what its majority declarations paid

on("final_scoring", function(ctx)
  local g = ctx.game
  local n = g:players()
  -- who leads each good (most tokens, more than none; ties all lead)
  local leads, led = {}, {}
  for p = 1, n do leads[p] = 0; led[p] = {} end
  for _, good in ipairs(GOODS) do
    local most = 0
    for p = 1, n do most = math.max(most, g:counter(p, good)) end
    if most > 0 then
      for p = 1, n do
        if g:counter(p, good) == most then leads[p] = leads[p] + 1; led[p][good] = true end
      end
    end
  end
  -- totals before the goods: the score minus every "goods" payment so far
  local before = g:scores()
  for _, e in ipairs(g:ledger()) do
    if e.reason == "goods" then before[e.player] = before[e.player] - e.points end
  end
  for p = 1, n do
    local bonus = math.max(FLAT, before[p] * PERCENT // 100)
    local delta = 0
    if BONUS == "per_good" then
      delta = (bonus - FLAT) * leads[p]
    elseif leads[p] > 0 then
      delta = bonus - FLAT * leads[p]
    end
    if TOKENS == "per_good" then
      for _, good in ipairs(GOODS) do
        if not led[p][good] then delta = delta + 2 * g:counter(p, good) end
      end
    elseif TOKENS == "no_majority" and leads[p] == 0 then
      for _, good in ipairs(GOODS) do delta = delta + 2 * g:counter(p, good) end
    end
    if delta ~= 0 then ctx:score(p, delta, "goods") end
  end
end)
