-- meeple.cli.output: every file the CLI writes goes through here, so an
-- output is either the old file, whole, or the new one, complete.
--
-- Invariant: a regular file is written to a temporary file in the same
-- directory, flushed and fsynced, then renamed over the target (and the
-- directory fsynced); a kill at any moment leaves the target untouched
-- or complete. Devices and fifos (/dev/stdout) are written directly.
--
--   local output = require "meeple.cli.output"
--   local plan = output.plan()
--   plan:protect(path)                    -- an input: never written over
--   local ok, err = plan:claim(path, "--record")  -- before the work
--   local w = assert(output.open(path))   -- then w:write(...), w:commit()
--   output.write(path, text)              -- open, write, commit at once
--
-- Errors are returned (nil, message), never raised: the message names
-- the flag and the path, never this module.

local fs = require "meeple.fs"

local M = {}

local function split(path)
  local dir, base = path:match("^(.*)/([^/]*)$")
  if not dir then return ".", path end
  return dir == "" and "/" or dir, base
end

-- A name for comparing paths: the directory's canonical path plus the
-- last component, and (when the file exists) its device and inode.
local function identity(path)
  local dir, base = split(path)
  local real = fs.realpath(dir)
  local st = fs.stat(path)
  return real and (real .. "/" .. base) or path, st and (st.dev .. ":" .. st.ino) or nil
end

-- {======================================================================
-- Writing
-- =======================================================================

local Writer = {}
Writer.__index = Writer

-- A writer for path, or nil, message.
function M.open(path)
  if path == "" then return nil, "empty file name" end
  local st = fs.stat(path)
  if st and st.type == "directory" then return nil, path .. ": is a directory" end
  if st and st.type ~= "file" then
    -- a device or fifo cannot be replaced, only written
    local f, err = io.open(path, "wb")
    if not f then return nil, err end
    return setmetatable({ file = f, path = path, direct = true }, Writer)
  end
  local dir, base = split(path)
  if base == "" then return nil, path .. ": is a directory" end
  local f, temp = fs.temp(dir, "." .. base .. ".tmp-")
  if not f then return nil, temp end
  return setmetatable({ file = f, path = path, temp = temp, dir = dir }, Writer)
end

function Writer:write(...)
  if self.err then return self end
  local ok, err = self.file:write(...)
  if not ok then self.err = err end
  return self
end

-- Flush, fsync and rename into place. true, or nil, message (the target
-- is then unchanged and the temporary file gone).
function Writer:commit()
  local f = self.file
  self.file = nil
  if not f then return nil, self.path .. ": already closed" end
  local ok, err = true, self.err
  if not err and not self.direct then ok, err = fs.sync(f) end
  local closed, cerr = f:close()
  err = err or (not closed and cerr) or nil
  if self.direct then
    if err then return nil, self.path .. ": " .. err end
    return true
  end
  if not err then ok, err = os.rename(self.temp, self.path) end
  if err or not ok then
    os.remove(self.temp)
    return nil, self.path .. ": " .. tostring(err)
  end
  fs.sync_dir(self.dir) -- the rename is done; a failing directory sync loses nothing written
  return true
end

-- Drop what was written; the target stays as it was.
function Writer:abort()
  if self.file then self.file:close() end
  self.file = nil
  if self.temp then os.remove(self.temp) end
end

-- The whole of text to path. true, or nil, message.
function M.write(path, text)
  local w, err = M.open(path)
  if not w then return nil, err end
  return w:write(text):commit()
end

-- }======================================================================

-- {======================================================================
-- Planning: inputs are never outputs, and no two outputs share a path
-- =======================================================================

local Plan = {}
Plan.__index = Plan

function M.plan()
  return setmetatable({ inputs = {}, outputs = {} }, Plan)
end

-- path was read by this run (a script, tiles, a scenario, a record).
function Plan:protect(path)
  local name, node = identity(path)
  local real = fs.realpath(path)
  local entry = { path = path }
  self.inputs[name] = entry
  if real then self.inputs[real] = entry end
  if node then self.inputs[node] = entry end
end

-- Checks, before any work, that path can be written for flag: not an
-- input, not another output, not a directory, in a writable directory.
-- true, or nil, "FLAG PATH: why".
function Plan:claim(path, flag)
  local function refuse(why, ...) return nil, ("%s %s: " .. why):format(flag, path, ...) end
  if path == "" then return nil, flag .. ": empty file name" end
  local name, node = identity(path)
  local input = self.inputs[name] or (node and self.inputs[node])
  if input then return refuse("refusing to overwrite %s, an input of this run", input.path) end
  local other = self.outputs[name] or (node and self.outputs[node])
  if other then return refuse("the same file as %s", other) end
  local st = fs.stat(path)
  if st and st.type == "directory" then return refuse("is a directory") end
  if path:sub(-1) == "/" then return refuse("is a directory") end
  if not st or st.type == "file" then
    local dir = split(path)
    local dst = fs.stat(dir)
    if not dst or dst.type ~= "directory" then return refuse("no directory %s", dir) end
    -- a trial temporary file: a read-only directory fails now, not after the game
    local w, err = M.open(path)
    if not w then return refuse("cannot write: %s", err) end
    w:abort()
  end
  self.outputs[name] = flag
  if node then self.outputs[node] = flag end
  return true
end

-- One output of a command that reads the files in inputs: checked as by
-- a plan, then written. true, or nil, message.
function M.write_output(path, text, flag, inputs)
  local plan = M.plan()
  for _, input in ipairs(inputs or {}) do plan:protect(input) end
  local ok, err = plan:claim(path, flag)
  if not ok then return nil, err end
  ok, err = M.write(path, text)
  if not ok then return nil, ("%s %s"):format(flag, err) end
  return true
end

-- }======================================================================

return M
