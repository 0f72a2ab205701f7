-- meeple.files: how the host reads a file a user named (a script, a tile
-- set, a scenario, a record, a bot): regular files only, at most
-- MAX_BYTES, and every failure a message naming the file.
--
-- Invariant: read() never reads more than MAX_BYTES + 1 bytes, so a
-- device such as /dev/zero (refused outright where meeple.fs exists, as
-- in the meeple executable) cannot exhaust memory.
--
-- A file a downloaded script or scenario names (`tiles { file = ... }`, a
-- scenario's `game`, `with`, `rules`) is read outside the sandbox, so it
-- must also be named by a relative path with no ".." part and, once
-- resolved (symlinks too), lie under one of the allowed directories: the
-- game's roots (scripts/, tiles/) and the directory of the file that
-- names it (check_name, check_file, allow). So no error message can show
-- a line of /etc/passwd and no read can block on /dev/stdin.

local has_fs, fs = pcall(require, "meeple.fs")

local M = {}

-- The largest input file: far above any real script, tile set or record
-- (GK_MAX_FILE_BYTES of gk_limits.h).
M.MAX_BYTES = require("meeple.limits").MAX_FILE_BYTES

-- The text of path, or nil, "PATH: why".
function M.read(path)
  if has_fs then
    local st = fs.stat(path)
    if st and st.type ~= "file" then return nil, ("%s: not a regular file (a %s)"):format(path, st.type) end
    if st and st.size > M.MAX_BYTES then
      return nil, ("%s: larger than %d bytes"):format(path, M.MAX_BYTES)
    end
  end
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  local text, rerr = f:read(M.MAX_BYTES + 1)
  f:close()
  if rerr then return nil, ("%s: %s"):format(path, rerr) end
  text = text or ""
  if #text > M.MAX_BYTES then return nil, ("%s: larger than %d bytes"):format(path, M.MAX_BYTES) end
  return text
end

-- The name as written: nil and why if it may not be used at all.
function M.check_name(name)
  if type(name) ~= "string" or name == "" then return nil, "a relative file name expected" end
  if name:sub(1, 1) == "/" then return nil, "absolute paths are not allowed" end
  for part in name:gmatch("[^/]+") do
    if part == ".." then return nil, "'..' is not allowed in a file name" end
  end
  return true
end

-- The file found for it: true, or nil and why. Without the host's check
-- (a stock interpreter running the modules) every file passes.
function M.check_file(path, roots)
  local check = rawget(_G, "meeple_host") and meeple_host.file_check
  if not check then return true end
  return check(path, M.MAX_BYTES, table.unpack(roots))
end

-- Both, raising "<who>: '<name>': <why>" on failure.
function M.allow(who, name, path, roots)
  local ok, why = M.check_name(name)
  if ok then ok, why = M.check_file(path, roots) end
  if not ok then error(("%s: '%s': %s"):format(who, name, why), 0) end
  return path
end

return M
