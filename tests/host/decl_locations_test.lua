-- Every declaration a script makes that the loader or C refuses names
-- the script's file and line, and the offending value (issues 15, 16):
-- names C stores (over GK_NAME_MAX bytes), names that refer to nothing,
-- values C range-checks, inline tile text. A refusal raised when the
-- rules are built, once every script ran, must still point at the line
-- that declared the value, never at the loader or at no file at all.
--
-- Run from the repository root:  meeple script tests/host/decl_locations_test.lua

package.path = (os.getenv("MEEPLE_ROOT") or ".") .. "/tests/lua/?.lua;" .. package.path
local t = require("testlib").new("decl_locations")
local loader = require "meeple.loader"
local errors = require "meeple.errors"

local LONG = ("n"):rep(60)          -- over the kernel's 47-byte names
local SHOWN = ("n"):rep(47) .. "..." -- how a message shows it

-- Each case: lines before the refused declaration (declarations it
-- needs), the declaration (always on line 3 of the script), and a text
-- the message must contain (the offending value, the reason).
local CASES = {
  { "", 'stack "' .. LONG .. '" {}', "bad stack name '" .. SHOWN .. "'" },
  { "", 'extra_part { when = "closes", kinds = { "city" }, attr = "no_such_attr" }',
    "extra_part: unknown attribute 'no_such_attr'" },
  { "", 'extra_part { when = "closes", kinds = { "city" }, attr = "pennant", stack = "' .. LONG .. '" }',
    "unknown stack '" .. LONG .. "'" },
  { "", 'extra_part { when = "extends", kinds = { "no_kind" }, figure = "meeple" }', "unknown kind 'no_kind'" },
  { "", 'counter "' .. LONG .. '"', "bad counter name '" .. SHOWN .. "'" },
  { "", 'reason "' .. LONG .. '"', "bad reason name '" .. SHOWN .. "'" },
  { "", 'action "' .. LONG .. '"', "('" .. LONG .. "')" },
  { 'action "twice"', 'action "twice"', "action 'twice' is already declared" },
  { "", 'attribute "' .. LONG .. '" {}', "bad attribute name '" .. SHOWN .. "'" },
  { "", 'kind "' .. LONG .. '" {}', "bad kind name '" .. SHOWN .. "'" },
  { "", 'figure "' .. LONG .. '" { per_player = 1, on = { "city" } }', "name '" .. SHOWN .. "'" },
  { "", 'phase "' .. LONG .. '" { after = "place_tile" }', "phase name '" .. LONG .. "'" },
  { "", 'match("city", "no_kind")', "unknown kind 'no_kind'" },
  { 'counter "w"', 'gain { counter = "w", when_closed = "city", per = "no_attr" }', "unknown attribute 'no_attr'" },
  { "", 'gain { counter = "no_counter", when_closed = "city", per = "pennant" }', "unknown counter 'no_counter'" },
  { "", 'majority { counter = "no_counter", points = 3 }', "unknown counter 'no_counter'" },
  { 'counter "w"', 'majority { counter = "w", points = 3, reason = "' .. LONG .. '" }',
    "bad reason name '" .. SHOWN .. "'" },
  { "", 'score "road" { closed = { per_tile = 1 }, reason = "' .. LONG .. '" }', "bad reason name '" .. SHOWN .. "'" },
  { "", 'score_figure "meeple" { final = { per_tile = 1 }, reason = "' .. LONG .. '" }',
    "bad reason name '" .. SHOWN .. "'" },
  { 'stack "x" {}', 'stack_order { "main", "x" }', "the last stack must be the draw stack" },
  { "", 'stack_order { "no_stack", "main" }', "unknown stack 'no_stack'" },
  { "", 'stack "x" { joins = "no_kind" }', "unknown kind 'no_kind'" },
  { "", 'stack "x" { set_aside = { "no_tag" } }', "'no_tag' in set_aside is neither a tile tag nor an attribute" },
  { "", 'deploy_anywhere "portal" { figures = { "meeple" }, tiles = { "no_tag" } }',
    "deploy_anywhere 'portal': 'no_tag' in tiles is neither a tile tag nor an attribute" },
  { "", 'deploy_anywhere "portal" { figures = { "no_figure" }, tiles = { "start" } }',
    "none of its figures is a declared figure" },
  { "", 'evict "princess" { figures = { "meeple" }, attr = "no_attr" }', "evict 'princess': unknown attribute 'no_attr'" },
  { "", 'record "no_counter" { kind = "city" }', "unknown counter 'no_counter'" },
  { 'counter "crown"', 'record "crown" { kind = "no_kind" }', "unknown kind 'no_kind'" },
  { 'counter "crown"', 'record "crown" { kind = "city" }', "unknown reason 'crown'" },
  { "", 'square_count "no_attr" { kinds = { "city" }, scorers = { "meeple" }, segments = "cloister" }',
    "unknown attribute 'no_attr'" },
  { "", 'square_count "pennant" { kinds = { "city" }, scorers = { "meeple" }, tiles = "no_kind", reason = "city" }',
    "unknown kind 'no_kind'" },
  { "", 'square_count "pennant" { kinds = { "city" }, scorers = { "meeple" }, reason = "city" }',
    "it counts one thing" },
  { "", 'tiles "base" { stack = "" }', "unknown stack ''" },
  { "", 'tiles "base" { by_tag = { start = "no_stack" } }', "unknown stack 'no_stack'" },
  { "", 'tiles { text = "set zz\\ntile zz.a [' .. LONG .. ']\\n  city N\\n  field E S W" }',
    "tag name 'nnnnnnnnnnnnnnnnnnnn...' is longer than 47" },
  { "", 'tiles { text = "set zz\\ntile zz.a\\n  city N ;" }', "found ';'" },
  { "", 'collect("no_phase", function() end)', "unknown phase 'no_phase'" },
  { 'on("tile_placed", function() end, { priority = 1 })',
    'on("tile_placed", function() end, { priority = "high" })', "priority must be an integer, got 'high'" },
  { "", 'line_markers "meeple" { axis = "x", dir = 1, start = {{0, 0}}, bonus = 1, order = "choose", action = "'
        .. LONG .. '" }', "('" .. LONG .. "')" },
  { "", 'hand_tile "base.A" { token = "meeple", end_round = true, decline = "' .. LONG .. '" }',
    "('" .. LONG .. "')" },
  { 'phase "p" { after = "place_tile" }', 'recall "' .. LONG .. '" { phase = "p", figures = { "meeple" }, on = { "city" } }',
    "('" .. LONG .. "')" },
  { "", 'phase "p" { after = "no_phase" }', "unknown phase 'no_phase'" },
  { "", 'blocked { { 1, 99999999999 } }', "blocked {1, 99999999999}: coordinate out of range" },
  { "", 'blocked_region { x = { 5, 3 } }', "x range 5..3 is empty" },
  { "", 'system "s" { kinds = { "city" }, figure = "meeple", final = { pennant = 1 }, reason = "' .. LONG .. '" }',
    "bad reason name '" .. SHOWN .. "'" },
  { "", 'touches "no_tile" { { "N", "S" } }', "no tile 'no_tile'" },
  { 'counter "c"', 'tile_variants { pairs = { { "A", "no_tile" } }, counter = "c", limit = 3 }', "no_tile" },
  { "", 'tile_variants { pairs = { { "A", "B" } }, counter = "no_counter", limit = 3 }',
    "unknown counter 'no_counter'" },
  { 'counter "c"', 'tile_variants { pairs = { { "A" } }, counter = "c", limit = 3 }',
    "tile_variants: pair 1 is not {tile id, variant id}" },
  { 'counter "c"', 'tile_variants { pairs = { { "A", "A" } }, counter = "c", limit = 3 }',
    "tile_variants: malformed rule" },
  -- formulas: the declaration that holds them, by its own name
  { "", 'score "city" { closed = "x" }', "score 'city': closed must be a formula table, got 'x'" },
  { "", 'system "huts" { kinds = { "city" }, figure = "meeple", final = { bogus = 1 } }',
    "system 'huts' final: 'bogus' is neither a formula term" },
  { "", 'system "huts" { kinds = { "city" }, figure = "meeple", final = { pennant = 1 }, only_if = { pennant = { bogus = 1 } } }',
    "system 'huts' only_if pennant: 'bogus' is neither a formula term" },
  { "", 'score_figure "meeple" { final = { bogus = 1 } }', "score_figure 'meeple' final: 'bogus' is neither" },
  { "", 'score_meeting "meeple" { placed = { bogus = 1 }, joined = {} }', "score_meeting 'meeple' placed: 'bogus'" },
  { "", 'bonus "city" { closed = { per_adjacent = { no_kind = 1 } }, only_with = "meeple" }',
    "bonus 'city' closed: unknown kind 'no_kind' in per_adjacent" },
}

local base = os.tmpname()
local path = base .. ".lua"

local function load_error(code)
  local f = assert(io.open(path, "w"))
  f:write(code)
  f:close()
  local ok, err = pcall(function()
    local rs = loader.load{ game = "base", rules = { path }, run = meeple_host.run,
                            script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
    loader.new_play(rs, { players = 2, seed = 1 })  -- what is checked when a game starts
  end)
  return not ok and tostring(err) or nil
end

for i, case in ipairs(CASES) do
  local pre, decl, needle = case[1], case[2], case[3]
  local err = load_error("-- case " .. i .. "\n" .. pre .. "\n" .. decl .. "\n")
  local name = ("case %d (%s)"):format(i, decl:sub(1, 50))
  if t:ok(err, name .. ": loads without error") then
    t:ok(err:find(path .. ":3: ", 1, true) == 1, name .. ": should begin with " .. path .. ":3:, got: " .. err)
    t:ok(err:find(needle, 1, true), name .. ": should say \"" .. needle .. "\", got: " .. err)
    t:ok(not err:find("\n") and not errors.is_internal(err), name .. ": one line, no internal location: " .. err)
  end
end

os.remove(path)
os.remove(base)
t:done()
