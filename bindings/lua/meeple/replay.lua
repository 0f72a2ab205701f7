-- meeple.replay: re-plays a game record (docs/records.md) and checks
-- everything in it, raising {line = N, msg = text} at the first line
-- that does not match. meeple replay (meeple.cli.replay), meeple view
-- (meeple.viewer: read_header, load_rules) and the embedding API's
-- records (meeple.session: verify_lines) share it.
--
-- Invariant: verify_lines returns only for a complete record: a header
-- whose files are all found unchanged, one line per move whose turn,
-- player, move, scores and state digest all match the replayed game, and
-- one final line, last, whose move count, scores and digest match the
-- finished game.

local loader = require "meeple.loader"
local files = require "meeple.files"
local record = require "meeple.record"
local schema = require "meeple.record_schema"
local has_fs, fs = pcall(require, "meeple.fs")

local state_digest = record.state_digest
local show = schema.show

local function sorted(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

-- Errors inside a replay are raised as { line = N, msg = text }.
local function fail(line, fmt, ...)
  error({ line = line, msg = fmt:format(...) }, 0)
end

-- The lines of a record's text (the last newline optional).
local function lines_of(text)
  local lines = {}
  for line in (text:sub(-1) == "\n" and text or text .. "\n"):gmatch("([^\n]*)\n") do
    lines[#lines + 1] = line
  end
  return lines
end

local function read_lines(path)
  local text, err = files.read(path)
  if not text then fail(nil, "%s", err) end
  return lines_of(text)
end

-- The header, type-checked, and the files it names, found and unchanged.
local function read_header(lines, path, ctx)
  if #lines == 0 then fail(1, "empty file: not a meeple game record") end
  local h, err = schema.parse(lines[1])
  if not h then fail(1, "not a meeple game record: %s", err) end
  if h.record ~= record.FORMAT then fail(1, "not a meeple game record (no \"record\":\"meeple-game\")") end
  err = schema.check(h, schema.HEADER)
  if err then fail(1, "%s", err) end
  if #h.agents ~= h.players then
    fail(1, "field 'agents': expected %d names (one per player), got %d", h.players, #h.agents)
  end
  local scripts, hashes = {}, {}
  for i, f in ipairs(h.files) do
    -- ctx.locate: the embedding API's search over its roots
    local where = ctx.locate and ctx.locate(f) or record.locate(f, ctx.root, path)
    local base = f.from == "root" and "under the game root " .. tostring(ctx.root) or "next to the record"
    -- a record is a file from elsewhere: it names files as a downloaded
    -- script does, held to the same roots (meeple.files): the game's
    -- scripts/ and tiles/, or the record's own directory
    local named, why = files.check_name(f.path)
    if named then
      local roots = f.from == "root" and (ctx.roots or { ctx.root })
                    or { path and path:match("^(.*)/[^/]*$") or "." }
      named, why = files.check_file(where, roots)
      if not named and why == "cannot read it" then
        fail(1, "files[%d]: %s '%s' (%s) is missing: %s", i, f.role, f.path, base, where .. ": " .. why)
      end
    end
    if not named then fail(1, "files[%d]: %s '%s' (%s): %s", i, f.role, f.path, base, why) end
    -- each file is read and hashed once, however often (and by whatever
    -- spelling) the list names it
    local key = has_fs and fs.realpath(where) or where
    local hash = hashes[key]
    if not hash then
      local text, rerr = files.read(where)
      if not text then fail(1, "files[%d]: %s '%s' (%s) is missing: %s", i, f.role, f.path, base, rerr) end
      hash = loader.content_hash(text)
      hashes[key] = hash
    end
    if hash ~= f.hash then
      fail(1, "files[%d]: %s '%s' changed since the game was recorded (hash %s, recorded %s)",
           i, f.role, where, hash, f.hash)
    end
    if f.role ~= "tiles" then scripts[#scripts + 1] = { role = f.role, path = where } end
  end
  if #scripts ~= 1 + #h.with + #h.rules or scripts[1].role ~= "game" then
    fail(1, "field 'files': expected the game script, %d expansion(s) and %d house rule(s) first",
         #h.with, #h.rules)
  end
  return h, scripts
end

-- The rule set the header names, from the files it lists.
local function load_rules(h, scripts, ctx)
  local with, rules = {}, {}
  for i = 2, #scripts do
    local list = scripts[i].role == "with" and with or rules
    list[#list + 1] = scripts[i].path
  end
  local options = {}
  for k, v in pairs(h.options) do
    options[k] = math.type(v) == "float" and ("%.17g"):format(v) or tostring(v)
  end
  local ok, rs = pcall(loader.load, {
    game = scripts[1].path, with = with, rules = rules, options = options,
    run = meeple_host.run, script_dirs = { ctx.root .. "/scripts" }, tile_dirs = { ctx.root .. "/tiles" } })
  if not ok then fail(1, "the recorded game does not load: %s", tostring(rs)) end
  for _, k in ipairs(sorted(h.options)) do
    local d = rs.decl.options[rs.decl.option_index[k]]
    if math.type(d.value) ~= math.type(h.options[k]) or type(d.value) ~= type(h.options[k]) then
      fail(1, "field 'options.%s': expected %s, got %s", k, show(d.default), show(h.options[k]))
    end
  end
  local p = rs.decl.players
  if h.players < p.min or h.players > p.max then
    fail(1, "field 'players': %s is for %d to %d players, got %d", rs.decl.game, p.min, p.max, h.players)
  end
  return rs
end

local function check_scores(n, g, scores, players)
  local now = g:scores()
  if #scores ~= players then fail(n, "field 'scores': expected %d scores, got %d", players, #scores) end
  for p = 1, players do
    if now[p] ~= scores[p] then fail(n, "player %d has %d points, the record says %d", p, now[p], scores[p]) end
  end
end

local function check_move(n, entry, play, g, players)
  local err = schema.check(entry, schema.MOVE)
  if err then fail(n, "%s", err) end
  if play:over() then fail(n, "a move after the game ended (expected the final line)") end
  if entry.turn ~= play:turn() then fail(n, "field 'turn': the game is at turn %d, got %d", play:turn(), entry.turn) end
  if entry.player ~= play:player() then
    fail(n, "field 'player': player %d is to move, got %d", play:player(), entry.player)
  end
  -- a record names the decider when another player than the active one
  -- chose (a bid); records written before it was named lack it
  if entry.decider and entry.decider ~= play:decider() then
    fail(n, "field 'decider': player %d decides this move, got %d", play:decider(), entry.decider)
  end
  local okf, i, why = pcall(play.find_move, play, entry.move)
  if not okf or not i then fail(n, "diverged: %s", tostring(okf and why or i)) end
  -- the move's text as written when it was played, byte for byte
  if play:move_name(i) ~= entry.move then
    fail(n, "field 'move': %s is not the text of the move it names (%s)", show(entry.move), show(play:move_name(i)))
  end
  local ok, merr = pcall(play.apply_index, play, i)
  if not ok then fail(n, "the move '%s' fails: %s", entry.move, tostring(merr)) end
  local digest = state_digest(g)
  if digest ~= entry.state then
    fail(n, "diverged after '%s': state %s, record %s", entry.move, digest, entry.state)
  end
  check_scores(n, g, entry.scores, players)
  return i
end

local function check_final(n, entry, play, g, players, moves)
  local err = schema.check(entry, schema.FINAL)
  if err then fail(n, "%s", err) end
  if not play:over() then fail(n, "the record ends but the game goes on (phase %s)", play:phase()) end
  if entry.moves ~= moves then fail(n, "field 'moves': %d moves were replayed, got %d", moves, entry.moves) end
  if state_digest(g) ~= entry.state then
    fail(n, "final state %s, record %s", state_digest(g), entry.state)
  end
  check_scores(n, g, entry.scores, players)
end

-- Checks a whole record (its lines; path: where it was read, for the
-- files named next to it). Returns the number of moves, the play where
-- it ends, its rule set, the header and the index of every move played;
-- raises {line=, msg=} on any problem.
local function verify_lines(lines, path, ctx)
  local h, scripts = read_header(lines, path, ctx)
  local rs = load_rules(h, scripts, ctx)
  local okp, play = pcall(loader.new_play, rs, { players = h.players, seed = h.seed })
  if not okp then fail(1, "the recorded game does not start: %s", tostring(play)) end
  local g = play:game()
  local moves, final_at, indices = 0, nil, {}
  for n = 2, #lines do
    if final_at then fail(n, "a line after the final line (line %d)", final_at) end
    local entry, err = schema.parse(lines[n])
    if not entry then fail(n, "%s", err) end
    if entry.final ~= nil then
      check_final(n, entry, play, g, h.players, moves)
      final_at = n
    else
      indices[#indices + 1] = check_move(n, entry, play, g, h.players)
      moves = moves + 1
    end
  end
  if not final_at then
    fail(#lines, "the record has no final line: %s after %d moves",
         play:over() and "the game was over" or "cut off", moves)
  end
  return moves, play, rs, h, indices
end

local function verify(path, ctx)
  return verify_lines(read_lines(path), path, ctx)
end

return { read_header = read_header, load_rules = load_rules, lines_of = lines_of,
         verify_lines = verify_lines, verify = verify }
