-- Game records are checked completely by replay, and are portable
-- (issue 16). Each altered record must fail with a message naming the
-- record's line; every message must be free of internal locations.
local bin = os.getenv("MEEPLE_BIN") or "build/meeple"
local root = os.getenv("MEEPLE_ROOT") or "."
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
local function read_lines(path)
  local lines = {}
  for line in io.lines(path) do lines[#lines + 1] = line end
  return lines
end
local function write_lines(path, lines)
  local f = assert(io.open(path, "w"))
  if #lines > 0 then f:write(table.concat(lines, "\n"), "\n") end
  f:close()
end
local function copy(t) local c = {} for i, v in ipairs(t) do c[i] = v end return c end

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. dir .. "/sub")
local rec = dir .. "/game.jsonl"
local out, code = sh(("%s play --seed 3 --players 3 --quiet --record %s --option tiny_city=2 --rules %s")
  :format(bin, q(rec), q(root .. "/examples/house-rules/farmers_4.lua")))
check(code == 0, "play --record exits 0: " .. out)
local lines = read_lines(rec)
check(#lines > 40, "the record has its moves")

-- the header: versioned, typed, portable, lists as []
local header = lines[1]
check(header:find('"version":1', 1, true), "the header has a version")
check(header:find('"with":[]', 1, true), "an empty list is written []")
check(header:find('"options":{"tiny_city":2}', 1, true), "options keep their declared type")
check(not header:find(root, 1, true) and not header:find(dir, 1, true), "no machine path in the header")
check(lines[#lines]:find('^{"final":true,"moves":%d+,'), "a final line with the move count")

local function replay(path, cwd)
  return sh(("cd %s && %s replay %s"):format(q(cwd or dir), bin, q(path or rec)))
end
out, code = replay()
check(code == 0 and out:find("every state matches"), "the record replays: " .. out)
out, code = replay(rec, "/")
check(code == 0, "replay from another directory works: " .. out)

local INTERNAL = "meeple/[%w_/]+%.lua:%d"
-- a mutated record must fail (1) with "game.jsonl:LINE: " + want
local function refuses(mutated, line, want, what)
  write_lines(rec, mutated)
  local o, c = replay()
  local prefix = ("game.jsonl:%d: "):format(line)
  check(c == 1 and o:find(prefix, 1, true) and o:find(want, 1, true) and not o:find(INTERNAL),
        ("%s: wanted exit 1 and '%s%s', got %s: %s"):format(what, prefix, want, tostring(c), o))
end

local mid = 40
local function cut(n) local c = {} for i = 1, n do c[i] = lines[i] end return c end
refuses(cut(mid), mid, "no final line", "a record cut at a line boundary mid-game")
refuses(cut(#lines - 1), #lines - 1, "no final line", "a record with no final line")
refuses(cut(1), 1, "no final line", "a record with only a header")
local doubled = copy(lines); doubled[#doubled + 1] = lines[#lines]
refuses(doubled, #lines + 1, "after the final line", "a doubled final line")
local early = cut(mid); early[#early + 1] = lines[#lines]
refuses(early, mid + 1, "the game goes on", "a final line mid-game")

local function edit(n, from, to)
  local m = copy(lines)
  local s, k = m[n]:gsub(from, to, 1)
  check(k == 1, "the edit applies: " .. from)
  m[n] = s
  return m
end
local player = tonumber(lines[mid]:match('"player":(%d+)'))
refuses(edit(mid, '"player":%d+', '"player":' .. (player % 3 + 1)), mid, "field 'player'", "an edited player")
refuses(edit(mid, '"turn":%d+', '"turn":999'), mid, "field 'turn'", "an edited turn")
refuses(edit(mid, ',"state":"%x+"', ''), mid, "field 'state' is missing", "a move without its state")
refuses(edit(mid, ',"scores":%b[]', ''), mid, "field 'scores' is missing", "a move without its scores")
local m = edit(mid, ',"state":"%x+"', '')
m[mid] = m[mid]:gsub(',"scores":%b[]', '')
refuses(m, mid, "is missing", "a move changed after its state and scores were removed")
refuses(edit(#lines, '"moves":%d+', '"moves":3'), #lines, "field 'moves'", "a wrong move count")
refuses(edit(#lines, '"scores":%[%d+', '"scores":[999'), #lines, "player 1 has", "wrong final scores")
refuses(edit(mid, '"move":"[^"]*"', '"move":"place Z 99,99 r0"'), mid, "diverged", "a changed move")
refuses(edit(mid, '"state":"%x+"', '"state":"0123456789abcdef"'), mid, "diverged", "a changed digest")
refuses(edit(mid, '}$', ',"extra":1}'), mid, "unknown field 'extra'", "an unknown field")
refuses(edit(mid, '"turn":(%d+)', '"turn":%1.0'), mid, "field 'turn': expected an integer, got ", "a float turn")
local blank = copy(lines); blank[mid] = ""
refuses(blank, mid, "not JSON", "an empty line")
local junk = copy(lines); junk[mid] = lines[mid]:sub(1, 20)
refuses(junk, mid, "not JSON", "a line cut mid-JSON")

-- header types, exactly as the issue words them
refuses(edit(1, '"players":3', '"players":"2"'), 1, [[field 'players': expected an integer, got "2"]], "players as a string")
refuses(edit(1, '"with":%[%]', '"with":"traders_builders"'), 1, [[field 'with': expected a list [...], got "traders_builders"]], "with as a string")
refuses(edit(1, '"with":%[%]', '"with":{}'), 1, "field 'with': expected a list", "an empty list written {}")
refuses(edit(1, '"seed":3', '"seed":-1'), 1, "field 'seed': expected at least 0", "a negative seed")
refuses(edit(1, '"version":1', '"version":2'), 1, "field 'version'", "an unknown version")
refuses(edit(1, '"tiny_city":2', '"tiny_city":"2"'), 1, "field 'options.tiny_city'", "an option of the wrong type")
refuses(edit(1, '"agents":%[[^%]]*%]', '"agents":[]'), 1, "field 'agents'", "agents not one per player")
refuses(edit(1, ',"version":1', ''), 1, "field 'version' is missing", "a header without a version")
refuses({ "[1,2]" }, 1, "expected a JSON object", "a header that is a list")
refuses({ "" }, 1, "not JSON", "an empty header line")

-- files: unsafe names, missing and changed files
refuses(edit(1, '"path":"scripts\\/base.lua"', '"path":"..\\/..\\/..\\/..\\/..\\/..\\/dev\\/zero"'), 1,
        "not a regular file", "a header naming /dev/zero")
-- issue 36: record paths are held to the roots scripts are held to, so
-- replay reads (and shows the hash of) no file outside them
refuses(edit(1, '"path":"scripts\\/base.lua"', '"path":"..\\/..\\/..\\/..\\/..\\/..\\/..\\/etc\\/passwd"'), 1,
        "outside the game's directories", "a header naming /etc/passwd by ..")
refuses(edit(1, '"path":"scripts\\/base.lua"', '"path":"\\/etc\\/passwd"'), 1,
        "absolute paths are not allowed", "a header naming /etc/passwd by its absolute path")
os.execute(("ln -s /etc/passwd %s/passwd.lua"):format(q(dir)))
refuses(edit(1, '"from":"root","hash":"(%x+)","path":"scripts\\/base.lua"', '"from":"record","hash":"%1","path":"passwd.lua"'), 1,
        "outside the game's directories", "a header naming a symlink out of the record's directory")
-- a field holds exactly what was played: C reads a string up to its NUL
refuses(edit(mid, '"move":"([^"]*)"', '"move":"%1\\u0000garbage"'), mid,
        "field 'move': expected text without control characters", "a move text with a NUL and garbage")
refuses(edit(1, '"path":"scripts\\/base.lua"', '"path":"scripts\\/base.lua\\u0000x"'), 1,
        "field 'files[1].path': expected text without control characters", "a file path with a NUL")
do -- one 300-entry list: refused by its length before any file is read
  local many = {}
  local first = lines[1]:match('"files":%[(%b{})')
  for i = 1, 300 do many[i] = first end
  refuses(edit(1, '"files":%[', '"files":[' .. table.concat(many, ",") .. ','), 1,
          "field 'files': expected at most 256 entries", "a files list over the limit")
end
refuses(edit(1, '"from":"root","hash":"(%x+)","path":"scripts\\/base.lua"', '"from":"root","hash":"%1","path":"scripts/nosuch.lua"'),
        1, "game 'scripts/nosuch.lua' (under the game root", "a missing game script")
refuses(edit(1, '"hash":"%x+"', '"hash":"0000000000000000"'), 1, "changed since the game was recorded", "a changed file")
refuses(edit(1, '"from":"root"', '"from":"elsewhere"'), 1, "files[1].from", "an unknown file origin")
write_lines(rec, lines)

-- house rules next to the record travel with it
os.execute(("cp %s %s/my_rules.lua"):format(q(root .. "/examples/house-rules/farmers_4.lua"), dir))
local rec2 = dir .. "/sub/two.jsonl"
out, code = sh(("cd %s && %s play --seed 5 --quiet --rules my_rules.lua --record sub/two.jsonl"):format(q(dir), bin))
check(code == 0, "play with local house rules: " .. out)
check(read_lines(rec2)[1]:find('"from":"record","hash":"%x+","path":"..\\/my_rules.lua"'), "a local file is named relative to the record")
-- issue 36: but only files at or below the record's directory travel with it
out, code = replay(rec2, "/")
check(code == 1 and out:find("rules '../my_rules.lua' (next to the record): outside the game's directories", 1, true),
      "a house rule above the record's directory is refused: " .. out)
local rec3 = dir .. "/three.jsonl"
out, code = sh(("cd %s && %s play --seed 5 --quiet --rules my_rules.lua --record three.jsonl"):format(q(dir), bin))
check(code == 0, "play with local house rules: " .. out)
check(read_lines(rec3)[1]:find('"from":"record","hash":"%x+","path":"my_rules.lua"'), "a local file is named relative to the record")
out, code = replay(rec3, "/")
check(code == 0, "replay from / finds the house rules next to the record: " .. out)
os.execute(("mv %s/my_rules.lua %s/moved.lua"):format(dir, dir))
out, code = replay(rec3, "/")
check(code == 1 and out:find("rules 'my_rules.lua' (next to the record) is missing", 1, true),
      "a missing house-rule file is named: " .. out)

-- a game aborted by a hook error leaves no record (the old one stays)
local bad = dir .. "/bad_rules.lua"
local f = assert(io.open(bad, "w"))
f:write('local n = 0\non("turn_begin", function(ctx) n = n + 1 if n > 5 then error("boom") end end)\n')
f:close()
write_lines(rec, lines)
out, code = sh(("%s play --quiet --rules %s --record %s"):format(bin, q(bad), q(rec)))
check(code == 1 and out:find("no record written", 1, true), "an aborted game writes no record: " .. out)
out, code = replay()
check(code == 0, "the earlier record is still whole")

-- the record's own path problems
out, code = sh(("%s replay %s"):format(bin, q(dir)))
check(code == 1 and out:find("not a regular file (a directory)", 1, true) and not out:find(INTERNAL), "replay DIR: " .. out)
out, code = sh(bin .. " replay /dev/zero")
check(code == 1 and out:find("not a regular file", 1, true), "replay /dev/zero is refused: " .. out)
out, code = sh(bin .. " replay " .. q(dir .. "/nosuch.jsonl"))
check(code == 1 and out:find("nosuch.jsonl", 1, true), "a missing record is named: " .. out)

os.execute("rm -rf " .. q(dir))
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
