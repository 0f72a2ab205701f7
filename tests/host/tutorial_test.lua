-- docs/tutorial.md runs as written: every block marked runnable is
-- executed, in document order, in a fresh temporary directory.
--
-- Run from the repository root:  meeple script tests/host/tutorial_test.lua [MEEPLE]
--
-- The conventions (documented at the top of the tutorial):
--   ```sh meeple-run        each line is a command, run with sh in the work
--                           directory; it must exit 0. `# => TEXT` after a
--                           command: its output (stdout and stderr) contains
--                           TEXT. Other `#` lines and blank lines are skipped.
--   ```lua file=PATH        a file to create at PATH (relative to the work
--   ```text file=PATH       directory) with exactly the block's content.
-- Any other block is for reading only.
--
-- The meeple executable: the first argument, else $MEEPLE_BIN, else the
-- one running this script (/proc/PID/exe). `meeple` on the commands'
-- PATH is a link to it; MEEPLE_ROOT points at the checkout so that the
-- games and tile sets are found from the temporary directory.

local DOC = "docs/tutorial.md"

local passed, failed = 0, 0
local function check(cond, msg, detail)
  if cond then passed = passed + 1
  else
    failed = failed + 1
    print("FAIL " .. msg)
    if detail and detail ~= "" then print((detail:gsub("[^\n]+", "     %0"))) end
  end
  return cond
end

local function sh_quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

local function capture(cmd)
  local p = assert(io.popen(cmd, "r"))
  local out = p:read("a")
  p:close()
  return out
end

-- Runs a shell command; returns its exit status and its output.
local function run(cmd)
  local out = capture("(" .. cmd .. ") 2>&1; echo \"__status=$?\"")
  local status = tonumber(out:match("__status=(%d+)%s*$"))
  return status, out:gsub("__status=%d+%s*$", "")
end

local function root_dir()
  local env = os.getenv("MEEPLE_ROOT")
  if env and env ~= "" then return env end
  return (capture("pwd"):gsub("%s+$", ""))
end

local function meeple_bin(arg1)
  local bin = arg1 or os.getenv("MEEPLE_BIN")
  if not bin or bin == "" then
    -- the shell popen starts is our child: its parent is this meeple
    bin = capture("readlink /proc/$PPID/exe 2>/dev/null"):gsub("%s+$", "")
  end
  if bin ~= "" and not bin:find("^/") then bin = root_dir() .. "/" .. bin end
  return bin
end

-- {----------------------------------------------------------------------
-- Reading the tutorial into steps
-- -----------------------------------------------------------------------

-- A list of { kind = "file", path =, text =, line = } and
-- { kind = "cmd", cmd =, line =, expect = { text, ... } }, in order.
local function parse(text)
  local steps, n_blocks = {}, { run = 0, file = 0, other = 0 }
  local lines = {}
  for l in (text .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = l end
  local i = 1
  while i <= #lines do
    local info = lines[i]:match("^```(.*)$")
    if info and info ~= "" then
      local start = i
      local body = {}
      i = i + 1
      while i <= #lines and not lines[i]:match("^```%s*$") do
        body[#body + 1] = { text = lines[i], line = i }
        i = i + 1
      end
      local file = info:match("file=(%S+)")
      if info:match("^sh%s+meeple%-run") then
        n_blocks.run = n_blocks.run + 1
        local last
        for _, b in ipairs(body) do
          local want = b.text:match("^%s*#%s*=>%s*(.-)%s*$")
          if want then
            assert(last, ("%s:%d: '# =>' before any command"):format(DOC, b.line))
            last.expect[#last.expect + 1] = want
          elseif not b.text:match("^%s*#") and b.text:match("%S") then
            last = { kind = "cmd", cmd = b.text, line = b.line, expect = {} }
            steps[#steps + 1] = last
          end
        end
      elseif file then
        n_blocks.file = n_blocks.file + 1
        local content = {}
        for _, b in ipairs(body) do content[#content + 1] = b.text end
        steps[#steps + 1] = { kind = "file", path = file, text = table.concat(content, "\n") .. "\n",
                              line = start }
      else
        n_blocks.other = n_blocks.other + 1
      end
    end
    i = i + 1
  end
  return steps, n_blocks
end

-- }----------------------------------------------------------------------

local function main(arg1)
  local root = root_dir()
  local f = io.open(root .. "/" .. DOC)
  if not check(f, "cannot read " .. DOC) then return 1 end
  local text = f:read("a")
  f:close()

  local steps, blocks = parse(text)
  check(blocks.run >= 7, ("at least 7 runnable command blocks (one per step), found %d"):format(blocks.run))
  check(blocks.file >= 5, ("at least 5 files to create, found %d"):format(blocks.file))
  for n = 1, 7 do
    check(text:find("\n## " .. n .. "%. "), ("the tutorial has a section '## %d.'"):format(n))
  end

  local bin = meeple_bin(arg1)
  if not check(bin ~= "" and run("test -x " .. sh_quote(bin)) == 0,
               "meeple executable not found (pass it as an argument or set MEEPLE_BIN): " .. bin) then
    print(("%d passed, %d failed"):format(passed, failed))
    return 1
  end

  local work = capture("mktemp -d 2>/dev/null"):gsub("%s+$", "")
  if not check(work ~= "", "mktemp -d failed") then return 1 end
  local bindir = work .. "/.bin"
  run("mkdir -p " .. sh_quote(bindir) .. " && ln -s " .. sh_quote(bin) .. " " .. sh_quote(bindir .. "/meeple"))
  local env = ("cd %s && PATH=%s:\"$PATH\" MEEPLE_ROOT=%s "):format(sh_quote(work), sh_quote(bindir), sh_quote(root))

  for _, st in ipairs(steps) do
    local where = ("%s:%d"):format(DOC, st.line)
    if st.kind == "file" then
      local dir = st.path:match("^(.*)/[^/]*$")
      if dir then run("mkdir -p " .. sh_quote(work .. "/" .. dir)) end
      local out = io.open(work .. "/" .. st.path, "w")
      check(out, where .. ": cannot write " .. st.path)
      if out then out:write(st.text); out:close() end
    else
      local status, out = run(env .. "sh -c " .. sh_quote(st.cmd))
      local ok = check(status == 0, ("%s: `%s` exits %s, expected 0"):format(where, st.cmd, tostring(status)),
                       out:sub(-1500))
      for _, want in ipairs(st.expect) do
        check(out:find(want, 1, true), ("%s: `%s` prints '%s'"):format(where, st.cmd, want),
              ok and out:sub(-1500) or nil)
      end
    end
  end

  run("rm -rf " .. sh_quote(work))
  print(("%d passed, %d failed"):format(passed, failed))
  return failed == 0 and 0 or 1
end

return main(...)
