-- meeple.loader.schema: one table per declaration, listing the keys its
-- table takes, each with its type, default and meaning. The same table
-- drives four things:
--   * the checks: M.check rejects any other key with the script's
--     file:line and the nearest valid key ("did you mean"), a value of
--     the wrong type and a missing required key;
--   * the defaults the declarations record and hand to C (M.check
--     returns a copy of the table with them filled in);
--   * the LuaCATS stubs of bindings/meta/rules.lua (its ---@class blocks)
--   * and the key tables of docs/lua-api.md, both written by
--     meeple.loader.schema_render (tools/schema-sync.lua; a test fails
--     when either file no longer says what this table says).
--
-- Invariant: a declaration table reaches meeple.loader.build only with
-- keys its schema lists, each of its type or nil; a typo
-- (`score "city" { closd = ... }`) is an error, never a silently
-- different game.
--
-- A field is { key, type, doc, required =, default =, more = }:
--   type     a LuaCATS type, also what is checked: string, integer,
--            boolean, any, "a"|"b" (literal strings), 1|-1 (literal
--            integers), T[] (a list), table<string, T>, T|U, a class of
--            this schema (checked key by key) or rules.Formula (a table;
--            its terms are checked when the rules are built);
--   doc      one line: the stub's and the docs' meaning;
--   more     further docs text (docs/lua-api.md only);
--   default  filled in when the key is absent (tables are copied);
--            NAME: the declaration's name; a string in default_doc
--            instead says in words a default the builder works out.

local sorted_names = require("meeple.loader.common").sorted_keys

local M = {}

-- The default "the declared name" (score "city": reason = "city").
local NAME = setmetatable({}, { __tostring = function() return "the declared name" end })
M.NAME = NAME

