-- meeple bench --api: what one call of each function docs/lua-api.md lists
-- for hooks costs, in ns and as a ratio to an empty Lua function call
-- timed in the same run (#39). The probes run where a fan's hook runs:
-- inside one on("turn_begin") hook of a base game (the sandbox, its
-- instruction-count hook set), on a board of some turns. Each probe is a
-- loop of n calls; the loop's own cost (an empty loop, timed alongside)
-- is subtracted, and of several interleaved rounds the fastest counts, so
-- a loaded machine moves the ns but hardly the ratios.

local loader = require "meeple.loader"

local M = {}

-- name shown, expression timed (its upvalues: g, th, f, f2, fig, ctx, p,
-- t (a reused table), strengths, e (an empty function)), and a guard
-- (optional: the probe is left out when it is false, e.g. a method
-- another branch adds).
M.PROBES = {
  -- baselines
  { "empty Lua function call e(th)", "e(th)" },
  -- obtaining handles
  { "g:tile_at(x, y)", "g:tile_at(0, 0)" },
  { "g:feature_at(x, y, 1)", "g:feature_at(0, 0, 1)" },
  { "g:feature_at(x, y, \"N\")", "g:feature_at(0, 0, 'N')" },
  { "th:feature(i)", "th:feature(1)" },
  -- tile handles
  { "th:id()", "th:id()" },
  { "th:rot()", "th:rot()" },
  { "th:xy()", "th:xy()" },
  { "th:info()", "th:info()" },
  { "th:info(t)", "th:info(t)" },
  { "th:features()", "th:features()" },
  { "th:segment_attr(i, name)", "th:segment_attr(1, 'pennant')" },
  -- feature handles
  { "f:kind()", "f:kind()" },
  { "f:closed()", "f:closed()" },
  { "f:attr(name)", "f:attr('pennant')" },
  { "f:size()", "f:size()" },
  { "f:tiles()", "f:tiles()" },
  { "f:info()", "f:info()" },
  { "f:info(t)", "f:info(t)" },
  { "f == f2", "f == f2" },
  { "f:figures()", "f:figures()" },
  { "f:adjacent()", "f:adjacent()" },
  { "f:nodes()", "f:nodes()" },
  { "f:spot()", "f:spot()" },
  { "f:anchor()", "f:anchor()" },
  { "f:system({\"city\", \"field\"})", "f:system(kinds)" },
  -- figure handles
  { "fig:info()", "fig:info()" },
  { "fig:info(t)", "fig:info(t)" },
  -- the game
  { "g:players()", "g:players()" },
  { "g:turn()", "g:turn()" },
  { "g:tile_count()", "g:tile_count()" },
  { "g:tiles()", "g:tiles()" },
  { "g:features()", "g:features()" },
  { "g:frontier()", "g:frontier()" },
  { "g:holes()", "g:holes()" },
  { "g:blocked(x, y)", "g:blocked(5, 5)" },
  { "g:can_place(id, x, y, rot)", "g:can_place('E', 0, 1, 0)" },
  { "g:has_placement(id)", "g:has_placement('E')" },
  { "g:legal_placements(id)", "g:legal_placements('E')" },
  { "g:stack_size(stack)", "g:stack_size('main')" },
  { "g:stack_count(stack, id)", "g:stack_count('main', 'E')" },
  { "g:peek(stack)", "g:peek('main')" },
  { "g:supply(player, kind)", "g:supply(1, 'meeple')" },
  { "g:figures()", "g:figures()" },
  { "g:placed_figures(kind)", "g:placed_figures('meeple')" },
  { "g:majority(f, strengths)", "g:majority(f, strengths)" },
  { "g:scores()", "g:scores()" },
  { "g:ledger()", "g:ledger()" },
  { "g:blob(slot)", "g:blob(1)" },
  { "g:discards()", "g:discards()" },
  { "g:neighbours(x, y)", "g:neighbours(0, 0)", "g.neighbours" },
  { "f:ends()", "f:ends()", "f.ends" },
  -- ctx and the play
  { "ctx.game", "ctx.game" },
  { "ctx.player", "ctx.player" },
  { "ctx.turn", "ctx.turn" },
  { "ctx.part", "ctx.part" },
  { "ctx.phase", "ctx.phase" },
  { "ctx.state", "ctx.state" },
  { "ctx.option(name)", "ctx.option('bench_option')" },
  { "p:tile()", "p:tile()" },
  { "p:phase()", "p:phase()" },
  { "p:player()", "p:player()" },
  { "p:turn()", "p:turn()" },
  { "p:stack()", "p:stack()" },
  { "p:placed()", "p:placed()" },
  { "p:closed()", "p:closed()" },
}

-- The house rule that runs the probes, as source: one turn_begin hook,
-- at turn TURN of the first game, times every probe ROUNDS times (or,
-- with CALLS, runs each CALLS times between two callgrind dumps).
local function rule_source(turn, rounds, target, calls)
  local out = {
    "api '2'",
    "local clock, report = BENCH_CLOCK, BENCH_REPORT",
    "option 'bench_option' { default = '1' }",
    "state { n = 0 }",
    "local done = false",
    "local e = function() end",
    "on('turn_begin', function(ctx)",
    "  if done or ctx.turn < " .. turn .. " then return end",
    "  done = true",
    "  local g, p = ctx.game, ctx.play",
    "  local th = g:tile_at(0, 0)",
    "  local f, f2 = g:feature_at(0, 0, 'N'), g:feature_at(0, 0, 'N')",
    "  local fig = g:figures()[1]",
    "  local t, strengths, kinds = {}, { meeple = 1 }, { 'city', 'field' }",
    "  local probes = {",
    "    { 'loop', function(n) for _ = 1, n do end end },",
  }
  for i, pr in ipairs(M.PROBES) do
    local expr, guard = pr[2], pr[3]
    local fn = ("function(n) for _ = 1, n do local _ = %s end end"):format(expr)
    -- a handle raises for a method it lacks: the guard asks under pcall
    if guard then
      fn = ("((function() local ok, v = pcall(function() return %s end) return ok and v end)() and %s or false)")
           :format(guard, fn)
    end
    out[#out + 1] = ("    { %d, %s },"):format(i, fn)
  end
  out[#out + 1] = "  }"
  if calls then
    -- callgrind: every probe once warm (handle tables, first-use caches),
    -- then each run `calls` times between two dumps; the dump's
    -- instructions less the loop probe's, per call, are the cost
    out[#out + 1] = ([[
  local mark = BENCH_MARK
  for _, pr in ipairs(probes) do if pr[2] then pr[2](16) end end
  mark()
  for i, pr in ipairs(probes) do
    if pr[2] then
      pr[2](%d)
      mark("probe " .. tostring(pr[1]))
    end
  end
  for _, pr in ipairs(probes) do
    if pr[2] then report(pr[1], 0, %d) end
  end
end)]]):format(calls, calls)
    return table.concat(out, "\n")
  end
  out[#out + 1] = ([[
  -- n per probe: enough calls for about TARGET seconds
  local ns = {}
  for i, pr in ipairs(probes) do
    if pr[2] then
      local n, dt = 16, 0
      while true do
        local t0 = clock()
        pr[2](n)
        dt = clock() - t0
        if dt >= %g / 8 or n >= 1 << 24 then break end
        n = n * 2
      end
      ns[i] = math.max(16, math.floor(n * (%g / math.max(dt, 1e-6))))
    end
  end
  local best = {}
  for _ = 1, %d do
    for i, pr in ipairs(probes) do
      if pr[2] then
        local t0 = clock()
        pr[2](ns[i])
        local per = (clock() - t0) / ns[i]
        if not best[i] or per < best[i] then best[i] = per end
      end
    end
  end
  for i, pr in ipairs(probes) do
    if pr[2] then report(pr[1], best[i], ns[i]) end
  end
end)]]):format(target, target, rounds)
  return table.concat(out, "\n")
