/*
** gk_internal.h: layouts shared by the kernel's own files. Never included
** from outside engine/src.
**
** Helpers declared here are the kernel's own and carry the gki_ prefix,
** so that none is mistaken for public API (gk.h, gk_flow.h): gki_find,
** gki_unite, gki_mem, gki_board_place, ...
*/
#ifndef GK_INTERNAL_H
#define GK_INTERNAL_H

#include <assert.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

#include "gk.h"

#define GK_NO_SEGMENT 0xFF
/* A dense placement table bigger than this many bytes is not built (nor
** its twin of counts, as big); the listing then checks rotations
** directly. */
#define GK_ROTMASK_TABLE_MAX (4u << 20)
/* Blocks of the placement-count cache (gk_game.pick): at most 4 placements
** per cell, so a block's count fits a byte. */
#define GK_PICK_BLOCK 8
#define GK_PICK_BLOCKS 512

typedef struct gk_name {
  char s[GK_NAME_MAX + 1];
} gk_name;

typedef struct gk_tile_entry {
  gk_tile_def def;          /* def.id points at id below */
  char id[GK_NAME_MAX + 1];
} gk_tile_entry;

typedef struct gk_rootrec {
  int32_t open;      /* open ports */
  int32_t segments;
  int32_t tiles;     /* distinct tiles, or -1 when it must be recounted */
  int32_t fig_head;  /* first figure standing on the feature, or -1 */
  int32_t figures;
  int32_t closed_by; /* 1 when an inner segment's tile is surrounded */
} gk_rootrec;

/* What a fresh node of each segment of a tile type starts with. */
typedef struct gk_tile_template {
  int n_segments;
  uint8_t kind[GK_MAX_SEGMENTS];
  gk_rootrec root[GK_MAX_SEGMENTS]; /* a feature of the one segment */
  size_t attr_offset;              /* into template_attrs, n_attrs per segment */
  uint16_t adjacent[GK_MAX_SEGMENTS]; /* the definition's segment adjacency, kept
                                      ** here with the rest (walks of systems) */
} gk_tile_template;

struct gk_rules {
  gk_allocator alloc;
  char err[GK_ERR_MAX];
  bool frozen;

  int n_kinds;
  gk_name kind_name[GK_MAX_KINDS];
  uint8_t kind_completion[GK_MAX_KINDS];
  uint8_t kind_flags[GK_MAX_KINDS];
  uint64_t kind_match[GK_MAX_KINDS]; /* bit j: kind i may face kind j */
  uint64_t kind_join[GK_MAX_KINDS];  /* bit j: ... and unites with it */

  int n_attrs;
  gk_name attr_name[GK_MAX_ATTRS];
  uint8_t attr_op[GK_MAX_ATTRS];
  bool attrs_all_summed; /* by freeze: merges need no per-attribute choice */

  int n_tags;
  gk_name tag_name[GK_MAX_TAGS];

  int n_figure_kinds;
  gk_name figure_name[GK_MAX_FIGURE_KINDS];
  gk_figure_spec figure_spec[GK_MAX_FIGURE_KINDS];
  /* the kinds before each kind, summed: its figures' place in a game's
  ** table (gki_kind_range), set as kinds are added */
  gk_figure_spec figures_before[GK_MAX_FIGURE_KINDS];

  int n_stacks;
  gk_name stack_name[GK_MAX_STACKS];

  int n_counters;
  gk_name counter_name[GK_MAX_COUNTERS];

  int n_reasons, cap_reasons;
  gk_name *reason_name;

  int n_tiles, cap_tiles;
  gk_tile_entry *tiles;

  int n_regions;        /* rectangles no tile may enter */
  struct { int32_t x0, y0, x1, y1; } region[GK_MAX_REGIONS];

