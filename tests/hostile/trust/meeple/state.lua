-- hostile: trust by name. Named exactly like an embedded module
-- (meeple/state.lua): a script all the same.
local s = string.rep("", math.maxinteger)
