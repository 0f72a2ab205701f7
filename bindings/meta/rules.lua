---@meta rules
-- LuaCATS stubs of the rules API: the globals a game, expansion or
-- house-rule script sees while it loads (bindings/lua/meeple/loader/api.lua,
-- make_api). Documentation: docs/lua-api.md, "Rules API". Scripts run in
-- the sandbox (docs/sandbox.md): no io, os, require or debug, and
-- math.random is the game's RNG.
--
-- Every declaration raises "declarations are only allowed while the rules
-- load" once loading is over (in a hook, for instance); `option "name"`
-- alone, which reads a value, works at any time.
--
-- The ---@class blocks between `-- <schema NAME>` and `-- </schema>` are
-- written from bindings/lua/meeple/loader/schema.lua by `make schema`
-- (tools/schema_sync.lua); edit the schema, not the blocks.

---@alias rules.MatchMode "join"|"match"|"none"
---@alias rules.Phase "begin_turn"|"draw"|"place_tile"|"place_figure"|"score"|"after_scoring"|"end_part"|"end_turn"|"game_end"|"final_scoring"|"game_over"|string
---@alias rules.When "closed"|"final"

-- <schema game>
---@class rules.GameSpec
---@field title? string the title players see (default: the declared name)
---@field players? rules.PlayersSpec how many may play
---@field api? integer|string the script API it is written for (2; docs/lua-api.md, Script API version)
-- </schema>

-- <schema game.players>
---@class rules.PlayersSpec
---@field min? integer the fewest players (default: 2)
---@field max? integer the most players (default: 6)
---@field default? integer players when nobody says (default: min)
-- </schema>

--- Declares the game; the first script must begin with it.
--- ```lua
--- game "base" { title = "Carcassonne", players = { min = 2, max = 6, default = 2 } }
--- ```
---@param name string
---@return fun(spec?: rules.GameSpec)
function game(name) end

-- <schema expansion>
---@class rules.ExpansionSpec
---@field requires? string[] games or expansions that must be loaded before
---@field api? integer|string the script API it is written for (2; docs/lua-api.md, Script API version)
-- </schema>

--- Names this script as an expansion.
---@param name string
---@return fun(spec?: rules.ExpansionSpec)
function expansion(name) end

--- The script API this script is written for (docs/lua-api.md, Script API
--- version); a newer one is refused, an older or none warned about.
--- ```lua
--- api "2"
--- ```
---@param version integer|string
function api(version) end

-- <schema kind>
---@class rules.KindSpec
---@field closes? "ports"|"surrounded"|"never" when a feature of the kind is complete (default: "ports")
---@field wildcard? boolean joins any kind across a side (default: false)
---@field colour? string "#rrggbb": how pictures paint it
---@field color? string the same as colour
---@field shape? "area"|"line"|"walled"|"building"|"pond"|"disc" how pictures draw it
-- </schema>

--- Declares a feature kind.
--- ```lua
--- kind "cloister" { closes = "surrounded" }
--- ```
---@param name string
---@return fun(spec?: rules.KindSpec)
function kind(name) end

--- How two different kinds behave across a side (default "join").
---@param kind_a string
---@param kind_b string
---@param mode? rules.MatchMode
function match(kind_a, kind_b, mode) end

-- <schema attribute>
---@class rules.AttributeSpec
---@field merge? "sum"|"max"|"min"|"any"|"all" how a feature merges its segments' values (default: "sum")
-- </schema>

--- Declares a segment attribute (also usable as a scoring term).
--- ```lua
--- attribute "pennant" { merge = "sum" }
--- ```
---@param name string
---@return fun(spec?: rules.AttributeSpec)
function attribute(name) end

-- <schema tiles>
---@class rules.TilesSpec
---@field file? string a .tiles file, relative to the script
---@field text? string inline tile notation
---@field name? string the set's name (default: file, else inline)
---@field stack? string the stack its tiles go to (default: the draw stack)
---@field by_tag? table<string, string> tag -> stack: tiles with that tag go there instead
-- </schema>

--- Loads a tile set: `tiles "base"`, `tiles "lakes" { stack = "lakes" }`,
--- `tiles { file = "x.tiles" }` or `tiles { text = [[...]] }`.
---@param set string|rules.TilesSpec
---@return fun(spec?: {stack?: string, by_tag?: table<string, string>})|table
function tiles(set) end

