-- meeple.load and friends from the stock interpreter: real games, their
-- outcomes, and every kind of bad input at the border (wrong types,
-- unknown games, illegal moves, hostile scripts, use after free).
local testlib = require "testlib"
local t = testlib.new("session")
local meeple = testlib.module(t)

local function err_of(f, ...)
  local ok, e = pcall(f, ...)
  return not ok and tostring(e) or nil
end

-- Same seed, same game; another seed, another game.
local function final_scores(seed)
  local g = meeple.load{ game = "base", players = 2, seed = seed }
  while not g:over() do g:random_move() end
  return table.concat(g:scores(), ","), g
end
local a, ga = final_scores(5)
t:eq(final_scores(5), a, "a seed replays the same game")
t:ok(ga:over() and ga:move_count() == 0, "an ended game has no legal move")

-- The random agent and sim agree on nothing in particular, but scores
-- are plausible: every base game scores something for someone.
local s = ga:scores()
t:ok(s[1] + s[2] > 0, "points were scored: " .. a)

-- apply by index and by text reach the same state.
local g1 = meeple.load{ seed = 3 }
local g2 = meeple.load{ seed = 3 }
local text = g1:legal_moves()[2]
g1:apply(2)
g2:apply(text)
t:same(g1:legal_moves(), g2:legal_moves(), "index and text play the same move")

-- clone is independent.
local c = g1:clone()
local before = g1:turn()
while not c:over() do c:random_move() end
t:eq(g1:turn(), before, "playing a clone leaves the original alone")
t:ok(c:over() and not g1:over(), "the clone ended, the original did not")

-- An illegal move raises and changes nothing.
local n = g1:move_count()
t:ok(err_of(g1.apply, g1, n + 1):match("not legal now"), "index past the end")
t:ok(err_of(g1.apply, g1, 0):match("not legal now"), "index 0")
t:ok(err_of(g1.apply, g1, "place Z 9,9 r0"):match("is not a legal move now"), "unknown move text")
t:ok(err_of(g1.apply, g1, {}):match("move index"), "a table is no move")
t:eq(g1:move_count(), n, "the failed moves changed nothing")

-- A veto's reason shows in the refusal of a move text, which changes
-- nothing. The same seed without the rule lists the vetoed placement.
do
  local free = meeple.load{ seed = 4 }
  local north
  for _, m in ipairs(free:legal_moves()) do
    local y = m:match("^place %S+ %-?%d+,(%-?%d+) r%d$")
    if y and tonumber(y) < 0 then north = north or m end
  end
  t:ok(north ~= nil, "without the veto a placement north of the start is legal")
  local g = meeple.load{ seed = 4, rules = { "tests/fixtures/embed/north_veto.lua" } }
  local legal, scores, turn, player = g:legal_moves(), table.concat(g:scores(), ","), g:turn(), g:player()
  local e = err_of(g.apply, g, north)
  t:ok(e and e:find("is not a legal move now", 1, true), "the vetoed text is refused: " .. tostring(e))
  t:ok(e and e:find("vetoed: refused by an allow hook: nothing north of the start tile (", 1, true)
       and e:find("north_veto.lua:3)", 1, true), "the refusal carries the veto's reason and line: " .. tostring(e))
  t:same(g:legal_moves(), legal, "the refused move changed nothing (legal moves)")
  t:eq(table.concat(g:scores(), ","), scores, "the refused move changed nothing (scores)")
  t:ok(g:turn() == turn and g:player() == player, "the refused move changed nothing (turn and player)")
  -- a text that is illegal for the engine's own reasons says that instead
  local taken = err_of(g.apply, g, (north:gsub("%-?%d+,%-?%d+", "0,0")))
  t:ok(taken and taken:find("taken: cell 0,0 is taken", 1, true), "an engine refusal gives its word: " .. tostring(taken))
end

-- Bad settings.
t:ok(err_of(meeple.load, "base"):match("table expected"), "settings must be a table")
t:ok(err_of(meeple.load, { game = 1 }) ~= nil, "game must be a string")
t:ok(err_of(meeple.load, { players = 9 }):match("is for 2 to"), "too many players")
t:ok(err_of(meeple.load, { with = "abbey" }):match("list of names"), "with must be a list")
t:ok(err_of(meeple.load, { options = { nope = 1 } }):match("unknown option 'nope'"), "unknown option")
t:ok(err_of(meeple.load, { game = "nope" }):match("no script 'nope'"), "unknown game")
t:ok(err_of(meeple.load, { path = { 1 } }):match("path%[1%]"), "path entries are strings")

