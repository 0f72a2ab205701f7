-- hostile: limits in host code. A declaration whose list hides behind
-- metamethods that never return: the flow's declaration readers
-- (bindings/play/wrap_flow.c) read raw, so no script code runs in the host
-- outside the limits; the list reads as empty and the game plays.
-- expect: ok
local spin = setmetatable({}, { __index = function() while true do end end,
                                __len = function() while true do end end,
                                __pairs = function() while true do end end })
extra_part { when = "closes", kinds = spin, attr = "pennant", stack = "main" }
