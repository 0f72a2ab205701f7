-- hostile: work driven by data (issue 36). A collector offers a pass in
-- the draw phase: turns that draw no tile, so the game never ends once
-- the stack is empty. Held to GK_MAX_TURNS.
-- where: host
-- expect: error the game reached 20000 turns, the most one may have
collect("draw", function(ctx)
  return { { type = "pass" } }
end)