-- Declaration name -> { class =, call =, fields = { field, ... } } (see
-- above); call is how the docs show the declaration. Entries with a dot
-- are the tables inside one (figure's relocate).
M.decls = {
  game = { class = "rules.GameSpec", call = 'game "name" { ... }', fields = {
    { "title", "string", "the title players see", default = NAME },
    { "players", "rules.PlayersSpec", "how many may play" },
    { "api", "integer|string", "the script API it is written for (2; docs/lua-api.md, Script API version)" },
  } },
  ["game.players"] = { class = "rules.PlayersSpec", call = "game's players = { ... }", fields = {
    { "min", "integer", "the fewest players", default = 2 },
    { "max", "integer", "the most players", default = 6 },
    { "default", "integer", "players when nobody says", default_doc = "min" },
  } },
  expansion = { class = "rules.ExpansionSpec", call = 'expansion "name" { ... }', fields = {
    { "requires", "string[]", "games or expansions that must be loaded before" },
    { "api", "integer|string", "the script API it is written for (2; docs/lua-api.md, Script API version)" },
  } },
  kind = { class = "rules.KindSpec", call = 'kind "name" { ... }', fields = {
    { "closes", '"ports"|"surrounded"|"never"', "when a feature of the kind is complete", default = "ports",
      more = "`ports`: no side left open (roads, cities); `surrounded`: the 8 cells around are filled (cloisters); `never` (fields)" },
    { "wildcard", "boolean", "joins any kind across a side", default = false },
    { "colour", "string", '"#rrggbb": how pictures paint it' },
    { "color", "string", "the same as colour" },
    { "shape", '"area"|"line"|"walled"|"building"|"pond"|"disc"', "how pictures draw it" },
  } },
  attribute = { class = "rules.AttributeSpec", call = 'attribute "name" { ... }', fields = {
    { "merge", '"sum"|"max"|"min"|"any"|"all"', "how a feature merges its segments' values", default = "sum" },
  } },
  tiles = { class = "rules.TilesSpec", call = 'tiles { ... } or tiles "set" { ... }', fields = {
    { "file", "string", "a .tiles file, relative to the script" },
    { "text", "string", "inline tile notation" },
    { "name", "string", "the set's name", default_doc = "file, else inline" },
    { "stack", "string", "the stack its tiles go to", default_doc = "the draw stack" },
    { "by_tag", "table<string, string>", "tag -> stack: tiles with that tag go there instead" },
  } },
  start = { class = "rules.StartSpec", call = "start { ... }", fields = {
    { "tag", "string", "the first tile with this tag" },
    { "tile", "string", "or this tile id" },
    { "at", "integer[]", "{x, y}", default = { 0, 0 } },
    { "rotation", "integer", "0..3", default = 0 },
    { "replace", "boolean", "lay this start instead of the one an earlier script laid (else an error)", default = false },
    { "replaced", '"shuffled"|"out"', "with replace: the replaced start tile is shuffled into its stack, or left out of the game",
      default = "shuffled" },
  } },
  blocked_region = { class = "rules.RegionSpec", call = "blocked_region { ... }", fields = {
    { "x", "(integer|nil)[]", "{min, max}; a missing bound leaves that side open" },
    { "y", "(integer|nil)[]", "{min, max}" },
  } },
  stack = { class = "rules.StackSpec", call = 'stack "name" { ... }', fields = {
    { "draw", "boolean", "the stack each turn draws from", default = false },
    { "joins", "string", "a kind: this stack's tiles go only where a segment of that kind faces a tile already on the board (a river continues)" },
    { "turns", '"alternate"|"alternate_adjacent"', "with joins: the joined chain may not turn the same way as its last turn (alternate) or as the tile just before (alternate_adjacent)" },
    { "set_aside", "string[]", "tile tags or attributes: no turn draws from this stack until such a tile is placed; then its tiles go into the draw stack, each at a random place",
      more = "before the `tile_placed` hook (the dragon tiles wait for the first volcano). In C, no hook" },
  } },
  figure = { class = "rules.FigureSpec", call = 'figure "name" { ... }', fields = {
    { "per_player", "integer", "how many each player has", default = 0 },
    { "neutral", "integer", "how many neutral ones (owner 0) exist", default = 0 },
    { "on", "string[]", "the feature kinds it may be deployed on", default = {},
      more = "an unknown kind fails the load: `figure 'x': unknown kind 'k' in on`" },
    { "group", "string|string[]", "the groups it belongs to", default = NAME },
    { "blocked_by", "string|string[]", "groups: it may not join a feature that already holds one of these" },
    { "blocks", "string|string[]", "groups it keeps off its feature without being one of them",
      more = "a barn keeps farmers out and is no follower, so it never counts as one for `needs_own`; `meeple sim --check-invariants` checks that none of them shares its feature once a part's scoring is over" },
    { "needs_own", "string|string[]", "groups: a declared dependency; it goes only where its owner has a figure of these, and goes home the moment none of them shares its feature",
      more = "whatever sent the last one away: scoring, a capability (an eviction, a walker, a relocation, a recall), a hook's `fig:move` or `fig:return_to_supply`. In C, checked in one place; `meeple sim --check-invariants` checks it after every move" },
    { "strength", "integer|string", "what it counts for in majorities, or an attribute whose value on the feature it counts for",
      default = 0, more = "a base follower: 1; `strength = \"pennant\"`: a mayor" },
    { "stays", "boolean", "not returned when its feature is scored during play", default = false },
    { "blocked_across", "string[]", "kinds: blocked_by looks over the whole system of these kinds joined through segment adjacency",
      more = "a river system: the rivers and the lakes they touch, not only the feature itself. In C, no hook" },
    { "corner", "boolean", "placed only where four tiles meet at a corner of the tile just placed, all one feature of its on kinds",
      default = false, more = "it stands on that feature (a barn). In C" },
    { "blocks_tile", "boolean", "while it stands on a tile, nothing is deployed on that tile's segments (corner figures still are)",
      default = false, more = "refused deploys give the reason `vetoed` (a dragon). In C, no hook" },
    { "to_tile", "boolean", "deployed as any figure on a segment of the tile just placed, it then stands on that tile, on no feature",
      default = false, more = "the move names the segment (`deploy NAME N`); the features over the tile count it with the formula term `per_figure_on_tiles` (a marker). In C, no hook" },
    { "relocate", "rules.RelocateSpec", "after its feature is scored (it must stay), its owner moves it on or home",
      more = "several waiting figures decide one at a time, owners in turn order from the active player, in the "
          .. "`after_scoring` phase; moves `action NAME OWNER X Y SEGMENT` (args `owner`, `x`, `y`, `segment`; segment 0: back to the supply). In C" },
    { "shape", '"meeple"|"builder"|"pig"|"mayor"|"wagon"|"barn"|"abbey"|"hut"|"surveyor"|"big"|"dragon"|"fairy"|"abbot"|"lying"|"disc"',
      "how pictures draw it", default_doc = "a disc with its initial" },
  } },
  ["figure.relocate"] = { class = "rules.RelocateSpec", call = "figure's relocate = { ... }", fields = {
    { "to", "string[]", "kinds it may move to: incomplete features that hold no figure", required = true },
    { "action", "string", "the action of its moves, args owner, x, y, segment (segment 0: home); text OWNER X Y SEGMENT", required = true },
    { "reach", '"connected"|"around"', "features touching its own through segment adjacency (and a wildcard segment), or on its tile and the 8 around",
      default = "connected" },
  } },
  option = { class = "rules.OptionSpec", call = 'option "name" { ... }', fields = {
    { "default", "any", "the value unless --option says another; its type is the option's", required = true },
    { "values", "any[]", "the values allowed" },
    { "doc", "string", "what it does, for --help", default = "" },
  } },
  score = { class = "rules.ScoreSpec", call = 'score "kind" { ... }', fields = {
    { "closed", "rules.Formula", "when a feature is completed during play", default_doc = "scores nothing" },
    { "final", "rules.Formula", "when it is incomplete (and holds figures) at the end", default_doc = "scores nothing" },
    { "keep_figures", "boolean", "figures stay on the board after the final scoring (farmers)", default = false },
    { "reason", "string", "the ledger's reason", default = NAME },
    { "final_reason", "string", "the ledger's reason for the final scoring", default_doc = "reason" },
  } },
  score_figure = { class = "rules.ScoreFigureSpec", call = 'score_figure "figure" { ... }', fields = {
    { "final", "rules.Formula", "over the figure's feature at the end", required = true },
    { "reason", "string", "the ledger's reason", default = NAME },
    { "per", '"figure"|"owner"', "each figure scores, or each owner once per feature however many of these figures they have on it",
      default = "figure" },
  } },
  score_meeting = { class = "rules.ScoreMeetingSpec", call = 'score_meeting "figure" { ... }', fields = {
    { "placed", "rules.Formula", "when a counting figure is deployed on the tile just placed", required = true },
    { "joined", "rules.Formula", "when the tile just placed joins the figures' features", required = true },
    { "bonus", "table<string, rules.Formula>", "figure -> terms for a leader with that figure there", default = {} },
    { "reason", "string", "the ledger's reason", default = NAME },
  } },
  hand_tile = { class = "rules.HandTileSpec", call = 'hand_tile "tile id" { ... }', fields = {
    { "token", "string", "a figure kind: one in the supply = the tile in hand", required = true },
    { "end_round", "boolean", "holders may still play it after the last tile", default = false },
    { "decline", "string", "the action that gives it up, no args (needed with end_round)" },
  } },
  touches = { class = "rules.TouchesSpec", call = 'touches "tile id" { { port, port, ... }, ... }', fields = {
    { "optional", "boolean", "no error when no loaded tile set has the tile", default = false },
  } },
  recall = { class = "rules.RecallSpec", call = 'recall "action" { ... }', fields = {
    { "phase", "string", "a phase of its own (declared with phase) that offers it, or \"place_figure\": instead of a deploy", required = true },
    { "figures", "string[]", "figure kinds that may come back (kinds no script declares are left out; one must be known)", required = true },
    { "on", "string[]", "kinds of feature they may leave", required = true },
    { "tiles", "string[]", "tile tags or attributes: offered only after placing such a tile", default_doc = "any tile" },
    { "scores", "boolean", "the player first scores what the feature's final formula gives it now", default = false },
    { "where", "string", "an attribute: only features where it is set (non-zero)", default_doc = "any feature" },
    { "near", "string[]", "kinds: only features with a tile holding a segment of one of these kinds on one of the 8 cells around one of their tiles",
      default_doc = "no such condition", more = "a way out of a besieged city through a cloister. In C, no hook" },
    { "near_of", '"feature"|"where"', "the tiles `near` looks around: any of the feature's, or only those whose own segment has `where` set",
      default = "feature" },
    { "names", '"feature"|"spot"', "what a move names: the feature's anchor (a move a feature), or the figure's own spot (a move a spot: the player picks which figure leaves)",
      default = "feature" },
  } },
  companion = { class = "rules.CompanionSpec", call = 'companion "figure" { ... }', fields = {
    { "follows", "string[]", "figure kinds it goes next to, in listing order (kinds no script declares are left out)",
      required = true },
    { "action", "string", "the action of its moves, args x, y, segment; text X Y SEGMENT 0", default = NAME },
    { "turn_points", "integer", "to the active player whose follower it stands by, at the turn's start", default = 0 },
    { "scored_points", "integer", "to that follower's owner when the feature under it is scored", default = 0 },
    { "final", "boolean", "scored_points also at the final scoring", default = false },
    { "reason", "string", "the ledger's reason", default = NAME },
  } },
  walker = { class = "rules.WalkerSpec", call = 'walker "figure" { ... }', fields = {
    { "lands", "string[]", "tile tags or attributes: placing such a tile puts it there", default = {} },
    { "walks", "string[]", "tile tags or attributes: placing such a tile starts a walk", default = {} },
    { "steps", "integer", "moves per walk (1..16)", required = true },
    { "phase", "string", "a phase of the script's own (declared with phase) where its moves wait", required = true },
    { "action", "string", "the action of its moves, args x, y, mover, step; text X Y MOVER STEP", default = NAME },
    { "avoids", "string[]", "figure kinds whose tiles it never enters (kinds no script declares are left out)", default = {} },
    { "spares", "string[]", "figure kinds it does not send home (likewise)", default = {} },
  } },
  deploy_anywhere = { class = "rules.DeployAnywhereSpec", call = 'deploy_anywhere "action" { ... }', fields = {
    { "figures", "string[]", "figure kinds it deploys, in listing order (kinds no script declares are left out)", required = true },
    { "tiles", "string[]", "tile tags or attributes: offered after placing such a tile only", required = true },
  } },
  evict = { class = "rules.EvictSpec", call = 'evict "action" { ... }', fields = {
    { "figures", "string[]", "figure kinds it sends home, anyone's (kinds no script declares are left out)", required = true },
    { "tiles", "string[]", "tile tags or attributes: offered after placing such a tile only", default_doc = "any tile" },
    { "attr", "string", "only from the features of the placed tile's segments where this attribute is not 0", default_doc = "every segment" },
  } },
  square_count = { class = "rules.SquareCountSpec", call = 'square_count "attribute" { ... }', fields = {
    { "kinds", "string[]", "the kinds of the completed features that pay it", required = true },
    { "scorers", "string[]", "figure kinds (with an owner) that score it, standing on a segment with the attribute not 0 (kinds no script declares are left out)", required = true },
    { "figures", "string[]", "counts the figures of these kinds with an owner on the square's tiles (kinds no script declares are left out)", default_doc = "none" },
    { "of_attr", "string", "counts this attribute summed over the square's segments", default_doc = "none" },
    { "tiles", "string", "counts the square's tiles with a segment of this kind", default_doc = "none" },
    { "segments", "string", "counts the square's segments of this kind", default_doc = "none" },
    { "unless", "string", "with tiles: a segment whose feature has this attribute not 0 does not count (an attribute no script declares is left out)", default_doc = "none" },
    { "reason", "string", "the ledger's reason", default = NAME },
  } },
  record = { class = "rules.RecordSpec", call = 'record "counter" { ... }', fields = {
    { "kind", "string", "the kind whose completed features compete (by their tiles)", required = true },
    { "reason", "string", "the ledger's reason of the holder's points", default = NAME },
    { "each_closed", "integer", "the holder (when the turn part's scoring began) scores this whenever a feature of the kind is completed", default = 0 },
    { "final_each", "integer", "at the end, the holder scores this per feature of the kind completed in the game", default = 0 },
    { "final", "integer", "at the end, the holder scores this once", default = 0 },
  } },
  split_occupancy = { class = "rules.SplitOccupancySpec", call = 'split_occupancy "action" { ... }', fields = {
    { "figure", "string", "the figure kind it deploys", required = true },
    { "attr", "string", "the attribute whose segments split a feature into parts", required = true },
  } },
  tile_variants = { class = "rules.TileVariantsSpec", call = "tile_variants { ... }", fields = {
    { "pairs", "string[][]", "{ {tile id, variant id}, ... }: the drawn tile may be placed as the variant, in this order", required = true },
    { "counter", "string", "a declared counter: 1 more per variant played; offered while it is below the limit", required = true },
    { "limit", "integer|integer[]", "the most a player may play: one number, or one per player count (entry n with n players, the last beyond)", required = true },
  } },
  token_pool = { class = "rules.TokenPoolSpec", call = 'token_pool "figure" { ... }', fields = {
    { "stack", "string", "the bag: a stack of tokens (tiles) no turn draws from", required = true },
    { "phase", "string", "a phase of the script's own (declared with phase) where the owner grows or cashes", required = true },
    { "grow", "string", "the action that draws one more token (declared here unless a script did)", required = true },
    { "cash", "string", "the action that pays every pool on the feature and sends their figures home", required = true },
    { "value", "string", "the attribute a token is worth, summed over its segments", required = true },
    { "bust", "string", "a tile tag: such a token empties every pool on its feature (no points)", default_doc = "none" },
    { "reason", "string", "the ledger's reason of a cash-in", default = NAME },
  } },
  move_anywhere = { class = "rules.MoveAnywhereSpec", call = 'move_anywhere "action" { ... }', fields = {
    { "phase", "string", "a phase of the script's own (declared with phase) where its moves wait", required = true },
    { "figures", "string[]", "neutral figure kinds, one figure each, in listing order (the move's figure: 1, 2, ...)", required = true },
    { "on", "string[]", "the kinds of feature they stand on", required = true },
    { "tiles", "string[]", "tile tags or attributes: placing such a tile makes a move due", required = true },
    { "marks", "string[]", "an attribute per figure: 1 on the segment it stands on, 0 once it moved off", default_doc = "none" },
  } },
  pairing = { class = "rules.PairingSpec", call = "pairing { ... }", fields = {
    { "a", "string[]", "tile tags, attributes or kinds: the tiles of the first sort", required = true },
    { "b", "string[]", "tile tags, attributes or kinds: the tiles of the second sort (those of the first left out)", required = true },
    { "rival", "string", "a kind: the paired tiles' features of this kind contest (the first completed holding a figure sends the other's figures home)", default_doc = "no contest" },
  } },
  action = { class = "rules.ActionSpec", call = 'action "name" { ... }', fields = {
    { "args", "string[]", "its arguments' names, in order (at most 4): moves carry args.NAME",
      default_doc = "none: four positional integers (legacy)",
      more = "a move's text lists the values in this order: `action NAME V1 V2 V3 V4` (0 for the unnamed ones)" },
  } },
  phase = { class = "rules.PhaseSpec", call = 'phase "name" { ... }', fields = {
    { "after", "string", "the built-in or earlier phase it follows", default = "after_scoring" },
  } },
  hook = { class = "rules.HookOpts", call = "on / allow / transform / collect (event, fn, { ... })", fields = {
    { "priority", "integer", "lower runs first", default = 0 },
    { "figures", "string[]", 'allow("figure_placement") and on("figure_placed") only: asked about (told of) these figures\' moves alone' },
    { "tiles", "string[]", 'on("tile_placed"), allow("tile_placement") and collect only: called only for a tile with one of these tags or attributes, or a segment of one of these kinds' },
    { "attrs", "string[]", 'transform("feature_points") only: called only for features with one of these attributes not 0' },
    { "kinds", "string[]", 'transform("feature_points") only: called only for features of these kinds (never, in C, for the others)' },
    { "ties", "boolean", 'transform("feature_points") only: called only when two or more players lead the feature, as the flow counted them (never, in C, otherwise, for a kind every hook about it says so)', default = false },
    { "stack", "string|string[]", 'allow("tile_placement") only: asked only while the turn part draws from this stack (or one of these)' },
  } },
  gain = { class = "rules.GainSpec", call = "gain { ... }", fields = {
    { "counter", "string", "the counter gained", required = true },
    { "when_closed", "string", "the kind whose completion gains it", required = true },
    { "per", "string", "the attribute counted: one per unit on the feature", required = true },
  } },
  majority = { class = "rules.MajoritySpec", call = "majority { ... }", fields = {
    { "counter", "string", "the counter compared", required = true },
    { "points", "integer", "what each player holding most (more than none) scores at the end", required = true },
    { "reason", "string", "the ledger's reason", default_doc = "the counter" },
  } },
  line_markers = { class = "rules.LineMarkersSpec", call = 'line_markers "figure" { ... }', fields = {
    { "axis", '"x"|"y"', "lines are columns (x) or rows (y)", default = "x" },
    { "dir", "1|-1", "the way markers advance along the axis", default = 1 },
    { "start", "integer[][]", "{ {x, y}, ... } cells the markers start on",
      more = "when a turn first finds them all in the supply (a scenario may place them itself)" },
    { "bonus", "integer", "points per marker in the line of a leader's figure", default = 0 },
    { "reason", "string", "the bonus's reason (declared for you)" },
    { "bonus_per", '"figure"|"player"', "the bonus counts per figure, or once per leader and marker", default = "figure" },
    { "sweep", "string[]", "kinds whose figures behind the rearmost marker go home" },
    { "order", '"placed"|"active_first"|"choose"', "which of several features scored at once goes first", default = "placed",
      more = "`placed`: the placed tile's port-closed features by segment, then surrounded ones around it in reading order; "
          .. "`active_first`: the same, the active player's features first, then clockwise; `choose`: the player picks" },
    { "action", "string", 'with order = "choose": the action of the moves offered',
      more = "one per feature, args x, y, segment: `action NAME X Y SEGMENT 0` (a tile of the feature and its segment there, from 1)" },
  } },
  extra_part = { class = "rules.ExtraPartSpec", call = "extra_part { ... }", fields = {
    { "when", '"extends"|"closes"', "a tile that extends a feature holding the figure, or closes one with the attribute",
      required = true },
    { "kinds", "string[]", "the kinds it looks at", default = {} },
    { "figure", "string", "extends: the active player's figure that must stand on the feature" },
    { "attr", "string", "closes: the attribute the completed feature must have above 0" },
    { "stack", "string", "the stack the extra tile comes from", default_doc = "the draw stack" },
  } },
  bonus = { class = "rules.BonusSpec", call = 'bonus "kind" { ... }', fields = {
    { "closed", "rules.Formula", "terms added when the kind scores complete" },
    { "final", "rules.Formula", "terms added at the final scoring" },
    { "only_with", "string", "the figure a leader needs on the feature to get them (one no loaded script declares: the bonus adds nothing)",
      default_doc = "every leader: the terms join the formula's own" },
  } },
  system = { class = "rules.SystemSpec", call = 'system "name" { ... }', fields = {
    { "kinds", "string[]", "the kinds joined through segment adjacency", required = true },
    { "figure", "string", "the figure whose majority (1 each) scores the system", required = true },
    { "final", "rules.Formula", "over the system: attributes summed, per_feature, per_excess, points", required = true },
    { "only_if", "table<string, rules.Formula>", "attribute -> formula counted only when that attribute is not 0 in the system",
      default = {} },
    { "reason", "string", "the ledger's reason", default = NAME },
  } },
}

-- Declaration name -> { key = field }, and class -> declaration name.
M.keys, M.by_class = {}, {}
for name, d in pairs(M.decls) do
  local keys = {}
  for _, f in ipairs(d.fields) do keys[f[1]], f.doc = f, f[3] end
  M.keys[name], M.by_class[d.class] = keys, name
end

-- {======================================================================
-- Types
-- =======================================================================

-- The alternatives of a union at its top level ("a|b[]|(c|d)[]"),
-- worked out once per type.
local known_alternatives = {}
local function alternatives(ty)
  if known_alternatives[ty] then return known_alternatives[ty] end
  local out, depth, from = {}, 0, 1
  for i = 1, #ty do
    local ch = ty:sub(i, i)
    if ch == "(" or ch == "<" or ch == "{" then depth = depth + 1
    elseif ch == ")" or ch == ">" or ch == "}" then depth = depth - 1
    elseif ch == "|" and depth == 0 then out[#out + 1] = ty:sub(from, i - 1); from = i + 1 end
  end
  out[#out + 1] = ty:sub(from)
  known_alternatives[ty] = out
  return out
end

local WORDS = { string = "a string", integer = "an integer", boolean = "true or false", any = "a value",
                ["nil"] = "nothing", ["rules.Formula"] = "a formula table" }

local function list_item(a) return a:match("^%((.*)%)%[%]$") or a:match("^(.-)%[%]$") end

local words

local function plain(literal) return (literal:gsub('^"(.*)"$', "%1")) end

-- "a formula table" -> "formula tables", "a list of integers" -> "lists of integers"
local function plural(w)
  w = w:gsub("^an? ", "")
  if w:match("^list of ") then return (w:gsub("^list", "lists")) end
  return (w:gsub("(%w+)$", "%1s", 1))
end

-- One alternative (no top-level `|`) in words; quote(literal) shows a
-- literal value as written in the type ("ports" or 1).
local function word(a, quote)
  local item, vt = list_item(a), a:match("^table<.-,%s*(.-)%s*>$")
  if item then return "a list of " .. plural(words(item, quote)) end
  if vt then return "a table of " .. plural(words(vt, quote)) end
  if a:match('^".*"$') or math.tointeger(tonumber(a)) then return quote(a) end
  return WORDS[a] or (M.by_class[a] and "a table") or a
end

-- A type in words, for messages: literal alternatives as `a, b or c`
-- (quote, default none, shows each literal value).
function words(ty, quote)
  local list = {}
  for _, a in ipairs(alternatives(ty)) do
    if a ~= "nil" or #alternatives(ty) == 1 then list[#list + 1] = word(a, quote or plain) end
  end
  if #list == 1 then return list[1] end
  return table.concat(list, ", ", 1, #list - 1) .. " or " .. list[#list]
end
M.words = words

local checker -- (ty) -> the function mismatch(ty, ...) calls

-- The check of one alternative a (no top-level `|`): v -> nil when v
-- fits, else as mismatch.
local function alternative_check(a)
  local function wrong(v) return "", a, v end
  local literal = a:match('^"(.*)"$') or math.tointeger(tonumber(a))
  local item, kt, vt = list_item(a), a:match("^table<%s*(.-)%s*,%s*(.-)%s*>$")
  if a == "any" then return function(v) if v == nil then return wrong(v) end end end
  if a == "nil" then return function(v) if v ~= nil then return wrong(v) end end end
  if a == "string" or a == "boolean" then return function(v) if type(v) ~= a then return wrong(v) end end end
  if a == "integer" then return function(v) if math.type(v) ~= "integer" then return wrong(v) end end end
  if literal ~= nil then return function(v) if v ~= literal then return wrong(v) end end end
  if item then
    return function(v)
      if type(v) ~= "table" then return wrong(v) end
      local check, i = checker(item), 1 -- raw reads: a script's metamethods never run in the host
      while rawget(v, i) ~= nil do
        local path, want, got = check(rawget(v, i))
        if path then return "[" .. i .. "]" .. path, want, got end
        i = i + 1
      end
    end
  end
  if kt then
    return function(v)
      if type(v) ~= "table" then return wrong(v) end
      local check_key, check_value = checker(kt), checker(vt)
      for k, x in next, v do
        if check_key(k) then return wrong(v) end
        local path, want, got = check_value(x)
        if path then return "." .. tostring(k) .. path, want, got end
      end
    end
  end
  -- a class (its keys are checked on their own) or rules.Formula (its
  -- terms are checked when the rules are built)
  return function(v) if type(v) ~= "table" then return wrong(v) end end
end

-- The check of a type, made once per type: v -> nil when v fits, else
-- as mismatch. A table that fails the one alternative taking tables is
-- shown inside.
local checkers = {}
function checker(ty)
  if checkers[ty] then return checkers[ty] end
  local checks = {}
  for i, a in ipairs(alternatives(ty)) do checks[i] = alternative_check(a) end
  local check = checks[1]
  if #checks > 1 then
    check = function(v)
      local inside
      for i = 1, #checks do
        local path, want, got = checks[i](v)
        if not path then return nil end
        if path ~= "" and not inside then inside = { path, want, got } end
      end
      if inside then return inside[1], inside[2], inside[3] end
      return "", ty, v
    end
  end
  checkers[ty] = check
  return check
end

-- nil when v fits the type ty, else the path inside v of the part that
-- does not ("", "[2]", ".city") and what that part should be and is.
local function mismatch(ty, v) return checker(ty)(v) end
M.mismatch = mismatch

-- }======================================================================

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
  local best, best_d
  for _, k in ipairs(sorted_names(keys)) do
    local d = distance(key, k)
    if not best_d or d < best_d then best, best_d = k, d end
  end
  if best and best_d <= math.max(2, #key // 3) then return best end
  return nil
end

local function shown(v)
  if type(v) == "table" then return "a table" end
  return type(v) == "string" and ("'" .. v .. "'") or tostring(v)
end

local function copy_default(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = copy_default(x) end
  return out
end

-- Checks spec against the schema of `decl` and returns a copy of it with
-- the defaults filled in (`name` is the declaration's, for NAME). Raises,
-- at error() level `level` counted from the caller, for the first key
-- (sorted) the schema does not list, then for the first field (in schema
-- order) missing or of the wrong type; `what` names the declaration in
-- the message ("score 'city'"). Tables of a class of this schema are
-- checked (and filled) the same way.
function M.check(decl, spec, what, level, name)
  local d = assert(M.decls[decl], decl)
  local keys, bad = M.keys[decl], {}
  level = (level or 1) + 1
  for k in next, spec do
    if math.type(k) ~= "integer" and keys[k] == nil then bad[#bad + 1] = tostring(k) end
  end
  if #bad > 0 then
    table.sort(bad)
    local near = M.nearest(bad[1], keys)
    error(("%s: unknown field '%s' (%s)"):format(what, bad[1],
      near and ("did you mean '" .. near .. "'?") or ("valid keys: " .. table.concat(sorted_names(keys), ", "))), level)
  end
  local out = {}
  for k, v in next, spec do out[k] = v end
  for _, f in ipairs(d.fields) do
    local key, ty, v = f[1], f[2], rawget(spec, f[1])
    if v == nil then
      if f.required then error(("%s: %s is required (%s)"):format(what, key, words(ty)), level) end
      if f.default == NAME then out[key] = name else out[key] = copy_default(f.default) end
    elseif mismatch(ty, v) then
      local path, want, got = mismatch(ty, v)
      error(("%s: %s%s must be %s, got %s"):format(what, key, path, words(want), shown(got)), level)
    elseif M.by_class[ty] then
      out[key] = M.check(M.by_class[ty], v, what .. ": " .. key, level)
    end
  end
  return out
end

-- What C is told of a record: the values of the schema's keys of
-- `decl` (defaults filled in when it was declared), plus `extra`'s.
function M.fields(decl, record, extra)
  local out = {}
  for _, f in ipairs(M.decls[decl].fields) do out[f[1]] = record[f[1]] end
  for k, v in pairs(extra or {}) do out[k] = v end
  return out
end

return M
