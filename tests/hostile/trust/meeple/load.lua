-- hostile: trust by name. A chunk loaded under an embedded module's name.
local f = load('local s = string.rep("", math.maxinteger)', "@meeple/state.lua")
f()
