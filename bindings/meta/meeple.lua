---@meta meeple
-- LuaCATS stubs of the kernel binding (bindings/wrap_*.c). Documentation:
-- docs/lua-api.md, "Kernel binding". Players count from 1 (0 = neutral
-- where allowed); ports are 0..11 as in gk.h; rotations are quarter
-- turns clockwise, 0..3; ids returned by registration count from 1.

---@class meeple
---@field version string          CMakeLists.txt's project(VERSION), as "MAJOR.MINOR.PATCH"
---@field ports table<integer, string> ports[0..11] = "NNW" ... "WNW"
local meeple = {}

---@alias meeple.Port integer|string   0..11 or a name such as "NNE"
---@alias meeple.Location meeple.Feature|meeple.Tile|{feature: meeple.Feature}|{tile: meeple.Tile}|{corner: integer[]}|{cell: integer[]}|{out: true}

--- A new, empty rules builder.
---@return meeple.Rules
function meeple.rules() end

--- Rebuilds a game saved by g:serialize(); rules must be the ones it was saved with.
---@param rules meeple.Rules
---@param data string
---@return meeple.Game
function meeple.deserialize(rules, data) end

--- Port number of a port name (or number).
---@param port meeple.Port
---@return integer
function meeple.port(port) end

--- Port name of a port number (or name).
---@param port meeple.Port
---@return string
function meeple.port_name(port) end

--- The port facing `port` across its side.
---@param port meeple.Port
---@return integer
function meeple.opposite(port) end

