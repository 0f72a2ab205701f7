/*
** gk.h: the game kernel of meeple.
**
** The kernel knows no game. Every kind of segment, figure, attribute and
** tag is registered by name by whoever builds the rules (a Lua script, a
** test fixture); the kernel only stores ids and names. It never includes
** a Lua header.
**
** Two objects:
**   gk_rules  definitions: kinds, matching, attributes, figure kinds, tile
**             types, stacks, score reasons. Built once, then frozen and
**             shared read-only by any number of games.
**   gk_game   one game's state: board, feature graph, figures, stacks, RNG,
**             scores, ledger, event log. Cloned, serialized, replayed.
**
** Errors: functions returning int return a value >= 0 on success and a
** negative gk_status on failure; the message is then readable with
** gk_rules_error() / gk_game_error(). A failing call leaves its object
** exactly as it was. Nothing in the kernel aborts the process.
*/
#ifndef GK_H
#define GK_H

#include <stddef.h>
#include <stdint.h>

#include "gk_limits.h"
#include "meeple_version.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GK_VERSION_STRING MEEPLE_VERSION_STRING

/* {====================================================================
** Status codes, limits, geometry
** ===================================================================== */

typedef enum gk_status {
  GK_OK = 0,
  GK_EINVAL = -1,    /* bad argument (out of range id, NULL, ...) */
  GK_ENOMEM = -2,    /* allocation failed; nothing was changed */
  GK_EILLEGAL = -3,  /* a well-formed action that the position forbids */
  GK_ESTATE = -4,    /* wrong life-cycle stage (e.g. rules not frozen) */
  GK_EEMPTY = -5,    /* empty stack or supply */
  GK_EFORMAT = -6    /* malformed serialized data or definition */
} gk_status;

/* The limits (GK_MAX_...) are in gk_limits.h. */

/*
** Ports. Each side has three ports, listed clockwise around the tile:
** the half-side before the centre, the centre, the half-side after it.
** A side's centre carries linear features (a road, a river); the half
** sides carry what lies either side of it (fields). A feature covering a
** whole side covers all three. Rotating a tile 90 degrees clockwise maps
** port p to (p + 3) mod 12.
*/
typedef enum gk_port {
  GK_NNW, GK_N, GK_NNE,
  GK_ENE, GK_E, GK_ESE,
  GK_SSE, GK_S, GK_SSW,
  GK_WSW, GK_W, GK_WNW,
  GK_PORT_COUNT
} gk_port;

/* Sides, clockwise. y grows to the south: the north neighbour of (x,y)
** is (x, y-1). */
typedef enum gk_side { GK_SIDE_N, GK_SIDE_E, GK_SIDE_S, GK_SIDE_W } gk_side;

#define GK_SIDE_PORTS(s) (0x7u << (3 * (s)))

/* Port name ("NNE") or NULL; port id from a name, or -1. */
const char *gk_port_name(int port);
int gk_port_from_name(const char *name);
/* The port on the neighbouring tile that faces port p across its side. */
int gk_port_opposite(int port);

/* }==================================================================== */

/* {====================================================================
** Memory
** ===================================================================== */

