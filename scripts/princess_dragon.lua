-- The Princess & The Dragon (1st edition, HiG 2005), an expansion of the
-- base game, written in Lua against docs/lua-api.md only: no line of C
-- knows a dragon, a fairy, a portal or a princess.
-- The rules, in sections cited as §n below:
--   §1 Components and setup; §2 Turn structure; §3 Placement legality;
--   §4 Scoring; §5 Interactions; §7 Worked examples (PD-EX-01..06).
-- Tiles: tiles/princess_dragon.tiles and tiles/princess_dragon_dragon.tiles
-- (their headers give the source: JCloisterZone's tile data, facts only).
--
--   meeple play --with princess_dragon
--   meeple play --with princess_dragon --option dragon_timing=after_scoring
--
-- What runs where (no `state` and no Lua hook: the board and the
-- declared capabilities hold all these rules remember and decide; each
-- runs in C, with no Lua call, through a general capability named for
-- what it does):
--   tiles, tunnel, cloister in a city        tile data (C)
--   the dragon tiles set aside until the     stack { set_aside }
--   first volcano (§2)
--   volcano: the dragon lands (§2)           walker "dragon"
--   no deploy on the dragon's tile (§3)      figure { blocks_tile }
--   the dragon's 6 moves, eating (§2.4)      phase "dragon" + walker
--   magic portal (§2.3)                      deploy_anywhere "portal"
--   princess (§2.3)                          evict "princess"
--   fairy: move, +1 a turn, +3 (§2.3, §4)    companion "fairy"
-- `meeple bench --with princess_dragon` shows no Lua hook at all.
--
-- Moves (named arguments, args.x ...; as text the values in that order, a
-- spot name working in scenarios: `action fairy 1 0 N 0`):
--   action fairy X Y SEGMENT 0       the fairy goes next to your follower there
--   action portal X Y SEGMENT K      your follower of kind K (FOLLOWERS order)
--                                    goes onto that segment, anywhere
--   action princess X Y SEGMENT 0    the knight standing there goes home
--   action dragon X Y MOVER STEP     the dragon moves onto the tile at X,Y:
--                                    step STEP (1-6) of the movement, the
--                                    player MOVER's move by the rules
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "princess_dragon" { requires = { "base" } }

-- {======================================================================
-- Options (where editions and readings differ)
-- =======================================================================

-- §2 [verify, settled]: the 1st-edition rules (carcassonne-spiel.com, the
-- publisher's page: "this land tile will be placed apart ... as soon as the
-- dragon comes into play through a volcano land tile, all of the land tiles
-- you placed apart are coming back to the land tile stack"; JCloisterZone
-- keeps the dragon tiles out of the draw until a volcano is placed). Set
-- aside until the first volcano, then shuffled in: that is the same draw
-- as keeping them in a stack of their own until then and shuffling the
-- draw stack when they join it, which is what this script does.
-- "place": later editions' reading, a dragon tile drawn while the dragon
-- is off the board is placed as usual and the dragon does not move.
local EARLY_DRAGON = option "dragon_before_volcano" {
  values = { "set_aside", "place" }, default = "set_aside",
  doc = "A dragon tile drawn before any volcano is placed (§2): set_aside (1st edition, "
     .. "default: the dragon tiles wait until the first volcano, then are shuffled into the "
     .. "stack) or place (placed as usual; the dragon does not move).",
}

-- §2.4 [verify, settled]: the rules' turn order is deploy, dragon, score
-- (papageek's 1st-edition text; JCloisterZone's default, its
-- "dragon move after scoring" rule is an option there too).
local TIMING = option "dragon_timing" {
  values = { "before_scoring", "after_scoring" }, default = "before_scoring",
  doc = "When the dragon moves after a dragon tile (§2.4): before_scoring (default, the "
     .. "rules' order: deploy, dragon, score) or after_scoring (a house rule JCloisterZone "
     .. "also offers).",
}

-- §4 [verify, settled]: JCloisterZone's 1st-edition fairy pays the 3
-- points only for features scored during play ("finished object"); later
-- editions pay them at the final scoring too.
local FAIRY_FINAL = option "fairy_final" {
  values = { false, true }, default = false,
  doc = "Does the fairy's follower earn its owner 3 points when its feature is scored at "
     .. "the end of the game (§4)? false (default: only features completed during play, "
     .. "1st edition) or true.",
}

-- }======================================================================

-- {======================================================================
-- §1 Components
-- =======================================================================

-- The princess stands in one city of her tile: that segment carries it.
attribute "princess" { merge = "sum" }

-- §1: 30 land tiles. The 18 without a dragon go into the draw stack; the
-- 12 with one wait in a stack of their own until the first volcano (§2).
-- §2: the first volcano brings them back, each into the draw stack at a
-- random place (shuffled in; the order of the tiles already there is
-- random anyway).
local ASIDE = "pd_dragon_tiles"
tiles "princess_dragon"
if EARLY_DRAGON == "set_aside" then
  stack(ASIDE) { set_aside = { "volcano" } }
  tiles "princess_dragon_dragon" { stack = ASIDE }
else
  tiles "princess_dragon_dragon"
end

-- §1: one dragon and one fairy, nobody's. The dragon stands on a tile.
-- The fairy stands next to a follower: on that follower's segment, where
-- it counts for nothing (strength 0, no group a follower is kept out by,
-- never sent home by a scoring). The dragon's trail marks the tiles it
-- entered in the movement under way (its start included), so the rules
-- need no `state`: everything they remember is on the board.
-- [known interaction] Abbey & Mayor's wagon moves only onto a feature that
-- holds no figure at all, so the fairy's feature is closed to it.
-- §3: nothing is deployed on the dragon's tile (blocks_tile; a barn, on
-- a corner of four tiles, still may: wikicarpedia's clarification).
figure "dragon"       { neutral = 1, on = {}, strength = 0, stays = true, blocks_tile = true }
figure "fairy"        { neutral = 1, on = {}, strength = 0, stays = true }

reason "fairy"
action "fairy"                                            -- companion: x, y, segment
action "portal"                                           -- deploy_anywhere: x, y, segment, kind
action "princess"                                         -- evict: x, y, segment
action "dragon"                                           -- walker: x, y, mover, step

-- }======================================================================

-- {======================================================================
-- Helpers
-- =======================================================================

-- The figure kinds that are followers (§2.3: the fairy, the portal and the
-- princess deal with followers), in the order their moves are listed,
-- when a loaded script declares them (base: meeple; Abbey & Mayor: mayor,
-- wagon; Inns & Cathedrals: big, the large meeple, last so that the
-- portal's kind numbers of the others stay). Each capability leaves out
-- the kinds no script declares.
local FOLLOWER_ORDER = { "meeple", "mayor", "wagon", "big" }

-- }======================================================================

-- {======================================================================
-- §2.4 The dragon moves: 6 steps, the players in turn, eating followers
-- =======================================================================

-- §2 (PD-EX-01): a volcano puts the dragon on it. §2.4: after a dragon
-- tile the placer moves it first, then each next player clockwise, 6
-- moves whatever the number of players; never onto a tile visited in this
-- movement (its start included) nor onto the fairy's tile; a dead end
-- stops it early (PD-EX-03), at its start too. On every tile it enters it
-- eats the players' figures standing there (followers, builders, pigs);
-- they go home. Barns stand on a corner of four tiles and are not eaten
-- (§5). With dragon_before_volcano = place, a dragon tile placed before
-- any volcano moves nothing. All of it is the declared walker, in C.
phase "dragon" { after = TIMING == "before_scoring" and "place_figure" or "score" }
walker "dragon" {
  lands = { "volcano" }, walks = { "dragon" }, steps = 6, phase = "dragon", action = "dragon",
  avoids = { "fairy" }, spares = { "barn" },
}

-- }======================================================================

-- {======================================================================
-- §2.3 The fairy: instead of a deploy, next to one of your followers
-- =======================================================================

-- §2.3: on a turn when a player deploys no follower (a volcano turn too),
-- they may move the fairy onto the tile of one of their followers, next to
-- it: one move per follower on the board, except the one it is next to.
-- §4 (PD-EX-06): at the start of a turn, 1 point to the player whose
-- follower the fairy stands next to, if it is theirs; when that
-- follower's feature is scored, its owner scores 3 more, whoever wins
-- the feature (at the end of the game only with fairy_final). A follower
-- a script keeps on its tile off the segments (Bridges, Castles and
-- Bazaars' castle knight) still has the fairy next to it: the 1 a turn
-- goes on, no 3 (JCZ fairy-endgame-incomplete-castle). All of it is the
-- declared companion capability, in C.
companion "fairy" {
  action = "fairy", follows = FOLLOWER_ORDER, turn_points = 1, scored_points = 3,
  final = FAIRY_FINAL, reason = "fairy",
}

-- }======================================================================

-- {======================================================================
-- §2.3 The magic portal: a follower onto any tile
-- =======================================================================

-- §2.3 (PD-EX-04): after placing a portal tile, instead of deploying on
-- it, the player may put a follower on any segment of any other tile
-- whose feature is incomplete and takes it under the usual occupancy
-- rules (no follower there, no barn in a field), except on the dragon's
-- tile (§3, blocks_tile). The tile's own segments are the usual deploys.
-- Moves: action portal X Y SEGMENT K (K: the follower kind, FOLLOWER_ORDER
-- among the declared ones). All of it is the declared capability, in C.
deploy_anywhere "portal" { figures = FOLLOWER_ORDER, tiles = { "portal" } }

-- }======================================================================

-- {======================================================================
-- §2.3 The princess: a knight leaves the city
-- =======================================================================

-- §2.3 (PD-EX-05): a princess tile that joins a city holding knights lets
-- the player send one of them home instead of deploying: one move per
-- follower in that city (anyone's), naming where it stands. The princess
-- stands in the city segment that carries the attribute.
evict "princess" { figures = FOLLOWER_ORDER, tiles = { "princess" }, attr = "princess" }

-- }======================================================================