--- FNV-1a 64 of the bytes, as 16 hex digits (records' content hashes).
---@param s string
---@return string
function meeple.hash(s) end

--- A turn flow over rules not frozen yet (the loader's builder).
---@param rules meeple.Rules
---@return meeple.Flow
function meeple.flow(rules) end

--- A game loaded with its expansions and house rules, sandboxed as in
--- the CLI (docs/lua-api.md, "Playing games from Lua").
---@param settings {game?: string, with?: string[], rules?: string[], options?: table<string, string>, players?: integer, seed?: integer}
---@return meeple.Session
function meeple.load(settings) end

--- A game rebuilt from a record's text.
---@param record_text string
---@param path? string where it was read from (for messages)
---@return meeple.Session
function meeple.replay(record_text, path) end

--- Plays random games with load's settings: a list of games, each the
--- list of final scores.
---@param settings table
---@param games integer
---@param seed? integer default 1
---@return integer[][]
function meeple.simulate(settings, games, seed) end

--- A searching agent: agent:choose(play [, salt]) returns the index of
--- the move it picks (docs/lua-api.md, "Agents and bots").
---@param spec {kind: "mcts"|"greedy"|"random", iterations?: integer, seed?: integer, [string]: number}
---@return userdata
function meeple.agent(spec) end

--- The kernel alone playing random games (meeple bench): games/s,
--- placements/s and the microseconds one legal-move listing takes.
---@param template meeple.Game
---@param stack string
---@param figure? string
---@param games integer
---@param seed integer
---@return number games_per_second
---@return number placements_per_second
---@return number listing_microseconds
function meeple.bench_kernel(template, stack, figure, games, seed) end

--- `meeple bench --api --callgrind` (#39): under valgrind's callgrind, with
--- a name, dumps the instructions counted since the last dump under that
--- name and counts again from zero; without, only counts from zero.
--- Returns how many valgrinds it runs under (0: none, or built without
--- valgrind/callgrind.h): a no-op outside valgrind.
---@param name? string
---@return integer running_on_valgrind
function meeple.bench_callgrind(name) end

--- Games whose moves a Lua function picks (sim --agents): game n is
--- played by play(n) -> result, in jobs processes; returns the summary
--- (simrun.h).
---@param spec {rules: meeple.Rules, players: integer, games: integer, first?: integer, jobs?: integer, play: fun(n: integer): table, progress?: fun(done: integer, seconds: number), progress_every?: integer, on_game?: fun(row: table)}
---@return table
function meeple.play_games(spec) end

--- A SQLite database file, new or existing (sim --db).
---@param path string
---@return userdata
function meeple.sqlite_open(path) end

---@class meeple.Rules
local Rules = {}

---@param name string
---@param opts? {completion?: "ports"|"surrounded"|"never", wildcard?: boolean}
---@return integer id
function Rules:kind(name, opts) end

---@param kind_a string
---@param kind_b string
---@param mode? "join"|"match"|"none"  default "join"
function Rules:match(kind_a, kind_b, mode) end

---@param name string
---@param op? "sum"|"max"|"min"|"any"|"all"  default "sum"
---@return integer id
function Rules:attr(name, op) end

---@param name string
---@return integer id
function Rules:tag(name) end

---@param name string
---@param spec? {per_player?: integer, neutral?: integer}
---@return integer id
function Rules:figure(name, spec) end

---@param name string
---@return integer id
function Rules:stack(name) end

---@param name string
---@return integer id
function Rules:reason(name) end
--- Declares a per-player counter; returns its id.
---@param name string
---@return integer
function Rules:counter(name) end

--- Keeps every tile out of x0..x1, y0..y1; nil bounds are open sides.
---@param x0? integer
---@param y0? integer
---@param x1? integer
---@param y1? integer
---@return integer index
function Rules:block_region(x0, y0, x1, y1) end

--- Registers a tile type, in the shape meeple.tiles produces (meeple.Tile).
---@param def {id: string, tags?: string[], segments: {kind: string, ports?: meeple.Port[], adjacent?: integer[], attrs?: {name: string, value?: integer}[]}[]}
---@return integer type
function Rules:tile(def) end

--- Registers every tile of a file (read with meeple.tiles) or of a parsed list.
---@param source string|meeple.Tile[]
---@param opts? {declare?: boolean}  declare: register unknown kinds and attributes (check mode)
---@return {id: string, count: integer}[]
function Rules:load_tiles(source, opts) end

---@return meeple.Rules self
function Rules:freeze() end

---@return boolean
function Rules:frozen() end

---@return string[] ids in registration order
function Rules:tiles() end

---@param category "kind"|"attr"|"tag"|"figure"|"stack"|"reason"
---@return string[]
function Rules:names(category) end

---@param id string
---@return integer[] rotations
function Rules:unique_rotations(id) end

---@return string hex 64-bit fingerprint of every definition
function Rules:fingerprint() end

--- A tile type as its file printed it (north up): { id, tags, oriented?, segments =
--- { { kind, ports, port_names, touches, attrs } } }; a fresh table.
---@param id string
---@return table
function Rules:tile_def(id) end

--- A new game; freezes the rules if needed.
---@param opts {players: integer, seed?: integer}
---@return meeple.Game
function Rules:new_game(opts) end

---@class meeple.PlaceReport
---@field tile meeple.Tile
---@field features {feature: meeple.Feature, extended: boolean, merged: boolean, closed: boolean}[]
---@field closed meeple.Feature[]
---@field merges integer

---@class meeple.Event
---@field event string  "place", "draw", "deploy", "score", ... (docs/lua-api.md)

---@class meeple.Game
local Game = {}

---@return integer
function Game:players() end
---@return meeple.Rules
function Game:rules() end
---@return integer turn, integer player
function Game:turn() end
---@param turn integer
---@param player integer
function Game:set_turn(turn, player) end
---@param n integer
---@return integer 1..n
function Game:random(n) end

---@param stack string
---@param id string|{id: string, count?: integer}[]
---@param count? integer
function Game:stack_add(stack, id, count) end
---@param stack string
function Game:shuffle(stack) end
---@param stack string
---@return integer
function Game:stack_size(stack) end
---@param stack string
---@param id string
---@return integer
function Game:stack_count(stack, id) end
---@param stack string
---@param i? integer 1 = next draw
---@return string|nil
function Game:peek(stack, i) end
---@param stack string
---@return string|nil id nil when empty
function Game:draw(stack) end
---@param stack string
---@return string|nil id
function Game:draw_placeable(stack) end
---@param stack string
---@param id string
function Game:take(stack, id) end
---@param stack string
---@param id string
---@param where? "top"|"bottom"|"random"
function Game:put_back(stack, id, where) end
---@param stack string
---@param ids string[]
function Game:force(stack, ids) end
---@param id string
function Game:discard(id) end
---@return integer
function Game:discards() end

---@return meeple.PlaceReport
function Game:place(id, x, y, rot) end
---@return meeple.PlaceReport
function Game:place_fixed(id, x, y, rot) end
---@return boolean
function Game:can_place(id, x, y, rot) end
---@param id string
---@return {x: integer, y: integer, rot: integer}[]
function Game:legal_placements(id) end
---@param id string
---@return boolean
function Game:has_placement(id) end
function Game:block(x, y) end
---@return boolean
function Game:blocked(x, y) end
---@return meeple.Tile|nil
function Game:tile_at(x, y) end
---@return integer
function Game:tile_count() end
---@return meeple.Tile[]
function Game:tiles() end
---@return {x: integer, y: integer}[]
function Game:frontier() end
---@return {x: integer, y: integer}[]
function Game:holes() end
---@param port meeple.Port
---@return meeple.Feature|nil
function Game:feature_at(x, y, port) end
---@return meeple.Feature[]
function Game:features() end
--- Follows the feature leaving the tile at x,y through port, tile by tile,
--- while each segment entered has one other port (a road, a river); fn,
--- if given, is called for each tile entered (out nil where the feature
--- ends there) and stops the walk by returning false. Returns the tiles
--- entered, the last one's cell, and when the walk ran off the board the
--- open port and the empty cell it faces (docs/lua-api.md, Walking the board).
---@param port meeple.Port
---@param fn? fun(tile: meeple.Tile, x: integer, y: integer, inport: integer, outport: integer|nil): boolean|nil
---@return integer steps, integer x, integer y, integer|nil port, integer|nil to_x, integer|nil to_y
function Game:walk(x, y, port, fn) end
--- The tiles in a straight line from the cell x,y toward port's side, up
--- to the first empty cell (without a port, the four lines); fn, if
--- given, sees each tile nearest first and ends its line by returning
--- false. Returns how many tiles.
---@param port? meeple.Port
---@param fn? fun(tile: meeple.Tile, x: integer, y: integer): boolean|nil
---@return integer tiles
function Game:line(x, y, port, fn) end
--- What a lookout at x,y sees along Game:line's lines: how many tiles,
--- and how many figures stand on them (on a segment or on the tile).
---@param port? meeple.Port
---@return integer tiles, integer figures
function Game:sight(x, y, port) end
--- The tiles around a cell, handles or nil: N, E, S, W; with 8, N, NE,
--- E, SE, S, SW, W, NW. Values, not a table.
---@param n? 4|8
---@return meeple.Tile|nil ...
function Game:neighbours(x, y, n) end

---@param player integer 1..n, or 0 for neutral
---@param kind string
---@param at meeple.Location
---@return meeple.Figure|nil figure, string|nil message when the supply is empty
function Game:deploy(player, kind, at) end
---@return integer
function Game:supply(player, kind) end
---@param at? meeple.Location
---@return meeple.Figure[]
function Game:figures(at) end
---The figures on the board (not in a supply, not out of the game).
---@param kind? string only this kind
---@param player? integer only this owner (0: neutral)
---@return meeple.Figure[]
function Game:placed_figures(kind, player) end
---@param feature meeple.Feature
---@param strengths table<string, integer>
---@return integer strength, integer[] players
function Game:majority(feature, strengths) end

---@param feature? meeple.Feature
function Game:score(player, points, reason, feature) end
---@return integer[]
function Game:scores() end
--- A player's counter (declared with rules:counter).
---@param player integer
---@param name string
---@return integer
function Game:counter(player, name) end
--- Adds delta to a player's counter (logged, saved, undone with the game).
---@param player integer
---@param name string
---@param delta integer
function Game:add_counter(player, name, delta) end
--- Bytes kept in the game state (cloned, saved, replayed with it); nil
--- when the slot is empty. Slots count from 1.
---@param slot integer
---@return string|nil
function Game:blob(slot) end
---@param slot integer
---@param s string
function Game:set_blob(slot, s) end
---@return {player: integer, points: integer, reason: string, kind: string|nil, turn: integer}[]
function Game:ledger() end
---@return meeple.Event[]
function Game:log() end
---@param events meeple.Event[]
function Game:replay(events) end

---@return meeple.Game
function Game:clone() end
---@param other meeple.Game
---@return meeple.Game self
function Game:restore(other) end
---@return string
function Game:serialize() end
---@return integer bytes
function Game:size() end
function Game:free() end

---@class meeple.Tile
local Tile = {}
--- With a table t, fills and returns t (nothing allocated: reuse one
--- table in a hook that asks often).
---@param t? table
---@return {id: string, x: integer, y: integer, rot: integer, neighbours: integer, segments: integer}
function Tile:info(t) end
--- The tile's id (info().id without the table).
---@return string
function Tile:id() end
---@return integer rot quarter turns clockwise
function Tile:rot() end
---@return integer x
---@return integer y
function Tile:xy() end
---@param segment integer 1-based
---@return meeple.Feature
function Tile:feature(segment) end
---@return meeple.Feature[]
function Tile:features() end
--- A segment's own value of an attribute: the tile's printed value plus
--- every add_segment_attr on it.
---@param segment integer 1-based
---@param name string an attribute
---@return integer
function Tile:segment_attr(segment, name) end
--- Adds delta to a segment's own value of a summed attribute (merge
--- "sum"), and so to its feature's (animals covered, tokens laid). Logged
--- (event "attr"), replayed, copied and saved. Errors, changing nothing, on
--- an attribute that is not summed or a value outside int32.
---@param segment integer 1-based
---@param name string a summed attribute
---@param delta integer
function Tile:add_segment_attr(segment, name, delta) end
--- The figures standing on the tile (on one of its segments or on the
--- tile itself), ascending ids.
---@return meeple.Figure[]
function Tile:figures() end

---@class meeple.Feature
local Feature = {}
--- With a table t, fills and returns t (nothing allocated).
---@param t? table
---@return {kind: string, open: integer, closed: boolean, tiles: integer, segments: integer, figures: integer, root: integer}
function Feature:info(t) end
--- The tiles it covers, a tile crossed twice counted once (info().tiles).
---@return integer
function Feature:tiles() end
--- Its segments (info().segments).
---@return integer
function Feature:size() end
---@return string
function Feature:kind() end
---@return boolean
function Feature:closed() end
---@param name string
---@return integer
function Feature:attr(name) end
---@return meeple.Figure[]
function Feature:figures() end
---@return meeple.Feature[]
function Feature:adjacent() end
--- Every segment of the feature; with an attribute name, only the
--- segments whose own value of it (printed plus edits) is not 0.
---@param attr? string
---@return {tile: meeple.Tile, segment: integer}[]
function Feature:nodes(attr) end
--- The feature's first segment in reading order (smallest y, then x,
--- then segment): a name for it that does not depend on placement order.
---@return integer x
---@return integer y
---@return integer segment 1-based
function Feature:anchor() end
--- Where this handle's own segment lies (a figure's `info().at.feature`
--- names the segment it stands on): its tile, its index on the tile and
--- the ports it covers in board orientation.
---@return {tile: meeple.Tile, segment: integer, ports: integer[]}
function Feature:spot() end
--- This feature and every feature of these kinds joined to it through
--- segment adjacency over features of these kinds: this one first, then
--- breadth first; with only, just the features of those kinds among them.
---@param kinds string[]
---@param only? string[]
---@return meeple.Feature[]
function Feature:system(kinds, only) end
--- Every port of the feature that faces an empty cell: the tile, its
--- cell, the port and the empty cell it faces (a road has one per end).
---@return {tile: meeple.Tile, x: integer, y: integer, port: integer, to_x: integer, to_y: integer}[]
function Feature:ends() end
--- Where this handle's own segment lies: its tile, its index on the
--- tile and the ports it covers in board orientation.
---@return {tile: meeple.Tile, segment: integer, ports: integer[]}
function Feature:spot() end

