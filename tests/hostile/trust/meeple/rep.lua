-- hostile: trust by name. A script in the user's own folder called
-- meeple/, the embedded modules' chunk prefix: it must run sandboxed like
-- any other (tests/host/hostile_test.lua runs it from this directory as
-- --rules and --with meeple/rep.lua).
local s = string.rep("", math.maxinteger)
