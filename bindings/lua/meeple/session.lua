-- meeple.session: one game in play for a program that embeds meeple
-- (meeple.load in Lua, meeple_load() in C, meeple.load() in Python).
--
-- Trusted host code: it runs in a host state of its own (bindings/host/host.c),
-- beside the sandbox that runs the game's scripts, exactly as the CLI
-- does. The embedding program only ever sees plain values (numbers,
-- strings, lists) copied out of this state, never a table or function of
-- it, so a script cannot reach the embedding program.
--
-- Invariant: a session's `moves` holds the index of every move applied
-- since the setup, so the setup plus `moves` re-plays the game exactly;
-- record() writes the CLI's record format (meeple replay reads it) from
-- them, without paying for a digest at every step.

local loader = require "meeple.loader"
local move_words = require "meeple.move_words"

local M = {}
local Session = {}
Session.__index = Session

local SPEC_KEYS = { game = "string", with = "table", rules = "table", options = "table",
                    players = "number", seed = "number", path = "table", budget = "number",
                    memory_cap = "number" }

-- A named-argument table: unknown keys and wrong types are refused by name.
local function check_spec(spec)
  if type(spec) ~= "table" then error("meeple.load: a table of settings expected, got " .. type(spec), 0) end
  for k, v in pairs(spec) do
    local want = SPEC_KEYS[k]
    if not want then error(("meeple.load: unknown setting '%s'"):format(tostring(k)), 0) end
    if type(v) ~= want then
      error(("meeple.load: setting '%s' must be a %s, got %s"):format(k, want, type(v)), 0)
    end
  end
  for _, k in ipairs({ "players", "seed", "budget", "memory_cap" }) do
    if spec[k] ~= nil and (math.tointeger(spec[k]) == nil or spec[k] < 0) then
      error(("meeple.load: setting '%s' must be a whole number >= 0, got %s"):format(k, tostring(spec[k])), 0)
    end
  end
end

local function string_list(list, what)
  local out = {}
  for i, v in ipairs(list or {}) do
    if type(v) ~= "string" then error(("meeple.load: %s[%d] must be a string"):format(what, i), 0) end
    out[i] = v
  end
  return out
end

