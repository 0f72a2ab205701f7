-- meeple.viewer: a game record turned into a replay viewer: one
-- self-contained HTML file (no network, no other file) that steps through
-- the game.
--
--   local viewer = require "meeple.viewer"
--   local html = assert(viewer.html_from_file("game.jsonl", { root = "." }))
--
-- The record is re-played move by move (as `meeple replay` does); after
-- each move a frame keeps what the page shows: the tiles placed by it,
-- the figures on the board, the features scored by it (highlighted), the
-- scores, and the ledger of its turn so far. The pictures come from
-- meeple.render_board in board coordinates with the origin at cell 0,0
-- (pad 0): the page sets the viewBox, so a frame never needs the final
-- board size. Frame 0 is the board before the first move; when the game
-- ends with a final scoring, it is a frame of its own after the last
-- move ("final scoring": its ledger, the features it scores highlighted).

local loader = require "meeple.loader"
local board = require "meeple.render_board"
local record = require "meeple.record"
local page = require "meeple.web.viewer_page"
local replay = require "meeple.replay"
local move_words = require "meeple.move_words"
local chartjs_lib = require "meeple.web.chartjs"

local M = {}

local json = record.json

--- Reads a record: its header and entries (every line after it), keeping
--- fields this reader does not know. Returns nil, message on bad input.
function M.read_lines(lines, name)
  name = name or "record"
  local okh, header = pcall(json.decode, lines[1] or "")
  if not okh or type(header) ~= "table" or header.record ~= "meeple-game" then
    return nil, ("%s:1: not a meeple game record"):format(name)
  end
  local entries = {}
  for n = 2, #lines do
    if lines[n]:match("%S") then
      local okd, entry = pcall(json.decode, lines[n])
      if not okd or type(entry) ~= "table" then
        return nil, ("%s:%d: not a JSON object"):format(name, n)
      end
      entry.line = n
      entries[#entries + 1] = entry
    end
  end
  return { header = header, entries = entries, lines = lines, name = name }
end

function M.read_file(path)
  local f, err = io.open(path, "r")
  if not f then return nil, err end
  local lines = {}
  for line in f:lines() do lines[#lines + 1] = line end
  f:close()
  local rec, rerr = M.read_lines(lines, path)
  if rec then rec.path = path end
  return rec, rerr
end

-- Rules named by script names alone (records without a files list).
local function load_by_names(header, ctx)
  local options = {}
  for k, v in pairs(header.options or {}) do options[k] = tostring(v) end
  return pcall(loader.load, {
    game = header.game or "base", with = header.with or {}, rules = header.rules or {}, options = options,
    run = meeple_host.run, script_dirs = { ctx.root .. "/scripts" }, tile_dirs = { ctx.root .. "/tiles" } })
end

--- Loads the rules a record names, as `meeple replay` does (every file
--- found under the game root or next to the record, unchanged); a record
--- of an older format falls back to script names. ctx.root: the root.
function M.load_rules(rec, ctx)
  if rec.path then
    local ok, rs = pcall(function()
      local h, scripts = replay.read_header(rec.lines, rec.path, ctx)
      return replay.load_rules(h, scripts, ctx)
    end)
    if ok then return true, rs end
    if rec.header.version ~= nil then
      local e = type(rs) == "table" and rs or { msg = tostring(rs) }
      return false, e.line and ("%s:%d: %s"):format(rec.path, e.line, e.msg) or e.msg
    end
  end
  return load_by_names(rec.header, ctx)
end

-- A ledger entry as the page shows it; hl: its feature's outline in
-- the owner's colour (an index into the page's list of outlines).
local function ledger_entry(e, final, hl)
  return { player = e.player, points = e.points, reason = e.reason, kind = e.kind, final = final or nil, hl = hl }
end

local function tile_part(geo, t)
  return board.tile_use(geo, t.id, t.x, t.y, t.rot) .. board.tile_badges(geo, t.id, t.x, t.y, t.rot)
      .. board.coord_label(geo, t.x, t.y)
end

-- The ledger entries after the first `seen`: those of the move go into
-- turn_ledger; once the game is over, its end scoring goes apart (a step
-- of its own). Every entry also goes to scored (the game's points so
-- far) with its feature outlined in the owner's colour in outlines.
-- Returns the move's highlights (yellow), the final entries and the new
-- count seen.
local function new_entries(g, geo, seen, kernel_turn, over, turn_ledger, scored, outlines)
  local hl, finals = {}, {}
  local ledger = g:ledger()
  for k = seen + 1, #ledger do
    local e = ledger[k]
    local idx, colour
    if e.feature then
      colour = board.colour(e.player)
      outlines[#outlines + 1] = board.highlight(geo, e.feature, colour)
      idx = #outlines
    end
    -- an entry of another turn is the final scoring only once the game
    -- is over; before, it opens the next turn (the fairy's point)
    local le = ledger_entry(e, over and e.turn ~= kernel_turn, idx)
    local list = turn_ledger
    if over and le.final then list = finals end
    list[#list + 1] = le
    scored[#scored + 1] = le
    -- the move's wash: the same outline in yellow (drawn once)
    if idx and list == turn_ledger then hl[#hl + 1] = (outlines[idx]:gsub(colour, "#ffeb3b")) end
  end
  return hl, finals, #ledger
end

-- The figures as they stood before the final scoring sent them home: the
-- game re-played from its log up to the turn event that opens the final
-- scoring: the last one, as the final scoring has a turn of its own.
local function figures_before_final(rs, g, geo, header)
  local log = g:log()
  local cut
  for k = #log, 1, -1 do
    if log[k].event == "turn" then cut = k; break end
  end
  if not cut then return nil end
  local before = rs.rules:new_game { players = header.players, seed = header.seed }
  local ok = pcall(before.replay, before, table.move(log, 1, cut - 1, 1, {}))
  local svg, shown
  if ok then svg, shown = board.figures(geo, before) end
  before:free()
  return svg, shown
end

-- The frames of a game re-played from its record.
local function build_frames(rs, rec)
  local header = rec.header
  local play = loader.new_play(rs, { players = header.players, seed = header.seed })
  local g = play:game()
  local geo = board.geometry(rs, {}, { pad = 0 })
  geo.minx, geo.miny = 0, 0
  local shown_figs, ids = {}, {}
  local function figures()
    local svg, shown = board.figures(geo, g)
    for k, v in pairs(shown) do shown_figs[k] = v end
    return svg
  end
  local tiles_seen = 0
  local function new_tiles()
    local list = g:tiles()
    local out = {}
    for i = tiles_seen + 1, #list do
      local t = list[i]:info()
      ids[t.id] = true
      out[#out + 1] = { id = t.id, x = t.x, y = t.y, rot = t.rot, svg = tile_part(geo, t) }
    end
    tiles_seen = #list
    return out
  end
  local starts, cells, n_starts = {}, board.start_cells(g)
  for _, c in ipairs(cells) do starts[#starts + 1] = board.start_mark(geo, c.x, c.y) end
  local supplies0, left0 = board.supplies(g, rs.decl)
  local frames = { { move = "start", turn = 0, player = 0, tiles = new_tiles(), figures = figures(),
                     supplies = supplies0, counters = board.counters(g, rs.decl), tiles_left = left0,
                     next = play:player(),
                     highlight = "", scores = g:scores(), ledger = {}, nscored = 0 } }
  local ledger_seen, turn_ledger, cur_turn, hand = 0, {}, nil, nil
  local scored, outlines = {}, {}
  for _, entry in ipairs(rec.entries) do
    if entry.final then
      if not play:over() then
        return nil, ("record line %d: the record ends but the game goes on"):format(entry.line)
      end
      local last = frames[#frames]
      last.record_scores = entry.scores
    else
      local text = entry.move or ""
      local i, why = play:find_move(text)
      if not i then return nil, ("record line %d: '%s': %s"):format(entry.line, text, tostring(why)) end
      local player, turn, kernel_turn = play:player(), play:turn(), g:turn()
      local mv = play:moves()[i]
      local words = move_words.words(rs, play, mv)
      local okm, err = pcall(play.apply_index, play, i)
      if not okm then return nil, ("record line %d: %s"):format(entry.line, tostring(err)) end
      if turn ~= cur_turn then cur_turn, turn_ledger, hand = turn, {}, nil end
      if mv.type == "place" then hand = { id = mv.tile, ref = board.tile_ref(mv.tile), x = mv.x, y = mv.y, rot = mv.rot } end
      local over = play:over()
      local hl, finals
      hl, finals, ledger_seen = new_entries(g, geo, ledger_seen, kernel_turn, over, turn_ledger, scored, outlines)
      local copy = {}
      for k, e in ipairs(turn_ledger) do copy[k] = e end
      local scores = g:scores()
      local before = table.move(scores, 1, #scores, 1, {})
      for _, e in ipairs(finals) do before[e.player] = before[e.player] - e.points end
      local figs = figures()
      local last = #finals == 0
      -- the last move shows the figures the final scoring then scores;
      -- the final step the board as the game ends: those sent home gone,
      -- those the rules keep (keep_figures: base farmers) still there
      local move_figs = figs
      if not last then
        local svg, shown = figures_before_final(rs, g, geo, header)
        for k, v in pairs(shown or {}) do shown_figs[k] = v end
        move_figs = svg or figs
      end
      local supplies, left = board.supplies(g, rs.decl)
      frames[#frames + 1] = { move = text, turn = turn, player = player, tiles = new_tiles(), figures = move_figs,
                              supplies = supplies, counters = board.counters(g, rs.decl), tiles_left = left,
                              next = not over and play:player() or nil,
                              words = words,
                              highlight = table.concat(hl, "\n"), scores = before, ledger = copy, hand = hand,
                              nscored = #scored - #finals,
                              record_scores = last and entry.scores or nil, over = (over and last) or nil }
      if not last then
        frames[#frames + 1] = { move = "final scoring", final = true, turn = turn, player = 0, tiles = {},
                                figures = figs, highlight = "", scores = scores, nscored = #scored,
                                supplies = (board.supplies(g, rs.decl)), counters = board.counters(g, rs.decl),
                                tiles_left = 0,
                                ledger = finals, record_scores = entry.scores, over = true }
      end
    end
  end
  return { frames = frames, starts = table.concat(starts, "\n"), n_starts = n_starts, geo = geo, ids = ids, scored = scored,
           outlines = outlines,
           figures_shown = shown_figs, g = g }
end

-- Everything the page needs, as one JSON value.
local function page_data(rs, rec, built, opts)
  local geo = built.geo
  local minx, miny, maxx, maxy = math.huge, math.huge, -math.huge, -math.huge
  local tiles, frame_bounds = {}, {}
  for f, fr in ipairs(built.frames) do
    for _, t in ipairs(fr.tiles) do
      tiles[#tiles + 1] = { f - 1, t.svg }
      if t.x < minx then minx = t.x end
      if t.y < miny then miny = t.y end
      if t.x > maxx then maxx = t.x end
      if t.y > maxy then maxy = t.y end
      t.svg = nil
    end
    frame_bounds[f] = minx ~= math.huge and { minx, miny, maxx, maxy } or { 0, 0, 0, 0 }
  end
  if minx == math.huge then minx, miny, maxx, maxy = 0, 0, 0, 0 end
  local id_list = {}
  for id in pairs(built.ids) do id_list[#id_list + 1] = id end
  for _, fr in ipairs(built.frames) do
    if fr.hand and not built.ids[fr.hand.id] then built.ids[fr.hand.id] = true; id_list[#id_list + 1] = fr.hand.id end
  end
  table.sort(id_list)
  local legend_svg, legend_h = board.legend_for(geo, built.ids, built.figures_shown, built.n_starts, 4, 0, 350)
  local header = rec.header
  local names = {}
  for p = 1, header.players or #built.frames[1].scores do
    names[p] = ("player %d (%s)"):format(p, board.COLOUR_NAMES[(p - 1) % #board.COLOURS + 1])
    local a = header.agents and header.agents[p]
    if type(a) == "string" then names[p] = names[p] .. " " .. a end
  end
  local colours = {}
  for p = 1, #names do colours[p] = board.colour(p) end
  for _, fr in ipairs(built.frames) do
    for _, t in ipairs(fr.tiles) do t.svg = nil end
  end
  local title = rs.decl.title or header.game or "game"
  -- expansions declare no title: their names in words (a path stays a path)
  for _, w in ipairs(header.with or {}) do
    title = title .. " + " .. (tostring(w):find("/", 1, true) and tostring(w) or board.words(w))
  end
  return {
    title = title, seed = header.seed, names = names, colours = colours, S = geo.S,
    bounds = { minx, miny, maxx, maxy }, frame_bounds = frame_bounds, defs = board.defs(geo, id_list), starts = built.starts,
    tiles = tiles, frames = built.frames, scored = built.scored,
    outlines = built.outlines, legend = legend_svg, legend_h = legend_h,
    rules = header.rules, options = header.options,
  }
end

--- The viewer page for a parsed record. Returns html or nil, message.
--- opts.rs: the rules already loaded (play --html, serve).
function M.html(rec, ctx, opts)
  opts = opts or {}
  local okl, rs = true, opts.rs
  if not rs then okl, rs = M.load_rules(rec, ctx) end
  if not okl then return nil, tostring(rs) end
  local okb, built, err = pcall(build_frames, rs, rec)
  if not okb then return nil, tostring(built) end
  if not built then return nil, err end
  local data = page_data(rs, rec, built, opts)
  -- the score race is drawn by Chart.js, copied into the page as sim
  -- --html does; without it the page says how to get it and shows the rest
  local chartjs, missing = chartjs_lib.text()
  if not chartjs then data.race_missing = "No score race: " .. missing end
  return page.render(json.encode(data), data.title, chartjs and { chartjs } or nil)
end

function M.html_from_file(path, ctx, opts)
  local rec, err = M.read_file(path)
  if not rec then return nil, err end
  return M.html(rec, ctx, opts)
end

return M
