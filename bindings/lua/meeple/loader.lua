-- meeple.loader: turns game, expansion and house-rule scripts into a
-- running rule set.
--
-- Scripts run in the sandbox and may only make the declarations of
-- meeple.loader.api (kinds, tiles, figures, options, scoring, the
-- capabilities, phases, actions, hooks, ...; docs/lua-api.md lists them).
-- This module (trusted host code, never visible to scripts) builds the
-- kernel's rules and the turn flow from those declarations, then freezes
-- them; from then on a declaration is an error.
--
--   local loader = require "meeple.loader"
--   local rs = loader.load{ game = "base", with = {}, rules = {},
--                           options = { tiny_city = "2" }, run = run_script }
--   local play = loader.new_play(rs, { players = 2, seed = 1 })
--
-- `run(chunkname, code, api)` is supplied by the host: it runs a chunk in
-- the sandbox with the entries of `api` visible as globals, under the
-- instruction budget and memory cap.
--
-- Determinism: every list here is kept in declaration order or sorted;
-- nothing depends on pairs() order.

-- The work is split by concern: meeple.loader.api (the declarations a
-- script makes), meeple.loader.build (declarations to C), meeple.loader.
-- dispatch (a hook's whole way in Lua: its declaration, its order, the
-- hook plan a play is made with) and meeple.loader.common; this module
-- puts them together. A script's state is meeple.state (its text) and
-- meeple.loader.state_live (its live table per game).

local meeple = require "meeple"
local common = require "meeple.loader.common"
local errors = require "meeple.errors"
local build = require "meeple.loader.build"
local hooks = require "meeple.loader.dispatch"

local M = {}

-- File helpers the other host modules (meeple.scenario) use too.
M.readfile, M.exists, M.dirname = common.readfile, common.exists, common.dirname

-- FNV-1a over the bytes, as 16 hex digits: the record's content hash.
M.content_hash = meeple.hash

M.load = build.load

-- A fresh game: the start tile placed, every stack filled and shuffled.
function M.new_game(rs, opts)
  local decl = rs.decl
  local players = opts.players or decl.players.default
  if players < decl.players.min or players > decl.players.max then
    error(("%s is for %d to %d players, not %d"):format(decl.game, decl.players.min, decl.players.max, players), 0)
  end
  -- the scripts' locals and tables as loading left them: no game depends
  -- on the games played before it in this process
  if rs.fresh then meeple_host.fresh(rs.fresh) end
  local g = rs.rules:new_game{ players = players, seed = opts.seed or 1 }
  -- the start tiles leave the pool, and so do replaced ones set out of
  -- the game (start { replaced = "out" }): count them per id
  local taken = {}
  local function start_tile(s)
    local id = s.tile
    if not id then
      for _, entry in ipairs(rs.pool) do
        for _, tag in ipairs(entry.tile.tags) do
          if tag == s.tag and not id and (taken[entry.tile.id] or 0) < entry.tile.count then
            id = entry.tile.id
          end
        end
      end
    end
    local where = s.where and (s.where .. ": ") or ""
    if not id then error(where .. "start: no tile tagged '" .. tostring(s.tag) .. "' left", 0) end
    taken[id] = (taken[id] or 0) + 1
    return id, where
  end
  for _, s in ipairs(decl.start or {}) do
    local id, where = start_tile(s)
    local ok, err = pcall(g.place_fixed, g, id, s.at[1], s.at[2], s.rotation)
    if not ok then error(where .. "start: " .. errors.clean(err), 0) end
  end
  for _, s in ipairs(decl.start_out or {}) do start_tile(s) end
  for _, c in ipairs(decl.blocked) do
    local ok, err = pcall(g.block, g, c[1], c[2])
    if not ok then error(("%s: blocked {%d, %d}: %s"):format(c.at, c[1], c[2], errors.reason(err)), 0) end
  end
  local used = {}
  for _, entry in ipairs(rs.pool) do
    local n = entry.tile.count - (taken[entry.tile.id] or 0)
    if n > 0 then g:stack_add(entry.stack, entry.tile.id, n) end
    used[entry.stack] = true
  end
  -- opts.shuffle = false leaves the stacks in order, for a template that
  -- is later cloned, reseeded and shuffled (flow:simulate).
  local shuffled = {}
  for _, s in ipairs(decl.stacks) do
    if used[s] then
      shuffled[#shuffled + 1] = s
      if opts.shuffle ~= false then g:shuffle(s) end
    end
  end
  return g, shuffled
end

-- Random games in C from a prepared position; see flow:simulate.
-- opts: players, games, seed (of the first game), jobs, progress =
-- fn(done, seconds), on_game = fn(row) (every game in seed order; row is
-- reused, copy what you keep), features = false (skip counting completed
-- features). Returns the summary of integers (docs/scale.md) when
-- opts.results is false; otherwise, as before, a list with one table per
-- game ({scores=, turns=, moves=, closed={kind=n}}), which grows with the
-- number of games.
-- opts.profile = true: the dispatcher's hook calls are timed into the
-- host's running hook profile (meeple.cli.hook_profile; the C paths time
-- theirs); opts.dispatcher = true: every hook goes through the Lua
-- dispatcher, none by a C path (for tests). Either runs the games in one
-- process.
function M.simulate(rs, opts)
  local templ, stacks = M.new_game(rs, { players = opts.players, seed = 0, shuffle = false })
  local how = opts.dispatcher and "dispatcher" or opts.profile and "timed"
  local list, on_game = nil, opts.on_game
  if opts.results ~= false then
    list = {}
    on_game = function(row)
      local closed = {}
      for k, n in pairs(row.closed) do if n > 0 then closed[k] = n end end
      list[#list + 1] = { scores = table.move(row.scores, 1, #row.scores, 1, {}), turns = row.turns,
                          moves = row.moves, closed = closed }
      if opts.on_game then opts.on_game(row) end
    end
  end
  local summary = hooks.simulate(rs, opts.host or meeple_host, how, templ, {
    games = opts.games, seed = opts.seed or 1, stacks = stacks, features = opts.features,
    check_invariants = opts.check_invariants, fresh = rs.fresh,
    jobs = not how and opts.jobs or 1, progress = opts.progress, on_game = on_game })
  return list or summary
end

-- A game in play, started and waiting for its first move. opts: players,
-- seed, agent_seed, first_player (default 1), start (default true), setup
-- (default true: the start
-- tile and the shuffled stacks; false gives an empty board and stacks).
function M.new_play(rs, opts)
  local g
  if opts.setup == false then
    if rs.fresh then meeple_host.fresh(rs.fresh) end
    g = rs.rules:new_game{ players = opts.players or rs.decl.players.default, seed = opts.seed or 1 }
  else
    g = M.new_game(rs, opts)
  end
  local play = hooks.new_play(rs, opts.host or meeple_host, g, { agent_seed = opts.agent_seed or opts.seed or 1 })
  -- start = false leaves the play before its first turn, so a scenario
  -- can lay out a position (g:place_fixed, g:deploy, g:force) first.
  if opts.start ~= false then play:start(opts.first_player) end
  return play
end

return M
