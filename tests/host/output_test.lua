-- meeple.cli.output: atomic writes and the output plan (issue 16).
local output = require "meeple.cli.output"
local fs = require "meeple.fs"
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end
local function slurp(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end
local function temps_in(dir)
  local p = io.popen("ls -a " .. dir)
  local n = 0
  for name in p:lines() do if name:find("%.tmp%-") then n = n + 1 end end
  p:close()
  return n
end

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir " .. dir)
local target = dir .. "/out.txt"

-- a first write, then an overwrite: both complete
check(output.write(target, "old\n") == true, "write returns true")
check(slurp(target) == "old\n", "the file holds what was written")
check(output.write(target, "new\n") == true, "an earlier output may be overwritten")
check(slurp(target) == "new\n", "the overwrite is complete")

-- an aborted writer leaves the old file whole and no temporary behind
local w = assert(output.open(target))
w:write("half of a new ")
check(slurp(target) == "new\n", "nothing reaches the target before commit")
w:abort()
check(slurp(target) == "new\n", "abort keeps the old file")
check(temps_in(dir) == 0, "abort removes the temporary file")

-- a committed streaming writer
w = assert(output.open(target))
for i = 1, 1000 do w:write(i, "\n") end
check(w:commit() == true, "commit returns true")
local text = slurp(target)
check(select(2, text:gsub("\n", "")) == 1000 and text:sub(-5) == "1000\n", "all 1000 lines")
check(temps_in(dir) == 0, "commit leaves no temporary file")
check(fs.stat(target).type == "file", "fs.stat: a regular file")
check(select(2, w:commit()) ~= nil, "a second commit is an error, not a crash")

-- the file gets the usual permissions, not mkstemp's 0600
local p = io.popen("stat -c %a " .. target)
local mode = p:read("l")
p:close()
check(mode ~= "600", "output mode follows the umask (got " .. tostring(mode) .. ")")

-- refusals
local ok, err = output.write(dir, "x")
check(not ok and err:find("is a directory", 1, true), "a directory is refused: " .. tostring(err))
ok, err = output.write(dir .. "/nodir/x.txt", "x")
check(not ok and err:find("nodir", 1, true), "a missing directory is named: " .. tostring(err))
check(output.write("/dev/null", "x") == true, "a device is written directly")
check(fs.stat("/dev/null").type == "character device", "and stays a device")

local plan = output.plan()
local input = dir .. "/game.lua"
output.write(input, "game 'x'\n")
plan:protect(input)
ok, err = plan:claim(input, "--record")
check(not ok and err:find("refusing to overwrite", 1, true), "an input is refused: " .. tostring(err))
ok, err = plan:claim(dir .. "/../" .. dir:match("[^/]+$") .. "/game.lua", "--svg")
check(not ok, "an input under another spelling is refused")
check(plan:claim(target, "--record") == true, "an earlier output may be claimed")
ok, err = plan:claim(dir .. "/./out.txt", "--svg")
check(not ok and err == "--svg " .. dir .. "/./out.txt: the same file as --record",
      "two outputs with one path: " .. tostring(err))
ok, err = plan:claim(dir, "--svg")
check(not ok and err:find("is a directory", 1, true), "claiming a directory is refused")
ok, err = plan:claim("", "--svg")
check(not ok and err == "--svg: empty file name", "an empty name is refused")
os.execute("ln -s game.lua " .. dir .. "/link.lua")
ok, err = plan:claim(dir .. "/link.lua", "--json")
check(not ok, "a link to an input is refused")
check(temps_in(dir) == 0, "claims leave no temporary file")

os.execute("rm -rf " .. dir)
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
