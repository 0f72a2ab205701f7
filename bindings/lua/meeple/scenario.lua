-- meeple.scenario: scripted test games ("scenarios") and `meeple test`.
--
-- Trusted host code (see bindings/host/host.c). A scenario file is a Lua
-- script run in the sandbox with the API below as its globals; running
-- it only *records* a plan (header, inline tiles, setup, steps), each
-- step with the file:line that wrote it. The runner then loads the
-- rules, lays out the position, plays the steps and checks the
-- expectations, outside the sandbox's instruction budget. Finally the
-- record of what was played is replayed on a fresh game and must give
-- the same ledger. The format is documented in docs/scenarios.md.
--
--   local scenario = require "meeple.scenario"
--   local plan = scenario.load_file("tests/scenarios/base/ex01_small_city.lua")
--   local result = scenario.run(plan, { root = "." })
--   -- result.ok, result.failures = { {where=, message=, ledger=}, ... }

--
-- The parts, one concern each, under meeple/scenario/: common (values,
-- positions, ledger), spots (ports, spots, move texts), check (the
-- API's argument types), record (the API a scenario sees), position
-- (rules and setup), run (playing move texts), steps, expects.

local loader = require "meeple.loader"
local common = require "meeple.scenario.common"
local record = require "meeple.scenario.record"
local position = require "meeple.scenario.position"
local run_mod = require "meeple.scenario.run"
local STEP = require "meeple.scenario.steps"

local M = {}

local readfile, exists = loader.readfile, loader.exists
local clean = require("meeple.errors").clean  -- no host location in a failure
local show, same = common.show, common.same
local ledger_entries, sort_entries = common.ledger_entries, common.sort_entries
local new_run, replay = run_mod.new_run, run_mod.replay
M.show = show
M.load_file = record.load_file

-- Runs a plan. Returns { ok =, failures =, replay_checked = }.
function M.run(plan, ctx)
  ctx = ctx or {}
  local root = ctx.root or "."
  -- messages that name their own file:line need no other position
  local function where(msg)
    if msg:sub(1, #plan.file + 1) == plan.file .. ":" then return nil end
    return plan.at or plan.file
  end
  local ok, rs = pcall(position.load_rules, plan, root)
  if not ok then
    rs = tostring(rs)
    return { ok = false, failures = { { where = where(rs), message = "loading the rules: " .. clean(rs) } } }
  end
  local run = new_run(plan, rs)
  local okb, play = pcall(run.build, run)
  if not okb then
    play = tostring(play)
    return { ok = false, failures = { { where = where(play), message = clean(play) } } }
  end
  run.play = play
  local aborted = false
  for _, s in ipairs(plan.steps) do
    local oks, err = pcall(STEP[s.op], run, s)
    if not oks then
      run:fail(s.at, tostring(err))
      aborted = true
      break
    end
  end
  if not aborted then
    if not run.started then run:ensure_started() end
    local okr, again = pcall(replay, plan, rs, run.record)
    if not okr then
      run:fail(plan.at, "replay: re-playing the record failed: " .. tostring(again), true)
    else
      local a = sort_entries(ledger_entries(run.play:game()))
      local b = sort_entries(ledger_entries(again:game()))
      local ra, rb = ledger_entries(run.play:game()), ledger_entries(again:game())
      if not same(ra, rb) then
        run:fail(plan.at, ("replay: the record gives another ledger: expected %s, got %s"):format(show(ra), show(rb)), true)
      elseif not same(a, b) then
        run:fail(plan.at, "replay: ledger order differs", true)
      elseif run.play:game():serialize() ~= again:game():serialize() then
        run:fail(plan.at, "replay: same ledger, but the final state differs", true)
      end
    end
  end
  return { ok = #run.failures == 0, failures = run.failures, record = run.record }
end

-- Runs one file: { file =, name =, ok =, failures = }.
function M.run_file(path, ctx)
  local plan, err = M.load_file(path)
  if not plan then
    return { file = path, name = "", ok = false, failures = { { message = clean(err) } } }
  end
  local r = M.run(plan, ctx)
  r.file, r.name = path, plan.name
  return r
end

-- }=====================================================================

-- {=====================================================================
-- meeple test
-- ======================================================================

M.HELP = [[
usage: meeple test [FILES|DIRS...]

Runs scenario files (scripted test games, see docs/scenarios.md): every
*.lua file given, and every *.lua file under each directory given that
has a line starting with `scenario "name"` (rule scripts kept beside
their scenarios are skipped), in name order. Without arguments:
tests/scenarios.

Prints one line per scenario, "ok" or "FAIL", with the details of each
failure indented below it (file:line, expected and actual values, the
ledger of the turn), and ends with "N passed, N failed". Every scenario
is also re-played from its own record, which must give the same ledger.

  --verbose, -v   also print the moves each scenario played

Exit status: 0 all passed, 1 a scenario failed or a file is missing,
2 usage error.
]]

local function list_dir(dir)
  -- io.popen is the host's; quote the path for the shell
  local q = "'" .. dir:gsub("'", "'\\''") .. "'"
  local p = io.popen("find " .. q .. " -type f -name '*.lua' 2>/dev/null | LC_ALL=C sort")
  if not p then return nil end
  local out = {}
  for line in p:lines() do out[#out + 1] = line end
  p:close()
  return out
end

-- A file under a directory is a scenario when a line starts with a
-- `scenario "name"` call: rule scripts and helpers kept beside their
-- scenarios are not run.
local function is_scenario_file(path)
  local text = readfile(path)
  return text ~= nil and ("\n" .. text):find("\n[ \t]*scenario[ \t]*[\"'%(%[]") ~= nil
end
M.is_scenario_file = is_scenario_file

local function is_dir(path)
  local f = io.open(path, "rb")
  if not f then return false end
  local ok, _, code = f:read(1)
  f:close()
  return ok == nil and code == 21 -- EISDIR
end

function M.main(args, ctx)
  local out, err = io.stdout, io.stderr
  local paths, verbose = {}, false
  for _, a in ipairs(args) do
    if a == "--help" or a == "-h" then out:write(M.HELP) return 0
    elseif a == "--verbose" or a == "-v" then verbose = true
    elseif a:sub(1, 1) == "-" then
      err:write(("meeple test: unknown option '%s'\ntry 'meeple test --help'\n"):format(a))
      return 2
    else paths[#paths + 1] = a end
  end
  if #paths == 0 then paths = { "tests/scenarios" } end
  local files, skipped = {}, 0
  for _, p in ipairs(paths) do
    if is_dir(p) then
      local list = list_dir(p) or {}
      for _, f in ipairs(list) do
        if is_scenario_file(f) then files[#files + 1] = f else skipped = skipped + 1 end
      end
    elseif exists(p) then
      files[#files + 1] = p
    else
      -- a missing input fails (1), as in 'meeple tiles check'; usage errors are 2
      err:write(("meeple test: no such file or directory '%s'\n"):format(p))
      return 1
    end
  end
  local passed, failed = 0, 0
  for _, f in ipairs(files) do
    local ok, r = pcall(M.run_file, f, ctx)
    if not ok then r = { file = f, name = "", ok = false, failures = { { message = "internal error: " .. clean(r) } } } end
    if r.ok then
      passed = passed + 1
      out:write(("ok   %s  %s\n"):format(f, r.name))
    else
      failed = failed + 1
      out:write(("FAIL %s  %s\n"):format(f, r.name))
      for _, fl in ipairs(r.failures) do
        out:write(("     %s%s\n"):format(fl.where and (fl.where .. ": ") or "", fl.message))
        if fl.ledger then out:write(("       %s\n"):format(fl.ledger)) end
        if fl.scores then out:write(("       scores now: %s\n"):format(show(fl.scores))) end
      end
    end
    if verbose and r.record then
      local moves = {}
      for _, a in ipairs(r.record) do
        if a.kind == "move" then moves[#moves + 1] = a.text
        elseif a.kind ~= "start" then moves[#moves + 1] = "[" .. a.kind .. (a.ids and (" " .. table.concat(a.ids, " ")) or "") .. "]" end
      end
      out:write(("       moves: %s\n"):format(table.concat(moves, "; ")))
    end
    out:flush()
  end
  out:write(("%d passed, %d failed%s\n"):format(passed, failed,
    skipped > 0 and (", %d file%s without a scenario line skipped"):format(skipped, skipped == 1 and "" or "s") or ""))
  return failed > 0 and 1 or 0
end

return M