end

-- The instructions of each callgrind dump `prefix`.N named "probe KEY":
-- { [KEY] = instructions } (KEY "loop" or a probe's index as a string).
local function read_dumps(prefix)
  local got = {}
  for i = 1, 10000 do
    local fh = io.open(prefix .. "." .. i, "rb")
    if not fh then break end
    local key, total
    for line in fh:lines() do
      key = key or line:match("^desc: Trigger: Client Request: probe (%S+)")
      total = total or tonumber(line:match("^totals: (%d+)") or line:match("^summary: (%d+)"))
      if key and total then break end
    end
    fh:close()
    if key and total then got[key] = total end
  end
  return got
end

-- Runs the probes; returns { loop = s, calls = { {name, s_per_call, n}, ... } }
-- in PROBES order (probes whose guard is false are left out). With
-- opts.callgrind (the --callgrind-out-file of a callgrind run) the costs
-- are instructions per call instead of seconds: { unit = "instr", ... }.
function M.measure(opts)
  opts = opts or {}
  local turn, rounds, target = opts.turn or 12, opts.rounds or 5, opts.target or 0.004
  local calls = opts.callgrind and (opts.calls or 2000)
  local mark = require("meeple").bench_callgrind
  if calls and mark() == 0 then
    error("--callgrind: run it under valgrind --tool=callgrind --callgrind-out-file=" ..
          opts.callgrind .. " (tools/bench-api-callgrind.sh does)", 0)
  end
  local path = os.tmpname() .. ".lua"
  local fh = assert(io.open(path, "wb"))
  fh:write(rule_source(turn, rounds, target, calls))
  fh:close()
  local raw = {}
  local function run(chunkname, code, api)
    if chunkname == "@" .. path then
      api.BENCH_CLOCK = os.clock
      api.BENCH_MARK = mark
      api.BENCH_REPORT = function(i, s, n) raw[#raw + 1] = { i, s, n } end
    end
    return meeple_host.run(chunkname, code, api)
  end
  local ok, rs = pcall(loader.load, { game = "base", rules = { path }, run = run,
                                      script_dirs = { opts.root .. "/scripts" },
                                      tile_dirs = { opts.root .. "/tiles" } })
  os.remove(path)
  if not ok then error(rs, 0) end
  -- the probes run inside one hook call: no budget may stop them (the
  -- count hook stays set, so they pay what a hook pays)
  meeple_host.set_limits(1 << 40, nil, 1 << 50, 1 << 50, 24 * 3600 * 1000)
  local play = loader.new_play(rs, { players = 2, seed = opts.seed or 1 })
  while #raw == 0 and not play:over() do play:random_move() end
  if #raw == 0 then error("bench --api: the game ended before the probes ran", 0) end
  local instr = calls and read_dumps(opts.callgrind)
  local res = { calls = {}, unit = calls and "instr" or "s" }
  for _, r in ipairs(raw) do
    local cost = r[2]
    if instr then
      cost = instr[tostring(r[1])]
      if not cost then error("--callgrind: no dump for probe " .. tostring(r[1]) .. " in " ..
                             opts.callgrind .. ".N", 0) end
      cost = cost / r[3]
    end
    if r[1] == "loop" then res.loop = cost
    else res.calls[#res.calls + 1] = { M.PROBES[r[1]][1], cost, r[3] } end
  end
  return res
end

-- Prints the table: cost per call (loop subtracted; ns, or instructions
-- for a callgrind run) and the ratio to the empty Lua function call (the
-- first probe).
function M.print(res, printf)
  local loop = res.loop
  local empty = res.calls[1][2] - loop
  local ns = res.unit ~= "instr"
  local scale = ns and 1e9 or 1
  printf("What a call costs inside a hook (base game, turn_begin, sandbox count hook set);\n")
  printf("%s per call less the loop's own %.1f, and x an empty Lua function call\n",
         ns and "ns" or "instructions (callgrind)", loop * scale)
  printf("%-34s %10s %8s\n", "call", ns and "ns" or "instr", "x empty")
  for _, c in ipairs(res.calls) do
    local per = c[2] - loop
    printf("%-34s %10.1f %8.2f\n", c[1], per * scale, per / empty)
  end
end

return M
