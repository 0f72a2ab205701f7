/*
** gk_flow.h: the turn flow. Rules that are mostly data (where figures may
** stand, what blocks them, how features score) are declared once and run
** in C; whatever data cannot say is asked of hooks, which the flow calls
** through a table of function pointers and only for events that have
** one. The flow knows no game and no scripting language.
**
**   gk_flow  the declarations for one gk_rules: figure placement, scoring
**            formulas, extra phases. Frozen with the rules.
**   gk_play  a game in progress: a gk_game plus where the turn stands.
**
** A turn runs through named phases:
**   begin turn, draw, place tile, place figure, score, after scoring,
**   end of part (extra parts: a second tile), end turn;
** and when the draw stack runs dry: game end, final scoring, game over.
** Phases that need a decision wait for a move (gk_play_moves lists the
** legal ones, gk_play_apply plays one); a phase with no choice advances
** by itself.
*/
#ifndef GK_FLOW_H
#define GK_FLOW_H

#include "gk.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gk_flow gk_flow;
typedef struct gk_play gk_play;

/* {====================================================================
** Declarations
** ===================================================================== */

/* Where a figure kind may be deployed by the built-in move list, and how
** it takes part in majorities. Groups are bits chosen by the script:
** e.g. followers in group 1, builders and pigs in group 2. */
typedef struct gk_figure_rule {
  uint64_t on_kinds;    /* segment kinds it may stand on (bit per kind) */
  unsigned group;       /* the occupancy groups it belongs to */
  unsigned blocked_by;  /* not deployable on a feature holding these groups */
  unsigned needs_own;   /* only where its owner already has these groups;
                        ** it returns as soon as the owner has none left,
                        ** whatever sent the last one away (depends.c) */
  unsigned blocks;      /* groups it keeps off its feature without being
                        ** one of them (a barn: followers); the script
                        ** turns it into their blocked_by, and
                        ** gk_play_check_invariants into a check */
  int32_t strength;     /* weight in majorities; 0 = never counts */
  int stays;            /* 1: stays when its feature is scored */
  int strength_attr;    /* 0, or attribute + 1: its strength is the
                        ** feature's value of that attribute when scored
                        ** (a mayor counts the city's pennants) */
  uint64_t blocked_across; /* segment kinds: when it goes on a feature of
                        ** one of them, blocked_by looks at every feature
                        ** of these kinds reachable from there through
                        ** segment adjacency (a system of rivers and lakes),
                        ** not only at the feature itself */
  int corner;           /* 1: deployed only at a corner of the tile just
                        ** placed where four tiles meet and all eight
                        ** ports at that corner belong to one feature of
                        ** on_kinds; it stands on that feature (a barn) */
  int blocks_tile;      /* 1: while it stands on a tile (GK_AT_TILE), no
                        ** figure is deployed on a segment of that tile;
                        ** corner figures, which stand where four tiles
                        ** meet, still are (a dragon) */
  int to_tile;          /* 1: a deploy of it on a segment of the tile just
                        ** placed puts it on that tile (GK_AT_TILE), on no
                        ** feature: the move names a segment, as any
                        ** deploy, but the figure stands for the whole
                        ** tile (a marker counted by the features over
                        ** it, GK_TERM_TILE_FIGURES) */
} gk_figure_rule;

/* One term of a scoring formula; points are summed over the terms. */
typedef enum gk_term {
  GK_TERM_CONST = 1,      /* points */
  GK_TERM_TILE,           /* points per distinct tile */
  GK_TERM_ATTR,           /* points per unit of attribute arg */
  GK_TERM_BLOCK,          /* points per tile in the 3x3 block around a
                          ** one-tile feature (itself included) */
  GK_TERM_ADJACENT,       /* points per distinct adjacent feature of kind arg */
  GK_TERM_ADJACENT_CLOSED, /* ... that is closed */
  GK_TERM_ATTR_OVER,      /* arg = GK_ATTR_PAIR(a, b): points per unit of
                          ** attribute a above attribute b, max(0, a - b)
                          ** (deer that the tigers leave) */
  GK_TERM_FEATURES,       /* points per feature of kind arg (in a system;
                          ** a lone feature counts itself) */
  GK_TERM_TOUCHING,       /* arg = GK_KIND_ATTR(k, a): points per unit of
                          ** attribute a summed over the distinct features
                          ** of kind k touching this one through segment
                          ** adjacency, each counted once however many of
                          ** its segments touch (the lakes a river ends at) */
  GK_TERM_ZERO_IF,        /* the whole formula gives 0 when the feature's
                          ** attribute arg is not 0 (an unfinished road
                          ** with an inn); points unused */
  GK_TERM_TOUCHING_CLOSED, /* as GK_TERM_TOUCHING, over the closed features
                          ** only (farmers fed twice by a completed city
                          ** with that attribute) */
  GK_TERM_TILE_FIGURES,   /* points per figure of the kinds in mask arg
                          ** (bit per figure kind) standing on a tile
                          ** (GK_AT_TILE) the feature covers: markers on
                          ** tiles, each counted once per feature however
                          ** many of the tile's segments it covers */
  GK_TERM_BLOCK_FIGURES   /* ... standing on a tile of the 3x3 block
                          ** around a one-tile feature (its tile and the 8
                          ** around it) */
} gk_term;

/* The argument of GK_TERM_ATTR_OVER: two attributes in one int. */
#define GK_ATTR_PAIR(a, b) ((a) | ((b) << 8))
/* The argument of GK_TERM_TOUCHING(_CLOSED): a kind and an attribute. */
#define GK_KIND_ATTR(k, a) ((k) | ((a) << 8))

typedef struct gk_formula {
  int n_terms;
  struct {
    int term;      /* gk_term */
    int arg;
    int32_t points;
    int only_with; /* 0, or figure kind + 1: the term counts only for a
                   ** leader who has a figure of that kind on the feature
                   ** (a pig in its field) */
    int if_attr;   /* 0, or attribute + 1: the term counts only when the
                   ** feature's attribute is not 0 (a road with an inn) */
  } terms[GK_MAX_TERMS];
} gk_formula;

/* What grants one more part of a turn (a second tile): checked when a
** tile is placed in a turn's first part; at most one extra part a turn. */
typedef enum gk_extra_trigger {
  GK_EXTRA_EXTENDS = 1, /* the tile joined a feature of `kinds` holding a
                        ** figure of `figure` owned by the active player */
  GK_EXTRA_CLOSES = 2   /* the tile closed a feature of `kinds` whose
                        ** attribute `attr` is > 0 (or any, attr = -1) */
} gk_extra_trigger;

