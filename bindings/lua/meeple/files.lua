-- meeple.files: which files a script or a scenario may make the host read.
--
-- A downloaded script names files (`tiles { file = ... }`, a scenario's
-- `game`, `with`, `rules`); the host reads them outside the sandbox. So a
-- named path is relative (no leading "/"), has no ".." part, and once
-- resolved (symlinks too) is a regular file of at most MAX_BYTES under
-- one of the allowed directories: the game's roots (scripts/, tiles/)
-- and the directory of the file that names it. Nothing else is opened,
-- so no error message can show a line of /etc/passwd and no read can
-- block on /dev/stdin or fill memory from /dev/zero.

local M = {}

M.MAX_BYTES = 16 << 20

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
