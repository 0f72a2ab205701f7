-- The hostile corpus (tests/hostile/*.lua): scripts written the way an
-- attacker would, each stating in its header what must happen.
--
-- Run from the repository root:  meeple script tests/host/hostile_test.lua [PATTERN]
--
-- Header lines of a hostile script (all "-- key: value"):
--   expect: error TEXT   loading or a move fails with ONE line that names
--                        the script's own file and line ("tests/hostile/
--                        x.lua:N:") and contains TEXT; after a failed move
--                        the game is exactly as before it (serialized state
--                        and every script's state blob); `meeple play`
--                        exits 1 with that line on stderr.
--   expect: same         the game plays to its end and is the game played
--                        without the script (the attack changed nothing).
--   expect: ok           the game plays to its end.
--   expect: timeout TEXT a call runs past its time limit (the one limit
--                        that depends on the machine): `meeple play`
--                        exits 3 with ONE line naming the script's file
--                        and line and containing TEXT, and a host that
--                        catches the failure and tries again
--                        (tests/host/lenient_host.lua) gets no move
--                        applied after it, one message, and exit 3. Run
--                        only in child processes: the time limit spends
--                        the sandbox it fires in.
--   with: EXP,...        expansions loaded before the script.
--   game: NAME           the game script (default base).
--   budget: N            instruction budget per hook call.
--   memory: MB           memory cap of the scripts' state.
--   turn_budget: N       instructions per turn (--turn-budget).
--   game_budget: N       instructions per game (--game-budget).
--   time_limit: MS       wall-clock milliseconds per hook call (--time-limit).
--   seeds: N             games to try (default 1).
--   not_on_stdout: TEXT  `meeple play --rules FILE` must not print TEXT on
--                        standard output.
--   stderr_has: TEXT     `meeple play --quiet --rules FILE` prints TEXT on
--                        standard error, and no escape character (ESC) at
--                        all: what a script prints is escaped.
-- A file with an `expect: error` line but no file:line in its message
-- (an error raised by the host) states `where: host`.

local loader = require "meeple.loader"

local ROOT = os.getenv("MEEPLE_ROOT") or "."
local BIN = os.getenv("MEEPLE_BIN")
local DIR = "tests/hostile/"
local DEFAULT_BUDGET, DEFAULT_CAP, DEFAULT_TURN_BUDGET = 10000000, 64 << 20, 50000000
local DEFAULT_GAME_BUDGET = 1000000000
-- Files without a time_limit header test budgets and memory, not the wall
-- clock, which counts from each call's start: a generous limit, so that a
-- loaded machine running the sanitizers never trips it first.
local DEFAULT_TIME_LIMIT = 600000

local passed, failed = 0, 0
local function check(cond, name, msg)
  if cond then passed = passed + 1
  else failed = failed + 1; print("FAIL " .. name .. ": " .. msg) end
  return cond
end

local function list_files(dir)
  local p = assert(io.popen("ls " .. ROOT .. "/" .. (dir or DIR)))
  local files = {}
  for line in p:lines() do
    if line:match("%.lua$") then files[#files + 1] = line end
  end
  p:close()
  table.sort(files)
  return files
end

local function header(path)
  local h = {}
  for line in io.lines(path) do
    local k, v = line:match("^%-%- ([%w_]+): (.*)$")
    if k then h[k] = h[k] or v end
    if not line:match("^%-%-") then break end
  end
  return h
end

local function split(s)
  local out = {}
  for item in (s or ""):gmatch("[^,]+") do out[#out + 1] = item end
  return out
end

local function load_rules(h, file)
  -- the cap counts the whole state, this harness too: start each file
  -- without the garbage of the files before it, so that the script, not
  -- the harness, crosses the cap
  collectgarbage("collect")
  meeple_host.set_limits(tonumber(h.budget) or DEFAULT_BUDGET,
                         h.memory and (tonumber(h.memory) << 20) or DEFAULT_CAP,
                         tonumber(h.turn_budget) or DEFAULT_TURN_BUDGET,
                         tonumber(h.game_budget) or DEFAULT_GAME_BUDGET,
                         tonumber(h.time_limit) or DEFAULT_TIME_LIMIT)
  return loader.load{ game = h.game or "base", with = split(h.with), rules = { file },
                      run = meeple_host.run, script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

-- Everything a failed move must leave unchanged.
local function snapshot(play)
  local g = play:game()
  local parts = { g:serialize() }
  for slot = 1, 32 do parts[#parts + 1] = tostring((g:blob(slot))) end
  return table.concat(parts, "\0")
end

-- Whether the game that failed after `moves` moves is the game a fresh
-- play of the same seed is in after those moves: the failing move left
-- no trace. (Replaying instead of keeping a snapshot before every move:
-- h70's 20,000 turns made the snapshots most of this test's time.)
local function kept_before_failure(rs, seed, moves, failed)
  local play = loader.new_play(rs, { players = 2, seed = seed })
  for _ = 1, moves do
    if not pcall(play.random_move, play) then return false end
  end
  return snapshot(play) == snapshot(failed)
end

-- Plays to the end; returns nil, or the error and whether the state
-- before the failing move was kept.
local function play_through(rs, seed)
  local ok, play = pcall(loader.new_play, rs, { players = 2, seed = seed })
  if not ok then return play, true end
  local moves = 0
  while not play:over() do
    local moved, err = pcall(play.random_move, play)
    if not moved then return err, kept_before_failure(rs, seed, moves, play) end
    moves = moves + 1
  end
  return nil, true, play:game():serialize()
end

local function one_line_at(msg, file)
  return not msg:find("\n") and msg:find(file .. ":%d+:") ~= nil
end

local function cli_check(name, h, file, text)
  if not BIN then return end
  local args = { BIN, "play", "--quiet", "--rules", file, "--game", h.game or "base" }
  if h.with then args[#args + 1] = "--with"; args[#args + 1] = h.with end
  if h.budget then args[#args + 1] = "--budget"; args[#args + 1] = h.budget end
  if h.memory then args[#args + 1] = "--memory-cap"; args[#args + 1] = h.memory end
  for key, flag in pairs({ turn_budget = "--turn-budget", game_budget = "--game-budget", time_limit = "--time-limit" }) do
    if h[key] then args[#args + 1] = flag; args[#args + 1] = h[key] end
  end
  if not h.time_limit then args[#args + 1] = "--time-limit"; args[#args + 1] = tostring(DEFAULT_TIME_LIMIT) end
  -- timeout: a script that escaped its limits fails instead of hanging
  local cmd = "timeout 60 " .. table.concat(args, " ") .. " 2>&1 >/dev/null; echo \"exit=$?\""
  local p = assert(io.popen(cmd))
  local out = p:read("a")
  p:close()
  local lines = {}
  for l in out:gmatch("[^\n]+") do lines[#lines + 1] = l end
  check(lines[#lines] == "exit=1", name, "meeple play should exit 1, got: " .. out)
  check(#lines == 2 and lines[1]:find(text, 1, true) ~= nil, name,
        "meeple play should print one line containing '" .. text .. "', got: " .. out)
  for what, flag in pairs({ ["turn budget"] = "--turn-budget", ["game budget"] = "--game-budget",
                            ["time limit"] = "--time-limit", ["memory cap"] = "--memory-cap" }) do
    if text:find(what, 1, true) then
      check(out:find("raise it with " .. flag, 1, true) ~= nil, name, "the message should name " .. flag .. ": " .. out)
    end
  end
end

local function sh_lines(cmd)
  local p = assert(io.popen(cmd .. "; echo \"exit=$?\""))
  local out = p:read("a")
  p:close()
  local lines = {}
  for l in out:gmatch("[^\n]+") do lines[#lines + 1] = l end
  return lines, out
end

-- expect: timeout TEXT (see the header): both in child processes.
local function timeout_check(name, h, file, text)
  if not check(h.time_limit, name, "a timeout case needs a '-- time_limit:' line") or not BIN then return end
  local lines, out = sh_lines("timeout 60 " .. BIN .. " play --quiet --rules " .. file ..
                              " --time-limit " .. h.time_limit .. " 2>&1 >/dev/null")
  check(lines[#lines] == "exit=3", name, "meeple play should exit 3, got: " .. out)
  check(#lines == 2 and lines[1]:find(text, 1, true) and one_line_at(lines[1], file), name,
        "meeple play should print one line naming " .. file .. ":N and containing '" .. text .. "', got: " .. out)
  check(out:find("raise it with --time-limit", 1, true), name, "the message should name --time-limit: " .. out)
  lines, out = sh_lines("timeout 120 " .. BIN .. " script --time-limit " .. h.time_limit ..
                        " " .. ROOT .. "/tests/host/lenient_host.lua " .. file .. " 2>/dev/null")
  check(lines[#lines] == "exit=3", name, "a host that caught the time limit should still exit 3, got: " .. out)
  check(out:find("applied after: 0\n", 1, true) and out:find("messages: 1\n", 1, true)
        and not out:find("failed: 0\n", 1, true), name,
        "after the time limit every move must fail with its one message, got: " .. out)
end

local baseline = {}
local function base_game(h, seed)
  local key = (h.game or "base") .. "|" .. (h.with or "") .. "|" .. seed
  if not baseline[key] then
    meeple_host.set_limits(DEFAULT_BUDGET, DEFAULT_CAP, DEFAULT_TURN_BUDGET, DEFAULT_GAME_BUDGET, DEFAULT_TIME_LIMIT)
    local rs = loader.load{ game = h.game or "base", with = split(h.with), rules = {},
                            run = meeple_host.run, script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
    local _, _, final = play_through(rs, seed)
    baseline[key] = final
  end
  return baseline[key]
end

local function run_case(name)
  local file = DIR .. name
  local h = header(ROOT .. "/" .. file)
  local expect = h.expect or ""
  if not check(expect ~= "", name, "no '-- expect:' line") then return end
  local timeout_text = expect:match("^timeout (.*)$")
  if timeout_text then return timeout_check(name, h, file, timeout_text) end
  local ok, rs = pcall(load_rules, h, file)
  local text = expect:match("^error (.*)$")
  local seeds = tonumber(h.seeds) or 1
  if text then
    local err, kept = rs, true
    if ok then
      for seed = 1, seeds do
        err, kept = play_through(rs, seed)
        if err then break end
      end
    end
    if not check(err ~= nil, name, "expected an error, the game played through") then return end
    err = tostring(err)
    check(err:find(text, 1, true) ~= nil, name, "error should contain '" .. text .. "', got: " .. err)
    if h.where ~= "host" then
      check(one_line_at(err, file), name, "error should be one line naming " .. file .. ":N, got: " .. err)
    end
    check(kept, name, "the failed move changed the game")
    cli_check(name, h, file, text)
  else
    if not check(ok, name, "load failed: " .. tostring(rs)) then return end
    for seed = 1, seeds do
      local err, _, final = play_through(rs, seed)
      if not check(err == nil, name, "expected no error, got: " .. tostring(err)) then return end
      if expect == "same" then
        check(final == base_game(h, seed), name, "the game differs from the game without the script")
      end
    end
    if h.not_on_stdout and BIN then
      local p = assert(io.popen(BIN .. " play --quiet --rules " .. file .. " 2>/dev/null"))
      local out = p:read("a")
      p:close()
      check(not out:find(h.not_on_stdout, 1, true), name, "standard output has '" .. h.not_on_stdout .. "'")
    end
    if h.stderr_has and BIN then
      local p = assert(io.popen(BIN .. " play --quiet --rules " .. file .. " 2>&1 >/dev/null"))
      local out = p:read("a")
      p:close()
      check(out:find(h.stderr_has, 1, true), name, "standard error lacks '" .. h.stderr_has .. "': " .. out)
      check(not out:find("\27", 1, true), name, "standard error has an escape character: " .. out)
    end
  end
end

-- Hostile scenarios (tests/hostile/scenarios/*.lua): `meeple test FILE`
-- exits 1 and names the failure.
local function run_scenario(name)
  local file = DIR .. "scenarios/" .. name
  local h = header(ROOT .. "/" .. file)
  local text = (h.expect or ""):match("^error (.*)$")
  if not check(text, name, "scenario needs '-- expect: error TEXT'") or not BIN then return end
  local p = assert(io.popen(BIN .. " test " .. file .. " 2>&1; echo \"exit=$?\""))
  local out = p:read("a")
  p:close()
  check(out:find("exit=1", 1, true) ~= nil, name, "meeple test should exit 1, got: " .. out)
  check(out:find(text, 1, true) ~= nil, name, "meeple test should say '" .. text .. "', got: " .. out)
end

-- Trust by identity (tests/hostile/trust/meeple/): host rights belong to
-- the embedded modules the host loaded, never to a chunk named like them.
-- Run from a copy of that directory, so that every path the CLI takes in
-- starts with "meeple/"; `timeout` turns a script that escaped its budget
-- (it would loop for hours) into a failure.
local function sh(cmd)
  local p = assert(io.popen(cmd .. " 2>&1; echo \"exit=$?\""))
  local out = p:read("a")
  p:close()
  return out
end

local function run_trust()
  local budget_text = "instruction budget exceeded (10000000 instructions)"
  -- in process: meeple_host.run and load under the modules' names
  meeple_host.set_limits(1000000, DEFAULT_CAP, DEFAULT_TURN_BUDGET, DEFAULT_GAME_BUDGET, DEFAULT_TIME_LIMIT)
  local bomb = 'local s = string.rep("x", 5000000)'
  for _, name in ipairs({ "@meeple/x.lua", "@meeple/state.lua", "@meeple/loader.lua", "=meeple/state.lua" }) do
    local ok, err = pcall(meeple_host.run, name, bomb, {})
    check(not ok and tostring(err):find("instruction budget exceeded", 1, true), "trust " .. name,
          "a chunk named " .. name .. " must be charged like any script, got: " .. tostring(err))
  end
  local ok, err = pcall(meeple_host.run, "@trust/load.lua",
    "local f = load('" .. bomb .. "', '@meeple/state.lua') f()", {})
  check(not ok and tostring(err):find("state.lua:1: instruction budget exceeded", 1, true), "trust load",
        "load under an embedded module's name must be charged, got: " .. tostring(err))
  meeple_host.set_limits(DEFAULT_BUDGET, DEFAULT_CAP, DEFAULT_TURN_BUDGET, DEFAULT_GAME_BUDGET, DEFAULT_TIME_LIMIT)
  if not BIN then return end
  local dir = sh("mktemp -d"):match("^(%S+)")
  sh("cp -r " .. ROOT .. "/tests/hostile/trust/meeple " .. dir .. "/")
  local bin = BIN:sub(1, 1) == "/" and BIN or (ROOT .. "/" .. BIN)
  local run = "cd " .. dir .. " && timeout 60 " .. bin .. " "
  local slow = " --time-limit " .. DEFAULT_TIME_LIMIT  -- budgets are tested, not the clock
  local cases = {
    { "play --rules meeple/rep.lua" .. slow, "meeple/rep.lua:5: " .. budget_text },
    { "play --with meeple/rep.lua" .. slow, "meeple/rep.lua:5: " .. budget_text },
    { "play --rules meeple/state.lua" .. slow, "meeple/state.lua:3: " .. budget_text },
    { "play --rules meeple/load.lua" .. slow, "meeple/state.lua:1: " .. budget_text },
    { "play --agents meeple/bot.lua,random" .. slow, "meeple/bot.lua:3: " .. budget_text },
    { "test meeple/scenario.lua", "meeple/scenario.lua:3: " .. budget_text },
  }
  for _, c in ipairs(cases) do
    local out = sh(run .. c[1])
    check(out:find("exit=1", 1, true) and out:find(c[2], 1, true), "trust " .. c[1],
          "should exit 1 with '" .. c[2] .. "', got: " .. out)
  end
  -- a record's own file (from: "record"), recorded with a raised budget
  local out = sh(run .. "play --seed 1 --budget 100000000 --memory-cap 256 --record rec.jsonl --rules meeple/big.lua" .. slow)
  check(out:find("exit=0", 1, true), "trust record",
        "recording should work with --budget 100000000, got: " .. out)
  out = sh(run .. "replay rec.jsonl" .. slow)
  check(out:find("exit=1", 1, true) and out:find("meeple/big.lua:3: " .. budget_text, 1, true),
        "trust replay", "replay should be charged and name meeple/big.lua:3, got: " .. out)
  sh("rm -rf " .. dir)
end

-- `meeple script tests/host/hostile_test.lua PATTERN` runs only the files
-- whose name matches the Lua pattern (and skips the corpus-size check).
local only = ...
local files = list_files()
if only then
  local picked = {}
  for _, name in ipairs(files) do
    if name:find(only) then picked[#picked + 1] = name end
  end
  for _, name in ipairs(picked) do run_case(name) end
  print(("hostile: %d of %d files, %d checks passed, %d failed"):format(#picked, #files, passed, failed))
  os.exit(failed == 0 and #picked > 0 and 0 or 1)
end
for _, name in ipairs(files) do run_case(name) end
run_trust()
local scenarios = list_files(DIR .. "scenarios/")
for _, name in ipairs(scenarios) do run_scenario(name) end
for _ = 1, #scenarios do files[#files + 1] = "scenario" end
meeple_host.set_limits(DEFAULT_BUDGET, DEFAULT_CAP, DEFAULT_TURN_BUDGET)
print(("hostile: %d files, %d checks passed, %d failed"):format(#files, passed, failed))
check(#files >= 40, "corpus", "at least 40 hostile scripts expected, found " .. #files)
if failed > 0 then os.exit(1) end