typedef struct gk_extra_part_rule {
  int trigger;      /* gk_extra_trigger */
  uint64_t kinds;   /* bit per segment kind */
  int figure;       /* figure kind, for GK_EXTRA_EXTENDS */
  int attr;         /* attribute, for GK_EXTRA_CLOSES, or -1 */
  int stack;        /* where the extra part draws from */
} gk_extra_part_rule;

typedef enum gk_when { GK_WHEN_CLOSED = 0, GK_WHEN_FINAL = 1 } gk_when;

/* Flags for gk_flow_set_score. */
enum {
  GK_SCORE_KEEP_FIGURES = 1u << 0 /* figures stay after final scoring (farmers) */
};

/* Built-in phases. Custom phases get ids from GK_PHASE_CUSTOM up. */
typedef enum gk_phase {
  GK_PHASE_BEGIN_TURN = 0,
  GK_PHASE_DRAW,
  GK_PHASE_PLACE_TILE,
  GK_PHASE_PLACE_FIGURE,
  GK_PHASE_SCORE,
  GK_PHASE_AFTER_SCORING,
  GK_PHASE_END_PART,
  GK_PHASE_END_TURN,
  GK_PHASE_GAME_END,
  GK_PHASE_FINAL_SCORING,
  GK_PHASE_GAME_OVER,
  GK_PHASE_CUSTOM = 16 /* up to GK_MAX_PHASES */
} gk_phase;

gk_flow *gk_flow_new(gk_rules *rules);
void gk_flow_free(gk_flow *flow);
const char *gk_flow_error(const gk_flow *flow);
gk_rules *gk_flow_rules(const gk_flow *flow);

/* Names: gk_flow_set_<name> fills a slot (a figure kind's rule, a kind's
** scoring at a time, the draw stack) and a second call replaces it;
** gk_flow_add_<name> appends (a capability's rule, a phase, an action).
** The binding flow:<name> and the script's declaration keep <name>. */
int gk_flow_set_figure(gk_flow *flow, int figure_kind, const gk_figure_rule *rule);
/* formula NULL = the kind does not score then. reason: a gk_rules reason. */
int gk_flow_set_score(gk_flow *flow, int kind, gk_when when,
                        const gk_formula *formula, int reason, unsigned flags);
/* When a feature of `kind` is scored closed, the active player's counter
** grows by the feature's attribute (goods to whoever completes a city). */
int gk_flow_add_gain(gk_flow *flow, int kind, int attr, int counter);
/* At final scoring, the players holding most of a counter (more than 0)
** each score `points` (trade-goods majorities; ties all score). */
int gk_flow_add_majority(gk_flow *flow, int counter, int32_t points, int reason);
/* A record (gk_flow_add_record): a completed feature of `kind` with more
** tiles than every one of that kind completed before it makes the active
** player (who placed the completing tile) the record's holder, whoever
** occupies the feature: `counter` becomes 1 for them and 0 for the holder
** before; a tie keeps the holder. The holder scores, reason `reason`:
**   each_closed  whenever a feature of the kind is completed (the holder
**                when the turn part's scoring began, before this
**                feature could change it);
**   final_each   at the end, for every feature of the kind completed in
**                the game;
**   final        at the end, once.
** The end's points come after the features' own final scoring. Awards
** such as a longest-road card, as data. */
enum { GK_MAX_RECORDS = 4 };
typedef struct gk_record_rule {
  int kind, counter, reason;
  int32_t each_closed, final_each, final;
} gk_record_rule;
int gk_flow_add_record(gk_flow *flow, const gk_record_rule *rule);
/* A square count (gk_flow_add_square_count): when a feature of one of
** `kinds` is scored complete, each figure of the `scorers` kinds with an
** owner standing on it, on a segment whose own value of `attr` is not 0,
** scores for its owner that value times what `count` finds in the 3x3
** square around its tile (its tile and the 8 around it):
**   GK_SQUARE_FIGURES   figures of the `figures` kinds with an owner,
**                       on a segment of a tile or on the tile;
**   GK_SQUARE_ATTR      attribute `arg` summed over the tiles' segments;
**   GK_SQUARE_TILES     tiles with a segment of kind `arg` (whose feature
**                       has attribute `unless` at 0, when unless >= 0);
**   GK_SQUARE_SEGMENTS  segments of kind `arg`.
** After the feature's points, before its figures go home; reason
** `reason`, the feature named. A tower on a tile that pays the follower
** beside it for what it overlooks, as data. */
enum { GK_MAX_SQUARE_COUNTS = 8 };
typedef enum gk_square_what {
  GK_SQUARE_FIGURES = 0,
  GK_SQUARE_ATTR,
  GK_SQUARE_TILES,
  GK_SQUARE_SEGMENTS
} gk_square_what;
typedef struct gk_square_count_rule {
  int attr;          /* the scorer's segment attribute: points per thing */
  uint64_t kinds;    /* bit per kind of the completed features */
  uint32_t scorers;  /* bit per figure kind that scores it */
  int count;         /* gk_square_what */
  uint32_t figures;  /* GK_SQUARE_FIGURES: bit per figure kind counted */
  int arg;           /* an attribute (ATTR) or a kind (TILES, SEGMENTS) */
  int unless;        /* TILES: an attribute, or -1 */
  int reason;
} gk_square_count_rule;
int gk_flow_add_square_count(gk_flow *flow, const gk_square_count_rule *rule);
/* Adds a rule granting an extra part (see gk_extra_part_rule). */
int gk_flow_add_extra_part(gk_flow *flow, const gk_extra_part_rule *rule);