  /* Built by freeze. */
  uint8_t *port_seg;    /* [type][rot][12]: segment at board port, or 0xFF */
  uint8_t *side_runs;   /* [type][rot][4]: which ports of the side continue
                        ** the segment of the port before them, so that a
                        ** placement pairs each facing segment once. Bits
                        ** 0-1: ports 1 and 2 in the tile's own order; bits
                        ** 2-3: the same in the order a facing tile meets
                        ** them (reversed) */
  uint8_t *side_class;  /* [type][rot][4] */
  uint32_t *side_key;   /* [type][rot][4]: what the side adds to the key of
                        ** the empty cell it faces */
  uint8_t *unique_rot;  /* [type]: rotation mask, first of each symmetry */
  uint8_t *canon_rot;   /* [type][rot]: the listed rotation it equals */
  uint16_t *inner_mask; /* [type]: segments with no port */
  uint8_t *surround_mask_any; /* [type]: 1 if an inner segment closes when surrounded */
  int n_classes;
  uint8_t class_kinds[GK_MAX_CLASSES][3];
  uint64_t class_compat[GK_MAX_CLASSES]; /* bit b: side class a may face b */
  uint32_t key_base;    /* n_classes + 1 */
  uint32_t key_pow[4];  /* key_base^side */
  uint32_t n_keys;      /* key_base^4 */
  uint8_t *rotmask;     /* [type][key]: fitting rotations (bits 0-3) and
                        ** their count (bits 4-6), or NULL */
  uint8_t *rotcount;    /* [type][key]: rotmask's bits 4-6 alone (same
                        ** allocation, after it), NULL with it */
  uint8_t *key_enclosed; /* [key]: 1 if all four neighbours are tiles (a
                        ** hole); NULL with rotmask */
  gk_tile_template *templates;     /* [type] */
  int32_t *template_attrs;
  uint64_t fingerprint;
};

/* One cell of the board window. */
typedef struct gk_cellrec {
  int32_t tile;   /* placed tile index or -1 */
  int32_t fpos;   /* index in the frontier, -1 none, -2 blocked */
  uint32_t key;   /* facing side classes (+1) of the 4 neighbours */
} gk_cellrec;

/* The frontier keeps each cell's key beside its window position, so that
** listing legal placements reads one compact array front to back. */
typedef struct gk_frontier_entry {
  uint32_t key;
  int16_t cx, cy;      /* position inside the window */
} gk_frontier_entry;

typedef struct gk_tilerec {
  int32_t x, y;
  uint16_t type;
  uint8_t rot;
  uint8_t neighbours;
  int32_t first_node;
} gk_tilerec;

typedef struct gk_figrec {
  int8_t owner;      /* -1 neutral */
  uint8_t kind;
  uint8_t where;
  int32_t a, b;
  int32_t next;      /* next figure on the same feature, or -1 */
} gk_figrec;

typedef struct gk_stackrec {
  int n, cap;
  uint16_t *types;   /* top of the stack = types[n-1] */
} gk_stackrec;

/* A board mutation kept for serialization, in order. */
/* One entry of a game's journal (gk_journal.c): the words at `at` as
** they were before a write. */
enum { GKI_JOURNAL_WORDS = 6 };
typedef struct gki_jrec {
  int32_t *at;
  int32_t n;
  int32_t old[GKI_JOURNAL_WORDS];
} gki_jrec;

typedef struct gki_jlist {
  bool on, broken;     /* broken: a record was lost; rewind will not */
  int32_t n, cap;
  int32_t nodes_from;  /* nodes from here on are new since the start:
                       ** nothing to keep of them */
  gki_jrec *rec;
} gki_jlist;

typedef struct gk_boardop {
  uint8_t op;        /* 0 place, 1 fixed, 2 block, 3 attribute edit
                     ** (type = attribute, x = node, y = delta) */
  uint8_t rot;
  uint16_t type;
  int32_t x, y;
} gk_boardop;

struct gk_game {
  const gk_rules *rules;
  gk_allocator alloc;
  char err[GK_ERR_MAX];
  int n_players;
  int turn, player;
  uint64_t rng[4];
  uint64_t rng0[4];      /* where the generator started: a replay of the
                         ** log from a fresh game starts there too */

