-- meeple.files: how the host reads a file a user named (a script, a tile
-- set, a scenario, a record, a bot): regular files only, at most
-- MAX_BYTES, and every failure a message naming the file.
--
-- Invariant: read() never reads more than MAX_BYTES + 1 bytes, so a
-- device such as /dev/zero (refused outright where meeple.fs exists, as
-- in the meeple executable) cannot exhaust memory.

local has_fs, fs = pcall(require, "meeple.fs")

local M = {}

-- The largest input file: far above any real script, tile set or record.
M.MAX_BYTES = 16 * 1024 * 1024

-- The text of path, or nil, "PATH: why".
function M.read(path)
  if has_fs then
    local st = fs.stat(path)
    if st and st.type ~= "file" then return nil, ("%s: is a %s, not a file"):format(path, st.type) end
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

return M