/* Line markers: neutral figures that each mark one line of the board (a
** column or a row) and advance, one line per scored feature. Declaring
** them makes the score phase score the closed features one at a time:
**   1. the formula's points go to the leaders, then `bonus` for each
**      marker standing in the line of a leader's figure (per figure, or
**      once per leader and marker with bonus_per_player);
**   2. the feature's figures go home;
**   3. the rearmost marker (the first, in figure order, of those furthest
**      behind) moves one line forward onto the tile of that line nearest
**      to it, if that line holds a tile;
**   4. if it moved, every player's figure on a feature of sweep_kinds
**      standing behind the rearmost marker goes home unscored.
** A feature with no player's figure left when its turn comes is not
** scored this way and moves no marker. Order of several closed features:
** GK_LINE_ORDER_PLACED (the placed tile's port-closed features by
** segment, then the surrounded ones by their tile in reading order
** around it), ACTIVE_FIRST (the same, but features holding the active
** player's figures first, then the next player's, ...), or CHOOSE: with
** two or more to score the phase waits, offering one action move per
** feature with arguments {x, y, segment + 1, 0} (a tile holding it and
** its segment there, counted from 1). The markers start on `start`
** cells, deployed at the first turn that finds them all in the supply
** (after the turn-begin hooks, which may deploy some themselves). */
enum { GK_LINE_ORDER_PLACED = 0, GK_LINE_ORDER_ACTIVE_FIRST, GK_LINE_ORDER_CHOOSE };

typedef struct gk_line_markers_rule {
  int figure;             /* the markers: a figure kind with neutral copies */
  int axis;               /* 0: lines are columns (compare x), 1: rows (y) */
  int dir;                /* +1 or -1: the way markers advance on that axis */
  int32_t bonus;          /* points per marker in a leader's figure's line */
  int bonus_reason;
  int bonus_per_player;
  uint64_t sweep_kinds;   /* segment kinds whose figures can be swept */
  int order;              /* GK_LINE_ORDER_* */
  int order_action;       /* the action of CHOOSE moves */
  int n_start;
  int32_t start[GK_LINE_MAX_START][2];
} gk_line_markers_rule;

int gk_flow_add_line_markers(gk_flow *flow, const gk_line_markers_rule *rule);

/* A tile held in hand. A player whose supply holds a `token` figure may,
** instead of drawing, place tile type `tile` into a hole (an empty cell
** whose four neighbours hold tiles); the token then stands on that tile.
** With end_round, once the draw stack is empty, turns go on while a
** holder can still place it: a holder places it or declines (the action
** `decline_action`: the token leaves the game); the turn of a player
** holding none passes by itself (nothing to decide); the game ends when
** no holder is left or the tile fits no hole. An extra part (a second
** tile) granted with the stack empty still comes when its player can
** place the tile from hand: that, or a pass that keeps it. */
typedef struct gk_hand_tile_rule {
  int tile;             /* tile type */
  int token;            /* figure kind: one in the supply = one tile in hand */
  int end_round;
  int decline_action;   /* action id, needed with end_round */
} gk_hand_tile_rule;

int gk_flow_add_hand_tile(gk_flow *flow, const gk_hand_tile_rule *rule);

/* A figure that, after its feature is scored (it must `stay`), its owner
** returns to the supply or moves to a reachable feature of `kinds` that
** is incomplete and holds no figure, onto any of its segments. Several
** waiting figures decide one at a time, their owners in turn order from
** the active player, in the after-scoring phase. Moves: action `action`
** with arguments {owner + 1, x, y, segment + 1}; {owner + 1, 0, 0, 0}
** returns it. Reach:
**   GK_REACH_CONNECTED  features touching its feature through segment
**                       adjacency; a wildcard segment passes it on: what
**                       touches the wildcard and what faces its ports
**                       reach each other (an abbey and the roads at its
**                       sides);
**   GK_REACH_AROUND     features on the figure's tile and the 8 around. */
enum { GK_REACH_CONNECTED = 1, GK_REACH_AROUND = 2 };

typedef struct gk_relocate_rule {
  int figure;
  int reach;            /* GK_REACH_* */
  uint64_t kinds;       /* where it may go */
  int action;
} gk_relocate_rule;

int gk_flow_add_relocate(gk_flow *flow, const gk_relocate_rule *rule);

/* At final scoring, after the features' own final scoring and the
** counter majorities, each figure of `figure` standing on a feature
** scores `formula` over that feature for its owner, majority or not (a
** barn: 4 per completed city beside its field). Only GK_WHEN_FINAL. */
int gk_flow_add_score_figure(gk_flow *flow, int figure, gk_when when, const gk_formula *formula,
                             int reason);
/* Makes the figure scoring of `figure` pay each owner once per feature,
** however many of their figures of that kind stand on it (two fields,
** each with one of a player's figures, joined into one: the player
** scores the formula once). Without it each figure scores. GK_EINVAL
** when no figure scoring of `figure` was declared. */
int gk_flow_score_figure_once_per_owner(gk_flow *flow, int figure);

/* Scoring when figures meet: after the score phase, each feature of the
** tile just placed that holds a `figure` (strength 0, a barn) and
** figures that count in majorities (farmers) scores at once: `placed`
** if a `figure` there stands on the tile just placed (it was deployed
** now), else `joined` (the tile joined their features); the majority of
** the counting figures takes the points (terms with only_with count for
** a leader with that figure there), then every figure there that does
** not stay goes home. */
typedef struct gk_score_meeting_rule {
  int figure;
  gk_formula placed;
  gk_formula joined;
  int reason;
} gk_score_meeting_rule;

int gk_flow_add_score_meeting(gk_flow *flow, const gk_score_meeting_rule *rule);

