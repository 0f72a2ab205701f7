-- meeple.scenario.steps: what each recorded step does to the run
-- (play, turn, choose, draws, stack, final, finish, expect).

local common = require "meeple.scenario.common"
local spots = require "meeple.scenario.spots"
local run_mod = require "meeple.scenario.run"
local EXPECTS = require "meeple.scenario.expects"

local show, unpack = common.show, table.unpack
local parse_place, parse_deploy = spots.parse_place, spots.parse_deploy
local legal_list = run_mod.legal_list

local STEP = {}

function STEP.play(run, s)
  for _, t in ipairs(s.texts) do run:play_text(t, s.player) end
end

-- turn(...): each move in order, passing the optional steps before it
-- that it skips (a figure not placed before an extra part's tile); then
-- pass until the turn is over.
function STEP.turn(run, s)
  run:ensure_started()
  local p = run.play
  local turn = p:turn()
  for _, t in ipairs(s.texts) do
    while t ~= "pass" and not p:over() and not run:legal_now(t) and p:find_move("pass")
          and not (parse_place(t) and p:phase() == "place_tile")
          and not (parse_deploy(t) and p:phase() == "place_figure") do
      run:play_text("pass", s.player)
    end
    run:play_text(t, s.player)
  end
  local guard = 0
  while not p:over() and p:turn() == turn do
    guard = guard + 1
    if guard > 100 then error("turn: the turn does not end", 0) end
    if p:find_move("pass") then
      run:play_text("pass", s.player)
    else
      local what = p:phase() == "place_tile" and p:part() > 1
        and ("part %d of the turn wants a tile: name it in turn(...)"):format(p:part())
        or ("phase %s wants a move, not a pass"):format(p:phase())
      error(("turn: %s (legal: %s)"):format(what, legal_list(p)), 0)
    end
  end
end

function STEP.apply(run, s)
  run:ensure_started()
  run:before_move()
  run.play:apply(s.move)
  run.last = { kind = "apply", move = s.move }
  run:record_action(run.last)
end

function STEP.draws(run, s)
  run:change_stacks({ kind = "force", stack = s.stack, ids = s.ids })
end

function STEP.stack(run, s)
  run:change_stacks({ kind = "set", stack = s.stack, ids = s.ids })
end

function STEP.final(run)
  if run.started and run.play:over() then error("final(): the game is already over", 0) end
  if run.started and not run:can_rewind() then
    error(("final(): a turn is under way (phase %s); finish it first"):format(run.play:phase()), 0)
  end
  -- Before the first draw only an empty stack ends the game at once;
  -- after a turn the play can be told to end when that turn ends.
  local at_start = not run.started or run.last.kind == "start"
  run:change_stacks({ kind = (at_start or not run.play.end_game) and "empty" or "end" })
  run:ensure_started()
  if not run.play:over() then error("final(): the game did not end (phase " .. run.play:phase() .. ")", 0) end
end

function STEP.finish(run)
  run:ensure_started()
  local p = run.play
  local guard = 0
  while not p:over() do
    guard = guard + 1
    if guard > 10000 then error("finish(): the game does not end", 0) end
    local i = p:find_move("pass") or 1
    if p:move_count() == 0 then error("finish(): no legal move in phase " .. p:phase(), 0) end
    run:play_text(p:move_name(i))
  end
end

-- The expectations that read the state of a turn need the play started.
function STEP.expect(run, s)
  run:ensure_started()
  local want, got = EXPECTS[s.name](run, unpack(s.args, 1, s.args.n))
  if want ~= nil or got ~= nil then
    run:fail(s.at, ("expect.%s: expected %s, got %s"):format(s.name, show(want), show(got)))
  end
end

return STEP
