-- meeple.bot: bot scripts. A bot is a Lua file defining
-- choose(view) that returns the index of a move in view.moves (or its
-- text, refused with why when it is not legal now); it runs
-- sandboxed like a rule script. The view is plain data, built fresh for
-- each decision (docs/lua-api.md, "Bots"):
--   player, players, turn, phase, tile (the id to place, or nil), scores,
--   decider   who chooses among moves: player, or another for a bid or a
--             dragon step (the bot plays that seat's decision)
--   moves     {"place D 1,0 r1", "deploy meeple N", "pass", ...}
--   legal     the same moves as tables: type, name, and tile/x/y/rot,
--             figure/feature (an index into features)/spot, or action/args
--   board     the placed tiles {id, x, y, rot}, in placement order
--   features  every feature {kind, closed, open, tiles, segments, anchor,
--             figures = {{owner, kind}, ...}}
--   remaining tile id -> copies left in the stacks (counts, not order)
--   supply    supply[player][figure kind] = figures not on the board

local M = {}

local function feature_table(fh)
  local info = fh:info()
  local x, y, seg = fh:anchor()
  local figs = {}
  for _, fig in ipairs(fh:figures()) do
    local fi = fig:info()
    figs[#figs + 1] = { owner = fi.owner, kind = fi.kind }
  end
  return { kind = info.kind, closed = info.closed, open = info.open, tiles = info.tiles,
           segments = info.segments, anchor = { x, y, seg }, figures = figs }, info.root
end

local function board_of(g)
  local tiles = {}
  for i, th in ipairs(g:tiles()) do
    local info = th:info()
    tiles[i] = { id = info.id, x = info.x, y = info.y, rot = info.rot }
  end
  return tiles
end

local function remaining_of(g)
  local rules = g:rules()
  local left = {}
  for _, stack in ipairs(rules:names("stack")) do
    for _, id in ipairs(rules:tiles()) do
      local n = g:stack_count(stack, id)
      if n > 0 then left[id] = (left[id] or 0) + n end
    end
  end
  return left
end

local function supply_of(g)
  local kinds = g:rules():names("figure")
  local supply = {}
  for p = 1, g:players() do
    supply[p] = {}
    for _, k in ipairs(kinds) do supply[p][k] = g:supply(p, k) end
  end
  return supply
end

-- The moves as plain tables; a deploy names its feature by index.
local function legal_of(play, feature_index)
  local legal = {}
  for i, m in ipairs(play:moves()) do
    local t = { type = m.type, name = play:move_name(i) }
    if m.type == "place" then
      t.tile, t.x, t.y, t.rot = m.tile, m.x, m.y, m.rot
    elseif m.type == "deploy" then
      t.figure = m.figure
      local fh = type(m.at) == "table" and m.at.feature
      if fh then t.feature = feature_index[fh:info().root] end
      t.spot = t.name:match("^deploy %S+ (.+)$")
    elseif m.type == "action" then
      t.action, t.args = m.action, m.args
    end
    legal[i] = t
  end
  return legal
end

function M.view(play)
  local g = play:game()
  local features, index = {}, {}
  for i, fh in ipairs(g:features()) do
    local t, root = feature_table(fh)
    features[i], index[root] = t, i
  end
  local legal = legal_of(play, index)
  local names = {}
  for i, t in ipairs(legal) do names[i] = t.name end
  local tile = play:tile()
  return { player = play:player(), decider = play:decider(), players = g:players(), turn = play:turn(), phase = play:phase(),
           tile = tile, scores = g:scores(), moves = names, legal = legal, board = board_of(g),
           features = features, remaining = remaining_of(g), supply = supply_of(g) }
end

-- The index of the legal move a bot named by its text, or an error
-- saying why the text is not legal now (a veto's reason too).
function M.index_of_text(play, rs, path, text)
  local i, not_found = play:find_move(text)
  if i then return i end
  local shown = #text > 80 and (text:sub(1, 80) .. "...") or text
  if rs then not_found = (require("meeple.move_words").message(rs, play, text, not_found)) end
  error(("%s: choose returned '%s': %s"):format(path, shown, not_found:gsub("^'.-' is", "it is", 1)), 0)
end

-- The agent of a bot file, or nil and a message.
function M.load(path)
  local code, err = require("meeple.files").read(path)
  if not code then return nil, ("cannot read bot: %s"):format(err) end
  local ok, env = pcall(meeple_host.run, "@" .. path, code, {})
  if not ok then return nil, tostring(env) end
  if type(env) ~= "table" or type(env.choose) ~= "function" then
    return nil, ("%s: a bot must define function choose(view)"):format(path)
  end
  return function(play, _, rs)
    local view = M.view(play)
    local i = meeple_host.call(env.choose, view)
    if type(i) == "string" then return M.index_of_text(play, rs, path, i) end
    if math.type(i) ~= "integer" or i < 1 or i > #view.moves then
      error(("%s: choose returned %s, not a move index 1..%d or a move's text"):format(
        path, math.type(i) and tostring(i) or type(i), #view.moves), 0)
    end
    return i
  end
end

return M