/* The stack the draw phase takes tiles from. */
int gk_flow_set_stack(gk_flow *flow, int stack);
/* Stacks played out one after another: each turn draws from the first of
** stacks[0..n-1] that still holds a tile (also when the tiles left in one
** fit nowhere and are discarded), and stacks[n-1] becomes the draw stack
** (gk_flow_set_stack), which decides when the game ends. Distinct stacks. */
int gk_flow_set_stack_order(gk_flow *flow, const int *stacks, int n);
/* Tiles drawn from this stack are offered only where one of their
** segments of this kind faces a tile already on the board (and so, by
** edge matching, joins that kind there): a river tile continues the
** river. Placements refused so give the reason "vetoed". */
int gk_flow_add_joins(gk_flow *flow, int stack, int kind);
/* How the chain of a joining stack's kind may turn. A tile whose segments
** of that kind leave two sides, one facing a tile already there, carries
** the chain on: in by that side, out by the other, straight or a quarter
** turn right or left. GK_TURNS_ALTERNATE: a turn may not go the same way
** as the last turn laid from the stack (straight pieces between do not
** count); GK_TURNS_ALTERNATE_ADJACENT: nor as the tile laid just before
** (a straight piece between allows it). Declare joins first. */
typedef enum gk_turn_rule {
  GK_TURNS_ALTERNATE = 1,
  GK_TURNS_ALTERNATE_ADJACENT = 2
} gk_turn_rule;
int gk_flow_add_turns(gk_flow *flow, int stack, gk_turn_rule rule);
/* A new phase right after an existing one; returns its id. */
int gk_flow_add_phase(gk_flow *flow, const char *name, int after);
int gk_flow_find_phase(const gk_flow *flow, const char *name);
const char *gk_flow_phase_name(const gk_flow *flow, int phase);
/* A named custom action, for moves that are neither tile nor figure
** (a wagon move, a surveyor step); returns its id. */
int gk_flow_add_action(gk_flow *flow, const char *name);
int gk_flow_find_action(const gk_flow *flow, const char *name);
const char *gk_flow_action_name(const gk_flow *flow, int action);
/* The names of an action's arguments, in order (n of them, 0..
** GK_ACTION_ARGS, distinct names): argument i of its moves (gk_move.arg)
** is names[i], the others stay 0. Set once, before the flow is frozen; a
** capability that plays the action sets them itself, and refuses other
** names declared before. gk_flow_action_args: n, or -1 when the action
** has none (its moves carry four positional integers). */
int gk_flow_set_action_args(gk_flow *flow, int action, int n, const char *const *names);
int gk_flow_action_args(const gk_flow *flow, int action);
const char *gk_flow_action_arg(const gk_flow *flow, int action, int i);
/* Freezes the rules too. */
int gk_flow_freeze(gk_flow *flow);

/* }==================================================================== */

/* {====================================================================
** Declarations: systems of features, tile filters
** ===================================================================== */

/* A system: the features of `kinds` joined through segment adjacency
** (gk_feature_adjacent), e.g. rivers and the lakes they touch. At final
** scoring, before the features' own final formulas, every system that
** holds a figure of kind `figure` is scored once: the players with the
** most such figures in the whole system (each counts 1; ties all score)
** get the sum of the terms, evaluated over the system: GK_TERM_ATTR and
** GK_TERM_ATTR_OVER on the attributes summed over its features,
** GK_TERM_FEATURES counting its features of a kind, GK_TERM_CONST once.
** The ledger names the first root (ascending) holding such a figure. */
typedef struct gk_system_rule {
  uint64_t kinds;     /* bit per segment kind */
  int figure;         /* the figure kind whose majority scores it */
  int reason;
  int n_terms;
  struct {
    int term;         /* GK_TERM_CONST, _ATTR, _ATTR_OVER or _FEATURES */
    int arg;
    int32_t points;
    int if_attr;      /* 0, or attribute + 1: the term counts only when the
                      ** system's sum of that attribute is not 0 (a raft) */
  } terms[GK_MAX_TERMS];
} gk_system_rule;

int gk_flow_add_system(gk_flow *flow, const gk_system_rule *rule);

/* Which tile types a hook is about: those with one of `tags` (bit per
** tag, as gk_tile_def.tags), with one of `attrs` (bit per attribute)
** non-zero on some segment, or with a segment of one of `kinds` (bit per
** kind: "tiles with a cloister"). All 0: every tile. */
typedef struct gk_tile_filter {
  uint64_t tags;
  uint64_t attrs;
  uint64_t kinds;
} gk_tile_filter;

/* 1 if a tile type passes the filter, 0 if not; negative on bad
** arguments or before the flow is frozen (the attribute bits of each
** type are gathered at freeze). */
int gk_flow_tile_matches(const gk_flow *flow, int type, const gk_tile_filter *filter);

/* }==================================================================== */

/* {====================================================================
** Declarations: figures called back to the supply
** ===================================================================== */

/* A recall: in custom phase `phase`, after placing a tile that passes
** `tiles` (both masks 0: any tile), the player may take one of their own
** figures back to their supply, unscored (a shaman, a princess, a house
** rule's "take back a meeple"). The phase lists, before its collectors:
** for each of the player's figures in figure order whose kind is in
** `figures` and that stands on a node whose feature's kind is in `kinds`,
** one action move `action` with arguments {x, y, segment + 1, 0}: the
** feature's anchor, its first node in reading order (smallest y, then x,
** then segment; a feature already listed is skipped); then a pass. With
** no such figure the rule lists nothing (no decision: the phase goes on).
** Playing such a move returns the first such figure (figure order) of
** the player on the feature with that anchor, and the flow goes on to the
** next phase; with none there the move is refused (GK_EILLEGAL). With a
** tile filter, the rule lists nothing when the tile placed this part does
** not pass it or no tile was placed yet. One rule per phase, at most
** GK_MAX_RECALLS.
** With phase GK_PHASE_PLACE_FIGURE the moves are offered instead of a
** deploy: listed after the tile's deploys (the phase's own pass stays
** last), played as the part's figure move. With `scores` the player
** first scores, for the feature, what its final scoring formula gives it
** now (the kind's final reason), then the figure comes back.
** Narrowed by the feature (a way out of a besieged place, a retreat
** through a friendly tile): with `where`, only features whose attribute
** where - 1 is non-zero; with `near`, only features one of whose tiles
** has, on one of the 8 cells around it, a tile holding a segment of a
** kind in `near` (with `near_where`, only the tiles whose own segment of
** the feature carries that attribute count). With `by_spot` the moves
** name the figure's own node {x, y, segment + 1, 0}, one per spot, in
** figure order, and the move returns the player's first such figure on
** that spot: the player picks which figure leaves. */
typedef struct gk_recall_rule {
  int phase;            /* a custom phase (gk_flow_add_phase), or GK_PHASE_PLACE_FIGURE */
  int action;           /* an action (gk_flow_add_action) */
  uint32_t figures;     /* bit per figure kind that may come back */
  uint64_t kinds;       /* bit per kind of feature it may leave */
  gk_tile_filter tiles; /* offered after placing such a tile only */
  int scores;           /* 1: the feature's final formula paid on the way back */
  int where;            /* an attribute + 1 set on the feature; 0: any feature */
  uint64_t near;        /* bit per kind of a segment on a tile around; 0: none asked */
  int near_where;       /* 1: only around the feature's tiles whose segment has `where` */
  int by_spot;          /* 1: moves name the figure's spot, not the feature's anchor */
} gk_recall_rule;

int gk_flow_add_recall(gk_flow *flow, const gk_recall_rule *rule);

