-- meeple.record: game records (JSON Lines, docs/records.md): a
-- header naming the game and its files, one line per move with the state
-- digest after it, and a final line with the move count and the scores.
--
-- Invariant: what this module writes, schema.lua accepts, and replay
-- verifies every field of; a list is always written as [] when empty.

local loader = require "meeple.loader"
local cjson = require "cjson"
-- meeple.fs is there in the meeple executable; a stock interpreter
-- (meeple.session through meeple.so) may lack it: names stay lexical.
local has_fs, fs = pcall(require, "meeple.fs")
local function realpath(p)
  if has_fs then return fs.realpath(p) end
  return p:sub(1, 1) == "/" and p or nil
end

local M = {}

M.FORMAT = "meeple-game"
M.VERSION = 1

-- Marks a table as a JSON array, so that an empty one is written [].
local LIST = {}
function M.list(t)
  local out = {}
  for i, v in ipairs(t) do out[i] = v end
  return setmetatable(out, LIST)
end

-- JSON with object keys in sorted order, so that the same game writes
-- the same bytes on every run (cjson follows the table's hash order,
-- which Lua seeds per run). cjson still does the escaping.
-- Integers are written in full: cjson keeps only 14 digits.
local function encode(v)
  if math.type(v) == "integer" then return string.format("%d", v) end
  if type(v) ~= "table" then return cjson.encode(v) end
  local n = #v
  local count = 0
  for _ in pairs(v) do count = count + 1 end
  if getmetatable(v) == LIST or (count == n and n > 0) then
    local parts = {}
    for i = 1, n do parts[i] = encode(v[i]) end
    return "[" .. table.concat(parts, ",") .. "]"
  end
  if count == 0 then return "{}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  local parts = {}
  for i, k in ipairs(keys) do
    local value = v[k]
    if value == nil then value = v[tonumber(k)] end
    parts[i] = cjson.encode(k) .. ":" .. encode(value)
  end
  return "{" .. table.concat(parts, ",") .. "}"
end

M.json = { encode = encode, decode = cjson.decode }

-- A digest of the whole state after a move: replay compares these.
function M.state_digest(g)
  return loader.content_hash(g:serialize())
end

-- {======================================================================
-- Portable file names: relative to the game root or to the record
-- =======================================================================

local function dirname(path) return path:match("^(.*)/[^/]*$") or "." end

local function components(path)
  local out = {}
  for c in path:gmatch("[^/]+") do out[#out + 1] = c end
  return out
end

-- target relative to the directory base (both canonical absolute paths).
local function relative(target, base)
  local t, b = components(target), components(base)
  local i = 1
  while i <= #t and i <= #b and t[i] == b[i] do i = i + 1 end
  local parts = {}
  for _ = i, #b do parts[#parts + 1] = ".." end
  for j = i, #t do parts[#parts + 1] = t[j] end
  return table.concat(parts, "/")
end

local function under(target, dir)
  return target:sub(1, #dir + 1) == dir .. "/"
end

-- {path=, from=}: from "root" (scripts/, tiles/ of the game) when the
-- file is there, else "record" (relative to the record's directory;
-- with no record path, to the current one).
function M.portable_name(path, root, record_path)
  local real = realpath(path) or path
  local real_root = root and realpath(root)
  if real_root and under(real, real_root) then
    return { path = real:sub(#real_root + 2), from = "root" }
  end
  local dir = record_path and dirname(record_path) or "."
  local record_dir = realpath(dir)
  if not record_dir or real:sub(1, 1) ~= "/" then return { path = path, from = "record" } end
  return { path = relative(real, record_dir), from = "record" }
end

-- Where a portable name is on this machine.
function M.locate(file, root, record_path)
  if file.from == "root" then return root .. "/" .. file.path end
  return dirname(record_path) .. "/" .. file.path
end

-- }======================================================================

-- The option values in force, typed as the rules declare them, for the
-- options given on the command line.
local function typed_options(game)
  local decl, out = game.rs.decl, {}
  for k in pairs(game.options) do
    local d = decl.options[decl.option_index[k]]
    out[k] = d and d.value or game.options[k]
  end
  return out
end

-- The files the game loaded, with their roles: the scripts in load order
-- (game, expansions, house rules), then the tile sets.
local function game_files(game, root, record_path)
  local roles = { "game" }
  for _ = 1, #game.with do roles[#roles + 1] = "with" end
  for _ = 1, #game.rules do roles[#roles + 1] = "rules" end
  local out = {}
  for i, f in ipairs(game.rs.files) do
    local name = M.portable_name(f.path, root, record_path)
    name.role, name.hash = roles[i] or "tiles", f.hash
    out[i] = name
  end
  return M.list(out)
end

function M.header(game, agents_list, root, record_path)
  local files = game_files(game, root, record_path)
  local rules = {}  -- as portable names, never this machine's paths
  for _, f in ipairs(files) do if f.role == "rules" then rules[#rules + 1] = f.path end end
  return {
    record = M.FORMAT, version = M.VERSION, engine = require("meeple").version,
    game = game.game, with = M.list(game.with), rules = M.list(rules), files = files,
    options = typed_options(game), seed = game.seed, players = game.players,
    agents = M.list(agents_list),
  }
end

-- decider: who chose the move (play:decider() before it); named only when
-- not the player whose turn it is (a bid, a dragon step), so a game
-- without such moves writes the lines it always did.
function M.move_line(turn, player, move, g, decider)
  return { turn = turn, player = player, move = move, scores = M.list(g:scores()), state = M.state_digest(g),
           decider = decider ~= player and decider or nil }
end

function M.final_line(moves, g)
  return { final = true, moves = moves, scores = M.list(g:scores()), state = M.state_digest(g) }
end

return M
