-- meeple.cli.human: a person at the terminal as an agent of `meeple play`
-- (--agents human,greedy). Each decision prints the legal moves (index,
-- text, and an action's arguments by name) and reads one line: a move's
-- index or its text. A text that is not legal now is refused with why
-- (a house rule's veto reason and line too) and the question is asked
-- again; the end of the input stops the game.
--
-- Invariant: the agent only chooses (returns a legal index), as every
-- agent does (meeple.cli.agents); a refused answer changes nothing.

local move_words = require "meeple.move_words"

local M = {}

local function show_moves(out, play)
  local tile = play:tile()
  local by = play:decider() ~= play:player() and (", player %d decides"):format(play:decider()) or ""
  out:write(("turn %d, player %d%s, phase %s%s:\n"):format(play:turn(), play:player(), by, play:phase(),
                                                           tile and (", tile " .. tile) or ""))
  for i, m in ipairs(play:moves()) do
    local label = move_words.label(play, m)
    out:write(("  %3d  %s%s\n"):format(i, play:move_name(i), label and ("   (" .. label .. ")") or ""))
  end
end

-- The index a line names, or nil and what to tell the person.
local function answer(play, rs, line)
  local n = play:move_count()
  local i = math.tointeger(tonumber(line))
  if i then
    if i >= 1 and i <= n then return i end
    return nil, ("no move %d (1..%d)"):format(i, n)
  end
  local found, not_found = play:find_move(line)
  if found then return found end
  return nil, (move_words.message(rs, play, line, not_found))
end

-- An agent reading from `input` (default stdin), writing to `out`.
function M.agent(input, out)
  input, out = input or io.stdin, out or io.stdout
  return function(play, _, rs)
    show_moves(out, play)
    while true do
      out:write("move (index or text)> ")
      out:flush()
      local line = input:read("l")
      if not line then error("no more input: standard input ended before the game did", 0) end
      line = line:match("^%s*(.-)%s*$")
      if line ~= "" then
        local i, why = answer(play, rs, line)
        if i then return i end
        out:write("  ", why, "\n")
      end
    end
  end
end

return M