-- <schema start>
---@class rules.StartSpec
---@field tag? string the first tile with this tag
---@field tile? string or this tile id
---@field at? integer[] {x, y} (default: {0, 0})
---@field rotation? integer 0..3 (default: 0)
---@field replace? boolean lay this start instead of the one an earlier script laid (else an error) (default: false)
---@field replaced? "shuffled"|"out" with replace: the replaced start tile is shuffled into its stack, or left out of the game (default: "shuffled")
-- </schema>

--- The start tile, placed before the first turn.
---@param spec rules.StartSpec
function start(spec) end

--- Cells that never take a tile (the rim of a start board).
---@param cells integer[][] { {x, y}, ... }
function blocked(cells) end

-- <schema blocked_region>
---@class rules.RegionSpec
---@field x? (integer|nil)[] {min, max}; a missing bound leaves that side open
---@field y? (integer|nil)[] {min, max}
-- </schema>

--- A rectangle (or half-plane) no tile ever enters, in every game.
--- Example: blocked_region { x = { 1, nil } }
---@param spec rules.RegionSpec
function blocked_region(spec) end

-- <schema line_markers>
---@class rules.LineMarkersSpec
---@field axis? "x"|"y" lines are columns (x) or rows (y) (default: "x")
---@field dir? 1|-1 the way markers advance along the axis (default: 1)
---@field start? integer[][] { {x, y}, ... } cells the markers start on
---@field bonus? integer points per marker in the line of a leader's figure (default: 0)
---@field reason? string the bonus's reason (declared for you)
---@field bonus_per? "figure"|"player" the bonus counts per figure, or once per leader and marker (default: "figure")
---@field sweep? string[] kinds whose figures behind the rearmost marker go home
---@field order? "placed"|"active_first"|"choose" which of several features scored at once goes first (default: "placed")
---@field action? string with order = "choose": the action of the moves offered
-- </schema>

--- Neutral figures marking board lines that advance after each scored
--- feature; the score phase then scores features one at a time.
--- Example: line_markers "surveyor" { axis = "x", dir = -1, bonus = 4, reason = "surveyor" }
---@param figure string a figure kind with neutral copies
---@return fun(spec: rules.LineMarkersSpec)
function line_markers(figure) end

-- <schema hand_tile>
---@class rules.HandTileSpec
---@field token string a figure kind: one in the supply = the tile in hand (required)
---@field end_round? boolean holders may still play it after the last tile (default: false)
---@field decline? string the action that gives it up, no args (needed with end_round)
-- </schema>

--- A tile played from hand into a hole instead of drawing.
--- Example: hand_tile "am.abbey" { token = "abbey", end_round = true, decline = "abbey_decline" }
---@param tile string a tile id
---@return fun(spec: rules.HandTileSpec)
function hand_tile(tile) end

-- <schema recall>
---@class rules.RecallSpec
---@field phase string a phase of its own (declared with phase) that offers it, or "place_figure": instead of a deploy (required)
---@field figures string[] figure kinds that may come back (kinds no script declares are left out; one must be known) (required)
---@field on string[] kinds of feature they may leave (required)
---@field tiles? string[] tile tags or attributes: offered only after placing such a tile (default: any tile)
---@field scores? boolean the player first scores what the feature's final formula gives it now (default: false)
---@field where? string an attribute: only features where it is set (non-zero) (default: any feature)
---@field near? string[] kinds: only features with a tile holding a segment of one of these kinds on one of the 8 cells around one of their tiles (default: no such condition)
---@field near_of? "feature"|"where" the tiles `near` looks around: any of the feature's, or only those whose own segment has `where` set (default: "feature")
---@field names? "feature"|"spot" what a move names: the feature's anchor (a move a feature), or the figure's own spot (a move a spot: the player picks which figure leaves) (default: "feature")
-- </schema>

--- The player may take one of their figures back to the supply, unscored:
--- moves "action NAME X Y SEGMENT 0" (the feature's first node in reading
--- order), one per feature, then "pass". The name is the action.
--- Example: recall "shaman" { phase = "shaman", figures = { "meeple" }, on = { "river", "forest" }, tiles = { "shaman" } }
---@param action string the action of its moves
---@return fun(spec: rules.RecallSpec)
function recall(action) end