/* A companion: a neutral figure kind that stands next to a follower (on
** its segment, where it counts for nothing) and pays its owner (a fairy).
** In the place-figure phase, after the tile's deploys and their veto and
** before the collectors, the player may move it instead of deploying: one
** action move `action` {x, y, segment + 1, 0} for each of their figures
** of the `follows` kinds (in that order, then figure order) standing on
** a segment, except the one it is already next to; the first such move
** puts the companion on the board. The follower it is next to is the
** first figure (figure order) of a player, of a `follows` kind, on its
** node. At the start of each turn, after the turn-begin hook, that
** follower's owner scores `turn_points` if they are the active player;
** when the feature under the companion is scored closed (and with
** scored_final also at the final scoring, before the features' own final
** points), the follower's owner scores `scored_points`, whoever wins the
** feature. Ledger reason `reason`. A walker that avoids the companion's
** kind (gk_walker_rule) never enters its tile. One companion per flow. */
typedef struct gk_companion_rule {
  int figure;           /* the companion: a neutral figure kind */
  int action;           /* its move (gk_flow_add_action) */
  int n_follows;
  uint8_t follows[GK_MAX_FIGURE_KINDS]; /* figure kinds it goes next to, in order */
  int32_t turn_points;  /* to the active player whose follower it is next to */
  int32_t scored_points;/* when that follower's feature is scored */
  int scored_final;     /* 1: also at the final scoring */
  int reason;           /* ledger reason */
} gk_companion_rule;

int gk_flow_add_companion(gk_flow *flow, const gk_companion_rule *rule);

/* A walker: a neutral figure that stands on a tile (GK_AT_TILE) and walks
** over the board (a dragon). Placing a tile that passes `lands` puts it
** on that tile, from wherever it was (the first time from the supply).
** Placing a tile that passes `walks` while it stands on the board starts
** a walk of up to `steps` moves in custom phase `phase`: the players
** choose in turn, from the active player on, one move each, an action
** `action` {x, y, mover + 1, step} onto an orthogonally adjacent tile
** (listed N, E, S, W) that this walk has not entered (its start
** included) and where no figure of an `avoids` kind stands (on one of its
** segments or on the tile). On every tile it enters, the players'
** figures standing on that tile's segments go home, except those of
** `spares` kinds. The walk ends after `steps` moves or when no move is
** left (a dead end, also at its start). A tile passing both filters
** lands it first. One walker per flow; GK_MAX_WALK_STEPS at most. */
typedef struct gk_walker_rule {
  int figure;            /* the walker: a neutral figure kind */
  gk_tile_filter lands;  /* placing such a tile puts it there */
  gk_tile_filter walks;  /* placing such a tile starts a walk */
  int steps;             /* moves per walk, 1..GK_MAX_WALK_STEPS */
  int phase;             /* the custom phase its moves wait in */
  int action;            /* its moves (gk_flow_add_action) */
  uint32_t avoids;       /* figure kinds whose tiles it never enters */
  uint32_t spares;       /* figure kinds it does not send home */
} gk_walker_rule;

int gk_flow_add_walker(gk_flow *flow, const gk_walker_rule *rule);

/* A deploy anywhere: after placing a tile that passes `tiles` (not both
** masks 0), in the place-figure phase, after the tile's deploys and their
** veto and the companion's moves, before the collectors, the player may
** deploy instead a figure of one of the `figures` kinds they still hold
** on any segment of any other tile (a magic portal): one action move
** `action` {x, y, segment + 1, k} per tile (placement order), segment
** and kind (k: its 1-based place in `figures`) where the segment's
** feature is incomplete, the figure's rule lets it stand there under the
** usual occupancy rules, and no blocks_tile figure stands on the tile.
** Playing it deploys that figure there. One per flow. */
typedef struct gk_deploy_anywhere_rule {
  int action;            /* its moves (gk_flow_add_action) */
  gk_tile_filter tiles;  /* offered after placing such a tile only */
  int n_figures;
  uint8_t figures[GK_MAX_FIGURE_KINDS]; /* figure kinds, in listing order */
} gk_deploy_anywhere_rule;

int gk_flow_add_deploy_anywhere(gk_flow *flow, const gk_deploy_anywhere_rule *rule);

/* An evict: after placing a tile that passes `tiles` (both masks 0: any
** tile), in the place-figure phase, after the deploy-anywhere moves and
** before the collectors, the player may send home instead one figure of
** a `figures` kind, anyone's, standing on the feature of a segment of
** that tile (only segments where attribute `attr` is non-zero; -1: any):
** per such segment (tile order), per such figure on its feature (figure
** order), one action move `action` {x, y, segment + 1, 0} naming the
** node the figure stands on (a princess). Playing it returns the first
** such figure (figure order) on that node. One per flow. */
typedef struct gk_evict_rule {
  int action;            /* its moves (gk_flow_add_action) */
  gk_tile_filter tiles;  /* offered after placing such a tile only */
  uint32_t figures;      /* bit per figure kind that may be sent home */
  int attr;              /* the segments' attribute, or -1: every segment */
} gk_evict_rule;

int gk_flow_add_evict(gk_flow *flow, const gk_evict_rule *rule);

/* A split occupancy: segments whose own value of `attr` is set split a
** feature, for deploying, into parts: the segments reachable from one
** another across tile sides without entering such a segment. In the
** place-figure phase, after the evict moves and before the collectors,
** per segment of the tile just placed (tile order) whose feature has
** `attr` (merged) non-zero and holds a figure of a group `figure` is
** blocked_by (so its usual deploy is refused), one action move `action`
** {x, y, segment + 1, 0} when the segment's part holds no such figure,
** or the segment has `attr` set itself and holds none; only while the
** player holds a `figure`, on segments of its `on` kinds. Playing it
** deploys that figure there. One per flow. */
typedef struct gk_split_occupancy_rule {
  int action; /* its moves (gk_flow_add_action) */
  int figure; /* the figure kind it deploys */
  int attr;   /* the attribute whose segments split a feature */
} gk_split_occupancy_rule;

int gk_flow_add_split_occupancy(gk_flow *flow, const gk_split_occupancy_rule *rule);

/* A stack set aside: no turn draws from `stack` until a tile passing
** `until` (not both masks 0) is placed; then, before the tile-placed
** hook, its tiles go into the draw stack, top first, each at a random
** place (gk_stack_put_back GK_PUT_RANDOM): tiles held back until an
** event (dragon tiles until the first volcano). */
int gk_flow_add_set_aside(gk_flow *flow, int stack, const gk_tile_filter *until);

