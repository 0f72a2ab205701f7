-- The limits of engine/include/gk_limits.h (issue 36) are written once:
-- meeple.limits reads the header when the meeple module is absent (a
-- stock interpreter on the source tree) and gives the module's values
-- otherwise; both must agree, and the Lua modules must use them.
local root = os.getenv("MEEPLE_ROOT") or "."
local failed = 0
local function check(cond, msg)
  if not cond then failed = failed + 1; print("FAIL limits: " .. msg) end
end

local parsed = require "meeple.limits"
check(parsed.MAX_TILE_COUNT == 10000, "MAX_TILE_COUNT from the header: " .. tostring(parsed.MAX_TILE_COUNT))
check(parsed.MAX_FILE_BYTES == 16 << 20, "MAX_FILE_BYTES from the header: " .. tostring(parsed.MAX_FILE_BYTES))
check(require("meeple.files").MAX_BYTES == parsed.MAX_FILE_BYTES, "meeple.files uses MAX_FILE_BYTES")

local cpath = os.getenv("MEEPLE_CPATH")
if cpath then -- the module's own table, from the compiled header
  package.cpath = cpath .. ";" .. package.cpath
  local meeple = require "meeple"
  local n = 0
  for k, v in pairs(meeple.limits) do
    n = n + 1
    check(parsed[k] == v, ("%s: the header says %s, the module %s"):format(k, tostring(parsed[k]), tostring(v)))
  end
  for k in pairs(parsed) do check(meeple.limits[k] ~= nil, k .. " missing from the module") end
  check(n >= 7, "the module names its limits")
  check(dofile(root .. "/bindings/lua/meeple/limits.lua") == meeple.limits, "with the module, meeple.limits is its table")
end
if failed > 0 then os.exit(1) end
print("limits: ok" .. (cpath and " (header and module agree)" or " (header)"))