-- <schema companion>
---@class rules.CompanionSpec
---@field follows string[] figure kinds it goes next to, in listing order (kinds no script declares are left out) (required)
---@field action? string the action of its moves, args x, y, segment; text X Y SEGMENT 0 (default: the declared name)
---@field turn_points? integer to the active player whose follower it stands by, at the turn's start (default: 0)
---@field scored_points? integer to that follower's owner when the feature under it is scored (default: 0)
---@field final? boolean scored_points also at the final scoring (default: false)
---@field reason? string the ledger's reason (default: the declared name)
-- </schema>

--- A neutral figure moved next to one of the player's followers instead
--- of a deploy ("action NAME X Y SEGMENT 0"), paying that follower's owner.
--- Example: companion "fairy" { follows = { "meeple" }, turn_points = 1, scored_points = 3 }
---@param figure string a neutral figure kind
---@return fun(spec: rules.CompanionSpec)
function companion(figure) end

-- <schema walker>
---@class rules.WalkerSpec
---@field lands? string[] tile tags or attributes: placing such a tile puts it there (default: {})
---@field walks? string[] tile tags or attributes: placing such a tile starts a walk (default: {})
---@field steps integer moves per walk (1..16) (required)
---@field phase string a phase of the script's own (declared with phase) where its moves wait (required)
---@field action? string the action of its moves, args x, y, mover, step; text X Y MOVER STEP (default: the declared name)
---@field avoids? string[] figure kinds whose tiles it never enters (kinds no script declares are left out) (default: {})
---@field spares? string[] figure kinds it does not send home (likewise) (default: {})
-- </schema>

--- A neutral figure that lands on some tiles and, after others, walks
--- over the board: the players in turn from the placer, "action NAME X Y
--- MOVER STEP", never back onto a tile of the walk; it sends home the
--- players' figures on each tile it enters.
--- Example: walker "dragon" { lands = { "volcano" }, walks = { "dragon" }, steps = 6, phase = "dragon" }
---@param figure string a neutral figure kind
---@return fun(spec: rules.WalkerSpec)
function walker(figure) end

-- <schema deploy_anywhere>
---@class rules.DeployAnywhereSpec
---@field figures string[] figure kinds it deploys, in listing order (kinds no script declares are left out) (required)
---@field tiles string[] tile tags or attributes: offered after placing such a tile only (required)
-- </schema>