/*
** One function does all memory work, as lua_Alloc does: nsize == 0 frees
** and returns NULL; otherwise it (re)allocates and returns NULL on
** failure, leaving ptr untouched. NULL allocator = the C library.
*/
typedef void *(*gk_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

typedef struct gk_allocator {
  gk_alloc_fn fn;
  void *ud;
} gk_allocator;

/* }==================================================================== */

/* {====================================================================
** Rules: the definitions a game is played with
** ===================================================================== */

typedef struct gk_rules gk_rules;

/* How a feature of a kind is completed. */
typedef enum gk_completion {
  GK_CLOSE_PORTS = 0,     /* when no port of the feature is open */
  GK_CLOSE_SURROUNDED = 1,/* inner segment: when all 8 neighbours are placed */
  GK_CLOSE_NEVER = 2      /* never closes during play */
} gk_completion;

typedef enum gk_kind_flags {
  /* A wildcard side matches any side, joins nothing, and closes the ports
  ** it touches on both tiles. */
  GK_KIND_WILDCARD = 1u << 0
} gk_kind_flags;

typedef enum gk_merge_op {
  GK_MERGE_SUM = 0, GK_MERGE_MAX = 1, GK_MERGE_MIN = 2,
  GK_MERGE_ANY = 3, /* logical or: 1 if any is non-zero */
  GK_MERGE_ALL = 4  /* logical and: 1 if all are non-zero */
} gk_merge_op;

/* Flags for gk_rules_set_match. */
enum {
  GK_MATCH = 1u << 0, /* the two kinds may face each other across a side */
  GK_JOIN = 1u << 1   /* ... and when they do, their features unite */
};

typedef struct gk_segment_attr {
  int attr;      /* attribute id */
  int32_t value;
} gk_segment_attr;

typedef struct gk_segment_def {
  int kind;            /* kind id */
  uint16_t ports;      /* bit p set = covers port p; 0 = inner segment */
  uint16_t adjacent;   /* bit i set = touches segment i of the same tile */
  int n_attrs;
  gk_segment_attr attrs[GK_MAX_SEG_ATTRS];
} gk_segment_def;

/* Flags of a tile type (gk_tile_def.flags). */
enum {
  /* Every rotation is a placement of its own, even those that look the
  ** same: for a tile whose picture points somewhere (an arrow, a
  ** signpost) that the rules read, so which way it lies matters. */
  GK_TILE_ORIENTED = 1u << 0
};

typedef struct gk_tile_def {
  const char *id;      /* unique within the rules, e.g. "D" or "tb/A" */
  int n_segments;
  gk_segment_def segments[GK_MAX_SEGMENTS];
  uint64_t tags;       /* bit t = tag id t */
  unsigned flags;      /* GK_TILE_* bits; 0 for most tiles */
} gk_tile_def;

typedef struct gk_figure_spec {
  int per_player;      /* copies each player gets */
  int neutral;         /* copies owned by no player */
} gk_figure_spec;

gk_rules *gk_rules_new(const gk_allocator *alloc);
void gk_rules_free(gk_rules *rules);
/* Message of the last failed call on these rules ("" if none). */
const char *gk_rules_error(const gk_rules *rules);

/*
** Registration. Each returns the new id (>= 0) or a negative status.
** Registering an existing name returns GK_EINVAL. Same-kind sides always
** match and join; cross-kind pairs come from gk_rules_set_match.
*/
int gk_rules_add_kind(gk_rules *rules, const char *name,
                      gk_completion completion, unsigned flags);
int gk_rules_set_match(gk_rules *rules, int kind_a, int kind_b,
                       unsigned flags);
int gk_rules_add_attr(gk_rules *rules, const char *name, gk_merge_op op);
int gk_rules_add_tag(gk_rules *rules, const char *name);
int gk_rules_add_figure_kind(gk_rules *rules, const char *name,
                             const gk_figure_spec *spec);
int gk_rules_add_stack(gk_rules *rules, const char *name);
int gk_rules_add_reason(gk_rules *rules, const char *name);
/* A per-player counter: a named integer each player holds (goods tokens,
** fish caught), kept, logged and saved with the game. */
int gk_rules_add_counter(gk_rules *rules, const char *name);
/* Validates the definition; the message names the tile and the port or
** segment at fault. Adjacency is made symmetric. */
int gk_rules_add_tile(gk_rules *rules, const gk_tile_def *def);
/* A rectangle of cells that never take a tile in any game of these rules
** (the sea beside a start board, the space past a board's edge): cells
** with x0 <= x <= x1 and y0 <= y <= y1. GK_UNBOUNDED_MIN and _MAX leave a
** side open, so a half-plane costs one rectangle however far the game
** reaches. Returns the region's index. Unlike gk_block_cell it costs no
** board memory and no setup per game. */
#define GK_UNBOUNDED_MIN INT32_MIN
#define GK_UNBOUNDED_MAX INT32_MAX
int gk_rules_block_region(gk_rules *rules, int32_t x0, int32_t y0, int32_t x1, int32_t y1);
int gk_rules_region_count(const gk_rules *rules);

/* Lookups by name: id or -1. */
int gk_rules_find_kind(const gk_rules *rules, const char *name);
int gk_rules_find_attr(const gk_rules *rules, const char *name);
int gk_rules_find_tag(const gk_rules *rules, const char *name);
int gk_rules_find_figure_kind(const gk_rules *rules, const char *name);
int gk_rules_find_stack(const gk_rules *rules, const char *name);
int gk_rules_find_reason(const gk_rules *rules, const char *name);
int gk_rules_find_counter(const gk_rules *rules, const char *name);
int gk_rules_find_tile(const gk_rules *rules, const char *id);

/* Counts and names (NULL for a bad id). */
int gk_rules_kind_count(const gk_rules *rules);
int gk_rules_attr_count(const gk_rules *rules);
int gk_rules_tag_count(const gk_rules *rules);
int gk_rules_figure_kind_count(const gk_rules *rules);
int gk_rules_stack_count(const gk_rules *rules);
int gk_rules_reason_count(const gk_rules *rules);
int gk_rules_tile_count(const gk_rules *rules);
const char *gk_rules_kind_name(const gk_rules *rules, int kind);
const char *gk_rules_attr_name(const gk_rules *rules, int attr);
const char *gk_rules_tag_name(const gk_rules *rules, int tag);
const char *gk_rules_figure_kind_name(const gk_rules *rules, int kind);
const char *gk_rules_stack_name(const gk_rules *rules, int stack);
const char *gk_rules_reason_name(const gk_rules *rules, int reason);
int gk_rules_kind_completion(const gk_rules *rules, int kind);
int gk_rules_attr_op(const gk_rules *rules, int attr);
int gk_rules_figure_spec(const gk_rules *rules, int kind,
                         gk_figure_spec *out);
/* The stored (validated, symmetric) definition of a tile type. */
const gk_tile_def *gk_rules_tile(const gk_rules *rules, int type);

/* Do the two kinds match / join across a side? 1, 0, or negative. */
int gk_rules_kinds_match(const gk_rules *rules, int kind_a, int kind_b);
int gk_rules_kinds_join(const gk_rules *rules, int kind_a, int kind_b);

/*
** Freeze: precompute rotations, side classes and the placement tables.
** After this the rules are read-only (further registration gives
** GK_ESTATE) and games can be created. Idempotent.
*/
int gk_rules_freeze(gk_rules *rules);
int gk_rules_frozen(const gk_rules *rules);
/* Bit r set = rotation r (quarter turns clockwise) is the first of its
** symmetry class; placements are listed for these rotations only. All
** four (0xF) for a GK_TILE_ORIENTED tile. */
unsigned gk_rules_unique_rotations(const gk_rules *rules, int type);
/* Segment index of the type covering port p (board orientation) when the
** tile is turned by rot, or -1. */
int gk_rules_segment_at_port(const gk_rules *rules, int type, int rot,
                             int port);
/* A fingerprint of every definition, to check that a saved game is
** loaded against the same rules. */
uint64_t gk_rules_fingerprint(const gk_rules *rules);

/* }==================================================================== */

/* {====================================================================
** Game state
** ===================================================================== */

typedef struct gk_game gk_game;

/* Creates a game for frozen rules. Supplies start full; stacks empty. */
gk_game *gk_game_new(const gk_rules *rules, int n_players, uint64_t seed);
/* A new game as this one began: same rules, players and starting RNG,
** nothing played. Replaying the game's log into it rebuilds the game. */
gk_game *gk_game_new_like(const gk_game *game);
/* A fully independent copy (same allocator). NULL on failure. */
gk_game *gk_game_clone(const gk_game *game);
void gk_game_free(gk_game *game);
/* Makes dst a copy of src (same rules), reusing dst's memory where the
** sizes allow: a cheap checkpoint to return to. On failure (GK_ENOMEM)
** dst may be any valid state of the two; don't rely on it. */
int gk_game_copy(gk_game *dst, const gk_game *src);
const char *gk_game_error(const gk_game *game);
const gk_rules *gk_game_rules(const gk_game *game);
int gk_game_players(const gk_game *game);
/* Bytes owned by this state (what a clone allocates). */
size_t gk_game_size(const gk_game *game);

/* The turn counter and the player whose turn it is; the rules layer moves
** them, the kernel stamps them on ledger and log entries. */
int gk_game_set_turn(gk_game *game, int turn, int player);
int gk_game_turn(const gk_game *game);
int gk_game_player(const gk_game *game);

/* {--------------------------------------------------------------------
** RNG: xoshiro256** seeded through splitmix64; state lives in the game.
** --------------------------------------------------------------------- */
uint64_t gk_rng_next(gk_game *game);
/* Uniform in [0, n); n >= 1. */
uint32_t gk_rng_below(gk_game *game, uint32_t n);
void gk_rng_get_state(const gk_game *game, uint64_t out[4]);
/* Puts the generator where gk_game_new(.., seed) starts it: a prepared
** position cloned and reseeded then plays exactly like a fresh game. */
void gk_rng_reseed(gk_game *game, uint64_t seed);
void gk_rng_set_state(gk_game *game, const uint64_t in[4]);

/* {--------------------------------------------------------------------
** Tile stacks
** --------------------------------------------------------------------- */
typedef enum gk_put_where { GK_PUT_TOP, GK_PUT_BOTTOM, GK_PUT_RANDOM } gk_put_where;

int gk_stack_add(gk_game *game, int stack, int type, int count);
int gk_stack_shuffle(gk_game *game, int stack);
int gk_stack_size(const gk_game *game, int stack);
/* Count of one type still in the stack. */
int gk_stack_count(const gk_game *game, int stack, int type);
/* Type of the i-th tile from the top (0 = next draw), or negative. */
int gk_stack_peek(const gk_game *game, int stack, int i);
/* Draws the top tile: its type, or GK_EEMPTY. */
int gk_stack_draw(gk_game *game, int stack);
/* Takes one tile of a given type out of the stack wherever it is. */
int gk_stack_take(gk_game *game, int stack, int type);
int gk_stack_put_back(gk_game *game, int stack, int type, gk_put_where where);
/* Forces the next draws: moves one tile of each listed type, in order,
** to the top of the stack. Fails (changing nothing) if a type is missing. */
int gk_stack_force(gk_game *game, int stack, const int *types, int n);
/* Records that a drawn tile left the game unplayed (e.g. unplaceable). */
int gk_discard(gk_game *game, int type);
int gk_discard_count(const gk_game *game);
/* Draws until a tile has a legal placement, discarding the others (on an
** empty board nothing is placeable: place the start tile first).
** Returns the type, or GK_EEMPTY when the stack runs out. */
int gk_stack_draw_placeable(gk_game *game, int stack);

/* {--------------------------------------------------------------------
** Board
** --------------------------------------------------------------------- */
typedef struct gk_cell { int32_t x, y; } gk_cell;

typedef struct gk_placement {
  int32_t x, y;
  int32_t rot;   /* quarter turns clockwise, 0..3 */
} gk_placement;

typedef struct gk_placed_tile {
  int type;
  int32_t x, y;
  int rot;
  int neighbours;  /* of the 8 surrounding cells, how many hold tiles */
  int first_node;  /* feature-graph node of segment 0 */
  int n_segments;
} gk_placed_tile;

/* Feature flags reported for each feature the new tile belongs to. */
enum {
  GK_FEAT_EXTENDED = 1u << 0, /* it already existed and grew */
  GK_FEAT_MERGED = 1u << 1,   /* it joined two or more earlier features */
  GK_FEAT_CLOSED = 1u << 2    /* it became complete with this tile */
};

enum { GK_REPORT_MAX = 16 + 9 * GK_MAX_SEGMENTS };

typedef struct gk_place_report {
  int tile;                          /* index of the placed tile */
  int n_features;                    /* distinct features of the new tile */
  uint8_t feature_of[GK_MAX_SEGMENTS]; /* each segment's index in feature[] */
  int32_t feature[GK_MAX_SEGMENTS];  /* their roots */
  unsigned flags[GK_MAX_SEGMENTS];   /* GK_FEAT_* for each */
  int n_merges;                      /* unions of separate earlier features */
  int n_closed;                      /* every feature closed by this tile, */
  int32_t closed[GK_REPORT_MAX];     /* including surrounded neighbours */
} gk_place_report;

/* Tile at a cell: placed-tile index, or -1. */
int gk_tile_at(const gk_game *game, int32_t x, int32_t y);
int gk_tile_count(const gk_game *game);
int gk_tile_info(const gk_game *game, int tile, gk_placed_tile *out);

/* Would (type, x, y, rot) be legal? 1 or 0 (negative on bad args). */
int gk_can_place(const gk_game *game, int type, int32_t x, int32_t y,
                 int rot);
/*
** Every legal (cell, rotation) for a tile type, symmetric rotations once
** (all four for a GK_TILE_ORIENTED tile).
** Writes at most cap entries and returns the total count, so a call with
** cap 0 sizes the buffer. Order: frontier order, then rotation.
*/
int gk_legal_placements(const gk_game *game, int type, gk_placement *out,
                        int cap);
/* How many placements gk_legal_placements would list, and the i-th of
** them (same order), without writing the list: a random choice needs
** only these. */
int gk_count_placements(const gk_game *game, int type);
int gk_placement_at(const gk_game *game, int type, int i, gk_placement *out);
/* Both at once for a random choice: returns the count n and, when n > 0,
** writes the placement with index floor(r * n / 2^32). */
int gk_pick_placement(const gk_game *game, int type, uint32_t r, gk_placement *out);
/* Does the type fit anywhere? 1 or 0. Cheaper than listing. */
int gk_has_placement(const gk_game *game, int type);

/* Places a tile legally; report may be NULL. */
int gk_place_tile(gk_game *game, int type, int32_t x, int32_t y, int rot,
                  gk_place_report *report);
/* Places without the legality check (start tile, a start board). The
** cell must be empty; touching sides are still joined where they join. */
int gk_place_fixed(gk_game *game, int type, int32_t x, int32_t y, int rot,
                   gk_place_report *report);
/* A blocked cell never takes a tile and never joins the frontier.
** gk_cell_blocked also reports cells inside the rules' blocked regions. */
int gk_block_cell(gk_game *game, int32_t x, int32_t y);
int gk_cell_blocked(const gk_game *game, int32_t x, int32_t y);

/* Neighbour cells that hold tiles: 4 (N,E,S,W) or 8 (N,NE,E,..,NW).
** out[i] = placed-tile index or -1; returns how many are present. */
int gk_neighbours4(const gk_game *game, int32_t x, int32_t y, int out[4]);
int gk_neighbours8(const gk_game *game, int32_t x, int32_t y, int out[8]);

/* Empty cells touching at least one tile (the frontier), and holes: empty
** cells whose 4 neighbours all hold tiles. Same counting as above. */
int gk_frontier(const gk_game *game, gk_cell *out, int cap);
int gk_holes(const gk_game *game, gk_cell *out, int cap);

/*
** Corners. Corner (x, y) is the vertex at the north-west of cell (x, y),
** shared with cells (x-1,y-1), (x,y-1), (x-1,y). For each of those four
** cells, in order NW, NE, SW, SE of the vertex, out gets the two nodes
** covering the ports that meet at the vertex (-1 when the cell is
** empty). Returns the number of those cells that hold tiles.
*/
int gk_corner_nodes(const gk_game *game, int32_t x, int32_t y, int32_t out[8]);

/* {--------------------------------------------------------------------
** Feature graph. A node is one segment of one placed tile; a feature is
** identified by its root node, which changes when features merge, so ask
** gk_feature_root again after each placement.
** --------------------------------------------------------------------- */
typedef struct gk_feature_info {
  int32_t root;
  int kind;
  int open_ports;     /* 0 for a feature closed by its ports */
  int closed;         /* complete under its kind's completion rule */
  int segments;
  int tiles;          /* distinct tiles: a tile crossed twice counts once */
  int figures;        /* figures standing on it */
} gk_feature_info;

int gk_node_count(const gk_game *game);
int32_t gk_node(const gk_game *game, int tile, int segment);
/* Node covering a port (board orientation) of the tile at a cell, or -1. */
int32_t gk_node_at_port(const gk_game *game, int32_t x, int32_t y, int port);
/* The placed tile and segment index of a node. */
int gk_node_tile(const gk_game *game, int32_t node);
int gk_node_segment(const gk_game *game, int32_t node);
int gk_node_kind(const gk_game *game, int32_t node);

int32_t gk_feature_root(const gk_game *game, int32_t node);
int gk_feature_get(const gk_game *game, int32_t node, gk_feature_info *out);
int gk_feature_tiles(const gk_game *game, int32_t node);
/* Complete under its kind's rule? 1 or 0. Cheaper than gk_feature_get. */
int gk_feature_closed(const gk_game *game, int32_t node);
int gk_feature_kind(const gk_game *game, int32_t node);
/* Merged attribute value (its merge op over every segment). */
int32_t gk_feature_attr(const gk_game *game, int32_t node, int attr);
/* Member nodes, in a stable order. Same counting as gk_frontier. */
int gk_feature_nodes(const gk_game *game, int32_t node, int32_t *out, int cap);
/* Roots of the features touching this one through segment adjacency,
** sorted and distinct. */
int gk_feature_adjacent(const gk_game *game, int32_t node, int32_t *out,
                        int cap);
/* Every feature root on the board, ascending. */
int gk_features(const gk_game *game, int32_t *out, int cap);
/* A segment's own value of an attribute: the tile's printed value plus
** every gk_node_add_attr on that node. */
int32_t gk_node_attr(const gk_game *game, int32_t node, int attr);
/* Adds delta to a segment's own value of a summed attribute (merge
** "sum"), and so to its feature's: animals covered, tokens laid on a
** segment. Logged (GK_EV_ATTR), replayed, copied and saved with the
** board. GK_EINVAL on a bad node, an attribute that is not summed, or a
** value that would leave the int32 range; the game is then unchanged. */
int gk_node_add_attr(gk_game *game, int32_t node, int attr, int32_t delta);

/* {--------------------------------------------------------------------
** Figures
** --------------------------------------------------------------------- */
typedef enum gk_where {
  GK_AT_SUPPLY = 0,
  GK_AT_NODE = 1,    /* a = node */
  GK_AT_CORNER = 2,  /* a, b = corner x, y */
  GK_AT_TILE = 3,    /* a = placed tile */
  GK_AT_CELL = 4,    /* a, b = x, y: any cell, placed or not */
  GK_AT_OUT = 5      /* out of the game */
} gk_where;

typedef struct gk_location {
  int where;  /* gk_where */
  int32_t a, b;
} gk_location;

typedef struct gk_figure_info {
  int kind;
  int owner;        /* player, or -1 for neutral */
  gk_location at;
} gk_figure_info;

int gk_figure_count(const gk_game *game);
int gk_figure_get(const gk_game *game, int figure, gk_figure_info *out);
/* The figures of a player (or -1 = neutral) and kind are consecutive ids,
** fixed for the whole game: their count, the first id in *first. Lets a
** caller visit one owner's figures of a kind without a scan of all. */
int gk_figure_range(const gk_game *game, int player, int kind, int *first);
/* Figures of a player (or -1 = neutral) and kind still in supply. */
int gk_supply(const gk_game *game, int player, int kind);
/* Takes a figure of that kind from the owner's supply and puts it at loc.
** Returns the figure id, GK_EEMPTY, or an error. Occupancy rules belong
** to the rules layer. */
int gk_figure_deploy(gk_game *game, int player, int kind, gk_location loc);
int gk_figure_move(gk_game *game, int figure, gk_location loc);
int gk_figure_return(gk_game *game, int figure);
/* Figures on a feature (any node of it), ascending ids. */
int gk_feature_figures(const gk_game *game, int32_t node, int *out, int cap);
/* Figures at a corner, a tile or a cell (exact location match). */
int gk_figures_at(const gk_game *game, gk_location loc, int *out, int cap);

/*
** Majority on a feature. Each figure's strength is strength_by_kind[kind]
** unless strength_by_figure is non-NULL and holds a value >= 0 for it.
** Writes the mask of players with the greatest total strength, if that
** total is > 0, and returns that total (0 = nobody leads).
*/
int gk_majority(const gk_game *game, int32_t node,
                const int32_t *strength_by_kind,
                const int32_t *strength_by_figure, uint32_t *leaders);

/* {--------------------------------------------------------------------
** Scores and the ledger
** --------------------------------------------------------------------- */
typedef struct gk_ledger_entry {
  int player;
  int32_t points;
  int reason;       /* reason id */
  int32_t feature;  /* root at scoring time, or -1 */
  int kind;         /* the feature's kind, or -1 */
  int turn;
} gk_ledger_entry;

int gk_score(gk_game *game, int player, int32_t points, int reason,
             int32_t feature);
int32_t gk_player_score(const gk_game *game, int player);

/* Per-player counters. */
int gk_counter_add(gk_game *game, int player, int counter, int32_t delta);
int32_t gk_counter_get(const gk_game *game, int player, int counter);
int gk_ledger_count(const gk_game *game);
int gk_ledger_get(const gk_game *game, int i, gk_ledger_entry *out);

/* {--------------------------------------------------------------------
** Event log: every accepted action, in order, enough to replay the game.
** --------------------------------------------------------------------- */
typedef enum gk_event_type {
  GK_EV_PLACE = 1,      /* a=type b=x c=y d=rot */
  GK_EV_PLACE_FIXED,    /* as above */
  GK_EV_BLOCK,          /* b=x c=y */
  GK_EV_STACK_ADD,      /* a=stack b=type c=count */
  GK_EV_SHUFFLE,        /* a=stack */
  GK_EV_DRAW,           /* a=stack b=type */
  GK_EV_TAKE,           /* a=stack b=type */
  GK_EV_PUT_BACK,       /* a=stack b=type c=where d=position used */
  GK_EV_FORCE,          /* a=stack b=type c=index d=count: one per forced type */
  GK_EV_DISCARD,        /* a=type */
  GK_EV_DEPLOY,         /* a=player b=kind c=where d=loc.a e=loc.b */
  GK_EV_MOVE,           /* a=figure c=where d=loc.a e=loc.b */
  GK_EV_RETURN,         /* a=figure */
  GK_EV_SCORE,          /* a=player b=points c=reason d=feature */
  GK_EV_TURN,           /* a=turn b=player */
  GK_EV_BLOB,           /* a=slot b=length (contents are not logged) */
  GK_EV_RNG,            /* a=count of raw draws by the rules layer */
  GK_EV_COUNTER,        /* a=player b=counter c=delta */
  GK_EV_ATTR            /* a=node b=attribute c=delta */
} gk_event_type;

typedef struct gk_event {
  int type;
  int32_t a, b, c, d, e;
} gk_event;

int gk_log_count(const gk_game *game);
int gk_log_event(const gk_game *game, int i, gk_event *out);
/* Applies logged events to a game (normally a fresh one with the same
** rules, players and seed), checking each draw against the log. Returns n,
** or the negative status of the first event that failed; the message
** names that event, and the game holds every event before it. */
int gk_replay(gk_game *game, const gk_event *events, int n);

/* {--------------------------------------------------------------------
** Blobs: opaque bytes that ride in the state (clone, serialize), for the
** rules layer's own per-game data, such as an expansion's table.
** --------------------------------------------------------------------- */
int gk_blob_set(gk_game *game, int slot, const void *data, size_t len);
/* Pointer to the bytes (valid until the next change), length in *len. */
const void *gk_blob_get(const gk_game *game, int slot, size_t *len);

/* A host that keeps a blob's newest contents itself (the rules layer's
** live state tables) and writes the bytes only when someone needs them.
** It marks the blob stale after changing what it keeps; the kernel calls
** fill before anything reads the bytes (gk_blob_get, serialize, clone,
** copy), drop when the game is freed or overwritten (forget it), and
** restore when a failed move was undone (bytes and stale marks are back
** to what they were before the move's first hook: undo your own changes
** made since the epoch began). */
typedef struct gk_blob_host {
  int (*fill)(void *ud, gk_game *game);  /* gk_blob_fill each stale slot; <0 fails */
  void (*drop)(void *ud, gk_game *game);
  void (*restore)(void *ud, gk_game *game);
  void *ud;
} gk_blob_host;
/* The host of the game's stale blobs (kept by pointer; NULL detaches
** without dropping). */
void gk_blob_attach(gk_game *game, const gk_blob_host *host);
void gk_blob_mark_stale(gk_game *game, int slot);
int gk_blob_is_stale(const gk_game *game, int slot);
/* The host's write: like gk_blob_set, but not logged, and the slot is
** fresh again. */
int gk_blob_fill(gk_game *game, int slot, const void *data, size_t len);
/* Bumped each time a move that may roll back keeps the blobs (before its
** first hook): a host's undo log starts anew when it changes. */
uint32_t gk_blob_epoch(const gk_game *game);
/* Why a host's fill failed: the game's error message (gk_game_error). */
void gk_blob_fail(gk_game *game, const char *why);

/* {--------------------------------------------------------------------
** Serialization: a stable, versioned, little-endian byte format.
** --------------------------------------------------------------------- */
#define GK_SERIAL_VERSION 3
/* Writes up to cap bytes; returns the full size (call with cap 0 to size). */
long gk_game_serialize(const gk_game *game, void *buf, size_t cap);
/* Rebuilds a game; rules must be the ones it was saved with. On failure
** returns NULL and, if err is non-NULL, copies a message (up to errcap). */
gk_game *gk_game_deserialize(const gk_rules *rules, const void *buf,
                             size_t len, char *err, size_t errcap);

/* }==================================================================== */

#ifdef __cplusplus
}
#endif

#endif
