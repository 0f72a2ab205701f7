-- Fuzzing the tile parser: random byte strings, random token soups and
-- random mutations of base.tiles. M.parse must never raise; it returns
-- either a set that satisfies the model's invariants or nil and a one-line
-- message starting with "file:line:col: " that points inside the text.
-- The generator is a seeded xorshift32 (not math.random): reproducible.
local tiles = require "meeple.tiles"
local testlib = require "testlib"
local t = testlib.new("tiles fuzz")

local FILE = "fuzz.tiles"
local KINDS = { city = true, road = true, field = true, cloister = true }

-- {== xorshift32 ==========================================================
local state = 0x2545F491
local function next_u32()
  local x = state
  x = x ~ ((x << 13) & 0xffffffff)
  x = x ~ (x >> 17)
  x = x ~ ((x << 5) & 0xffffffff)
  state = x & 0xffffffff
  return state
end
local function below(n) return next_u32() % n end -- 0 .. n-1
local function pick(list) return list[below(#list) + 1] end

-- {== checks ==============================================================
local function count_lines(s)
  local n = 1
  for _ in s:gmatch("\n") do n = n + 1 end
  return n
end

local failures_shown = 0
local function report(msg, input)
  if failures_shown < 5 then
    failures_shown = failures_shown + 1
    io.stdout:write("  input: ", string.format("%q", input):sub(1, 400), "\n")
  end
  return t:fail(msg)
end

local function check_set(set, input)
  if type(set) ~= "table" or type(set.tiles) ~= "table" then
    return report("parse returned a non-set", input)
  end
  for _, tl in ipairs(set.tiles) do
    if type(tl.id) ~= "string" or math.type(tl.count) ~= "integer" or tl.count < 1 then
      return report("bad tile header", input)
    end
    if #tl.segments > 16 then return report("more than 16 segments", input) end
    local cover = {}
    for i, sg in ipairs(tl.segments) do
      if #sg.attrs > 8 then return report("more than 8 attributes", input) end
      if sg.inner ~= (#sg.ports == 0) then return report("inner flag disagrees with ports", input) end
      local last = -1
      for _, p in ipairs(sg.ports) do
        if math.type(p) ~= "integer" or p <= last or p > 11 then
          return report("ports not ascending in 0..11", input)
        end
        last = p
        if cover[p] then return report("port covered twice", input) end
        cover[p] = i
      end
      local lastj = 0
      for _, j in ipairs(sg.adjacent) do
        if j <= lastj or j == i or not tl.segments[j] then
          return report("bad adjacency list", input)
        end
        lastj = j
        local back = false
        for _, k in ipairs(tl.segments[j].adjacent) do if k == i then back = true end end
        if not back then return report("adjacency not symmetric", input) end
      end
      for _, a in ipairs(sg.attrs) do
        if math.type(a.value) ~= "integer" or a.value < -2^31 or a.value >= 2^31 then
          return report("attribute value not an int32", input)
        end
      end
    end
    for p = 0, 11 do
      if not cover[p] then return report("port not covered", input) end
    end
  end
  return t:pass()
end

local function check_error(err, input)
  if type(err) ~= "string" then return report("error is not a string", input) end
  local l, c = err:match("^" .. FILE:gsub("%.", "%%.") .. ":(%d+):(%d+): %S")
  if not l then return report("error without file:line:col: prefix: " .. err, input) end
  if err:find("[\r\n]") then return report("error spans several lines: " .. err, input) end
  l, c = tonumber(l), tonumber(c)
  if l < 1 or l > count_lines(input) or c < 1 then
    return report("error position outside the text: " .. err, input)
  end
  -- the column stays within the line (or one past its end)
  local line_text = (input .. "\n"):match(("[^\n]*\n"):rep(l - 1) .. "([^\n]*)\n")
  if line_text and c > #line_text + 1 then
    return report("error column past the end of the line: " .. err, input)
  end
  return t:pass()
end

local function run(input, opts)
  local ok, set, err = pcall(tiles.parse, input, FILE, opts)
  if not ok then return report("parse raised: " .. tostring(set), input) end
  if set then return check_set(set, input) end
  return check_error(err, input)
end

-- {== inputs ==============================================================
local base_path = testlib.root() .. "/tiles/base.tiles"
local f = assert(io.open(base_path, "rb"))
local base = f:read("a")
f:close()
local base_lines = {}
for line in (base .. "\n"):gmatch("([^\n]*)\n") do base_lines[#base_lines + 1] = line end

local TOKENS = { "tile", "set", "include", "remove", "touches", "edition", "city", "road",
  "field", "cloister", "lake", "N", "E", "S", "W", "N*", "E*", "S*", "W*", "C", "NNE", "ENE",
  "ESE", "SSE", "SSW", "WSW", "WNW", "NNW", "Q", "x4", "x0", "x", "[", "]", "[start]", ",",
  "=", "c1", "c1 =", "pennant", "fish=2", "fish=-", "99999999999999", "\"", "\"t\"", "\\",
  "#", "# c", " ", " ", " ", "\t", "\n", "\n", "\r\n", "\r", "D", "tb.A", "-", "*", "\0",
  "\255", "\226\128\168" }

local function random_bytes()
  local n = below(120)
  local b = {}
  for i = 1, n do
    if below(4) == 0 then b[i] = string.char(below(256))
    else b[i] = string.char(32 + below(95)) end
    if below(12) == 0 then b[i] = "\n" end
  end
  return table.concat(b)
end

local function token_soup()
  local n = below(40)
  local b = {}
  for i = 1, n do b[i] = pick(TOKENS) end
  return table.concat(b, below(3) == 0 and "" or " ")
end

local function mutate(text)
  local s = text
  local rounds = 1 + below(4)
  for _ = 1, rounds do
    local len = #s
    local op = below(7)
    local i = 1 + below(len + 1)
    if op == 0 then -- delete a range
      local j = i + below(20)
      s = s:sub(1, i - 1) .. s:sub(j + 1)
    elseif op == 1 then -- insert a random byte
      s = s:sub(1, i - 1) .. string.char(below(256)) .. s:sub(i)
    elseif op == 2 then -- insert a token
      s = s:sub(1, i - 1) .. pick(TOKENS) .. s:sub(i)
    elseif op == 3 then -- replace one byte
      s = s:sub(1, i - 1) .. string.char(32 + below(95)) .. s:sub(i + 1)
    elseif op == 4 then -- duplicate a line
      local lines = {}
      for line in (s .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
      local k = 1 + below(#lines)
      table.insert(lines, k, lines[1 + below(#lines)])
      s = table.concat(lines, "\n")
    elseif op == 5 then -- drop a line
      local lines = {}
      for line in (s .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
      table.remove(lines, 1 + below(#lines))
      s = table.concat(lines, "\n")
    else -- truncate
      s = s:sub(1, i)
    end
  end
  return s
end

-- {== run =================================================================
run(base, { kinds = KINDS })
for _ = 1, 1500 do run(random_bytes()) end
for _ = 1, 1500 do run(token_soup(), below(2) == 0 and KINDS or nil) end
for _ = 1, 2500 do run(mutate(base), below(2) == 0 and KINDS or nil) end
-- small windows of base.tiles, mutated: errors near line starts and ends
for _ = 1, 500 do
  local a = 1 + below(#base_lines)
  local b = math.min(#base_lines, a + below(12))
  run(mutate(table.concat(base_lines, "\n", a, b)))
end

t:done()
