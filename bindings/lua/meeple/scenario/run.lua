-- meeple.scenario.run: one run of a scenario's plan: the play, the
-- record of what was played (moves and stack changes, replayed at the
-- end on a fresh play), and the failures so far. Moves are given as
-- text; the runner maps them onto the move the engine lists
-- (rotations of symmetric tiles, any port of a segment), draws the tile
-- a placement names, and says in words why the engine refuses a move.

local common = require "meeple.scenario.common"
local spots = require "meeple.scenario.spots"
local position = require "meeple.scenario.position"

local clean = require("meeple.errors").clean  -- no host location in a failure
local veto_reason = require("meeple.loader.dispatch").veto_reason
local segment_at_spot, spot_of_segment, shape = spots.segment_at_spot, spots.spot_of_segment, spots.shape
local parse_place, parse_deploy = spots.parse_place, spots.parse_deploy
local ledger_entries = common.ledger_entries

local M = {}

local Run = {}
Run.__index = Run
for k, f in pairs(position.methods) do Run[k] = f end

function Run:record_action(a)
  self.record[#self.record + 1] = a
end

-- Stack changes, shared by the run and its replay.
local function apply_mod(play, rs, mod)
  local g = play:game()
  local stack = mod.stack or rs.decl.draw_stack
  if mod.kind == "end" then
    if play.end_game then
      play:end_game()
    else
      mod = { kind = "empty" }
    end
  end
  if mod.kind == "force" then
    g:force(stack, mod.ids)
  elseif mod.kind == "set" or mod.kind == "empty" then
    local stacks = mod.kind == "empty" and rs.decl.stacks or { stack }
    for _, s in ipairs(stacks) do
      for _, id in ipairs(rs.rules:tiles()) do
        while g:stack_count(s, id) > 0 do g:take(s, id) end
      end
    end
    if mod.kind == "set" then
      for _, id in ipairs(mod.ids) do g:stack_add(stack, id, 1) end
      if #mod.ids > 0 then g:force(stack, mod.ids) end
    end
  end
end

local function redo(play, action)
  if action.kind == "start" then
    play:start(action.first)
  elseif action.kind == "move" then
    local i, why = play:find_move(action.text)
    if not i then error(why, 0) end
    play:apply_index(i)
  elseif action.kind == "apply" then
    play:apply(action.move)
  elseif action.kind == "undraw" then
    play:undraw()
  elseif action.kind == "redraw" then
    play:redraw()
  end
end

function Run:ensure_started()
  if self.started then return end
  self.snapshot = self.play:clone()
  self.last = { kind = "start", first = self.plan.header.first_player }
  self.play:start(self.last.first)
  self.started = true
  self:record_action(self.last)
  self.ledger_mark = 0
end

-- A tile was drawn by the last action and nothing was placed since: a
-- change to the stacks now can still decide that draw.
function Run:can_rewind()
  local p = self.play
  return self.started and not p:over() and p:tile() ~= nil and p:placed() == nil
end

-- Applies a stack change as if it had been made before the last action.
function Run:change_stacks(mod)
  if not self.started then
    apply_mod(self.play, self.rs, mod)
    self:record_action(mod)
    return
  end
  if self.play:over() then error("the game is over", 0) end
  if not self:can_rewind() then
    apply_mod(self.play, self.rs, mod)
    self:record_action(mod)
    return
  end
  local p = self.play
  if mod.kind ~= "end" and self:stacks_changed_by_last() then
    -- the last move changed the stacks itself (a volcano brings the
    -- dragon tiles): the change comes after it, and the tile in hand
    -- is drawn again
    p:undraw()
    apply_mod(p, self.rs, mod)
    p:redraw()
    self:record_action({ kind = "undraw" })
    self:record_action(mod)
    self:record_action({ kind = "redraw" })
  else
    p:restore(self.snapshot)
    apply_mod(p, self.rs, mod)
    self.snapshot = p:clone()
    table.insert(self.record, #self.record, mod)
    redo(p, self.last)
  end
  self:check_drawn(mod)
end

-- Did the last action add or take tiles to or from the stacks, other than
-- the draws of the tile in hand (and the unplaceable ones before it)?
function Run:stacks_changed_by_last()
  if self.last.kind == "start" then return false end
  local before, now = self.snapshot:game(), self.play:game()
  local hand = self:hand_stack()
  for _, s in ipairs(self.rs.decl.stacks) do
    local a, b = before:stack_size(s), now:stack_size(s)
    if s == hand and b >= a or s ~= hand and a ~= b then return true end
  end
  return false
end

-- A draw that cannot take effect fails loudly: after `draws` on the
-- stack the turn draws from, the tile in hand is one of those named (the
-- ones before it fitted nowhere).
function Run:check_drawn(mod)
  local p = self.play
  if mod.kind ~= "force" or p:over() or not p:tile() or p:placed() then return end
  if (mod.stack or self.rs.decl.draw_stack) ~= self:hand_stack() then return end
  for _, id in ipairs(mod.ids) do if p:tile() == id then return end end
  error(("draws { %s }: the tile in hand is %s: none of these could be drawn"):format(
    table.concat(mod.ids, ", "), p:tile()), 0)
end

-- Which stack did the tile in hand come from? A turn's first part draws
-- from the draw stack (a hook may have moved tiles between stacks since
-- the snapshot); an extra part from the one that shrank.
function Run:hand_stack()
  if self.play:part() == 1 then return self.rs.decl.draw_stack end
  local before, now = self.snapshot:game(), self.play:game()
  for _, s in ipairs(self.rs.decl.stacks) do
    if now:stack_size(s) < before:stack_size(s) then return s end
  end
  return self.rs.decl.draw_stack
end

-- A copy of the play with `id` in hand instead (for legality questions).
function Run:trial_with(id)
  local copy
  if not self.started then
    copy = self.play:clone()
    copy:game():force(self.rs.decl.draw_stack, { id })
    copy:start()
  else
    local stack = self:hand_stack()
    copy = self.snapshot:clone()
    local ok, err = pcall(copy:game().force, copy:game(), stack, { id })
    if not ok then return nil, err end
    redo(copy, self.last)
  end
  return copy
end

-- The text the engine lists for the same move: rotations of symmetric
-- tiles and any port of a segment map to the listed name.
function Run:canonical(play, text)
  if play:find_move(text) then return text end
  local id, x, y, r = parse_place(text)
  if id and self.defs[id] then
    local want = shape(self.defs[id], r)
    for rot = 0, 3 do
      local alt = ("place %s %d,%d r%d"):format(id, x, y, rot)
      if rot ~= r and shape(self.defs[id], rot) == want and play:find_move(alt) then return alt end
    end
    return text
  end
  local kind, spot = parse_deploy(text)
  if kind and play:placed() then
    local info = play:placed():info()
    local def = self.defs[info.id]
    local seg = segment_at_spot(def, info.rot, spot)
    if seg then return ("deploy %s %s"):format(kind, spot_of_segment(def, seg, info.rot)) end
  end
  if text:match("^action ") then return self:action_segments(play, text) end
  return text
end

-- "action wagon 1 0 0 C": an argument that names a spot (a port, a
-- corner, C, C2) stands for the segment number (from 1, in the order the
-- tile's notation lists them) of the tile at the two arguments before it.
function Run:action_segments(play, text)
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  for i = 3, #words do
    if not words[i]:match("^%-?%d+$") then
      local x, y = tonumber(words[i - 2]), tonumber(words[i - 1])
      local th = x and y and play:game():tile_at(x, y)
      if not th then return text end
      local info = th:info()
      local seg = segment_at_spot(self.defs[info.id], info.rot, words[i])
      if not seg then return text end
      words[i] = tostring(seg)
    end
  end
  return table.concat(words, " ")
end

-- A move text as the move table play:why takes, or nil and why the text
-- names no move of this game at all.
function Run:move_of_text(play, text)
  local id, x, y, r = parse_place(text)
  if id then
    if not self.defs[id] then return nil, ("no tile '%s' in this game"):format(id) end
    return { type = "place", tile = id, x = x, y = y, rot = r }
  end
  local kind, spot = parse_deploy(text)
  if kind then
    if not self.rs.decl.figure_index[kind] then return nil, ("no figure '%s' in this game"):format(kind) end
    local th = play:placed()
    if not th then return { type = "deploy", figure = kind, at = { out = true } } end
    local info = th:info()
    local seg = segment_at_spot(self.defs[info.id], info.rot, spot)
    if not seg then return nil, ("the tile just placed (%s) has no segment at '%s'"):format(info.id, spot) end
    return { type = "deploy", figure = kind, at = { feature = th:feature(seg) } }, th:feature(seg)
  end
  if text == "pass" or text == "draw" then return { type = text } end
  local name = text:match("^action (%S+)")
  if name then
    local args = {}
    for w in self:action_segments(play, text):gmatch("%S+") do args[#args + 1] = tonumber(w) end
    return { type = "action", action = name, args = { args[1], args[2], args[3], args[4] } }
  end
  return nil, "not a move text (place, deploy, pass, draw, action)"
end

-- What the runner adds to the engine's reason word, for people.
local REASON_TEXT = {
  over = function() return "the game is over" end,
  phase = function(run, play, text)
    if text == "pass" then return ("nothing to pass in phase %s"):format(play:phase()) end
    return ("not a move of phase %s"):format(play:phase())
  end,
  draw_first = function() return "the turn is in its draw phase: play \"draw\" (or another draw-phase move) first" end,
  not_in_hand = function(run, play, text)
    local id = parse_place(text)
    if not play:game():has_placement(id) then return ("%s fits nowhere (it would be discarded)"):format(id) end
    return ("the tile in hand is %s, not %s"):format(tostring(play:tile()), id)
  end,
  taken = function(run, play, text) local _, x, y = parse_place(text) return ("cell %d,%d is taken"):format(x, y) end,
  blocked = function(run, play, text)
    local _, x, y = parse_place(text)
    return ("cell %d,%d is blocked (no tile may go there)"):format(x, y)
  end,
  isolated = function(run, play, text)
    local _, x, y = parse_place(text)
    return ("cell %d,%d touches no tile"):format(x, y)
  end,
  edge = function(run, play, text)
    local id, x, y, r = parse_place(text)
    return run:why_not_fits(play:game(), id, x, y, r)
  end,
  hole = function() return "a tile from hand goes only into a hole (four neighbours)" end,
  supply = function(run, play, text)
    local kind = parse_deploy(text)
    return ("player %d has no %s left in supply"):format(play:player(), kind)
  end,
  not_placed_tile = function() return "a figure goes only on the tile just placed" end,
  kind = function(run, play, text, fh)
    return ("a %s cannot stand on a %s"):format((parse_deploy(text)), fh and fh:kind() or "?")
  end,
  corner = function() return "not a corner where it may stand (four tiles, one feature)" end,
  occupied = function(run, play, text, fh)
    local who = {}
    for _, f in ipairs(fh and fh:figures() or {}) do
      local fi = f:info()
      who[#who + 1] = ("player %d's %s"):format(fi.owner, fi.kind)
    end
    return ("the %s is occupied (%s)"):format(fh and fh:kind() or "feature", table.concat(who, ", "))
  end,
  blocked_across = function(run, play, text, fh)
    return ("a figure of the same kind stands elsewhere in this system of %ss"):format(fh and fh:kind() or "feature")
  end,
  needs_own = function(run, play, text, fh)
    return ("player %d has no figure there that it needs (its own follower) on this %s"):format(
      play:player(), fh and fh:kind() or "feature")
  end,
  target = function(run, play) return ("no such choice in phase %s"):format(play:phase()) end,
  vetoed = function(run, play, text, fh, move)
    local why = veto_reason(play, move)
    return why and ("refused by an allow hook: " .. why) or "refused by the rules' scripts (an allow hook)"
  end,
}

-- Why the engine refuses a move: the reason word of the engine's own
-- check (play:why), then the runner's words for people:
-- "occupied: the city is occupied (player 1's meeple)".
function Run:why_illegal(play, text)
  local move, fh = self:move_of_text(play, text)
  if not move then return fh end
  local ok, word = pcall(play.why, play, move)
  if not ok then return tostring(word) end
  if not word then
    -- the move reads as a legal one, but its text is not the engine's
    -- ("action flock_grow" for "action flock_grow 0 0 0 0")
    local head = text:match("^(%S+ %S+)")
    for k = 1, head and play:move_count() or 0 do
      local name = play:move_name(k)
      if name:sub(1, #head + 1) == head .. " " then
        return ("written otherwise: the engine writes it '%s' (an action gives all 4 numbers)"):format(name)
      end
    end
    return "written otherwise than the engine writes it"
  end
  local explain = REASON_TEXT[word]
  return explain and (word .. ": " .. explain(self, play, text, fh, move)) or word
end

-- Plays one move given as text; the tile named by a placement is drawn
-- for it when the tile in hand is another.
function Run:play_text(text, player)
  self:ensure_started()
  local p = self.play
  if text == "pass" and self:deploy_skipped() then return end
  if p:over() then error(("'%s': the game is over"):format(text), 0) end
  if player and p:player() ~= player then
    error(("'%s' is meant for player %d, but player %d is to move (phase %s)"):format(
      text, player, p:player(), p:phase()), 0)
  end
  local id = parse_place(text)
  if id and p:tile() and p:tile() ~= id and self:can_rewind() then
    if not self.defs[id] then error(("'%s': no tile '%s' in this game"):format(text, id), 0) end
    local stack = self:hand_stack()
    local ok, err = pcall(self.change_stacks, self, { kind = "force", stack = stack, ids = { id } })
    if not ok then
      error(("'%s': cannot draw %s for it: %s"):format(text, id, tostring(err)), 0)
    end
  end
  local canon = self:canonical(p, text)
  local i = p:find_move(canon)
  if not i then
    local legal = {}
    for k = 1, math.min(p:move_count(), 8) do legal[k] = p:move_name(k) end
    if p:move_count() > 8 then legal[#legal + 1] = "..." end
    error(("'%s' is illegal: %s (phase %s, player %d; legal: %s)"):format(
      text, self:why_illegal(p, text), p:phase(), p:player(),
      #legal > 0 and table.concat(legal, "; ") or "none"), 0)
  end
  self:before_move()
  p:apply_index(i)
  self.last = { kind = "move", text = canon }
  self:record_action(self.last)
end

-- "pass" right after a tile placement whose figure phase the engine
-- skipped (nothing could be deployed: no free segment, an empty supply):
-- it passes that phase, which is already behind.
function Run:deploy_skipped()
  local p, last = self.play, self.last
  if p:find_move("pass") or not last or last.kind ~= "move" or not last.text:match("^place ") then
    return false
  end
  local phase = p:phase()
  return p:over() or phase == "place_tile" or phase == "draw"
    or p:turn() ~= self.last_turn or p:part() ~= self.last_part
end

function Run:before_move()
  local p = self.play
  self.snapshot = p:clone()
  self.last_turn, self.last_part = p:turn(), p:part()
  self.moves_played = (self.moves_played or 0) + 1
end

-- The first legal moves, for messages: "a; b; ...".
local function legal_list(p)
  local legal = {}
  for k = 1, math.min(p:move_count(), 8) do legal[k] = p:move_name(k) end
  if p:move_count() > 8 then legal[#legal + 1] = "..." end
  return table.concat(legal, "; ")
end
M.legal_list = legal_list

-- Would the move text be played now (as play_text would read it)?
function Run:legal_now(text)
  local p = self.play
  local id = parse_place(text)
  if id and p:tile() and p:tile() ~= id and self:can_rewind() then return true end
  return p:find_move(self:canonical(p, text)) ~= nil
end

-- The ledger turn (0-based) of the last move played.
function Run:last_turn0()
  if self.last_turn then return self.last_turn - 1 end
  return self.play:turn() - 1
end

function Run:ledger_text()
  local g = self.play:game()
  local t0 = self:last_turn0()
  local parts = {}
  for _, e in ipairs(ledger_entries(g, t0)) do
    parts[#parts + 1] = ("P%d %+d %s"):format(e.player, e.points, e.reason)
  end
  local text = ("ledger of turn %d: %s"):format(t0 + 1, #parts > 0 and table.concat(parts, ", ") or "(nothing scored)")
  if self.play:over() and self.play:turn() - 1 ~= t0 then
    local fin = {}
    for _, e in ipairs(ledger_entries(g, self.play:turn() - 1)) do
      fin[#fin + 1] = ("P%d %+d %s"):format(e.player, e.points, e.reason)
    end
    text = text .. "; final scoring: " .. (#fin > 0 and table.concat(fin, ", ") or "(nothing scored)")
  end
  return text
end

function Run:fail(at, message, no_ledger)
  local f = { where = at, message = clean(message) }
  if not no_ledger and self.play then
    local ok, text = pcall(self.ledger_text, self)
    if ok then f.ledger = text end
    f.scores = self.play:game():scores()
  end
  self.failures[#self.failures + 1] = f
end

local function new_run(plan, rs)
  local run = setmetatable({ plan = plan, rs = rs, defs = position.defs_of(rs), record = {}, failures = {},
                             started = false }, Run)
  local figs = rs.decl.figures
  run.default_figure = figs[1] and figs[1].name or "meeple"
  return run
end

-- Re-plays the record on a fresh play of the same position; returns the
-- replayed play or raises.
local function replay(plan, rs, record)
  local run = new_run(plan, rs)
  local play = run:build()
  for _, a in ipairs(record) do
    if a.kind == "start" or a.kind == "move" or a.kind == "apply"
      or a.kind == "undraw" or a.kind == "redraw" then
      redo(play, a)
    else
      apply_mod(play, rs, a)
    end
  end
  return play
end

M.new_run, M.replay, M.redo, M.apply_mod = new_run, replay, redo, apply_mod

return M
