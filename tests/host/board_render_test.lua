-- The played board picture (meeple.render_board, issue 20 part 1): every
-- placed tile and figure drawn, figures in their owner's colour, separate
-- city caps walled, pennants and goods never in a player's colour, a
-- legend naming every kind, attribute and figure shown, the start tile
-- marked, cell coordinates matching the move texts, a fan expansion's
-- declared drawing used.
local loader = require "meeple.loader"
local board = require "meeple.render_board"
local render = require "meeple.render"

local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end
local function count(s, pat)
  local n = 0
  for _ in s:gmatch(pat) do n = n + 1 end
  return n
end

local function xmllint_ok(svg)
  local path = os.tmpname()
  local f = assert(io.open(path, "wb"))
  f:write(svg)
  f:close()
  local ok = os.execute("xmllint --noout '" .. path .. "' 2>/dev/null")
  os.remove(path)
  return ok == true
end

local function play_game(game, with, seed, rules)
  local rs = loader.load { game = game, with = with, rules = rules or {}, options = {}, run = meeple_host.run,
                           script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
  local play = loader.new_play(rs, { players = 3, seed = seed })
  while not play:over() do play:random_move() end
  return rs, play:game()
end

local PLAYER_FILLS = {}
for _, c in ipairs(board.COLOURS) do PLAYER_FILLS[c] = true end

-- {== base: tiles, figures, colours, coordinates, start ===================
do
  local rs, g = play_game("base", {}, 3)
  local svg = board.svg(rs, g, 3, { coords = true })
  check(xmllint_ok(svg), "base board is well-formed XML")
  check(count(svg, '<use href="#tile%-') == #g:tiles(), "one <use> per placed tile")
  local on_board = 0
  for _, fig in ipairs(g:figures()) do
    local at = fig:info().at
    if at.feature or at.tile or at.cell then on_board = on_board + 1 end
  end
  check(count(svg, '<g class="figure figure%-[%w_]+" data%-owner') == on_board, "one figure group per figure on the board ("
        .. on_board .. ")")
  for owner, fill in svg:gmatch('data%-owner="(%d+)"[^>]*>.-fill="(#%x+)"') do
    check(fill == board.colour(tonumber(owner)), "figure of player " .. owner .. " drawn in " .. fill)
  end
  check(count(svg, 'class="start%-mark"') == 1, "one start mark in the base game")
  for _, th in ipairs(g:tiles()) do
    local t = th:info()
    check(svg:find(('>%d,%d</text>'):format(t.x, t.y), 1, true), "coordinates of " .. t.x .. "," .. t.y)
  end
  for _, id in ipairs { "kind-city", "kind-road", "kind-field", "kind-cloister", "attr-pennant",
                        "figure-meeple", "start" } do
    check(svg:find('id="legend-' .. id .. '"', 1, true), "base legend has " .. id)
  end
  for fill in svg:gmatch('class="pennant"[^>]-fill="(#%x+)"') do
    check(not PLAYER_FILLS[fill], "pennant not in a player's colour (" .. fill .. ")")
  end
  -- without coords no coordinate labels
  check(not board.svg(rs, g, 3):find('class="coord"', 1, true), "coordinates only when asked")
  -- H (two separate caps) and I (two separate caps): two walls each;
  -- G (one city through the middle): one segment
  local defs = {}
  for _, e in ipairs(rs.pool) do defs[e.tile.id] = e.tile end
  for _, id in ipairs { "H", "I" } do
    local tsvg = render.tile_svg(defs[id], { size = 64 })
    check(count(tsvg, 'class="wall"') == 2, id .. ": two walled city caps")
    check(count(tsvg, 'kind%-city') == 2, id .. ": two city segments")
  end
  check(count(render.tile_svg(defs.G, { size = 64 }), 'kind%-city') == 1, "G: one city segment")
  check(render.tile_svg(defs.H, { size = 64 }) ~= render.tile_svg(defs.G, { size = 64 }), "H and G differ")
end

-- {== expansions: legends =================================================
local function legend_has(svg, ids, what)
  for _, id in ipairs(ids) do
    check(svg:find('id="legend-' .. id .. '"', 1, true), what .. " legend has " .. id)
  end
end

do
  local rs, g = play_game("base", { "traders_builders", "abbey_mayor" }, 2)
  local svg = board.svg(rs, g, 3)
  check(xmllint_ok(svg), "T&B + A&M board is well-formed")
  legend_has(svg, { "attr-wine", "attr-wheat", "attr-cloth", "kind-abbey_side" }, "T&B + A&M")
  for fill in svg:gmatch('class="attr attr%-%a+"><rect[^>]-fill="(#%x+)"') do
    check(not PLAYER_FILLS[fill], "goods badge not in a player's colour")
  end
end

do
  local rs, g = play_game("new_world", {}, 2)
  local svg = board.svg(rs, g, 3)
  check(xmllint_ok(svg), "New World board is well-formed")
  legend_has(svg, { "kind-trail", "kind-town", "kind-plains", "kind-sea", "start" }, "New World")
  check(svg:find(">start board</text>", 1, true), "New World: the start board is named")
  check(count(svg, 'class="start%-mark"') == 1, "New World: one star on the start board of ten spaces")
  check(not svg:find("(new kind)", 1, true), "New World: every kind has a drawing")
end

do
  local rs, g = play_game("hunters_gatherers", {}, 2)
  local svg = board.svg(rs, g, 3)
  check(xmllint_ok(svg), "H&G board is well-formed")
  legend_has(svg, { "kind-forest", "kind-river", "kind-lake", "kind-grassland" }, "H&G")
  check(not svg:find("(new kind)", 1, true), "H&G: every kind has a drawing")
end

-- {== a fan expansion's declared drawing ==================================
do
  local path = os.tmpname() .. ".lua"
  local f = assert(io.open(path, "w"))
  f:write([[
expansion "swamps" { requires = { "base" } }
kind "swamp" { closes = "ports", colour = "#123456", shape = "walled" }
kind "bog" { closes = "never" }
figure "frog" { per_player = 1, on = { "swamp" }, shape = "pig" }
tiles { name = "swamps", text = "tile SW1 x3\n  swamp N*\n  bog C\n  field E* S* W* touches swamp\n" }
]])
  f:close()
  local rs, g = play_game("base", { path }, 1)
  os.remove(path)
  local svg = board.svg(rs, g, 3)
  check(xmllint_ok(svg), "fan board is well-formed")
  check(svg:find('fill="#123456"', 1, true), "swamp drawn in its declared colour")
  check(svg:find('id="legend-kind-swamp"', 1, true) and not svg:find("swamp (new kind)", 1, true),
        "the declared kind is in the legend as drawn")
  check(svg:find("bog (new kind)", 1, true), "an undeclared drawing gets the default, marked new")
  local defs = {}
  for _, e in ipairs(rs.pool) do defs[e.tile.id] = e.tile end
  check(count(render.tile_svg(defs.SW1, { size = 64, styles = board.styles(rs.decl) }), 'class="wall"') == 1,
        "shape = walled draws a wall")
  check(board.figure_shape({ figure_decl = { frog = rs.decl.figures[rs.decl.figure_index.frog] } }, "frog") == "pig",
        "a figure's declared shape is used")
  check(board.figure_shape({ figure_decl = {} }, "goblin") == "disc", "an unknown figure is a disc")
  check(board.figure_shape({ figure_decl = {} }, "dragon") == "dragon", "a dragon is drawn as one")
  local ok, err = pcall(loader.load, { game = "base", with = {}, options = {}, run = meeple_host.run,
    script_dirs = { "scripts" }, tile_dirs = { "tiles" }, rules = {},
    text = nil })
  check(ok, "base still loads: " .. tostring(err))
end

print(("board render: %d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
