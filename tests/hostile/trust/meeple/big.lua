-- hostile: trust by name. Fine with --budget 100000000 (recorded so),
-- over the default budget when `replay` loads it from the record.
local s = string.rep("x", 20000000)
