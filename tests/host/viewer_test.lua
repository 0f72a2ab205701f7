-- meeple view (issue 20 part 2): the viewer page of a record is one
-- self-contained file whose frames re-play the game: one frame per move
-- plus the start, the last frame's scores are the record's final scores,
-- and bad records are refused with a message naming the line.
local cli = require "meeple.cli"
local viewer = require "meeple.viewer"
local json = require "cjson"
cli.silent = true
local ctx = { root = ".", tty = false }
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local function data_of(html)
  local text = html:match('<script type="application/json" id="data">(.-)</script>')
  return text and json.decode((text:gsub("<\\/", "</")))
end

local function last_line(path)
  local last
  for line in io.lines(path) do last = line end
  return json.decode(last)
end

-- After re-playing a record: the figures the kernel leaves on the board
-- (farmers: fields score without sending them home) and how many the
-- final scoring sent home (return events after the last turn event).
local function figures_at_end(path)
  local loader = require "meeple.loader"
  local rec = assert(viewer.read_file(path))
  local _, rs = viewer.load_rules(rec, ctx)
  local play = loader.new_play(rs, { players = rec.header.players, seed = rec.header.seed })
  for _, e in ipairs(rec.entries) do
    if e.move then play:apply_index(assert(play:find_move(e.move))) end
  end
  local g, standing, returned = play:game(), 0, 0
  for _, fig in ipairs(g:figures()) do
    local at = fig:info().at or {}
    if at.feature or at.tile or at.cell or at.corner then standing = standing + 1 end
  end
  local log = g:log()
  for k = #log, 1, -1 do
    if log[k].event == "turn" then break end
    if log[k].event == "return" then returned = returned + 1 end
  end
  return standing, returned
end

