-- meeple.files: how the host reads a file a user named (a script, a tile
-- set, a scenario, a record, a bot): regular files only, at most
-- MAX_BYTES, and every failure a message naming the file.
--
-- Invariant: read() never reads more than MAX_BYTES + 1 bytes, so a
-- device such as /dev/zero (refused outright where meeple.fs exists, as
-- in the meeple executable) cannot exhaust memory.
--
-- A file a downloaded script or scenario names (`tiles { file = ... }`, a
-- scenario's `game`, `with`, `rules`) is read outside the sandbox. Its
-- name is relative to the file that names it (resolve; for files written
-- before #43, a name found only from the working directory still is), it
-- may use ".." but, both as written and once resolved (symlinks too), it
-- must lie under one of the allowed directories (roots_for): the game's
-- roots (scripts/, tiles/), the directory of the file that names it, the
-- directory the user ran meeple in and the user's project root (the
-- nearest directory above the file with a meeple.toml or .meeple, else
-- the working directory) (check_name, check_file, allow). So no error
-- message can show a line of /etc/passwd and no read can block on
-- /dev/stdin.

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
  return true
end

local function is_dir(path)
  local st = has_fs and fs.stat(path)
  return st and st.type == "directory"
end

local function exists(path)
  if has_fs then return fs.stat(path) ~= nil end
  local f = io.open(path, "rb")
  if f then f:close() return true end
  return false
end

local function dirname(path) return path:match("^(.*)/[^/]*$") or "." end

-- "/a/b/../c/./d" -> "/a/c/d", by the text alone (no file is touched).
local function normalize(path)
  local abs, parts = path:sub(1, 1) == "/", {}
  for part in path:gmatch("[^/]+") do
    if part == ".." and #parts > 0 and parts[#parts] ~= ".." then parts[#parts] = nil
    elseif part == ".." and abs then return nil
    elseif part ~= "." then parts[#parts + 1] = part end
  end
  return (abs and "/" or "") .. table.concat(parts, "/")
end
M.normalize = normalize

-- The directory meeple runs in, absolute.
function M.cwd()
  return has_fs and fs.realpath(".") or os.getenv("PWD") or "."
end

-- The user's project root for a file: the nearest directory above it
-- holding meeple.toml or .meeple, else the working directory.
function M.project_root(file)
  local dir = has_fs and fs.realpath(dirname(file))
  while dir and dir ~= "" do
    if exists(dir .. "/meeple.toml") or exists(dir .. "/.meeple") or is_dir(dir .. "/.meeple") then return dir end
    dir = dir:match("^(.*)/[^/]*$")
  end
  return M.cwd()
end

-- The directories what `file` names may come from: the game's roots,
-- the file's own directory, the working directory, the project root.
function M.roots_for(file, game_roots)
  local roots = {}
  for _, r in ipairs(game_roots) do roots[#roots + 1] = r end
  roots[#roots + 1] = dirname(file)
  roots[#roots + 1] = M.cwd()
  roots[#roots + 1] = M.project_root(file)
  return roots
end

-- Where `name`, written in `file`, is: relative to the file; for files
-- written before #43, relative to the working directory when only there.
function M.resolve(file, name)
  if type(name) ~= "string" or name:sub(1, 1) == "/" then return name end
  local near = normalize(dirname(file) .. "/" .. name) or (dirname(file) .. "/" .. name)
  if exists(near) or not exists(name) then return near end
  return name
end

-- The path, made absolute and normalized by its text: under one of the
-- roots (also normalized)? A ".." that climbs out is refused before the
-- file system is asked anything about it.
local function lexically_under(path, roots)
  local cwd = M.cwd()
  local function abs(p) return normalize(p:sub(1, 1) == "/" and p or (cwd .. "/" .. p)) end
  local p = abs(path)
  if not p then return false end
  for _, r in ipairs(roots) do
    local root = abs(r)
    if root and (p == root or p:sub(1, #root + 1) == root .. "/" or root == "/") then return true end
  end
  return false
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
  if ok and name:find("..", 1, true) and not lexically_under(path, roots) then
    ok, why = nil, "'..' is not allowed out of the allowed directories (the game's, the file's own, the working directory and the project root: docs/scenarios.md, Paths)"
  end
  if ok then ok, why = M.check_file(path, roots) end
  if not ok then error(("%s: '%s': %s"):format(who, name, why), 0) end
  return path
end

return M
