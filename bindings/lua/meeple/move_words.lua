-- meeple.move_words: moves in words for people, wherever a move comes in
-- or is offered: why a move text is not legal now (Session:apply, and so
-- meeple_apply_text in C and Game.apply in Python; the server API; a bot
-- or a person at `meeple play` naming a move), and an action move's
-- arguments by name (label). The reasons are the scenario runner's
-- (meeple.scenario.run): the
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

-- "wagon owner=1 x=0 y=1 segment=3": an action move (as play:moves()
-- lists it) by its argument names, in declared order (the order of its
-- text's numbers); nil for an action without names, or another move.
function M.label(play, m)
  if m.type ~= "action" then return nil end
  local names = play:action_args(m.action)
  if not names then return nil end
  local parts = { m.action }
  for _, name in ipairs(names) do parts[#parts + 1] = ("%s=%d"):format(name, m.args[name]) end
  return table.concat(parts, " ")
end

return M