--- After placing such a tile, a figure deployed on any open feature of the
--- board instead of on that tile ("action NAME X Y SEGMENT K", K: the
--- kind's place in figures): a magic portal.
--- Example: deploy_anywhere "portal" { figures = { "meeple" }, tiles = { "portal" } }
---@param action string the action of its moves
---@return fun(spec: rules.DeployAnywhereSpec)
function deploy_anywhere(action) end

-- <schema evict>
---@class rules.EvictSpec
---@field figures string[] figure kinds it sends home, anyone's (kinds no script declares are left out) (required)
---@field tiles? string[] tile tags or attributes: offered after placing such a tile only (default: any tile)
---@field attr? string only from the features of the placed tile's segments where this attribute is not 0 (default: every segment)
-- </schema>

--- After placing such a tile, a figure (anyone's) on the feature of one of
--- its segments sent home instead of a deploy ("action NAME X Y SEGMENT 0"):
--- a princess.
--- Example: evict "princess" { figures = { "meeple" }, tiles = { "princess" }, attr = "princess" }
---@param action string the action of its moves
---@return fun(spec: rules.EvictSpec)
function evict(action) end

-- <schema square_count>
---@class rules.SquareCountSpec
---@field kinds string[] the kinds of the completed features that pay it (required)
---@field scorers string[] figure kinds (with an owner) that score it, standing on a segment with the attribute not 0 (kinds no script declares are left out) (required)
---@field figures? string[] counts the figures of these kinds with an owner on the square's tiles (kinds no script declares are left out) (default: none)
---@field of_attr? string counts this attribute summed over the square's segments (default: none)
---@field tiles? string counts the square's tiles with a segment of this kind (default: none)
---@field segments? string counts the square's segments of this kind (default: none)
---@field unless? string with tiles: a segment whose feature has this attribute not 0 does not count (an attribute no script declares is left out) (default: none)
---@field reason? string the ledger's reason (default: the declared name)
-- </schema>

--- When a feature of one of the kinds is completed, each figure of the
--- scorers' kinds standing on it, on a segment whose own value of the
--- attribute (the declaration's name) is not 0, scores for its owner that
--- value times what the 3x3 square around its tile holds: figures, an
--- attribute summed, tiles with a kind, or segments of a kind. After the
--- feature's points, before its figures go home. In C.
--- Example: square_count "lookout" { kinds = { "city" }, scorers = { "meeple" }, segments = "cloister" }
---@param attr string the segment attribute that marks the scorers' segments
---@return fun(spec: rules.SquareCountSpec)
function square_count(attr) end

-- <schema record>
---@class rules.RecordSpec
---@field kind string the kind whose completed features compete (by their tiles) (required)
---@field reason? string the ledger's reason of the holder's points (default: the declared name)
---@field each_closed? integer the holder (when the turn part's scoring began) scores this whenever a feature of the kind is completed (default: 0)
---@field final_each? integer at the end, the holder scores this per feature of the kind completed in the game (default: 0)
---@field final? integer at the end, the holder scores this once (default: 0)
-- </schema>

--- Whoever completes a feature of the kind with more tiles than every one
--- completed before holds the record: the counter (the declaration's name,
--- declared with `counter`) is 1 for them and 0 for the holder before; a tie
--- keeps it. The holder scores each_closed per completed feature, and
--- final_each per completed feature plus final at the end: a longest-road
--- award. In C.
--- Example: record "champion" { kind = "road", final = 5 }
---@param counter string the counter that shows the holder
---@return fun(spec: rules.RecordSpec)
function record(counter) end

-- <schema split_occupancy>
---@class rules.SplitOccupancySpec
---@field figure string the figure kind it deploys (required)
---@field attr string the attribute whose segments split a feature into parts (required)
-- </schema>

--- Segments with the attribute split a feature into parts, each claimed on
--- its own: after placing a tile, the figure may go on a segment of it
--- whose occupied feature's part is free ("action NAME X Y SEGMENT 0").
--- Example: split_occupancy "street" { figure = "meeple", attr = "square" }
---@param action string the action of its moves
---@return fun(spec: rules.SplitOccupancySpec)
function split_occupancy(action) end

-- <schema tile_variants>
---@class rules.TileVariantsSpec
---@field pairs string[][] { {tile id, variant id}, ... }: the drawn tile may be placed as the variant, in this order (required)
---@field counter string a declared counter: 1 more per variant played; offered while it is below the limit (required)
---@field limit integer|integer[] the most a player may play: one number, or one per player count (entry n with n players, the last beyond) (required)
-- </schema>

--- The drawn tile placed as one of its variants instead (another tile
--- type), while the player's counter is below the limit: a bridge.
--- Example: tile_variants { pairs = { { "U", "U-ford" } }, counter = "fords_used", limit = 3 }
---@param spec rules.TileVariantsSpec
function tile_variants(spec) end

-- <schema token_pool>
---@class rules.TokenPoolSpec
---@field stack string the bag: a stack of tokens (tiles) no turn draws from (required)
---@field phase string a phase of the script's own (declared with phase) where the owner grows or cashes (required)
---@field grow string the action that draws one more token (declared here unless a script did) (required)
---@field cash string the action that pays every pool on the feature and sends their figures home (required)
---@field value string the attribute a token is worth, summed over its segments (required)
---@field bust? string a tile tag: such a token empties every pool on its feature (no points) (default: none)
---@field reason? string the ledger's reason of a cash-in (default: the declared name)
-- </schema>

--- Each figure of the kind on the board keeps a pool of tokens drawn from
--- a bag (a stack), grown ("grow") or cashed ("cash") in the phase when
--- its owner's tile extends its feature, cashed when the feature closes,
--- emptied by a "bust" token.
--- Example: token_pool "fisher" { stack = "fish_bag", phase = "fishing", grow = "cast", cash = "land", value = "fish", bust = "boot", reason = "catch" }
---@param figure string the figure kind holding a pool
---@return fun(spec: rules.TokenPoolSpec)
function token_pool(figure) end

-- <schema move_anywhere>
---@class rules.MoveAnywhereSpec
---@field phase string a phase of the script's own (declared with phase) where its moves wait (required)
---@field figures string[] neutral figure kinds, one figure each, in listing order (the move's figure: 1, 2, ...) (required)
---@field on string[] the kinds of feature they stand on (required)
---@field tiles string[] tile tags or attributes: placing such a tile makes a move due (required)
---@field marks? string[] an attribute per figure: 1 on the segment it stands on, 0 once it moved off (default: none)
-- </schema>

--- Neutral figures, one of each kind, that the player must put or move
--- onto any open feature of the kinds after placing such a tile, never
--- two on one feature ("action NAME FIGURE X Y SEGMENT").
--- Example: move_anywhere "scout" { phase = "scout", figures = { "scout" }, on = { "road" }, tiles = { "well" } }
---@param action string the action of its moves
---@return fun(spec: rules.MoveAnywhereSpec)
function move_anywhere(action) end

-- <schema pairing>
---@class rules.PairingSpec
---@field a string[] tile tags, attributes or kinds: the tiles of the first sort (required)
---@field b string[] tile tags, attributes or kinds: the tiles of the second sort (those of the first left out) (required)
---@field rival? string a kind: the paired tiles' features of this kind contest (the first completed holding a figure sends the other's figures home) (default: no contest)
-- </schema>

--- Tiles of two sorts paired one to one with a neighbour (8 cells) of
--- the other sort; their features of the rival kind contest.
--- Example: pairing { a = { "garden" }, b = { "cloister" } }
---@param spec rules.PairingSpec
function pairing(spec) end

--- The list items are groups of north-up port names ({ "S", "N" }) whose
--- segments touch.
-- <schema touches>
---@class rules.TouchesSpec
---@field optional? boolean no error when no loaded tile set has the tile (default: false)
-- </schema>

--- Extra segment contacts on a loaded tile, by north-up port names.
--- Example: touches "S" { { "S", "N" } }
---@param tile string a tile id
---@return fun(spec: rules.TouchesSpec)
function touches(tile) end

-- <schema score_figure>
---@class rules.ScoreFigureSpec
---@field final rules.Formula over the figure's feature at the end (required)
---@field reason? string the ledger's reason (default: the declared name)
---@field per? "figure"|"owner" each figure scores, or each owner once per feature however many of these figures they have on it (default: "figure")
-- </schema>

--- Per-figure final scoring over the figure's feature, for its owner.
--- Example: score_figure "barn" { final = { per_adjacent_closed = { city = 4 } } }
---@param figure string
---@return fun(spec: rules.ScoreFigureSpec)
function score_figure(figure) end

-- <schema score_meeting>
---@class rules.ScoreMeetingSpec
---@field placed rules.Formula when a counting figure is deployed on the tile just placed (required)
---@field joined rules.Formula when the tile just placed joins the figures' features (required)
---@field bonus? table<string, rules.Formula> figure -> terms for a leader with that figure there (default: {})
---@field reason? string the ledger's reason (default: the declared name)
-- </schema>

--- Scoring when such a figure meets counting figures on a feature of the tile just placed.
--- Example: score_meeting "barn" { placed = { per_adjacent_closed = { city = 3 } }, joined = { per_adjacent_closed = { city = 1 } } }
---@param figure string
---@return fun(spec: rules.ScoreMeetingSpec)
function score_meeting(figure) end

--- A name for points in the ledger, besides the kinds' own.
--- ```lua
--- reason "goods"
--- ```
---@param name string
function reason(name) end

--- An integer each player holds (goods tokens, fish); hooks read it with
--- ctx.game:counter(player, name) and change it with add_counter.
--- ```lua
--- counter "wine"
--- ```
---@param name string
function counter(name) end

-- <schema gain>
---@class rules.GainSpec
---@field counter string the counter gained (required)
---@field when_closed string the kind whose completion gains it (required)
---@field per string the attribute counted: one per unit on the feature (required)
-- </schema>

--- Whoever completes such a feature gains the attribute's total.
--- ```lua
--- gain { counter = "wine", when_closed = "city", per = "wine" }
--- ```
---@param spec rules.GainSpec
function gain(spec) end

-- <schema majority>
---@class rules.MajoritySpec
---@field counter string the counter compared (required)
---@field points integer what each player holding most (more than none) scores at the end (required)
---@field reason? string the ledger's reason (default: the counter)
-- </schema>

--- At the end, the players holding most of a counter score points.
--- ```lua
--- majority { counter = "wine", points = 10, reason = "goods" }
--- ```
---@param spec rules.MajoritySpec
function majority(spec) end

-- <schema extra_part>
---@class rules.ExtraPartSpec
---@field when "extends"|"closes" a tile that extends a feature holding the figure, or closes one with the attribute (required)
---@field kinds? string[] the kinds it looks at (default: {})
---@field figure? string extends: the active player's figure that must stand on the feature
---@field attr? string closes: the attribute the completed feature must have above 0
---@field stack? string the stack the extra tile comes from (default: the draw stack)
-- </schema>

--- One more part of the turn (a second tile), at most once a turn.
--- ```lua
--- extra_part { when = "extends", kinds = { "road", "city" }, figure = "builder" }
--- ```
---@param spec rules.ExtraPartSpec
function extra_part(spec) end

-- <schema bonus>
---@class rules.BonusSpec
---@field closed? rules.Formula terms added when the kind scores complete
---@field final? rules.Formula terms added at the final scoring
---@field only_with? string the figure a leader needs on the feature to get them (one no loaded script declares: the bonus adds nothing) (default: every leader: the terms join the formula's own)
-- </schema>

--- Terms added to a kind's scoring for a leader with that figure there.
--- ```lua
--- bonus "field" { final = { per_adjacent_closed = { city = 1 } }, only_with = "pig" }
--- ```
---@param kind string
---@return fun(spec: rules.BonusSpec)
function bonus(kind) end

-- <schema stack>
---@class rules.StackSpec
---@field draw? boolean the stack each turn draws from (default: false)
---@field joins? string a kind: this stack's tiles go only where a segment of that kind faces a tile already on the board (a river continues)
---@field turns? "alternate"|"alternate_adjacent" with joins: the joined chain may not turn the same way as its last turn (alternate) or as the tile just before (alternate_adjacent)
---@field set_aside? string[] tile tags or attributes: no turn draws from this stack until such a tile is placed; then its tiles go into the draw stack, each at a random place
-- </schema>

--- Declares a tile stack. Only one stack may say draw = true; to play
--- another one out first, use stack_order.
---@param name string
---@return fun(spec?: rules.StackSpec)
function stack(name) end

--- Stacks played out one after another: each turn draws from the first
--- that still holds a tile; the last must be the draw stack.
--- Example: stack_order { "river", "lake", "main" }
---@param stacks string[]
function stack_order(stacks) end

-- <schema figure>
---@class rules.FigureSpec
---@field per_player? integer how many each player has (default: 0)
---@field neutral? integer how many neutral ones (owner 0) exist (default: 0)
---@field on? string[] the feature kinds it may be deployed on (default: {})
---@field group? string|string[] the groups it belongs to (default: the declared name)
---@field blocked_by? string|string[] groups: it may not join a feature that already holds one of these
---@field blocks? string|string[] groups it keeps off its feature without being one of them
---@field needs_own? string|string[] groups: a declared dependency; it goes only where its owner has a figure of these, and goes home the moment none of them shares its feature
---@field strength? integer|string what it counts for in majorities, or an attribute whose value on the feature it counts for (default: 0)
---@field stays? boolean not returned when its feature is scored during play (default: false)
---@field blocked_across? string[] kinds: blocked_by looks over the whole system of these kinds joined through segment adjacency
---@field corner? boolean placed only where four tiles meet at a corner of the tile just placed, all one feature of its on kinds (default: false)
---@field blocks_tile? boolean while it stands on a tile, nothing is deployed on that tile's segments (corner figures still are) (default: false)
---@field to_tile? boolean deployed as any figure on a segment of the tile just placed, it then stands on that tile, on no feature (default: false)
---@field relocate? rules.RelocateSpec after its feature is scored (it must stay), its owner moves it on or home
---@field shape? "meeple"|"builder"|"pig"|"mayor"|"wagon"|"barn"|"abbey"|"hut"|"surveyor"|"big"|"dragon"|"fairy"|"abbot"|"lying"|"disc" how pictures draw it (default: a disc with its initial)
-- </schema>

-- <schema figure.relocate>
---@class rules.RelocateSpec
---@field to string[] kinds it may move to: incomplete features that hold no figure (required)
---@field action string the action of its moves, args owner, x, y, segment (segment 0: home); text OWNER X Y SEGMENT (required)
---@field reach? "connected"|"around" features touching its own through segment adjacency (and a wildcard segment), or on its tile and the 8 around (default: "connected")
-- </schema>

--- Declares a figure kind.
--- ```lua
--- figure "meeple" { per_player = 7, on = { "road", "city", "cloister", "field" },
---                   group = "follower", blocked_by = { "follower" }, strength = 1 }
--- ```
---@param name string
---@return fun(spec?: rules.FigureSpec)
function figure(name) end

-- <schema option>
---@class rules.OptionSpec
---@field default any the value unless --option says another; its type is the option's (required)
---@field values? any[] the values allowed
---@field doc? string what it does, for --help (default: "")
-- </schema>

--- Declares a house-rule switch and returns the value in force (the
--- default or `--option name=value`); `option "name"` alone reads the
--- value of an option already declared.
--- ```lua
--- local pts = option "farmer_points" { values = { 3, 4 }, default = 4 }
--- ```
---@param name string
---@return fun(spec: rules.OptionSpec): any
---@overload fun(name: string): any
function option(name) end

--- A scoring formula: the sum of its terms. Keys: per_tile, per_block_tile,
--- points (or const), a declared attribute's name, per_adjacent = {kind = n},
--- per_adjacent_closed = {kind = n}, per_excess = {a = {over = b, points = n}}
--- (n * max(0, a - b)), per_feature = {kind = n}.
---@class rules.Formula
---@field per_tile? integer
---@field per_block_tile? integer
---@field points? integer
---@field const? integer
---@field per_adjacent? table<string, integer>
---@field per_adjacent_closed? table<string, integer>
---@field per_excess? table<string, {over: string, points: integer}>
---@field per_feature? table<string, integer>
---@field only_if? table<string, rules.Formula> terms that count only when the feature's attribute is not 0
---@field zero_if? string|string[] the formula gives 0 when the feature's attribute is not 0
---@field per_figure_on_tiles? table<string, integer> figure -> points per such figure standing on a tile the feature covers (to_tile figures; each tile once)
---@field per_figure_in_block? table<string, integer> figure -> points per such figure standing on a tile of a one-tile feature's 3x3 block
---@field [string] integer

-- <schema score>
---@class rules.ScoreSpec
---@field closed? rules.Formula when a feature is completed during play (default: scores nothing)
---@field final? rules.Formula when it is incomplete (and holds figures) at the end (default: scores nothing)
---@field keep_figures? boolean figures stay on the board after the final scoring (farmers) (default: false)
---@field reason? string the ledger's reason (default: the declared name)
---@field final_reason? string the ledger's reason for the final scoring (default: reason)
-- </schema>

--- Declares (or replaces) the scoring of a kind.
--- ```lua
--- score "city" { closed = { per_tile = 2, pennant = 2 }, final = { per_tile = 1, pennant = 1 } }
--- ```
---@param kind string
---@return fun(spec?: rules.ScoreSpec)
function score(kind) end

-- <schema system>
---@class rules.SystemSpec
---@field kinds string[] the kinds joined through segment adjacency (required)
---@field figure string the figure whose majority (1 each) scores the system (required)
---@field final rules.Formula over the system: attributes summed, per_feature, per_excess, points (required)
---@field only_if? table<string, rules.Formula> attribute -> formula counted only when that attribute is not 0 in the system (default: {})
---@field reason? string the ledger's reason (default: the declared name)
-- </schema>

--- A final scoring over systems of features (a river system and its huts).
--- ```lua
--- system "wardens" { kinds = { "city", "field" }, figure = "warden", final = { pennant = 1 },
---                    only_if = { pennant = { points = 5 } } }
--- ```
---@param name string
---@return fun(spec: rules.SystemSpec)
function system(name) end

-- <schema phase>
---@class rules.PhaseSpec
---@field after? string the built-in or earlier phase it follows (default: "after_scoring")
-- </schema>

--- Inserts a phase of its own into the turn.
---@param name string
---@return fun(spec?: rules.PhaseSpec)
function phase(name) end

-- <schema action>
---@class rules.ActionSpec
---@field args? string[] its arguments' names, in order (at most 4): moves carry args.NAME (default: none: four positional integers (legacy))
-- </schema>

--- Declares a custom move type, offered by collect hooks and played by
--- on("action") hooks. With args, its moves carry those named integer
--- arguments (move.args.x); without, four positional integers (legacy).
--- ```lua
--- action "wagon_step" { args = { "x", "y", "segment" } }
--- collect("move_wagon", function(ctx)
---   return { { type = "action", action = "wagon_step", args = { x = 1, y = 0, segment = 3 } } }
--- end)
--- ```
---@param name string
---@return fun(spec: rules.ActionSpec)
function action(name) end

--- This script's part of the game state (plain data only); hooks see it
--- as ctx.state.
---@param default table
function state(default) end

-- <schema hook>
---@class rules.HookOpts
---@field priority? integer lower runs first (default: 0)
---@field figures? string[] allow("figure_placement") and on("figure_placed") only: asked about (told of) these figures' moves alone
---@field tiles? string[] on("tile_placed"), allow("tile_placement") and collect only: called only for a tile with one of these tags or attributes, or a segment of one of these kinds
---@field attrs? string[] transform("feature_points") only: called only for features with one of these attributes not 0
---@field kinds? string[] transform("feature_points") only: called only for features of these kinds (never, in C, for the others)
---@field ties? boolean transform("feature_points") only: called only when two or more players lead the feature, as the flow counted them (never, in C, otherwise, for a kind every hook about it says so) (default: false)
---@field stack? string|string[] allow("tile_placement") only: asked only while the turn part draws from this stack (or one of these)
-- </schema>

---@class rules.Move
---@field type "place"|"deploy"|"pass"|"draw"|"action"
---@field tile? string place: the tile id
---@field x? integer
---@field y? integer
---@field rot? integer
---@field figure? string deploy: the figure kind
---@field at? meeple.Location deploy: {feature = fh}, ...
---@field action? string action: its name
---@field args? integer[] action: four integers

---@class rules.HookArgs
---@field phase string
---@field value integer
---@field leaders integer[] feature_scored, feature_points: the players who get the points
---@field when? rules.When
---@field feature? meeple.Feature
---@field tile? meeple.Tile
---@field tile_id? string tile_placed: the placed tile's id
---@field move? rules.Move

--- The first argument of every hook.
---@class rules.Ctx
---@field game meeple.Game
---@field play table the play (play:tile(), play:phase(), play:moves(), ...)
---@field player integer whose turn it is
---@field turn integer
---@field part integer
---@field phase string
---@field state? table this script's state
local Ctx = {}

--- An option's value.
---@param name string
---@return any
function Ctx.option(name) end

--- Pays points through the ledger (reason default "bonus").
---@param player integer
---@param points integer
---@param reason? string
---@param feature? meeple.Feature
function Ctx:score(player, points, reason, feature) end

---@alias rules.NotifyEvent "turn_begin"|"turn_end"|"tile_drawn"|"tile_placed"|"figure_placed"|"feature_scored"|"final_scoring"|"phase"|"action"

--- A notify hook: something happened. fn(ctx, subject, args): subject is
--- the feature's handle (feature_scored), the tile (tile_placed), the move
--- (figure_placed, action) or nil. An action hook returns true to stay in
--- the phase.
--- ```lua
--- on("feature_scored", function(ctx, feature, args) ... end)
--- ```
---@param event rules.NotifyEvent
---@param fn fun(ctx: rules.Ctx, subject: any, args: rules.HookArgs): boolean?
---@param opts? rules.HookOpts
function on(event, fn, opts) end

--- A veto: fn(ctx, move) returns false to remove the move, and may say
--- why (false, "reason"): illegal-move messages and expect.illegal show it.
--- ```lua
--- allow("figure_placement", function(ctx, move)
---   if move.at.feature and move.at.feature:kind() == "field" then return false, "no farmers" end
--- end)
--- ```
---@param event "tile_placement"|"figure_placement"
---@param fn fun(ctx: rules.Ctx, move: rules.Move): boolean?, string?
---@param opts? rules.HookOpts
function allow(event, fn, opts) end

--- A fold: every transform gets the value it transforms and returns the
--- new value, or nil to keep it. feature_points: fn(ctx, feature, points,
--- args) (the feature's handle; args.when, args.leaders) returns
--- points[, leaders]; extra_part: fn(ctx, stack) (the stack of the part
--- granted so far, or nil) returns a stack name, or false for none.
---@param event "feature_points"|"extra_part"
---@param fn (fun(ctx: rules.Ctx, feature: meeple.Feature, points: integer, args: rules.HookArgs): integer?, integer[]?)|(fun(ctx: rules.Ctx, stack: string?): string|false|nil)
---@param opts? rules.HookOpts
function transform(event, fn, opts) end

--- Adds moves to a phase: fn(ctx) returns a list of moves.
---@param phase_name rules.Phase
---@param fn fun(ctx: rules.Ctx): rules.Move[]?
---@param opts? rules.HookOpts
function collect(phase_name, fn, opts) end
