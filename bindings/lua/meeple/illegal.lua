-- meeple.illegal: why a move given as text is not legal now, in words,
-- for every door a move comes in by: Session:apply (and so meeple_apply_text
-- in C and Game.apply in Python), the server API, a bot that names its
-- move. The words are the scenario runner's (meeple.scenario.run): the
-- engine's reason word, then what it means here, with a veto's own
-- reason and the hook's line: "vetoed: refused by an allow hook: nothing
-- north of the start tile (house.lua:2)".
--
-- Invariant: asking changes nothing (play:why and the veto round's kept
-- reasons are read only), and a question that cannot be answered (a text
-- that names no move of this game) gives nil, never an error.

local run_mod = require "meeple.scenario.run"

local M = {}

-- One explainer per loaded rules (its tile definitions, read once).
local explainers = setmetatable({}, { __mode = "k" })

-- The reason text is not legal now ("vetoed: ..."), or nil.
function M.why(rs, play, text)
  local ex = explainers[rs]
  if not ex then
    ex = run_mod.new_run({}, rs)
    explainers[rs] = ex
  end
  local ok, why = pcall(ex.why_illegal, ex, play, text)
  if not ok or type(why) ~= "string" or why == "legal" then return nil end
  return why
end

-- "'TEXT' is not a legal move now (phase P, N legal moves): WHY" from
-- play:find_move's message, and the reason alone (or nil).
function M.message(rs, play, text, not_found)
  local why = M.why(rs, play, text)
  if not why then return not_found, nil end
  return ("%s: %s"):format(not_found, why), why
end

return M
