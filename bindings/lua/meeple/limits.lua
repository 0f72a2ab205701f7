-- meeple.limits: the capacities of engine/include/gk_limits.h for the Lua
-- modules (tile counts, a record's file list, input file sizes, ...), so
-- that no limit is written twice.
--
-- Invariant: the values are the C header's. With the meeple module (the
-- executable, meeple.so) they come from it (require("meeple").limits);
-- a stock interpreter running the modules from a source tree reads the
-- header itself (MEEPLE_ROOT, else the tree this file is in).

local ok, meeple = pcall(require, "meeple")
if ok and type(meeple) == "table" and meeple.limits then return meeple.limits end

local NAMES = { "MAX_POINTS", "MAX_SCORE", "MAX_TILE_COUNT", "MAX_GAME_TILES", "MAX_TURNS",
                "MAX_RECORD_FILES", "MAX_FILE_BYTES", "NAME_MAX", "MAX_SEGMENTS", "MAX_SEG_ATTRS" }

local function header_text()
  local tried = {}
  local root = os.getenv("MEEPLE_ROOT")
  if root then tried[#tried + 1] = root .. "/engine/include/gk_limits.h" end
  local src = debug and debug.getinfo(1, "S").source or ""
  local here = src:match("^@(.-)bindings/lua/meeple/limits%.lua$")
  if here then tried[#tried + 1] = here .. "engine/include/gk_limits.h" end
  for _, path in ipairs(tried) do
    local f = io.open(path, "r")
    if f then
      local text = f:read("a")
      f:close()
      return text
    end
  end
  error("meeple.limits: no meeple module and no engine/include/gk_limits.h (set MEEPLE_ROOT)", 0)
end

local text = header_text()
local out = {}
for _, name in ipairs(NAMES) do
  local expr = text:match("GK_" .. name .. "%s*=%s*([^,\n/]+)")
  local a, b = (expr or ""):match("^(%d+)%s*<<%s*(%d+)%s*$")
  out[name] = a and (tonumber(a) << tonumber(b)) or math.tointeger(tonumber(expr))
  if not out[name] then error("meeple.limits: GK_" .. name .. " not found in gk_limits.h", 0) end
end
return out