/* Tile variants: in the draw phase of a turn part, while the player's
** `counter` is below `limit[n - 1]` (n players), each variant of the top
** tile of the draw stack (the pairs with tile[i] == that type, in pair
** order) may be placed instead of drawing: one place move per legal
** placement of variant[i] (gk_legal_placements order), before the
** collectors' moves and the draw move. Placing one from the draw phase
** takes one tile of the top's type out of the draw stack (gk_stack_take)
** and adds 1 to the player's counter, before the tile-placed hook: a tile
** played with something added (a road over a field). One per flow. */
typedef struct gk_tile_variants_rule {
  int counter;                       /* counts each player's variant plays */
  int limit[GK_MAX_PLAYERS];         /* limit[n - 1]: the most with n players */
  int n;                             /* pairs */
  int tile[GK_MAX_TILE_VARIANTS];    /* a drawn tile type ... */
  int variant[GK_MAX_TILE_VARIANTS]; /* ... and a type it may be played as */
} gk_tile_variants_rule;

int gk_flow_add_tile_variants(gk_flow *flow, const gk_tile_variants_rule *rule);

/* A token pool: each figure of kind `figure` on the board keeps a pool of
** tokens, tiles drawn from `stack` (a bag no turn draws from); a token is
** worth its `value` attribute summed over its segments.
**   - at the end of the turn a figure arrives, it draws its first token;
**     a figure that left the board otherwise puts its tokens back;
**   - a tile placed by the figure's owner that extends its feature asks,
**     in custom phase `phase`, once per such feature (figure order):
**     action `grow` (one more token) or `cash` (below);
**   - cash, or the feature closed (no open port) at the end of a turn:
**     every owner of such a figure on the feature scores the sum of all
**     their pools there (reason), once per owner; the figures go home;
**   - a token tagged `bust` (-1: none) empties every pool on its
**     feature: figures home, no points.
** Tokens go back into the bag at random places (gk_stack_put_back). An
** empty bag draws nothing. One per flow; at most GK_MAX_POOLS figures
** with pools and GK_MAX_POOL_TOKENS tokens in all of them, beyond that an
** error. */
typedef struct gk_token_pool_rule {
  int figure;     /* the figure kind holding a pool */
  int stack;      /* the bag */
  int phase;      /* a custom phase (gk_flow_add_phase) */
  int grow, cash; /* actions without arguments (gk_flow_add_action) */
  int value;      /* an attribute: a token's worth */
  int bust;       /* a tag: the token that empties the pools, or -1 */
  int reason;     /* a cash-in's points */
} gk_token_pool_rule;

int gk_flow_add_token_pool(gk_flow *flow, const gk_token_pool_rule *rule);

/* A move anywhere: neutral figures, one of each of the `figures` kinds,
** that stand on features of the `kinds` kinds, never two on one feature
** (a mage and a witch). In custom phase `phase`, after placing a tile
** that passes `tiles` (not both masks 0), or when a placement left two of
** them on one feature, the player must put one (from the supply) or move
** one onto an incomplete feature of those kinds that holds none of them:
** per figure (k, its 1-based place in `figures`), per such feature (in
** root order, as gk_features lists them), one action move `action`
** {k, x, y, segment + 1} naming the feature's anchor, its segment first
** in reading order (smallest y, then x, then segment). No such feature:
** one move {k, 0, 0, 0} per figure on the board, which takes it off. No
** pass. marks[i] (an attribute, or -1) is 1 on the segment figure i
** stands on, taken off when it moves on (a scoring narrowed to features
** with that attribute). One per flow. */
typedef struct gk_move_anywhere_rule {
  int phase;             /* the custom phase its moves wait in */
  int action;            /* its moves (gk_flow_add_action) */
  gk_tile_filter tiles;  /* placing such a tile makes a move due */
  uint64_t kinds;        /* bit per feature kind they stand on */
  int n_figures;
  uint8_t figures[GK_MAX_FIGURE_KINDS]; /* neutral figure kinds, in listing order */
  int marks[GK_MAX_FIGURE_KINDS];       /* per figure: an attribute, or -1 */
} gk_move_anywhere_rule;

int gk_flow_add_move_anywhere(gk_flow *flow, const gk_move_anywhere_rule *rule);

/* A pairing: tiles of two sorts, a tile passing `a` of the first, one
** passing `b` and not `a` of the second (neither filter empty), pair one
** to one with a neighbour (the 8 cells around) of the other sort. A tile
** of a sort is listed only where it has one tile of the other sort
** around it at most, and that one has none of its sort around it (so
** every tile keeps one partner at most; a tile from hand, placed in the
** draw phase, is not checked). With `rival_kind` (a kind, or -1: no
** contest), the features of that kind on paired tiles contest: when one
** is completed during play holding a figure, the incomplete feature of
** that kind on each tile of the other sort around it loses its figures,
** home unscored, after the completed one's points and before its
** figures go home (shrines and cloisters; completed in one turn, both
** score). One per flow. */
typedef struct gk_pairing_rule {
  gk_tile_filter a; /* the first sort */
  gk_tile_filter b; /* the second sort (tiles of the first left out) */
  int rival_kind;   /* the kind of their contesting features, or -1 */
} gk_pairing_rule;

int gk_flow_add_pairing(gk_flow *flow, const gk_pairing_rule *rule);

/* }==================================================================== */

/* {====================================================================
** Moves
** ===================================================================== */

typedef enum gk_move_type {
  GK_MOVE_PLACE = 1,  /* tile, x, y, rot */
  GK_MOVE_DEPLOY,     /* figure kind at a location (on the tile just placed) */
  GK_MOVE_PASS,       /* no figure / nothing to do */
  GK_MOVE_DRAW,       /* take the normal draw when alternatives exist */
  GK_MOVE_ACTION      /* custom action with up to 4 arguments */
} gk_move_type;

typedef struct gk_move {
  int type;
  int tile;
  int32_t x, y;
  int rot;
  int figure_kind;
  gk_location at;
  int action;
  int32_t arg[GK_ACTION_ARGS];
} gk_move;

int gk_move_equal(const gk_move *a, const gk_move *b);

/* }==================================================================== */

/* {====================================================================
** Hooks
** ===================================================================== */