---@class meeple.Figure
local Figure = {}
--- kind, owner (0 neutral), at (as deploy takes it); tile: the tile it
--- stands on (on a segment or a tile); segment: its index there, from 1.
--- With a table t, fills and returns t (tile and segment set to nil where
--- they do not apply).
---@param t? table
---@return {kind: string, owner: integer, at: table, tile?: meeple.Tile, segment?: integer}
function Figure:info(t) end
---@param at meeple.Location
function Figure:move(at) end
function Figure:return_to_supply() end

---@class meeple.Move
---@field type "place"|"deploy"|"pass"|"draw"|"action"
---@field tile? string
---@field x? integer
---@field y? integer
---@field rot? integer
---@field figure? string
---@field at? meeple.Location
---@field action? string
--- the action's arguments by name ({x = 1, y = 0}), or four positional
--- integers for an action declared without names (legacy)
---@field args? table<string, integer>|integer[]

--- A turn flow: the phases, capabilities and scorings meeple.loader
--- declares from the scripts (docs/lua-api.md, "Rules API"), then
--- freezes; plays run on it.
---@class meeple.Flow
local Flow = {}
---@param name string
---@param spec {on?: string[], group?: integer, blocked_by?: integer, needs_own?: integer, blocks?: integer, strength?: integer, stays?: boolean, strength_attr?: string, blocked_across?: string[], corner?: boolean}
function Flow:figure(name, spec) end
--- A kind's scoring: terms are {term, arg, points [, only_with [, arg2]]}.
---@param kind string
---@param when "closed"|"final"
---@param terms table[]
---@param reason string
---@param keep_figures boolean
function Flow:score(kind, when, terms, reason, keep_figures) end
---@param kind string
---@param attribute string
---@param counter string
function Flow:gain(kind, attribute, counter) end
---@param counter string
---@param points integer
---@param reason string
function Flow:majority(counter, points, reason) end
---@param spec {trigger: "extends"|"closes", kinds: string[], figure?: string, attr?: string, stack?: string}
function Flow:extra_part(spec) end
---@param spec {kinds: string[], figure: string, reason: string, terms: table[]}
function Flow:system(spec) end
---@param figure string
---@param spec table the line_markers declaration's table
function Flow:line_markers(figure, spec) end
---@param spec {tile: string, token: string, end_round?: boolean, decline?: string}
function Flow:hand_tile(spec) end
---@param spec {figure: string, reach: "connected"|"around", kinds: string[], action: string}
function Flow:relocate(spec) end
---@param spec {phase: string, action: string, figures: string[], on: string[], tiles?: string[], scores?: boolean, where?: string, near?: string[], near_of?: "feature"|"where", names?: "feature"|"spot"}
function Flow:recall(spec) end
---@param spec {figure: string, action: string, follows: string[], turn_points?: integer, scored_points?: integer, final?: boolean, reason: string}
function Flow:companion(spec) end
---@param spec {figure: string, lands?: string[], walks?: string[], steps: integer, phase: string, action: string, avoids?: string[], spares?: string[]}
function Flow:walker(spec) end
---@param spec {action: string, tiles: string[], figures: string[]}
function Flow:deploy_anywhere(spec) end
---@param spec {action: string, tiles?: string[], figures: string[], attr?: string}
function Flow:evict(spec) end
---@param spec {kind: string, counter: string, reason: string, each_closed?: integer, final_each?: integer, final?: integer}
function Flow:record(spec) end
---@param spec {attr: string, kinds: string[], scorers: string[], count: "figures"|"attr"|"tiles"|"segments", figures?: string[], of_attr?: string, of_kind?: string, unless?: string, reason: string}
function Flow:square_count(spec) end
---@param spec {action: string, figure: string, attr: string}
function Flow:split_occupancy(spec) end
---@param spec {pairs: string[][], counter: string, limit: integer|integer[]}
function Flow:tile_variants(spec) end
---@param spec {figure: string, stack: string, phase: string, grow: string, cash: string, value: string, bust?: string, reason: string}
function Flow:token_pool(spec) end
---@param figure string
---@param when "final"
---@param terms table[]
---@param reason string
function Flow:score_figure(figure, when, terms, reason) end
---@param figure string
---@param placed table[] terms when the figure is placed onto counting figures
---@param joined table[] terms when a tile joins them
---@param reason string
function Flow:score_meeting(figure, placed, joined, reason) end
--- The stack each turn draws from, or a list of stacks played out in
--- order (the last is the draw stack).
---@param name string|string[]
function Flow:stack(name) end
--- The tiles of this stack go only where a segment of this kind faces a
--- tile already on the board.
---@param stack string
---@param kind string
function Flow:joins(stack, kind) end
--- How the chain that this joining stack's tiles carry on may turn.
---@param stack string
---@param rule "alternate"|"alternate_adjacent"
function Flow:turns(stack, rule) end
--- The stack's tiles wait until a tile with one of the tags (or
--- attributes) is placed, then go into the draw stack, each at a random place.
---@param stack string
---@param spec {until: string[]}
function Flow:set_aside(stack, spec) end
--- A phase of the script's own, after `after`.
---@param name string
---@param after string
function Flow:phase(name, after) end
--- A custom move type.
---@param name string
function Flow:action(name) end
function Flow:freeze() end
--- Every phase name, in turn order.
---@return string[]
function Flow:phases() end
---@param spec {phase: string, action: string, tiles: string[], on: string[], figures: string[], marks?: string[]}
function Flow:move_anywhere(spec) end
---@param spec {a: string[], b: string[], rival?: string}
function Flow:pairing(spec) end
--- A play of this flow; it takes the game over (the Game passed in is
--- emptied).
---@param game meeple.Game
---@param opts {hooks?: string[], dispatch?: function, agent_seed?: integer}
---@return meeple.Play
function Flow:new_play(game, opts) end
--- Plays games from the template in this process or in jobs children;
--- returns the summary (simrun.h).
---@param template meeple.Game
---@param opts {games: integer, seed?: integer, stacks?: string[], features?: boolean, jobs?: integer, hooks?: string[], dispatch?: function, progress?: fun(done: integer, seconds: number), on_game?: fun(row: table)}
---@return table
function Flow:simulate(template, opts) end

