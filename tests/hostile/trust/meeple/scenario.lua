-- hostile: trust by name. A scenario in a folder called meeple/
-- (meeple test meeple/scenario.lua).
local s = string.rep("", math.maxinteger)
scenario "trusted by its name" { }