typedef enum gk_hook {
  GK_HOOK_TURN_BEGIN = 0,   /* notify */
  GK_HOOK_TILE_DRAWN,       /* notify; value = tile type */
  GK_HOOK_TILE_PLACED,      /* notify; report */
  GK_HOOK_FIGURE_PLACED,    /* notify; move */
  GK_HOOK_FEATURE_POINTS,   /* transform value (points) and leaders */
  GK_HOOK_FEATURE_SCORED,   /* notify after points, before figures return */
  GK_HOOK_EXTRA_PART,       /* transform value: stack of an extra part, or -1 */
  GK_HOOK_TURN_END,         /* notify */
  GK_HOOK_FINAL_SCORING,    /* notify, after the built-in final scoring */
  GK_HOOK_ALLOW_PLACEMENTS, /* filter moves[] in place (keep what is allowed) */
  GK_HOOK_ALLOW_DEPLOYS,    /* filter moves[] in place */
  GK_HOOK_COLLECT,          /* append moves for phase */
  GK_HOOK_APPLY,            /* play a move the flow does not know; value = 1
                            ** to stay in the phase and ask again */
  GK_HOOK_PHASE,            /* notify: a custom phase with no moves ran */
  GK_HOOK_COUNT
} gk_hook;

typedef struct gk_hook_call {
  int hook;
  int phase;
  int32_t feature;          /* root, or -1 */
  int when;                 /* gk_when for scoring hooks */
  int32_t value;            /* in/out for transforms */
  uint32_t leaders;         /* in/out for GK_HOOK_FEATURE_POINTS */
  gk_move *moves;           /* filters and collectors */
  int n_moves, cap_moves;
  const gk_move *move;
  const gk_place_report *report;
  int decider;              /* out for collectors: player + 1 who decides
                            ** the moves offered (0: whoever decides the
                            ** list already, by default the active player) */
} gk_hook_call;

typedef struct gk_hooks {
  void *ud;
  uint32_t present;         /* bit per gk_hook: only these are called */
  uint64_t collect_phases;  /* bit per phase with a collector; 0 = every
                            ** phase when GK_HOOK_COLLECT is present */
  /* GK_OK, or a negative status with a message set by
  ** gk_play_set_error; the flow then undoes the whole action. */
  int (*call)(void *ud, gk_play *play, gk_hook_call *call);
  /* bit per figure kind the GK_HOOK_ALLOW_DEPLOYS filter looks at: it is
  ** called only when a deploy of such a kind is among the moves, so a
  ** veto about one rare figure costs nothing on other turns. 0 = every
  ** kind. */
  uint32_t deploy_kinds;
} gk_hooks;

/* }==================================================================== */

/* {====================================================================
** Play
** ===================================================================== */

/* Takes ownership of game (set up: start tiles placed, stacks filled).
** Players take turns from player 0. */
gk_play *gk_play_new(const gk_flow *flow, gk_game *game, const gk_hooks *hooks);
gk_play *gk_play_clone(const gk_play *play);
void gk_play_free(gk_play *play);
/* Frees the play but not its game, and returns the game (NULL for NULL):
** a host that runs many games can reuse one game object. */
gk_game *gk_play_release(gk_play *play);
/* Makes play what gk_play_new(its flow, its game, no hooks) would make
** of its game as that is now (set up anew: gk_game_copy of a start
** position), keeping its buffers; hooks and filters are cleared. */
int gk_play_restart(gk_play *play);
/* Makes dst a copy of src (same flow); handles into dst stay valid
** only if the binding says so. */
int gk_play_copy_from(gk_play *dst, const gk_play *src);
/* Copies src into dst (as gk_play_copy_from) and starts dst's journal:
** from then on dst remembers what its moves overwrite, so that
** gk_play_rewind(dst, src) can make it a copy of src again by undoing
** just that. For an agent that tries each move of src in one copy. */
int gk_play_copy_tracked(gk_play *dst, const gk_play *src);
/* Makes dst a copy of src again, as gk_play_copy_from would, after moves
** played in it since gk_play_copy_tracked(dst, src) (src unchanged): by
** the journal when it can (no blobs, no buffer grown, nothing lost), else
** by a full copy; either way the journal starts again. Returns 1 when it
** went by the journal, 0 when by a full copy, or a negative status. */
int gk_play_rewind(gk_play *dst, const gk_play *src);
/* Stops dst's journal (its moves are no longer recorded). */
void gk_play_untrack(gk_play *dst);
gk_game *gk_play_game(gk_play *play);
const gk_flow *gk_play_flow(const gk_play *play);
const char *gk_play_error(const gk_play *play);
void gk_play_set_error(gk_play *play, const char *fmt, ...);
void gk_play_set_hooks(gk_play *play, const gk_hooks *hooks);

/* Runs to the first decision. */
int gk_play_start(gk_play *play);
/* Who plays the first turn (0 by default); only before gk_play_start. */
int gk_play_set_first_player(gk_play *play, int player);
int gk_play_phase(const gk_play *play);
int gk_play_over(const gk_play *play);
int gk_play_player(const gk_play *play);
/* Who decides the moves listed now: the active player (gk_play_player),
** unless what offered them names another (a walker's mover, a figure's
** owner moving it on, a collector's moves with a decider: an auction's
** bidder). Agents, seats and searches answer for this player. */
int gk_play_decider(const gk_play *play);
int gk_play_turn(const gk_play *play);
int gk_play_part(const gk_play *play);   /* 1, or 2 in an extra part */
int gk_play_stack(const gk_play *play);  /* the stack this part draws from */
int gk_play_tile(const gk_play *play);   /* the tile to place, or -1 */
int gk_play_placed(const gk_play *play); /* placed-tile index this part, or -1 */
/* Features the tile placed this part closed that the score phase has not
** scored yet (empty after it), as distinct roots in the order they closed.
** Writes at most cap and returns the count, so cap 0 sizes the buffer.
** A phase between placing and scoring can react to what closed without
** looking over the board. */
int gk_play_closed(const gk_play *play, int32_t *out, int cap);

/* A draw decided after the turn's own stack changes (scenarios):
** gk_play_undraw puts the tile in hand back on top of its stack (the play
** then lists no move), the caller changes the stacks, gk_play_redraw
** draws again (the unplaceable discarded, tile_drawn notified; with a
** tile still in hand it puts that back first). Only while the part's
** tile waits for its placement; GK_EILLEGAL otherwise. */
int gk_play_undraw(gk_play *play);
int gk_play_redraw(gk_play *play);