  /* Board window. */
  int32_t ox, oy;        /* coordinates of cell index 0 */
  int32_t w, h;
  gk_cellrec *cells;
  int32_t n_frontier, cap_frontier;
  gk_frontier_entry *frontier;
  int32_t n_holes;       /* frontier cells whose four neighbours are tiles */
  int n_tiles, cap_tiles;
  gk_tilerec *tiles;
  int n_boardops, cap_boardops;
  gk_boardop *boardops;
  /* The box of placed tiles and blocked cells (used_x0 > used_x1: none).
  ** Every cell more than one step outside it is as a new window makes it,
  ** so a copy between games of the same window copies only that box. */
  int32_t used_x0, used_y0, used_x1, used_y1;

  /* Feature graph. */
  int32_t n_nodes, cap_nodes;
  int32_t *parent;
  int32_t *next;         /* circular list of a feature's members */
  int32_t *node_tile;
  uint8_t *node_seg;
  uint8_t *node_kind;
  gk_rootrec *root;
  int32_t *attrs;        /* [node][n_attrs], meaningful at roots */
  uint32_t *stamp;       /* [tile] scratch for distinct-tile counting */
  uint32_t stamp_gen;
  /* What gk_count_placements found for the last tile type it counted,
  ** kept for the gk_placement_at that usually follows (a random agent's
  ** pick): the placements in each block of GK_PICK_BLOCK frontier cells.
  ** It describes the board it was counted on, which the counts of board
  ** changes and of frontier cells identify. */
  struct {
    int type_plus1; /* 0: nothing kept */
    int32_t n_boardops, n_frontier;
    uint8_t per_block[GK_PICK_BLOCKS];
  } pick;

  /* Figures. */
  int n_figures;
  /* Set whenever a figure leaves a feature (return, move), cleared by the
  ** rules layer once it has sent home the figures that depended on it
  ** (flow/depends.c); never set while a position waits for a move. */
  int32_t vacated;
  gk_figrec *figures;
  int16_t *supply;       /* [(player + 1) * n_figure_kinds + kind] */

  /* Stacks and discards. */
  gk_stackrec stacks[GK_MAX_STACKS];
  int discards;

  /* Scores. */
  int32_t score[GK_MAX_PLAYERS];
  int32_t counter[GK_MAX_PLAYERS][GK_MAX_COUNTERS];
  int n_ledger, cap_ledger;
  gk_ledger_entry *ledger;

  /* Log. */
  int n_log, cap_log;
  gk_event *log;
  /* The log's history, so that a copy refilled from the same source
  ** copies only the entries added since (a search refills one copy from
  ** its root thousands of times). Entries are only appended, but the
  ** last may change (the RNG counts its draws there); log_id changes
  ** whenever anything else may (new game, load, copy into). */
  uint64_t log_id;
  uint64_t log_from;     /* the log_id this log was copied from, or 0 */
  int log_from_n;        /* ... and how many entries it had then */

  /* Rules-layer bytes. */
  void *blob[GK_MAX_BLOBS];
  size_t blob_len[GK_MAX_BLOBS];
  uint32_t blob_stale;              /* slots whose newest bytes the host keeps */
  uint32_t blob_epoch;              /* guarded moves that kept the blobs */
  const gk_blob_host *blob_host;    /* who keeps them (NULL: nobody) */

  /* The journal (gk_journal.c): while on, every write to an existing
  ** entry of cells, root, next and attrs records the old words first, so
  ** that gki_game_rewind can put a copy back as it was. The game's own:
  ** a copy into it or a clone of it never takes another game's. */
  gki_jlist journal;
};

/* gk_blob_host.c: the blobs a host keeps (gk_blob_host) */
int gki_blob_sync(const gk_game *g);   /* fill the stale blobs now */
void gki_blob_release(gk_game *g);     /* drop the host's copy, detach */
int gki_blob_store(gk_game *g, int slot, const void *data, size_t len); /* copy in */

