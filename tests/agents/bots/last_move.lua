-- A bot for tests/agents/agents_decider_test.lua: always the last listed
-- move (a deterministic choice another bot, first_move.lua, tells apart).
function choose(view)
  return #view.moves
end
