-- Fuzz driver: the `files` list of a game record (issue 36). The bytes
-- are a list of entries, one a line: "ROLE FROM PATH" (a line without
-- spaces is a path, role "rules", from "record"). They replace the files
-- of a real record (tests/fuzz/seeds/record/full.jsonl), each with the
-- hash of the file it names when the driver can read it under the game
-- root (else a wrong hash), and `meeple replay` checks the record.
-- Findings, beyond a crash: replay raising instead of answering, or a
-- record naming a file by an absolute path or a ".." part that replays.
-- A list of 150,000 entries once took an hour (each re-read, re-hashed).
-- Each rule set is loaded once per process and every input is replayed
-- twice, from fresh games (tests/fuzz/replay_once.lua).
local replay_twice = dofile("tests/fuzz/replay_once.lua")
local record = require "meeple.record"
local files = require "meeple.files"
local loader = require "meeple.loader"
local json = require "cjson"

local path = os.tmpname()
local seed = assert(files.read("tests/fuzz/seeds/record/full.jsonl"))
local header_line, rest = seed:match("^([^\n]*)\n(.*)$")
local header = json.decode(header_line)

local function hash_of(p)
  local ok = files.check_name(p) and files.check_file(p, { "." })
  local text = ok and files.read(p)
  return text and loader.content_hash(text) or "0000000000000000"
end

return function(data)
  local list, unsafe = {}, false
  for line in data:gmatch("[^\n]+") do
    local role, from, p = line:match("^(%S+) (%S+) (.+)$")
    if not role then role, from, p = "rules", "record", line end
    if p:sub(1, 1) == "/" or ("/" .. p .. "/"):find("/%.%./") then unsafe = true end
    list[#list + 1] = { role = role, from = from, path = p, hash = hash_of(p) }
    if #list > 400 then break end
  end
  if #list == 0 then return end
  header.files = record.list(list)
  local f = assert(io.open(path, "wb"))
  f:write(record.json.encode(header), "\n", rest)
  f:close()
  local ok, code = replay_twice(path)
  assert(ok, "replay raised: " .. tostring(code))
  assert(not (unsafe and code == 0), "a record naming a file outside its roots replayed")
end