/* gk_journal.c: the journal of writes a rewind undoes (gk_game.journal) */
void gki_journal_save(gk_game *g, const void *at, int words);
/* Inlined for the fixed sizes of the records a move writes (a word, a
** cell, a root record), so that keeping one costs a few stores. */
static inline void gki_journal(gk_game *g, const void *at, int words) {
  if (__builtin_expect(!g->journal.on, 1)) return; /* on only in an agent's search */
  if (words > GKI_JOURNAL_WORDS || g->journal.n == g->journal.cap) {
    gki_journal_save(g, at, words);
    return;
  }
  gki_jrec *r = &g->journal.rec[g->journal.n++];
  r->at = (int32_t *)at;
  r->n = words;
  memcpy(r->old, at, sizeof(int32_t) * (size_t)words);
}
/* One record (a cell, a root record, a word) journaled whole. */
#define GKI_JOURNAL_REC(g, p) gki_journal((g), (p), (int)(sizeof *(p) / sizeof(int32_t)))
/* ... of a node's entry (arr[node]), unless the node is new. */
#define GKI_JOURNAL_NODE(g, arr, node) \
  do { \
    if (__builtin_expect((g)->journal.on, 0) && (node) < (g)->journal.nodes_from) \
      GKI_JOURNAL_REC((g), &(arr)[node]); \
  } while (0)
/* The same for a body compiled twice, journaled and plain, from one
** check of the journal's on flag (the placement path, gk_board.c): `j` is
** a constant the compiler folds, so the plain copy tests nothing at all.
** The journaled copy still tests on, which a failed record may clear. */
#define GKI_JOURNAL_REC_IF(j, g, p) \
  do { \
    if (j) GKI_JOURNAL_REC((g), (p)); \
  } while (0)
#define GKI_JOURNAL_NODE_IF(j, g, arr, node) \
  do { \
    if (j) GKI_JOURNAL_NODE((g), (arr), (node)); \
  } while (0)
void gki_journal_start(gk_game *g);   /* empty and on */
void gki_journal_stop(gk_game *g);    /* off (keeps its buffer) */
void gki_journal_free(gk_game *g);
void gki_journal_undo(gk_game *g);    /* every recorded write, newest first */
/* gk_game.c: dst made equal to src again, dst having been copied from src
** with its journal started then and src not changed since: true; false
** (dst untouched) when it cannot be done that way. */
bool gki_game_rewind(gk_game *dst, const gk_game *src);

/* gk_util.c */
void *gki_mem(const gk_allocator *a, void *p, size_t osize, size_t nsize);
void gki_rules_seterr(gk_rules *r, const char *fmt, ...);
void gki_game_seterr(const gk_game *g, const char *fmt, ...);
int gki_grow(const gk_allocator *a, void **p, int32_t *cap, int32_t need,
            size_t elem);
bool gki_name_ok(const char *name);

/* gk_rng.c */
uint64_t gki_rng_raw(gk_game *g);
uint32_t gki_rng_raw_below(gk_game *g, uint32_t n);
void gki_rng_seed(uint64_t s[4], uint64_t seed);

/* gk_log.c */
/* Room for n more events and the generator's (gki_log_grow when the
** buffer must grow: out of line, so the usual case is one compare at
** each of the many callers). */
int gki_log_grow(gk_game *g, int n);
static inline int gki_log_reserve(gk_game *g, int n) {
  if (__builtin_expect(g->n_log + n + 1 <= g->cap_log, 1)) return GK_OK;
  return gki_log_grow(g, n);
}
/* A log_id no game has had (process-wide; never 0). */
uint64_t gki_log_new_id(void);
static inline void gki_log_push(gk_game *g, int type, int32_t a, int32_t b,
                               int32_t c, int32_t d, int32_t e) {
  assert(g->n_log < g->cap_log);
  g->log[g->n_log++] = (gk_event){type, a, b, c, d, e};
}

