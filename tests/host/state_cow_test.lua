-- Issue #19: a script's state is copy-on-write from its template (the
-- declared state, or the state decoded from a game's blob), shared by
-- every game and clone that starts from it (meeple.loader.state_live,
-- meeple.loader.state_templates). A write copies only the levels it
-- touches, and must never reach the template: no other game, no clone,
-- and no later game may see it; a failed move undoes writes to levels it
-- copied; what is copied reads and encodes as before.
--
-- Run from the repository root:  meeple script tests/host/state_cow_test.lua

local loader = require "meeple.loader"
local codec = require "meeple.state"

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. msg) end
end

local temps = {}
local function load(code)
  local base = os.tmpname()
  local path = base .. ".lua"
  local f = assert(io.open(path, "w")); f:write(code); f:close()
  temps[#temps + 1] = base; temps[#temps + 1] = path
  return loader.load{ game = "base", rules = { path }, run = meeple_host.run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end
local function state_of(play) return codec.decode(play:game():blob(1)) end

-- Each game notes what it saw at its first hook (the template, if
-- nothing leaked), then writes at every level of its state: top, nested,
-- deep, a list entry, a deleted key and a new table.
local FIRST_SIGHT = [[
local seen0 = {}
for i = 1, 20 do seen0[i] = i end
state { n = 0, seen = seen0, t = { deep = { y = 0 } }, gone = "here" }
on("tile_placed", function(ctx)
  local st = ctx.state
  if st.n == 0 then
    st.saw = { seen5 = st.seen[5], y = st.t.deep.y, gone = st.gone, len = #st.seen, z = st.t.deep.z }
  end
  st.n = st.n + 1
  st.seen[5] = "game " .. ctx.turn
  st.seen[#st.seen + 1] = ctx.turn
  st.t.deep.y = st.t.deep.y + 7
  st.t.deep.z = { ctx.turn }
  st.gone = nil
end)
]]
local TEMPLATE_SAW = { seen5 = 5, y = 0, gone = "here", len = 20 }
local function saw_template(st, what)
  local saw = st.saw or {}
  for k, v in pairs(TEMPLATE_SAW) do
    check(saw[k] == v, ("%s: saw %s = %s, the declared %s"):format(what, k, tostring(saw[k]), tostring(v)))
  end
  check(saw.z == nil, what .. ": saw no t.deep.z")
end

-- Games one after another, and side by side: none sees another's writes.
do
  local rs = load(FIRST_SIGHT)
  local a = loader.new_play(rs, { players = 2, seed = 1 })
  for _ = 1, 10 do a:random_move() end
  local b = loader.new_play(rs, { players = 2, seed = 2 })
  for _ = 1, 3 do b:random_move(); a:random_move() end
  local c = loader.new_play(rs, { players = 2, seed = 3 })
  c:random_move()
  for name, play in pairs({ a = a, b = b, c = c }) do saw_template(state_of(play), "game " .. name) end
  local sa, sb = state_of(a), state_of(b)
  check(sa.n > sb.n and #sa.seen == 20 + sa.n and #sb.seen == 20 + sb.n,
        ("each game's list grows with its own writes only (%d/%d, %d/%d)"):format(#sa.seen, sa.n, #sb.seen, sb.n))
  check(sa.t.deep.y == 7 * sa.n and sb.t.deep.y == 7 * sb.n, "each game's deep counter is its own")
  check(sa.seen[1] == 1 and sa.seen[20] == 20, "entries never written keep the template's values")
end

-- Clones: of a game whose state is still the template, and of one that
-- wrote; two clones of one position share the decoded template and must
-- still not see each other's writes, nor the original theirs.
do
  local rs = load(FIRST_SIGHT)
  local a = loader.new_play(rs, { players = 2, seed = 4 })
  local fresh = a:clone()
  a:random_move()
  fresh:random_move()
  saw_template(state_of(fresh), "clone of an unwritten game")
  for _ = 1, 4 do a:random_move() end
  local text = a:game():blob(1)
  local b1, b2 = a:clone(), a:clone()
  for _ = 1, 4 do b1:random_move() end
  for _ = 1, 2 do b2:random_move() end
  check(b2:game():blob(1) ~= b1:game():blob(1), "two clones go their own ways")
  local s1, s2, s0 = state_of(b1), state_of(b2), codec.decode(text)
  -- one append per tile placed: a list holding another clone's appends
  -- would be longer than its own count says
  check(s1.n > s0.n and s2.n > s0.n, ("each clone placed tiles (%d, %d from %d)"):format(s1.n, s2.n, s0.n))
  check(#s1.seen == 20 + s1.n and #s2.seen == 20 + s2.n and #s0.seen == 20 + s0.n,
        ("each clone's list has its own appends only (%d/%d, %d/%d)"):format(#s1.seen, s1.n, #s2.seen, s2.n))
  check(s1.seen[20 + s1.n] ~= nil and s1.seen[21 + s1.n] == nil, "the first clone's list ends at its own last append")
  check(a:game():blob(1) == text, "the original is untouched by its clones' writes")
  a:random_move()
  local b3 = loader.new_play(rs, { players = 2, seed = 4 })
  b3:restore(b1)
  check(b1:game():blob(1) == b3:game():blob(1), "a restored copy reads as the play it copied")
  b3:random_move()
  check(state_of(b1).n == s1.n, "writes after a restore stay in the restored game")
end

-- A failed move undoes writes to levels it copied first (a nested level
-- read through from the template, and the root above it), and the next
-- hook reads the template's values there.
do
  local rs = load([[
local big = {}
for i = 1, 50 do big[i] = { id = i } end
state { big = big, flags = { a = true }, tries = 0 }
local failed
on("tile_placed", function(ctx)
  local st = ctx.state
  if ctx.turn == 4 and not failed then
    failed = true
    st.big[3].id = "changed"
    st.big[4] = nil
    st.big[51] = { id = 51 }
    st.flags.a = false
    st.flags.b = { 1 }
    error("boom")
  end
  if ctx.turn == 5 then
    st.after = { id3 = st.big[3].id, has4 = st.big[4] ~= nil, n = #st.big, a = st.flags.a, b = st.flags.b ~= nil }
  end
end)
]])
  local play = loader.new_play(rs, { players = 2, seed = 6 })
  local failures = 0
  while not play:over() and play:turn() <= 6 do
    local before, blob = play:game():serialize(), play:game():blob(1)
    local i = play:random_choice()
    if not pcall(play.apply_index, play, i) then
      failures = failures + 1
      check(play:game():serialize() == before, "the failed move leaves the game as before")
      check(play:game():blob(1) == blob, "the failed move leaves the state's text as before")
      play:apply_index(i)
    end
  end
  check(failures == 1, ("one failure (got %d)"):format(failures))
  local after = state_of(play).after or {}
  check(after.id3 == 3 and after.has4 == true and after.n == 50 and after.a == true and after.b == false,
        ("the next hook reads the template's values: id3=%s has4=%s n=%s a=%s b=%s"):format(
          tostring(after.id3), tostring(after.has4), tostring(after.n), tostring(after.a), tostring(after.b)))
  -- every game starts from the script's locals after loading (#36):
  -- `failed` is nil again, and the later game fails once too
  local later = loader.new_play(rs, { players = 2, seed = 7 })
  local later_failures = 0
  while not later:over() and later:turn() <= 5 do
    local i = later:random_choice()
    if not pcall(later.apply_index, later, i) then
      later_failures = later_failures + 1
      later:apply_index(i)
    end
  end
  check(later_failures == 1, ("the later game fails once too (got %d)"):format(later_failures))
  local s = state_of(later)
  check(s.big[3].id == 3 and s.big[4] and s.flags.b == nil, "a later game starts from the untouched template")
end

-- Tables reached through pairs, ipairs or a copy are the game's own:
-- writing them changes neither the template nor the table copied from.
do
  local rs = load([[
state { list = { { v = 1 }, { v = 2 } }, map = { x = { v = 3 } }, k = 0 }
on("tile_placed", function(ctx)
  local st = ctx.state
  if st.k == 0 then
    st.first = { list1 = st.list[1].v, mapx = st.map.x.v }
    for _, t in pairs(st.map) do t.v = t.v + 100 end
    for _, t in ipairs(st.list) do t.v = t.v + 10 end
    st.copy = st.map
    st.copy.x.v = -1
  end
  st.k = st.k + 1
end)
]])
  local a = loader.new_play(rs, { players = 2, seed = 8 })
  a:random_move()
  local b = loader.new_play(rs, { players = 2, seed = 9 })
  b:random_move()
  local sa, sb = state_of(a), state_of(b)
  check(sb.first.list1 == 1 and sb.first.mapx == 3, "a second game sees the template after the first wrote through pairs/ipairs")
  check(sa.map.x.v == 103 and sa.list[1].v == 11 and sa.list[2].v == 12, "writes through pairs and ipairs land in the game's state")
  check(sa.copy.x.v == -1, "the copy holds its own write")
  local want = { list = { { v = 11 }, { v = 12 } }, map = { x = { v = 103 } }, k = 1,
                 first = { list1 = 1, mapx = 3 }, copy = { x = { v = -1 } } }
  check(a:game():blob(1) == codec.encode(want), "the blob is encode() of the logical table: " .. a:game():blob(1))
end

-- A declared state the live state would refuse is refused at its first
-- read, with the hook's line, as a stored table would be.
do
  local rs = load([[
state { x = 0/0 }
on("tile_placed", function(ctx) local y = ctx.state.x end)
]])
  local ok, err = pcall(function() loader.new_play(rs, { players = 2, seed = 1 }):random_move() end)
  check(not ok and tostring(err):find("state cannot hold NaN", 1, true) ~= nil
        and tostring(err):find("%.lua:2:") ~= nil, "a NaN in the declared state fails at the read: " .. tostring(err))
end

-- A write of the value a level holds already changes nothing and is
-- left out of the log (state_write.c): the value, its text and a failed
-- move's undo are as they were. But 1.0 over 1 is no such write: the
-- same number, another subtype, written otherwise in the state's text.
do
  local rs = load([[
state { n = 1, s = "a", t = { deep = { y = 0, f = 2.0 } } }
on("tile_placed", function(ctx)
  local st = ctx.state
  st.s = "a"
  st.t.deep.y = 0
  st.t.deep.f = 2.0
  if ctx.turn == 2 then st.n = 1.0 end
  if ctx.turn == 3 then st.s = "b"; st.t.deep.y = 5 end
  if ctx.turn == 4 then st.s = "b"; st.t.deep.y = 5; error("refused") end
end)
]])
  local a = loader.new_play(rs, { players = 2, seed = 1 })
  a:random_move()
  check(a:game():blob(1) == codec.encode({ n = 1, s = "a", t = { deep = { y = 0, f = 2.0 } } }),
        "writes of the values held leave the text the template's: " .. tostring(a:game():blob(1)))
  while a:turn() < 3 do a:random_move() end
  local st = state_of(a)
  check(math.type(st.n) == "float" and st.n == 1, "1.0 written over 1 is a float now: " .. a:game():blob(1))
  while a:turn() < 4 do a:random_move() end
  local before = a:game():blob(1)
  check(state_of(a).s == "b" and state_of(a).t.deep.y == 5, "turn 3's changes are kept")
  local moves = 0
  for _ = 1, 60 do
    if a:turn() > 4 then break end
    local ok = pcall(a.random_move, a)
    moves = moves + 1
  end
  check(a:game():blob(1) == before, "a failed move's same-value writes undo to the same text: " .. a:game():blob(1))
end

for _, p in ipairs(temps) do os.remove(p) end
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