-- Hostile scripts stay in the sandbox.
local e = err_of(meeple.load, { rules = { "tests/fixtures/embed/hostile.lua" } })
t:ok(e and e:match("hostile.lua:2:"), "io is not there for a script: " .. tostring(e))
e = err_of(meeple.load, { rules = { "tests/fixtures/embed/spin.lua" }, budget = 100000 })
t:ok(e and e:match("spin.lua:2:") and e:match("budget"), "a runaway hook is stopped: " .. tostring(e))

-- Records: round trip, and a tampered record is refused where it differs.
local rec = ga:record()
local r = meeple.replay(rec)
t:eq(table.concat(r:scores(), ","), a, "the replay ends with the same scores")
local lines = {}
for line in rec:gmatch("[^\n]+") do lines[#lines + 1] = line end
lines[4] = lines[4]:gsub('"move":"[^"]*"', '"move":"pass"')
e = err_of(meeple.replay, table.concat(lines, "\n"))
t:ok(e and e:match("line 4"), "a changed move is found: " .. tostring(e))
t:ok(err_of(meeple.replay, "not json"):match("not a meeple game record"), "garbage is no record")
t:ok(err_of(meeple.replay, 42) ~= nil, "a number is no record")

-- meeple.replay checks a record as strictly as `meeple replay` (issue 16):
-- the same schema and checks, each error naming the record's line.
do
  local ls = {}
  for line in rec:gmatch("[^\n]+") do ls[#ls + 1] = line end
  local function variant(edit)
    local copy = {}
    for i, l in ipairs(ls) do copy[i] = l end
    edit(copy)
    return table.concat(copy, "\n") .. "\n"
  end
  local cases = {
    { "cut at a line boundary mid-game", function(c) for i = #c, 10, -1 do c[i] = nil end end,
      "line 9: the record has no final line: cut off after 8 moves" },
    { "only the header", function(c) for i = #c, 2, -1 do c[i] = nil end end,
      "line 1: the record has no final line" },
    { "no final line", function(c) c[#c] = nil end, "the record has no final line" },
    { "a doubled final line", function(c) c[#c + 1] = c[#c] end, "a line after the final line" },
    { "an edited player", function(c) c[3] = c[3]:gsub('"player":(%d)', function(p) return '"player":' .. (3 - p) end) end,
      "line 3: field 'player': player" },
    { "an edited turn", function(c) c[3] = c[3]:gsub('"turn":%d+', '"turn":9') end, "line 3: field 'turn'" },
    { "a move without its state", function(c) c[3] = c[3]:gsub(',?"state":"[^"]*"', '') end, "line 3: field 'state'" },
    { "a header value of the wrong type", function(c) c[1] = c[1]:gsub('"with":%[%]', '"with":"traders_builders"') end,
      "line 1: field 'with': expected" },
    { "players as a string", function(c) c[1] = c[1]:gsub('"players":(%d)', '"players":"%1"') end,
      "line 1: field 'players': expected an integer, got \"2\"" },
    { "a changed script", function(c) c[1] = c[1]:gsub('"hash":"(%x)', function(x) return '"hash":"' .. (x == "0" and "1" or "0") end, 1) end,
      "changed since the game was recorded" },
  }
  for _, case in ipairs(cases) do
    local got = err_of(meeple.replay, variant(case[2]))
    t:ok(got and got:find(case[3], 1, true) and got:match("^replay: "), case[1] .. ": " .. tostring(got))
  end
end

-- Use after free, and free twice.
r:free()
r:free()
t:eq(err_of(r.scores, r), "meeple game is freed", "scores after free")
t:eq(err_of(r.clone, r), "meeple game is freed", "clone after free")
t:ok(tostring(r):match("freed"), "tostring says freed")
do
  local closed <close> = meeple.load{}
  t:ok(closed:move_count() > 0, "<close> game works in scope")
end
t:ok(err_of(getmetatable, r) == nil and getmetatable(r) == "protected", "metatable is protected")

-- simulate
local res = meeple.simulate({ players = 3 }, 4, 9)
t:eq(#res, 4, "four games")
t:eq(#res[1], 3, "three players each")
t:ok(err_of(meeple.simulate, {}, -1) ~= nil, "negative games refused")
t:done()
