-- Shared by the record fuzz drivers (record.lua, record_files.lua): the
-- record reader, with each rule set loaded once per process.
--
-- Loading the rules is most of a replay's cost (about 50 ms for the base
-- game), so a driver that reloads them per input runs at a few executions
-- a second. Here loader.load keeps what it built (or the error it raised)
-- per set of load options; every input then starts a fresh game from the
-- kept rules (loader.new_play restores the scripts' state from the
-- snapshot taken at load, as `sim` does between games).
--
-- Nothing of one input may reach the next: run(path) replays the record
-- twice and raises (a finding) when the two outcomes differ, exit status
-- or any message.
local common = require "meeple.cli.common"
local messages = {}
common.silent = true
-- before the commands capture it
common.eprintf = function(fmt, ...) messages[#messages + 1] = fmt:format(...) end
local replay = require "meeple.cli.replay"
local loader = require "meeple.loader"

-- The load options as a string: every field loader.load reads from a
-- record's header (the files the record names, as found; options).
local function key_of(opts)
  local parts = { opts.game, table.concat(opts.with, "\0"), table.concat(opts.rules, "\0"),
                  table.concat(opts.script_dirs, "\0"), table.concat(opts.tile_dirs, "\0") }
  local names = {}
  for k in pairs(opts.options) do names[#names + 1] = k end
  table.sort(names)
  for _, k in ipairs(names) do parts[#parts + 1] = k .. "=" .. opts.options[k] end
  return table.concat(parts, "\1")
end

-- Fuzzed options make new keys without end: the kept rule sets are
-- dropped (and collected) when there are this many.
local MAX_KEPT = 32
local kept, n_kept = {}, 0
local load = loader.load
loader.load = function(opts)
  local key = key_of(opts)
  local k = kept[key]
  if not k then
    if n_kept == MAX_KEPT then kept, n_kept = {}, 0 end
    k = table.pack(pcall(load, opts))
    kept[key], n_kept = k, n_kept + 1
  end
  if not k[1] then error(k[2], 0) end
  return k[2]
end

local function outcome(path)
  messages = {}
  local ok, code = pcall(replay.run, { path }, { root = ".", tty = false })
  return ok, code, table.concat(messages, "\n")
end

-- Replays the record at path twice; returns whether replay.run returned
-- (not raised) and its exit status.
return function(path)
  local ok1, code1, msg1 = outcome(path)
  local ok2, code2, msg2 = outcome(path)
  if ok1 ~= ok2 or code1 ~= code2 or msg1 ~= msg2 then
    error(("the same record replayed twice gave two outcomes: %s %s [%s] and %s %s [%s]"):format(
      tostring(ok1), tostring(code1), msg1, tostring(ok2), tostring(code2), msg2), 0)
  end
  return ok1, code1
end
