-- Fuzz driver: the tile notation (meeple.tiles). Any bytes parse to a tile
-- set or to a one-line error; resolving a parsed set (includes refused)
-- does too.
local tiles = require "meeple.tiles"

local function no_includes(name) return nil, "no include '" .. name .. "' here" end

return function(data)
  local ok, set = pcall(tiles.parse, data, "fuzz.tiles")
  if ok and set then pcall(tiles.resolve, set, no_includes) end
end