local tmp = os.tmpname()
local games = {
  { "--seed", "3" },
  { "--seed", "2", "--with", "traders_builders,abbey_mayor", "--players", "3" },
  { "--seed", "2", "--game", "hunters_gatherers" },
  { "--seed", "2", "--game", "new_world" },
  { "--seed", "4", "--with", "./examples/fan-expansion/lakes.lua" },
  { "--seed", "5", "--rules", "examples/house-rules/farmers_4.lua" },
  -- the fairy's point opens a turn: not final scoring (#42)
  { "--seed", "3", "--with", "river,inns_cathedrals,princess_dragon" },
}
for _, args in ipairs(games) do
  local what = table.concat(args, " ")
  local a = { "--record", tmp, "--quiet" }
  for _, v in ipairs(args) do a[#a + 1] = v end
  check(cli.play(a, ctx) == 0, what .. ": play")
  local moves = 0
  for line in io.lines(tmp) do if line:find('"move":', 1, true) then moves = moves + 1 end end
  local out = tmp .. ".html"
  check(cli.view({ tmp, "-o", out }, ctx) == 0, what .. ": view exits 0")
  local f = assert(io.open(out, "rb"))
  local html = f:read("a")
  f:close()
  check(not html:find('src="http', 1, true) and not html:find('href="http', 1, true)
        and not html:find("<link", 1, true) and not html:find('<script src', 1, true),
        what .. ": no external file or network reference")
  local data = data_of(html)
  check(data ~= nil, what .. ": page data parses")
  if data then
    -- the end scoring is a step of its own after the last move
    local last_fr = data.frames[#data.frames]
    check(last_fr.final and last_fr.move == "final scoring", what .. ": the last step is the final scoring")
    check(#data.frames == moves + 2, what .. ": one frame per move plus the start and the final scoring")
    local final = last_line(tmp)
    check(table.concat(last_fr.scores, ",") == table.concat(final.scores, ","),
          what .. ": the last frame shows the record's final scores")
    local before, n_final = data.frames[#data.frames - 1].scores, 0
    for _, e in ipairs(last_fr.ledger) do
      check(e.final == true, what .. ": the final step's ledger is final scoring")
      before[e.player] = before[e.player] + e.points
      n_final = n_final + 1
    end
    check(n_final > 0 and table.concat(before, ",") == table.concat(final.scores, ","),
          what .. ": the last move's scores plus the final scoring are the final scores")
    for f = 1, #data.frames - 1 do
      for _, e in ipairs(data.frames[f].ledger) do
        check(not e.final, what .. ": no final scoring before the final step (frame " .. f .. ")")
      end
    end
    -- figures: the last move shows those the final scoring then scores;
    -- the final step shows them gone home, except those the rules keep
    -- (base: farmers, keep_figures)
    local function n_figs(fr) return select(2, fr.figures:gsub('class="figure ', "")) end
    local on_move, on_final = n_figs(data.frames[#data.frames - 1]), n_figs(last_fr)
    check(on_final <= on_move, what .. ": figures go home at the final scoring")
    if what == "--seed 3" then
      local standing, returned = figures_at_end(tmp)
      check(on_final == standing, ("%s: the final step shows the %d figures the rules keep (%d)"):format(
            what, standing, on_final))
      check(on_move == standing + returned and returned > 0 and standing > 0,
            ("%s: the last move shows the %d figures standing before the final scoring (%d)"):format(
              what, standing + returned, on_move))
    end
    local placed = 0
    for _, fr in ipairs(data.frames) do if type(fr.tiles) == "table" then placed = placed + #fr.tiles end end
    check(placed == #data.tiles, what .. ": every placed tile drawn once")
    check(data.defs:find("<defs>", 1, true) ~= nil, what .. ": tile drawings inline")
  end
  os.remove(out)
end

-- play --html writes the same viewer as play --record + view
do
  local h1 = tmp .. ".a.html"
  check(cli.play({ "--seed", "9", "--record", tmp, "--html", h1, "--quiet" }, ctx) == 0, "play --html exits 0")
  local h2 = tmp .. ".b.html"
  check(cli.view({ tmp, "-o", h2 }, ctx) == 0, "view of the same record")
  local a, b = io.open(h1, "rb"), io.open(h2, "rb")
  check(a and b and a:read("a") == b:read("a"), "play --html and view write the same page")
  if a then a:close() end
  if b then b:close() end
  os.remove(h1); os.remove(h2)
end

-- the score race: Chart.js copied into the page (no network); without
-- it the page still opens and says how to get it
do
  local chartjs_lib = require "meeple.web.chartjs"
  local rec = assert(viewer.read_file(tmp))
  if chartjs_lib.text() then
    local page = assert(viewer.html(rec, ctx))
    check(page:find("Chart.js v", 1, true) ~= nil and data_of(page).race_missing == nil,
          "the page carries Chart.js for the score race")
  end
  if not os.getenv("MEEPLE_CHARTJS") then
    local saved = chartjs_lib.CHARTJS
    chartjs_lib.CHARTJS = { "/nonexistent/chart.min.js" }
    local page = assert(viewer.html(rec, ctx))
    chartjs_lib.CHARTJS = saved
    local d = data_of(page)
    check(d and tostring(d.race_missing):find("libjs-chart.js", 1, true) and not page:find("Chart.js v", 1, true),
          "without Chart.js the page says how to get the score race: " .. tostring(d and d.race_missing))
  end
end

-- a record that diverges names its line; a non-record is refused
local lines = {}
for line in io.lines(tmp) do lines[#lines + 1] = line end
lines[3] = lines[3]:gsub('"move":"[^"]*"', '"move":"place Z 99,99 r0"')
local rec = viewer.read_lines(lines, "bad.jsonl")
local html, err = viewer.html(rec, ctx)
check(html == nil and tostring(err):find("record line 3", 1, true), "a diverging record is refused: " .. tostring(err))
local r2, e2 = viewer.read_lines({ "{}" }, "x.jsonl")
check(r2 == nil and e2:find("x.jsonl:1", 1, true), "not a record: " .. tostring(e2))
check(cli.view({ "/nonexistent/game.jsonl" }, ctx) == 1, "a missing file exits 1")
check(cli.view({}, ctx) == 2, "no file is a usage error")
os.remove(tmp)

print(("viewer: %d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
