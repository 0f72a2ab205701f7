-- hostile: trust by name. A bot in a folder called meeple/ (--agents).
function choose(view)
  local s = string.rep("", math.maxinteger)
  return 1
end
