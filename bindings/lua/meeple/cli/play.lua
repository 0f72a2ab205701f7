-- meeple play: one game, turn by turn, then the final scores; optionally
-- its record (JSON Lines) and its final board (SVG).

local loader = require "meeple.loader"
local render = require "meeple.render"
local common = require "meeple.cli.common"
local agents_mod = require "meeple.cli.agents"
local record = require "meeple.record"
local report = require "meeple.cli.final_scores"
local viewer = require "meeple.viewer"
local output = require "meeple.cli.output"

local printf, eprintf, usage = common.printf, common.eprintf, common.usage
local stdout = common.stdout
local parse_args, game_spec, load_game = common.parse_args, common.game_spec, common.load_game
local make_agents = agents_mod.make_agents
local json, record_header = record.json, record.header

local HELP = [[
usage: meeple play [OPTIONS]

Plays one game and prints each turn, then the final scores with the
points of each player by feature kind and by reason.

]] .. common.GAME_OPTIONS .. [[
  --agents A,B,...     one agent per seat, cycled (default random):
                       random, greedy, mcts (500 playouts a decision),
                       mcts:2000, mcts:time=50ms, mcts:500:c=0.7:seed=3,
                       a bot script FILE.lua, or human (you: each move
                       by its index or text from standard input; an
                       illegal one is refused with why)
  --record FILE        write the game record (JSON Lines) to FILE
  --svg FILE           draw the final board to FILE
  --html FILE          write a replay viewer of the game to FILE (as 'meeple view')
  --coords             write each tile's cell (x,y as in the moves) on the board
  --quiet              print only the final scores

example: meeple play --game base --players 3 --seed 7 --svg board.svg
         meeple play --agents mcts:500,greedy --quiet
         meeple play --agents human,greedy
]]

local function play(args, ctx)
  local opts, pos = parse_args(args, game_spec({ agents = "value", record = "value", svg = "value", html = "value",
                                                  coords = "switch", quiet = "switch" }))
  if not opts then return usage("play", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if #pos > 0 then return usage("play", "unexpected argument '%s'", pos[1]) end
  local game, code = load_game("play", opts, ctx)
  if not game then return code end
  local agent_names
  agent_names, code = common.list_arg("play", "agents", opts.agents or "random")
  if not agent_names then return code end
  local seat_agents
  seat_agents, code = make_agents("play", agent_names, { human = true })
  if not seat_agents then return code end

  local plan = output.plan()
  for _, file in ipairs(game.rs.files) do plan:protect(file.path) end
  for _, flag in ipairs({ "record", "svg", "html" }) do
    if opts[flag] then
      local okc, why = plan:claim(opts[flag], "--" .. flag)
      if not okc then return usage("play", "%s", why) end
    end
  end

  local ok, play = pcall(loader.new_play, game.rs, { players = game.players, seed = game.seed })
  if not ok then eprintf("meeple play: %s\n", tostring(play)) return 1 end
  local g = play:game()
  -- the record's lines, for --record and --html
  local rec
  if opts.record or opts.html then
    -- lines go to the --record file (if any) and stay here for --html
    local lines, file = {}, nil
    if opts.record then
      local err
      file, err = output.open(opts.record)
      if not file then eprintf("meeple play: cannot write --record %s\n", err) return 1 end
    end
    rec = { lines = lines,
            write = function(self, line, ...)
              lines[#lines + 1] = line
              if file then file:write(line, ...) end
              return self
            end,
            commit = function() if file then return file:commit() end return true end,
            abort = function() if file then file:abort() end end }
    local names = {}
    for p = 1, game.players do names[p] = agent_names[(p - 1) % #agent_names + 1] end
    rec:write(json.encode(record_header(game, names, ctx.root, opts.record)), "\n")
  end

  local last_turn, line = 0, {}
  local function flush_line(scored)
    if #line > 0 and not opts.quiet then
      printf("turn %3d  P%d  %s%s\n", last_turn, line.player, table.concat(line, "; "), scored)
    end
    line = {}
  end
  local ledger_seen, moves = 0, 0
  local final = {}
  while not play:over() do
    local player, turn, decider = play:player(), play:turn(), play:decider()
    local kernel_turn = g:turn()
    last_turn, line.player = turn, player
    local agent = seat_agents[(decider - 1) % #seat_agents + 1] -- a bid's, a dragon step's seat
    local chosen
    local okm, err = pcall(function()
      chosen = agent(play, game.seed, game.rs)
      if not chosen then error("the agent chose no move", 0) end
      line[#line + 1] = play:move_name(chosen)
      play:apply_index(chosen)
    end)
    if not okm then
      eprintf("meeple play: turn %d: %s\n", turn, tostring(err))
      if rec then
        rec:abort()
        eprintf("meeple play: no record written: the game did not finish\n")
      end
      return 1
    end
    moves = moves + 1
    local ledger = g:ledger()
    local gained = {}
    for i = ledger_seen + 1, #ledger do
      local e = ledger[i]
      local text = ("P%d %+d %s"):format(e.player, e.points, e.reason)
      if e.turn ~= kernel_turn then final[#final + 1] = text else gained[#gained + 1] = text end
    end
    ledger_seen = #ledger
    if rec then
      rec:write(json.encode(record.move_line(turn, player, line[#line], g, decider)), "\n")
    end
    if #gained > 0 or play:player() ~= player or play:over() then
      flush_line(#gained > 0 and ("   (" .. table.concat(gained, ", ") .. ")") or "")
    end
  end
  flush_line("")
  if #final > 0 and not opts.quiet then printf("final scoring  %s\n", table.concat(final, ", ")) end
  report.print_scores(g, game.players)
  if rec then
    rec:write(json.encode(record.final_line(moves, g)), "\n")
    local okw, err = rec:commit()
    if not okw then eprintf("meeple play: cannot write --record %s\n", err) return 1 end
  end
  if opts.record then
    printf("\nrecord: %s (%d moves)\n", opts.record, moves)
  end
  if opts.html then
    local page, err = viewer.html(viewer.read_lines(rec.lines, "the game"), ctx, { rs = game.rs })
    if not page then eprintf("meeple play: --html: %s\n", err) return 1 end
    local ok, werr = output.write(opts.html, page)
    if not ok then eprintf("meeple play: cannot write --html %s\n", werr) return 1 end
    printf("viewer: %s\n", opts.html)
  end
  if opts.svg then
    local okw, err = output.write(opts.svg, render.board_svg(game.rs, g, game.players, { coords = opts.coords }))
    if not okw then eprintf("meeple play: cannot write --svg %s\n", err) return 1 end
    printf("board: %s\n", opts.svg)
  end
  return 0
end

return { run = play, HELP = HELP }
