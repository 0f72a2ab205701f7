-- Scripts people share keep working, files resolve as users expect, and
-- the messages say what to do (issue #43): the script API version (newer
-- refused, older or undeclared run with one warning or refused with the
-- migration line), meeple check, paths relative to the file with the
-- user's roots, "did you mean" for scripts and formula terms, a missing
-- file's place, bad option values as usage errors, sim --db refusing to
-- replace a database, the same turn count in a record and in
-- --csv-games.
local loader = require "meeple.loader"
local fs = require "meeple.fs"
local root = os.getenv("MEEPLE_ROOT") or "."
-- the command as a user runs it from any directory: it finds the games
-- beside itself (the build tree's parent), not through MEEPLE_ROOT
local bin = "env -u MEEPLE_ROOT -u MEEPLE_PATH " .. fs.realpath(os.getenv("MEEPLE_BIN") or "build/meeple")
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end
local function sh(cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("a")
  local ok, _, code = p:close()
  return out, ok and 0 or code
end
local function q(s) return "'" .. s:gsub("'", "'\\''") .. "'" end
local function write(path, text)
  local f = assert(io.open(path, "w")); f:write(text); f:close()
end

local dir = os.tmpname()
os.remove(dir)
assert(os.execute("mkdir -p " .. q(dir)))
local abs_root = require("meeple.fs").realpath(root)

-- loads the base game with FILE as a house rule (or as an expansion);
-- returns ok, the rule set or the message, and the warnings given
local function load(file, as)
  local warnings = {}
  local ok, rs = pcall(loader.load, {
    game = "base", with = as == "with" and { file } or {}, rules = as ~= "with" and { file } or {},
    run = meeple_host.run, script_dirs = { abs_root .. "/scripts" }, tile_dirs = { abs_root .. "/tiles" },
    warn = function(msg) warnings[#warnings + 1] = msg end })
  return ok, rs, warnings
end

---------------------------------------------------------------------------
-- 1. The script API version
---------------------------------------------------------------------------

-- A fan expansion written for the earlier docs: features were tables.
-- Under API 2 `f.kind == "city"` compares a method with a string (always
-- false) and the cathedral transform silently did nothing; now it is
-- refused with the line to change.
write(dir .. "/fan_cathedrals.lua", [[
-- a fan Inns & Cathedrals, written for script API 1
transform("feature_points", function(ctx, f, points)
  -- "f.kind" in a comment and a string is no idiom
  if f.kind == "city" and f.attrs.cathedral then
    if f.when == "final" then return 0 end
    return points * 3 // 2
  end
end)
]])
local ok, err = load(dir .. "/fan_cathedrals.lua")
check(not ok and tostring(err):find("fan_cathedrals.lua:4: f.kind is a method since script API 2", 1, true)
      and err:find("write f:kind()", 1, true) and err:find("and 2 more like it", 1, true)
      and err:find("declares no script API version; once changed, declare api \"2\"", 1, true),
      "an API 1 idiom is refused with its line and the migration: " .. tostring(err))

-- declared api 1: the same, saying so
write(dir .. "/fan_v1.lua", 'api "1"\non("feature_scored", function(ctx, feature, args)\n' ..
      '  if feature.when == "closed" then ctx:score(1, 1, "bonus") end\nend)\n')
ok, err = load(dir .. "/fan_v1.lua")
check(not ok and tostring(err):find("fan_v1.lua:3: feature.when is gone since script API 2: it is args.when", 1, true)
      and err:find("declares script API 1", 1, true), "api 1 idiom refused: " .. tostring(err))

-- a named hook function is followed to its parameter
write(dir .. "/named.lua", 'local function bonus(ctx, feat, points)\n  if feat.kind == "road" then return points + 1 end\nend\n' ..
      'transform("feature_points", bonus)\n')
ok, err = load(dir .. "/named.lua")
check(not ok and tostring(err):find("named.lua:2: feat.kind is a method", 1, true), "named hook: " .. tostring(err))

-- move.at.feature.kind in a veto
write(dir .. "/veto_v1.lua", 'allow("figure_placement", function(ctx, move)\n' ..
      '  return not (move.at.feature and move.at.feature.kind == "field")\nend, { figures = { "meeple" } })\n')
ok, err = load(dir .. "/veto_v1.lua")
check(not ok and tostring(err):find("veto_v1.lua:2: feature.kind is a method", 1, true), "veto idiom: " .. tostring(err))

-- a River written before 0.1.0 lays a second start without replace: the
-- message now says this changed with script API 2
write(dir .. "/old_river.lua", 'expansion "old_river" { requires = { "base" } }\nstart { tile = "D", at = { 0, 0 }, rotation = 0 }\n')
ok, err = load(dir .. "/old_river.lua", "with")
check(not ok and tostring(err):find("already lays the start", 1, true)
      and err:find("no script API version declared: a second start tile says replace = true since script API 2", 1, true),
      "an old River's start: the message says what changed: " .. tostring(err))

-- a script for a newer API: refused before it runs, whatever it calls
write(dir .. "/newer.lua", 'api "3"\nsome_future_declaration "x" { }\n')
ok, err = load(dir .. "/newer.lua")
check(not ok and tostring(err):find("newer.lua:1: written for script API 3; this meeple (" .. require("meeple").version ..
      ") runs script API 2 and older: update meeple", 1, true), "newer API refused: " .. tostring(err))
write(dir .. "/newer_exp.lua", 'expansion "newer_exp" { requires = { "base" }, api = 3 }\n')
ok, err = load(dir .. "/newer_exp.lua", "with")
check(not ok and tostring(err):find("newer_exp.lua:1: written for script API 3", 1, true), "newer expansion: " .. tostring(err))
write(dir .. "/bad_api.lua", 'api "two"\n')
ok, err = load(dir .. "/bad_api.lua")
check(not ok and tostring(err):find("bad_api.lua:1: api must be a script API number (1 to 2), got two", 1, true),
      "bad api value: " .. tostring(err))

-- an undeclared script without old idioms runs, warned once per file
write(dir .. "/plain.lua", 'transform("feature_points", function(ctx, f, points)\n' ..
      '  if f:kind() == "road" then return points + 1 end\nend, { kinds = { "road" } })\n')
local ok1, _, w1 = load(dir .. "/plain.lua")
local ok2, _, w2 = load(dir .. "/plain.lua")
check(ok1 and ok2 and #w1 == 1 and #w2 == 0 and w1[1]:find("plain.lua: declares no script API version, run as script API 2; add api \"2\"", 1, true),
      "undeclared runs with one warning: " .. tostring(w1[1]) .. " / " .. #w2)
-- declared api 2: no warning; the old idiom is not scanned for (check flags it)
write(dir .. "/declared.lua", 'api "2"\ntransform("feature_points", function(ctx, f, points)\n' ..
      '  if f:kind() == "road" then return points + 1 end\nend, { kinds = { "road" } })\n')
local ok3, _, w3 = load(dir .. "/declared.lua")
check(ok3 and #w3 == 0, "api 2 declared: no warning")
-- the shipped games, expansions and examples declare API 2
for _, name in ipairs({ "base", "traders_builders", "abbey_mayor", "river", "princess_dragon" }) do
  local f = io.open(abs_root .. "/scripts/" .. name .. ".lua"):read("a")
  check(f:find('\napi "2"', 1, true), name .. " declares api 2")
end
for _, f in ipairs({ "examples/house-rules/long_roads.lua", "examples/fan-expansion/lakes.lua" }) do
  local ok4, _, w4 = load(abs_root .. "/" .. f, f:find("fan") and "with" or nil)
  check(ok4 and #w4 == 0, f .. " loads without a warning")
end

-- meeple check
local out, code = sh(("%s check %s"):format(bin, q(abs_root .. "/examples/house-rules/long_roads.lua")))
check(code == 0 and out:find("script API 2 (current)", 1, true) and out:find("calls/game", 1, true)
      and out:find("nothing flagged", 1, true), "check of a clean house rule: " .. out)
write(dir .. "/lint.lua", [[
local count = 0
on("feature_scored", function(ctx, f, args)
  count = count + 1
  if f.kind == "road" then ctx:score(ctx.player, 1, "bonus") end
end)
allow("tile_placement", function(ctx, move)
  return move.x < 50
end)
allow("figure_placement", function(ctx, move) return true end)
]])
out, code = sh(("%s check %s --games 5"):format(bin, q(dir .. "/lint.lua")))
check(code == 1, "check exits 1 when it flags: " .. code)
check(out:find("no script API version", 1, true), "check: no API version: " .. out)
check(out:find("lint.lua:4: deprecated: f.kind is a method", 1, true), "check: method compared with a value")
check(out:find("lint.lua:2: the feature_scored hook changed upvalue count during play", 1, true),
      "check: upvalue kept across games: " .. out)
check(out:find("lint.lua:6: allow(\"tile_placement\") without tiles or stack", 1, true), "check: unscoped tile veto")
check(out:find("lint.lua:9: allow(\"figure_placement\") without figures", 1, true), "check: unscoped deploy veto")
check(out:find("Lua hooks, profiled over 5 games", 1, true), "check prints the hook costs")
-- the scratch table docs/lua-api.md recommends for info(t) is a note, not a
-- finding; a list the hook grows is still flagged
write(dir .. "/scratch.lua", [[
api "2"
local scratch, seen = {}, {}
on("tile_placed", function(ctx, th)
  local info = th:info(scratch)
  if info.neighbours == 8 then ctx:score(ctx.player, 1, "bonus") end
end)
on("turn_begin", function(ctx) seen[#seen + 1] = ctx.player end)
]])
out, code = sh(("%s check %s --games 5"):format(bin, q(dir .. "/scratch.lua")))
check(out:find("scratch.lua:3: upvalue scratch only holds what info(t) fills", 1, true), "check: info(t) scratch is a note: " .. out)
check(not out:find("changed upvalue scratch", 1, true), "check: the scratch table is not flagged")
check(out:find("scratch.lua:7: the turn_begin hook changed upvalue seen during play", 1, true), "check: a growing list is flagged")
check(code == 1 and out:find("1 flagged", 1, true), "check: one finding: " .. out)
-- a memo fills as hooks read it, the same in every game: not flagged
write(dir .. "/memo.lua", [[
api "2"
local SIDES = memo(function(rules, id) return { id = id } end, "sides")
local function sides(id) return SIDES[id] end
on("tile_placed", function(ctx, th)
  if sides(th:id()).id == "" then ctx:score(ctx.player, 1, "never") end
end)
]])
out, code = sh(("%s check %s --games 5"):format(bin, q(dir .. "/memo.lua")))
check(code == 0 and out:find("nothing flagged", 1, true), "check: a memo read in a hook is not flagged: " .. out)

---------------------------------------------------------------------------
-- 2. Files resolve as users expect
---------------------------------------------------------------------------
local proj = dir .. "/my-rules"
assert(os.execute("mkdir -p " .. q(proj .. "/scenarios/deep")))
write(proj .. "/big_cities.lua", 'api "2"\nscore "city" { closed = { per_tile = 3, pennant = 2 }, final = { per_tile = 1, pennant = 1 } }\n')
write(proj .. "/scenarios/up.lua", 'scenario "up" { game = "base", players = 2, rules = { "../big_cities.lua" } }\n')
write(proj .. "/scenarios/deep/upup.lua", 'scenario "upup" { game = "base", players = 2, rules = { "../../big_cities.lua" } }\n')
write(proj .. "/scenarios/out.lua", 'scenario "out" { game = "base", players = 2, rules = { "../../../../../../../etc/hostname.lua" } }\n')
assert(os.execute("mkdir -p " .. q(dir .. "/elsewhere_up")))
local function test_from(cwd, file)
  return sh(("cd %s && %s test %s"):format(q(cwd), bin, q(file)))
end
out, code = test_from(dir .. "/elsewhere_up", proj .. "/scenarios/up.lua")
check(code == 0 and out:find("1 passed", 1, true), "'..' to the scenario's parent, from /tmp: " .. out)
-- from a directory that is neither the project nor above it
local elsewhere = dir .. "/elsewhere"
assert(os.execute("mkdir -p " .. q(elsewhere)))
out, code = test_from(elsewhere, proj .. "/scenarios/deep/upup.lua")
check(code ~= 0 and out:find("'..' is not allowed out of the allowed directories", 1, true),
      "no marker: the parent's parent is not a root from /tmp: " .. out)
out, code = test_from(proj, proj .. "/scenarios/deep/upup.lua")
check(code == 0, "the directory meeple runs in is a root: " .. out)
write(proj .. "/.meeple", "")
out, code = test_from(elsewhere, proj .. "/scenarios/deep/upup.lua")
check(code == 0, "a .meeple marker makes the project root: " .. out)
out, code = test_from(elsewhere, proj .. "/scenarios/out.lua")
check(code ~= 0 and out:find("'..' is not allowed", 1, true),
      "outside every root: refused: " .. out)
-- tiles { file = } relative to the script
assert(os.execute("mkdir -p " .. q(proj .. "/tiles") .. " " .. q(proj .. "/rules")))
write(proj .. "/tiles/extra.tiles", "tile Z x1\n  road N S\n  field NNE E* SSE\n  field SSW W* NNW\n")
write(proj .. "/rules/extra.lua", 'api "2"\ntiles { file = "../tiles/extra.tiles" }\n')
out, code = sh(("cd /tmp && %s play --quiet --rules %s"):format(bin, q(proj .. "/rules/extra.lua")))
check(code == 0, "tiles { file = '../tiles/x' } relative to the script, from /tmp: " .. out)
-- the shipped scenarios pass from any directory
out, code = test_from("/tmp", abs_root .. "/examples/house-rules/scenarios")
check(code == 0 and out:find(" 0 failed", 1, true) or (code == 0 and not out:find("FAIL")),
      "examples/house-rules/scenarios from /tmp: " .. out:sub(-300))
out, code = test_from("/tmp", abs_root .. "/examples/fan-expansion/scenarios")
check(code == 0, "examples/fan-expansion/scenarios from /tmp: " .. out:sub(-300))

---------------------------------------------------------------------------
-- 6. Messages
---------------------------------------------------------------------------
out, code = sh(("%s play --with tradres_builders"):format(bin))
check(code == 1 and out:find("no script 'tradres_builders' in ", 1, true) and out:find("did you mean 'traders_builders'?", 1, true)
      and out:find("there: abbey_mayor, base,", 1, true) and not out:find("/../", 1, true),
      "unknown expansion: did you mean, the list, a normalised path: " .. out)
out, code = sh(("cd /tmp && %s play --rules nosuch_rules.lua"):format(bin))
check(code == 1 and out:find("script 'nosuch_rules.lua' not found (looked for /tmp/nosuch_rules.lua)", 1, true),
      "a missing rules file says where it looked: " .. out)
write(dir .. "/typo.lua", 'api "2"\nscore "road" { closed = { per_tiles = 2 } }\n')
out, code = sh(("%s play --rules %s"):format(bin, q(dir .. "/typo.lua")))
check(code == 1 and out:find("'per_tiles' is neither a formula term nor a declared attribute; did you mean 'per_tile'?", 1, true),
      "per_tiles gets did you mean: " .. out)
out, code = sh(("%s play --rules %s --option long_road=many"):format(bin, q(abs_root .. "/examples/house-rules/long_roads.lua")))
check(code == 2, "a bad option value exits 2 like an unknown option: " .. code .. " " .. out)
out, code = sh(("%s play --option nosuch=1"):format(bin))
check(code == 2, "an unknown option exits 2: " .. code)

---------------------------------------------------------------------------
-- 5. sim: --db onto an existing file, turns with agents
---------------------------------------------------------------------------
local db = dir .. "/games.sqlite"
out, code = sh(("%s sim --games 4 --db %s"):format(bin, q(db)))
check(code == 0, "sim --db writes: " .. out)
local function count_rows()
  local o = sh(("sqlite3 %s 'SELECT count(*) FROM games'"):format(q(db)))
  return tonumber(o:match("%d+"))
end
local has_sqlite3 = sh("command -v sqlite3") ~= ""
out, code = sh(("%s sim --games 2 --db %s"):format(bin, q(db)))
check(code == 2 and out:find("--db " .. db .. " exists; --append adds the rows to it (same configuration), --force replaces it", 1, true),
      "--db onto an existing file refused: " .. out)
if has_sqlite3 then check(count_rows() == 4, "the refused run left the rows") end
out, code = sh(("%s sim --games 2 --seed 100 --db %s --append"):format(bin, q(db)))
check(code == 0, "--append: " .. out)
if has_sqlite3 then check(count_rows() == 6, "--append added 2 rows") end
out, code = sh(("%s sim --games 2 --seed 100 --db %s --append"):format(bin, q(db)))
check(code == 1 and out:find("a seed already in the database", 1, true), "--append of the same seeds fails: " .. out)
if has_sqlite3 then check(count_rows() == 6, "the failed append left the file as it was") end
out, code = sh(("%s sim --games 2 --players 3 --db %s --append"):format(bin, q(db)))
check(code == 1 and out:find("another configuration (players: stored 2, now 3)", 1, true), "--append of another configuration: " .. out)
if has_sqlite3 then
  -- a database of an older meeple (before the points_* columns): refused by name, left as it was
  local old_db = dir .. "/old.sqlite"
  sh(("%s sim --games 2 --db %s"):format(bin, q(old_db)))
  sh(("sqlite3 %s 'ALTER TABLE games DROP COLUMN points_1_road'"):format(q(old_db)))
  out, code = sh(("%s sim --games 2 --seed 50 --db %s --append"):format(bin, q(old_db)))
  check(code == 1 and out:find("the games table has other columns than this meeple writes (missing: points_1_road; not written now: none)", 1, true),
        "--append onto a database of other columns names them: " .. out)
  local o = sh(("sqlite3 %s 'SELECT count(*) FROM games'"):format(q(old_db)))
  check(tonumber(o:match("%d+")) == 2, "the refused append left the old rows: " .. o)
end
out, code = sh(("%s sim --games 3 --db %s --force"):format(bin, q(db)))
check(code == 0, "--force replaces: " .. out)
if has_sqlite3 then check(count_rows() == 3, "--force replaced the rows") end

-- merge --db: the shards' databases as one
local p1, p2, all = dir .. "/p1.sqlite", dir .. "/p2.sqlite", dir .. "/all.sqlite"
sh(("%s sim --games 6 --shard 1/2 --db %s"):format(bin, q(p1)))
sh(("%s sim --games 6 --shard 2/2 --db %s"):format(bin, q(p2)))
out, code = sh(("%s merge --db %s %s %s"):format(bin, q(all), q(p1), q(p2)))
check(code == 0 and out:find("2 parts merged", 1, true), "merge --db: " .. out)
if has_sqlite3 then
  local o = sh(("sqlite3 %s 'SELECT count(*), min(seed), max(seed) FROM games'"):format(q(all)))
  check(o:find("6|1|6", 1, true), "merged rows: seeds 1..6 once: " .. o)
end
out, code = sh(("%s merge --db %s %s %s"):format(bin, q(dir .. "/again.sqlite"), q(p1), q(p1)))
check(code == 1 and out:find("the parts overlap", 1, true) and not io.open(dir .. "/again.sqlite"),
      "merge --db of overlapping parts: refused, nothing written: " .. out)
sh(("%s sim --games 2 --players 3 --db %s"):format(bin, q(dir .. "/p3.sqlite")))
out, code = sh(("%s merge --db %s %s %s"):format(bin, q(dir .. "/mixed.sqlite"), q(p1), q(dir .. "/p3.sqlite")))
check(code == 1 and out:find("come from different studies", 1, true), "merge --db of different studies: " .. out)

-- the turn count: the record's last turn and sim --csv-games agree
local rec = dir .. "/g.jsonl"
out, code = sh(("%s play --agents greedy,greedy --seed 1 --quiet --record %s"):format(bin, q(rec)))
local last_turn
for line in io.lines(rec) do last_turn = tonumber(line:match('"turn":(%d+)')) or last_turn end
out, code = sh(("%s sim --games 1 --seed 1 --agents greedy,greedy --csv-games"):format(bin))
local header, row = out:match("\n(game,seed,[^\n]*)\n([^\n]*)")
local turns
if header then
  local i = 0
  for col in header:gmatch("[^,]+") do i = i + 1; if col == "turns" then turns = i end end
  local j = 0
  for v in row:gmatch("[^,]+") do j = j + 1; if j == turns then turns = tonumber(v) end end
end
check(last_turn and turns == last_turn, ("record's last turn %s, --csv-games turns %s"):format(tostring(last_turn), tostring(turns)))

-- --compare per agent when seats rotate: identical variants differ by
-- exactly 0, and each agent's means are the plain sim's for that agent
local cjson = require "cjson"
local plain_out = sh(("%s sim --games 4 --agents greedy,random --rotate-seats --json"):format(bin))
local cmp_out = sh(("%s sim --games 4 --agents greedy,random --rotate-seats --compare none none --json"):format(bin))
local okp, plain = pcall(cjson.decode, plain_out)
local okc, cmp = pcall(cjson.decode, cmp_out)
check(okp and okc and cmp.by_agent and #cmp.by_agent == 2, "compare gives by_agent with rotated seats: " .. cmp_out)
if okp and okc and cmp.by_agent then
  for i = 1, 2 do
    local a, p = cmp.by_agent[i], plain.agents[i]
    check(a.mean.diff == 0 and a.win_rate.diff == 0 and a.seat_games == 4, "identical variants: agent " .. i .. " differs by 0")
    check(p and math.abs(a.mean.without - p.mean) < 1e-9 and math.abs(a.win_rate.without - p.win_rate) < 1e-9,
          ("agent %d: compare's mean %s, win rate %s; sim's %s, %s"):format(i, tostring(a.mean.without),
            tostring(a.win_rate.without), tostring(p and p.mean), tostring(p and p.win_rate)))
  end
end
out = sh(("%s sim --games 4 --agents greedy,random --rotate-seats --compare none %s"):format(bin,
         q(abs_root .. "/examples/house-rules/farmers_4.lua")))
check(out:find("agent (seats rotate)", 1, true) and out:find(" 1 greedy ", 1, true) and out:find(" 2 random ", 1, true),
      "the compare table has a row per agent: " .. out)

os.execute("rm -rf " .. q(dir))
print(("contract: %d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
