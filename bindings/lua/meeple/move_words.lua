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

-- {======================================================================
-- A move in words: "tile D goes to 1,0, turned a quarter right", "a
-- meeple onto the city (N)", "the dragon moves to 0,0, step 3 of 6". An
-- action played by a capability is told by what that capability does;
-- another action by its arguments' names.
-- =======================================================================

local TURNS = { [0] = "as printed", "turned a quarter right", "turned half round", "turned a quarter left" }

-- What each capability's action does, from its arguments (a: by name).
local function cap_words(decl, name, a)
  local w = decl.walker
  if w and w.action == name then
    return ("the %s moves to %d,%d, step %d of %d"):format(w.figure, a.x or 0, a.y or 0, a.step or 0, w.steps or 0)
  end
  local c = decl.companion
  if c and c.action == name then
    return ("the %s joins the figure at %d,%d (segment %d)"):format(c.figure, a.x or 0, a.y or 0, a.segment or 0)
  end
  local e = decl.evict
  if e and e.action == name then
    return ("a follower at %d,%d (segment %d) goes home"):format(a.x or 0, a.y or 0, a.segment or 0)
  end
  local so = decl.split_occupancy
  if so and so.action == name then
    return ("a %s onto a free part at %d,%d (segment %d)"):format(so.figure, a.x or 0, a.y or 0, a.segment or 0)
  end
  local d = decl.deploy_anywhere
  if d and d.action == name then
    return ("a figure goes anywhere: onto %d,%d (segment %d)"):format(a.x or 0, a.y or 0, a.segment or 0)
  end
  for _, r in ipairs(decl.recalls or {}) do
    if r.action == name then
      return ("a figure at %d,%d (segment %d) comes home"):format(a.x or 0, a.y or 0, a.segment or 0)
    end
  end
  for _, f in ipairs(decl.figures or {}) do
    if f.relocate and f.relocate.action == name then
      if (a.segment or 0) == 0 then return ("player %d's %s goes home"):format(a.owner or 0, f.name) end
      return ("player %d's %s moves to %d,%d (segment %d)"):format(a.owner or 0, f.name, a.x or 0, a.y or 0, a.segment)
    end
  end
end

--- A move (as play:moves() lists it, before it is made) in words for
--- people; rs: the loaded rules. Never fails: a move it cannot tell
--- gives its type.
function M.words(rs, play, m)
  local ok, text = pcall(function()
    if m.type == "place" then
      return ("tile %s goes to %d,%d, %s"):format(m.tile, m.x, m.y, TURNS[(m.rot or 0) % 4])
    elseif m.type == "deploy" then
      local at = m.at or {}
      if at.feature then
        local spot = at.feature:spot()
        local t = spot.tile:info()
        return ("a %s onto the %s at %d,%d"):format(m.figure, at.feature:kind(), t.x, t.y)
      elseif at.tile then
        local t = at.tile:info()
        return ("a %s onto the tile at %d,%d"):format(m.figure, t.x, t.y)
      elseif at.corner or at.cell then
        local c = at.corner or at.cell
        return ("a %s onto the %s at %d,%d"):format(m.figure, at.corner and "corner" or "cell", c[1], c[2])
      end
      return ("a %s"):format(m.figure)
    elseif m.type == "pass" then
      return "no more this turn"
    elseif m.type == "draw" then
      return "draws a tile"
    elseif m.type == "action" then
      local a = m.args or {}
      local said = cap_words(rs.decl or {}, m.action, a)
      if said then return said end
      local label = M.label(play, m)
      if label then
        local parts = {}
        for name, v in label:gmatch("(%w[%w_]*)=(%-?%d+)") do parts[#parts + 1] = name .. " " .. v end
        return ("%s: %s"):format(m.action, table.concat(parts, ", "))
      end
      return m.action
    end
    return m.type
  end)
  return ok and text or tostring(m.type)
end

-- }======================================================================

return M