/* The legal moves now; same counting as gk_legal_placements. */
int gk_play_moves(gk_play *play, gk_move *out, int cap);
/* Plays a legal move and runs to the next decision. On failure nothing
** changed (GK_EILLEGAL for a move that is not legal now). */
int gk_play_apply(gk_play *play, const gk_move *move);
/* The same for the i-th move of gk_play_moves, without the search. */
int gk_play_apply_index(gk_play *play, int i);

/* Why a move is not legal now: the check that refused it, as a stable
** code (GK_WHY_LEGAL when it is legal). gk_why_name gives each its
** reason word ("occupied", "needs_own", ...; docs/scenarios.md lists
** them). Changes nothing. */
typedef enum gk_why {
  GK_WHY_LEGAL = 0,
  GK_WHY_OVER,            /* the game is over */
  GK_WHY_PHASE,           /* not a move of the phase the play waits in */
  GK_WHY_DRAW_FIRST,      /* a placement while the turn waits to draw */
  GK_WHY_NOT_IN_HAND,     /* another tile than the one to place */
  GK_WHY_TAKEN,           /* the cell holds a tile */
  GK_WHY_BLOCKED,         /* the cell is blocked (a region, a blocked cell) */
  GK_WHY_ISOLATED,        /* the cell touches no tile */
  GK_WHY_EDGE,            /* a side does not match its neighbour */
  GK_WHY_HOLE,            /* a tile from hand goes only into a hole */
  GK_WHY_SUPPLY,          /* no figure of that kind left in supply */
  GK_WHY_NOT_PLACED_TILE, /* a figure goes only on the tile just placed */
  GK_WHY_KIND,            /* the figure cannot stand on that kind */
  GK_WHY_CORNER,          /* a corner figure, not at a corner it may take */
  GK_WHY_OCCUPIED,        /* blocked_by: the feature holds a blocking figure */
  GK_WHY_BLOCKED_ACROSS,  /* blocked_across: the system holds one */
  GK_WHY_NEEDS_OWN,       /* needs_own: none of the owner's figures there */
  GK_WHY_TARGET,          /* an action of this phase, not with these arguments */
  GK_WHY_VETOED,          /* the rules' scripts refused it (an allow hook) */
  GK_WHY_COUNT
} gk_why;

int gk_play_why(gk_play *play, const gk_move *move);
const char *gk_why_name(int why);

/* Ends the game when the current turn ends (final scoring follows); for
** rules with their own end, or a scenario that wants the final score. */
void gk_play_end_game(gk_play *play);

/* Built-in scoring of one feature, for hooks that score out of turn
** (a barn, a surveyor). *points (may be NULL) gets the points given to
** each leader, which a points hook may make negative; returns GK_OK or an
** error, never points, so a negative score is not taken for an error. */
int gk_play_score_feature(gk_play *play, int32_t root, gk_when when, int32_t *points);
/* Points a feature is worth under its formula, without hooks; 0 when out
** of memory (gk_play_error then says so). */
int32_t gk_play_formula_points(const gk_play *play, int32_t root, gk_when when);
/* Returns the figures on a feature to their owners (as after scoring). */
int gk_play_return_figures(gk_play *play, int32_t root, int at_end);
/* What the invariants remember from one move to the next: each player's
** score and the ledger's length. Zeroed at a game's start. */
typedef struct gk_invariant_memo {
  int32_t score[GK_MAX_PLAYERS];
  int n_ledger;
} gk_invariant_memo;
/* What must hold between two moves, from the figure declarations
** (needs_own, blocks, blocks_tile, the figure counts) and, with memo,
** that no score fell unless a ledger entry since the last check took
** points from that player (a penalty); memo is then updated. 0 when all
** hold, else 1 with what broke in msg (meeple sim --check-invariants;
** invariants.c). */
int gk_play_check_invariants(const gk_play *play, gk_invariant_memo *memo, char *msg,
                             size_t cap);

/* The random agent: uniformly random legal moves. Its choices come from
** a generator of its own (seeded from the game seed), so a game replayed
** from its moves draws the same tiles. */
void gk_play_seed_agent(gk_play *play, uint64_t seed);
/* The index of the move the random agent picks now, without playing it. */
int gk_play_random_index(gk_play *play);
int gk_play_random_move(gk_play *play);
int gk_play_random_game(gk_play *play);

/* }==================================================================== */

/* {====================================================================
** Hook filters
** ===================================================================== */

/* Hooks about rare tiles or rare features, called only for those, so
** that the common turn makes no call at all:
**   placed_tiles      GK_HOOK_TILE_PLACED only for a tile type passing it
**                     (gk_flow_tile_matches);
**   collect_filtered  bit per phase: its collectors are called only when
**                     a tile passing collect_tiles was placed in this
**                     part (never before one is placed);
**   points_attrs      GK_HOOK_FEATURE_POINTS only for features whose
**                     merged value of one of these attributes (bit per
**                     attribute) is not 0;
**   points_kinds      GK_HOOK_FEATURE_POINTS only for features of these
**                     kinds (bit per kind);
**   points_ties_kinds GK_HOOK_FEATURE_POINTS for a feature of these kinds
**                     only when two or more players lead it (bit per
**                     kind: every hook about the kind breaks ties);
**   placement_tiles,  GK_HOOK_ALLOW_PLACEMENTS only for a tile to place
**   placement_stacks  that passes placement_tiles (when it filters), or
**                     while the part draws from one of placement_stacks
**                     (bit per stack); both zero: for every tile. Other
**                     tiles' placements stay lazy and never reach Lua.
** Zero fields filter nothing. */
typedef struct gk_hook_filters {
  gk_tile_filter placed_tiles;
  uint64_t collect_filtered;
  gk_tile_filter collect_tiles;
  uint64_t points_attrs;
  uint64_t points_kinds;
  gk_tile_filter placement_tiles;
  uint64_t placement_stacks;
  uint64_t points_ties_kinds;
  uint32_t placed_figures; /* figure_placed: only for deploys of these
                           ** figure kinds (bit per kind) */
} gk_hook_filters;

/* Sets (NULL: clears) the filters of a play's hooks; clones and
** gk_play_copy_from keep them with the hooks. */
void gk_play_set_hook_filters(gk_play *play, const gk_hook_filters *filters);

/* }==================================================================== */

#ifdef __cplusplus
}
#endif

#endif