--- A game in play: its phase, legal moves and the moves played. Hooks
--- see it as ctx.play; calls that would change the play (apply, restore,
--- clone, moves, ...) or score, send figures home or end the game
--- (score_feature, return_figures, end_game) are refused inside a hook.
---@class meeple.Play
local Play = {}
--- Runs the phases up to the first choice.
---@param first_player? integer
function Play:start(first_player) end
--- The legal moves now.
---@return meeple.Move[]
function Play:moves() end
---@return integer
function Play:move_count() end
--- Plays a legal move.
---@param move meeple.Move
function Play:apply(move) end
--- Plays the i-th legal move (from 1).
---@param i integer
function Play:apply_index(i) end
--- nil when the move is legal now, else the reason word (docs/scenarios.md).
---@param move meeple.Move
---@return string|nil
function Play:why(move) end
--- The names of an action's arguments, in order, or nil when it has none
--- (its moves carry four positional integers).
---@param action string
---@return string[]|nil
function Play:action_args(action) end
--- Plays the move the random agent picks.
function Play:random_move() end
--- The index (from 1) the random agent picks now, from its own seed.
---@return integer
function Play:random_choice() end
--- Plays random moves to the end of the game.
function Play:random_game() end
---@return string
function Play:phase() end
--- The game ends when this turn ends.
function Play:end_game() end
--- The tile in hand back on top of its stack; the play lists no move until redraw.
function Play:undraw() end
--- Draws again (after undraw, or putting the tile in hand back first).
function Play:redraw() end
---@return boolean
function Play:over() end
---@return integer
function Play:player() end
--- Who decides the moves listed now: the active player unless what
--- offered them names another (a walker's mover, a collected move's
--- `decider`).
---@return integer
function Play:decider() end
---@return integer
function Play:turn() end
--- The part of the turn (1, or 2 after an extra part).
---@return integer
function Play:part() end
---@return string the stack this part draws from
function Play:stack() end
--- The tile to place (its id), or nil.
---@return string|nil
function Play:tile() end
--- The tile placed in this part, or nil.
---@return meeple.Tile|nil
function Play:placed() end
--- The features this part's tile closed, not yet scored.
---@return meeple.Feature[]
function Play:closed() end
--- The game being played (a view that follows the play).
---@return meeple.Game
function Play:game() end
--- Scores a feature now as the flow would ("closed" or "final").
---@param feature meeple.Feature
---@param when? "closed"|"final"
---@return integer points given to each leader
function Play:score_feature(feature, when) end
--- What a feature's declared formula gives now, without scoring it.
---@param feature meeple.Feature
---@param when? "closed"|"final"
---@return integer
function Play:formula_points(feature, when) end
--- Sends the feature's figures home, as after its scoring (at_end: as
--- at the end of the game).
---@param feature meeple.Feature
---@param at_end? boolean
function Play:return_figures(feature, at_end) end
--- The text of the i-th legal move ("place E 1,0 r3").
---@param i integer
---@return string
function Play:move_name(i) end
--- The index of the legal move with that text, or nil.
---@param text string
---@return integer|nil
function Play:find_move(text) end
--- An independent copy sharing flow and dispatcher.
---@return meeple.Play
function Play:clone() end
--- Becomes a copy of other; handles go stale.
---@param other meeple.Play
function Play:restore(other) end

return meeple