-- The copy of spec a session keeps (and a record's header shows).
local function normalize(spec)
  check_spec(spec)
  local options = {}
  for k, v in pairs(spec.options or {}) do
    if type(k) ~= "string" then error("meeple.load: option names must be strings", 0) end
    options[k] = tostring(v)
  end
  local roots = string_list(spec.path, "path")
  if #roots == 0 then error("meeple.load: no place to look for scripts and tiles (set MEEPLE_PATH)", 0) end
  return { game = spec.game or "base", with = string_list(spec.with, "with"),
           rules = string_list(spec.rules, "rules"), options = options, players = spec.players,
           seed = math.tointeger(spec.seed or 1), path = roots, budget = spec.budget,
           memory_cap = spec.memory_cap }
end

local function load_rules(setup)
  local script_dirs, tile_dirs = {}, {}
  for i, root in ipairs(setup.path) do
    script_dirs[i], tile_dirs[i] = root .. "/scripts", root .. "/tiles"
  end
  meeple_host.set_limits(setup.budget, setup.memory_cap)
  local rs = loader.load{ game = setup.game, with = setup.with, rules = setup.rules,
                          options = setup.options, run = meeple_host.run,
                          script_dirs = script_dirs, tile_dirs = tile_dirs }
  local players = setup.players or rs.decl.players.default
  if players < rs.decl.players.min or players > rs.decl.players.max then
    error(("%s is for %d to %d players, not %d"):format(rs.decl.game, rs.decl.players.min,
                                                        rs.decl.players.max, players), 0)
  end
  setup.players = players
  return rs
end

local function new_session(rs, setup, play, moves)
  return setmetatable({ rs = rs, setup = setup, play = play, g = play:game(), moves = moves }, Session)
end

-- A new game: its rules loaded from the scripts, the first move waiting.
function M.open(spec)
  local setup = normalize(spec)
  local rs = load_rules(setup)
  return new_session(rs, setup, loader.new_play(rs, { players = setup.players, seed = setup.seed }), {})
end

-- A fresh game of the same rules and setup, with another seed (the rules
-- are not loaded again).
function Session:reset(seed)
  local setup = {}
  for k, v in pairs(self.setup) do setup[k] = v end
  if seed ~= nil then setup.seed = math.tointeger(seed) or error("reset: seed must be an integer", 0) end
  return new_session(self.rs, setup, loader.new_play(self.rs, { players = setup.players, seed = setup.seed }), {})
end

function Session:legal_moves()
  local play, out = self.play, {}
  for i = 1, play:move_count() do out[i] = play:move_name(i) end
  return out
end

function Session:move_count() return self.play:move_count() end
function Session:move_name(i) return self.play:move_name(i) end

local function check_index(self, i)
  local n = self.play:move_count()
  if math.tointeger(i) == nil or i < 1 or i > n then
    error(("move %s is not legal now (%d legal moves, numbered from 1)"):format(tostring(i), n), 0)
  end
end

-- Plays legal move i (1-based) or the move named by text; returns the
-- points the player who moved gained by it. An illegal text is refused
-- with why (a veto's reason and line too), and the game is unchanged.
function Session:apply(move)
  local play, g = self.play, self.g
  if play:over() then error("the game is over", 0) end
  local i = move
  if type(move) == "string" then
    local not_found
    i, not_found = play:find_move(move)
    if not i then error((move_words.message(self.rs, play, move, not_found)), 0) end
  elseif type(move) ~= "number" then
    error("a move is its index (integer) or its text (string), not a " .. type(move), 0)
  else
    check_index(self, move)
  end
  local player = play:decider() -- who chose it: a bid's bidder, not the active player
  local before = g:scores()[player]
  play:apply_index(i)
  self.moves[#self.moves + 1] = i
  return g:scores()[player] - before
end

-- The random agent's move (its own generator, seeded by the game's seed).
function Session:random_move()
  local play = self.play
  if play:over() then error("the game is over", 0) end
  local i = play:random_choice()
  play:apply_index(i)
  self.moves[#self.moves + 1] = i
  return i
end

-- One step for a learning agent: legal move i, or the random agent's
-- when i is nil; returns the index played, the player who chose it (the
-- decider: the active player but for a bid, a dragon step) and whether
-- the game is over. (meeple_step in C reads the points from the
-- kernel, so the hot path builds no table.)
function Session:step(i)
  local play = self.play
  if play:over() then error("the game is over", 0) end
  if i == nil then i = play:random_choice() end
  local player = play:decider()
  play:apply_index(i)
  local moves = self.moves
  moves[#moves + 1] = i
  return i, player, play:over()
end

-- Random moves until the game ends or n moves are played; returns how
-- many were played.
function Session:random_moves(n)
  local play, moves = self.play, self.moves
  local done = 0
  while (n == nil or done < n) and not play:over() do
    local i = play:random_choice()
    play:apply_index(i)
    moves[#moves + 1] = i
    done = done + 1
  end
  return done
end

function Session:scores() return self.g:scores() end
function Session:over() return self.play:over() end
function Session:player() return self.play:player() end
function Session:decider() return self.play:decider() end
function Session:turn() return self.play:turn() end
function Session:phase() return self.play:phase() end
function Session:players() return self.setup.players end
function Session:tile() return self.play:tile() end
function Session:game() return self.g end
function Session:move_history() return table.move(self.moves, 1, #self.moves, 1, {}) end

function Session:clone()
  return new_session(self.rs, self.setup, self.play:clone(), table.move(self.moves, 1, #self.moves, 1, {}))
end

-- The game record (JSON Lines, as `meeple play --record` writes): the
-- game re-played from its setup, with the state digest after each move.
function Session:record()
  local record = require "meeple.record"
  local s = self.setup
  local seats = {}
  for p = 1, s.players do seats[p] = "host" end
  local header = record.header({ game = s.game, with = s.with, rules = s.rules, options = s.options,
                                 seed = s.seed, players = s.players, rs = self.rs }, seats, s.path[1])
  local json = record.json
  local lines = { json.encode(header) }
  local play = loader.new_play(self.rs, { players = s.players, seed = s.seed })
  local g = play:game()
  for _, i in ipairs(self.moves) do
    local turn, player, text, decider = play:turn(), play:player(), play:move_name(i), play:decider()
    play:apply_index(i)
    lines[#lines + 1] = json.encode(record.move_line(turn, player, text, g, decider))
  end
  if play:over() then
    lines[#lines + 1] = json.encode(record.final_line(#self.moves, g))
  end
  return table.concat(lines, "\n") .. "\n"
end

-- A session from a record's text, checked exactly as `meeple replay`
-- checks a record file (meeple.replay: the same schema, every file
-- found unchanged, every move line's turn, player, scores and digest, a
-- final line). path: the roots to search for the files it names.
function M.replay(text, path)
  local replay = require "meeple.replay"
  local files = require "meeple.files"
  if type(text) ~= "string" then error("replay: the record's text expected, got " .. type(text), 0) end
  local roots = string_list(path, "path")
  -- a file not under a root: as game:record() wrote it, relative to the
  -- current directory (a text record has no directory of its own)
  local function locate(f)
    if f.from ~= "root" then return f.path end
    if #roots == 0 then
      error({ line = 1, msg = "no place to look for scripts and tiles (set MEEPLE_PATH)" }, 0)
    end
    for _, root in ipairs(roots) do
      local where = root .. "/" .. f.path
      if files.read(where) then return where end
    end
    return roots[1] .. "/" .. f.path
  end
  local ok, e, play, rs, h, indices = pcall(replay.verify_lines, replay.lines_of(text), nil,
                                            { root = roots[1], roots = roots, locate = locate })
  if not ok then
    if type(e) ~= "table" then error("replay: " .. tostring(e), 0) end
    error(e.line and ("replay: line %d: %s"):format(e.line, e.msg) or ("replay: " .. e.msg), 0)
  end
  local options = {}
  for k, v in pairs(h.options) do options[k] = tostring(v) end
  local setup = { game = h.game, with = h.with, rules = h.rules, options = options, players = h.players,
                  seed = h.seed, path = roots }
  return new_session(rs, setup, play, indices)
end

-- Random games in C (flow:simulate): the final scores of each, as one
-- flat list, games * players long.
function M.simulate(spec, games, seed)
  local setup = normalize(spec)
  local rs = load_rules(setup)
  local res = loader.simulate(rs, { players = setup.players, games = games, seed = seed or setup.seed,
                                    results = true })
  local flat = {}
  for _, r in ipairs(res) do
    for p = 1, setup.players do flat[#flat + 1] = r.scores[p] end
  end
  return flat, setup.players
end

return M
