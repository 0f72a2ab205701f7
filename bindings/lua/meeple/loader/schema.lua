-- meeple.loader.schema: the keys each declaration's table takes, in one
-- table per declaration, and the check that rejects any other key with
-- the script's file:line and the nearest valid key ("did you mean").
--
-- Invariant: a declaration table reaches meeple.loader.build only with
-- keys its schema lists; a typo (`score "city" { closd = ... }`) is an
-- error, never a silently different game. Each key maps to what it takes,
-- in words: the docs and the LuaCATS stubs (bindings/meta/rules.lua) say
-- the same, and tests/lua/stubs_test.lua checks that the stubs list
-- these keys.

local M = {}

-- Declaration name -> { key = what it takes }. Positional entries (list
-- items such as touches' groups or start's list of tiles) are not keys.
M.keys = {
  game = { title = "string", players = "{ min =, max =, default = }" },
  ["game.players"] = { min = "integer", max = "integer", default = "integer" },
  expansion = { requires = "list of game or expansion names" },
  kind = { closes = '"ports" | "surrounded" | "never"', wildcard = "boolean",
           colour = '"#rrggbb" (pictures)', color = '"#rrggbb" (pictures)',
           shape = '"area" | "walled" | "line" | "building" | "pond" | "disc" (pictures)' },
  attribute = { merge = '"sum" | "max" | "min" | "any" | "all"' },
  tiles = { file = "path", text = "tile notation", stack = "stack name", name = "string",
            by_tag = "{ tag = stack name }: tiles with that tag go there" },
  start = { tag = "tag", tile = "tile id", at = "{ x, y }", rotation = "0..3",
            replace = "boolean: lay this start instead of an earlier script's",
            replaced = '"shuffled" (default) | "out": the replaced start tile goes into its stack, or leaves the game' },
  stack = { draw = "boolean", joins = "kind name: its tiles must join that kind on the board",
            turns = "'alternate' | 'alternate_adjacent': how the joined chain may turn" },
  figure = {
    per_player = "integer", neutral = "integer", on = "list of kinds",
    group = "group name or list", blocked_by = "group names", needs_own = "group names",
    blocks = "group names", strength = "integer or attribute name", stays = "boolean",
    blocked_across = "list of kinds", corner = "boolean",
    relocate = "{ to = {kinds}, action =, reach = }",
    shape = "a figure drawing (pictures): meeple, builder, pig, ..., disc",
  },
  ["figure.relocate"] = { to = "list of kinds", action = "action name",
                          reach = '"connected" | "around"' },
  option = { values = "list", default = "value", doc = "string" },
  score = { closed = "formula", final = "formula", keep_figures = "boolean", reason = "reason",
            final_reason = "reason" },
  score_figure = { final = "formula", reason = "reason" },
  score_meeting = { placed = "formula", joined = "formula", reason = "reason",
                    bonus = "{ figure = formula }" },
  hand_tile = { token = "figure name", end_round = "boolean", decline = "action name" },
  touches = { optional = "boolean" },
  recall = { phase = "phase name", figures = "figure names", on = "kinds",
             tiles = "tags or attributes" },
  phase = { after = "phase name" },
  hook = { priority = "integer", figures = "figure names", tiles = "tags or attributes",
           attrs = "attribute names", kinds = "kinds", stack = "stack name or list" },
  gain = { counter = "counter name", when_closed = "kind", per = "attribute" },
  majority = { counter = "counter name", points = "integer", reason = "reason" },
  line_markers = { axis = '"x" | "y"', dir = "1 | -1", start = "list of { x, y }",
                   bonus = "integer", reason = "reason", bonus_per = '"figure" | "player"',
                   sweep = "list of kinds", order = '"placed" | "active_first" | "choose"',
                   action = "action name" },
  extra_part = { when = '"extends" | "closes"', kinds = "list of kinds", figure = "figure name",
                 attr = "attribute", stack = "stack name" },
  bonus = { closed = "formula", final = "formula", only_with = "figure name" },
  system = { kinds = "list of kinds", figure = "figure name", final = "formula",
             only_if = "{ attribute = formula }", reason = "reason" },
}

-- Edit distance, for "did you mean".
local function distance(a, b)
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev = cur
  end
  return prev[#b]
end

-- The valid key nearest to `key` (ties: the first in sorted order), or
-- nil when none is close enough to be a typo.
function M.nearest(key, keys)
  local names = {}
  for k in pairs(keys) do names[#names + 1] = k end
  table.sort(names)
  local best, best_d
  for _, k in ipairs(names) do
    local d = distance(key, k)
    if not best_d or d < best_d then best, best_d = k, d end
  end
  if best and best_d <= math.max(2, #key // 3) then return best end
  return nil
end

-- Raises for the first key of spec (in sorted order) that the schema of
-- `decl` does not list. `what` names the declaration in the message
-- ("score 'city'"); level is error()'s, counted from the caller.
function M.check(decl, spec, what, level)
  local keys = assert(M.keys[decl], decl)
  local bad = {}
  for k in pairs(spec) do
    if math.type(k) ~= "integer" and keys[k] == nil then bad[#bad + 1] = tostring(k) end
  end
  if #bad == 0 then return end
  table.sort(bad)
  local near = M.nearest(bad[1], keys)
  local names = {}
  for k in pairs(keys) do names[#names + 1] = k end
  table.sort(names)
  error(("%s: unknown field '%s' (%s)"):format(what, bad[1],
    near and ("did you mean '" .. near .. "'?") or ("valid keys: " .. table.concat(names, ", "))),
    (level or 1) + 1)
end

return M