/* gk_game_set_turn inline for the phase machine, which sets it twice a
** turn: the same checks, and the call only when one fails or the log
** must grow. */
static inline int gki_set_turn(gk_game *g, int turn, int player) {
  if (__builtin_expect(turn < 0 || player < 0 || player >= g->n_players ||
                           g->n_log + 2 > g->cap_log, 0))
    return gk_game_set_turn(g, turn, player);
  g->turn = turn;
  g->player = player;
  gki_log_push(g, GK_EV_TURN, turn, player, 0, 0, 0);
  return GK_OK;
}

/* gk_figures.c */
/* gk_game_new lays the figures out by kind, each kind's players' figures
** (player by player) then its neutral ones, and no record ever changes
** owner or kind: the figures of one kind, and of one owner and kind, are
** consecutive ids. gki_kind_range gives all of a kind's figures: their
** count, the first id in *first. Unchecked; gk_figure_range is the
** checked form of gki_figure_range. */
static inline int gki_kind_range(const gk_game *g, int kind, int32_t *first) {
  const gk_figure_spec *before = &g->rules->figures_before[kind];
  const gk_figure_spec *spec = &g->rules->figure_spec[kind];
  *first = before->per_player * g->n_players + before->neutral;
  return spec->per_player * g->n_players + spec->neutral;
}
/* ... and those of one owner (-1: neutral) of that kind. */
static inline int gki_figure_range(const gk_game *g, int owner, int kind, int32_t *first) {
  int per = g->rules->figure_spec[kind].per_player;
  int n = gki_kind_range(g, kind, first);
  *first += owner >= 0 ? owner * per : g->n_players * per;
  return owner >= 0 ? per : n - g->n_players * per;
}

/* gk_features.c */
/* Path halving. Compression changes no answer, only speed, so read-only
** queries may do it too. */
static inline int32_t gki_find(const gk_game *cg, int32_t n) {
  int32_t *parent = ((gk_game *)cg)->parent;
  while (parent[n] != n) {
    parent[n] = parent[parent[n]];
    n = parent[n];
  }
  return n;
}
/* gki_unite: gk_unite.h */
int gki_count_tiles(const gk_game *g, int32_t root);
/* The distinct roots adjacent to root's segments on their tiles (as
** gk_feature_adjacent) in no promised order: the count, the first cap of
** them in out; GK_ENOMEM. For callers that fold over the set. */
int gki_adjacent_roots(const gk_game *g, int32_t root, int32_t *out, int cap);
static inline bool gki_root_closed(const gk_game *g, int32_t root) {
  switch (g->rules->kind_completion[g->node_kind[root]]) {
    case GK_CLOSE_PORTS: return g->root[root].open == 0;
    case GK_CLOSE_SURROUNDED: return g->root[root].closed_by != 0;
    default: return false;
  }
}

/* gk_board.c */
static inline int32_t gki_cell_index(const gk_game *g, int32_t x, int32_t y) {
  int64_t cx = (int64_t)x - g->ox, cy = (int64_t)y - g->oy;
  if (cx < 0 || cy < 0 || cx >= g->w || cy >= g->h) return -1;
  return (int32_t)(cx + cy * g->w);
}
/* Widens the used box (gk_game.used_x0) to take in cell x, y. */
static inline void gki_note_used(gk_game *g, int32_t x, int32_t y) {
  if (x < g->used_x0) g->used_x0 = x;
  if (x > g->used_x1) g->used_x1 = x;
  if (y < g->used_y0) g->used_y0 = y;
  if (y > g->used_y1) g->used_y1 = y;
}
int gki_board_reserve(gk_game *g, int32_t x, int32_t y, int extra_nodes);
int gki_board_place(gk_game *g, int type, int32_t x, int32_t y, int rot,
                   bool fixed, gk_place_report *report);
int gki_board_block(gk_game *g, int32_t x, int32_t y);
bool gki_in_blocked_region(const gk_rules *r, int32_t x, int32_t y);

static inline bool gki_valid_player(const gk_game *g, int p) {
  return p >= 0 && p < g->n_players;
}

static inline const uint8_t *gki_port_seg(const gk_rules *r, int type,
                                         int rot) {
  return r->port_seg + ((size_t)type * 4 + (size_t)rot) * GK_PORT_COUNT;
}

#endif
