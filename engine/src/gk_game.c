/*
** gk_game.c: creating, copying and freeing game states; turn, blobs.
*/
#include <stddef.h>

#include "gk_internal.h"

/* Every array a game owns, with its element size and capacity field, so
** that free, clone and size walk one list. */
typedef struct array_ref {
  void **ptr;
  int32_t *cap;
  size_t elem;
} array_ref;

enum { N_ARRAYS = 14 };

static int32_t cells_cap(gk_game *g) { return g->w * g->h; }

static void list_arrays(gk_game *g, array_ref out[N_ARRAYS],
                        int32_t *cell_cap, int32_t *stamp_cap,
                        int32_t *attr_cap, int32_t *fig_cap,
                        int32_t *supply_cap) {
  int nfk = g->rules->n_figure_kinds;
  *cell_cap = cells_cap(g);
  *stamp_cap = g->cap_tiles;
  *attr_cap = g->cap_nodes * g->rules->n_attrs;
  *fig_cap = g->n_figures;
  *supply_cap = (g->n_players + 1) * nfk;
  int i = 0;
  out[i++] = (array_ref){(void **)&g->cells, cell_cap, sizeof(gk_cellrec)};
  out[i++] = (array_ref){(void **)&g->frontier, &g->cap_frontier, sizeof(gk_frontier_entry)};
  out[i++] = (array_ref){(void **)&g->tiles, &g->cap_tiles, sizeof(gk_tilerec)};
  out[i++] = (array_ref){(void **)&g->boardops, &g->cap_boardops, sizeof(gk_boardop)};
  out[i++] = (array_ref){(void **)&g->parent, &g->cap_nodes, sizeof(int32_t)};
  out[i++] = (array_ref){(void **)&g->next, &g->cap_nodes, sizeof(int32_t)};
  out[i++] = (array_ref){(void **)&g->node_tile, &g->cap_nodes, sizeof(int32_t)};
  out[i++] = (array_ref){(void **)&g->node_seg, &g->cap_nodes, 1};
  out[i++] = (array_ref){(void **)&g->node_kind, &g->cap_nodes, 1};
  out[i++] = (array_ref){(void **)&g->root, &g->cap_nodes, sizeof(gk_rootrec)};
  out[i++] = (array_ref){(void **)&g->attrs, attr_cap, sizeof(int32_t)};
  out[i++] = (array_ref){(void **)&g->stamp, stamp_cap, sizeof(uint32_t)};
  out[i++] = (array_ref){(void **)&g->figures, fig_cap, sizeof(gk_figrec)};
  out[i++] = (array_ref){(void **)&g->supply, supply_cap, sizeof(int16_t)};
  assert(i == N_ARRAYS);
}

static void free_arrays(gk_game *g) {
  array_ref arr[N_ARRAYS];
  int32_t c1, c2, c3, c4, c5;
  list_arrays(g, arr, &c1, &c2, &c3, &c4, &c5);
  for (int i = 0; i < N_ARRAYS; i++) {
    gki_mem(&g->alloc, *arr[i].ptr, (size_t)*arr[i].cap * arr[i].elem, 0);
    *arr[i].ptr = NULL;
  }
  for (int s = 0; s < GK_MAX_STACKS; s++) {
    gki_mem(&g->alloc, g->stacks[s].types,
           (size_t)g->stacks[s].cap * sizeof(uint16_t), 0);
    g->stacks[s].types = NULL;
  }
  gki_mem(&g->alloc, g->ledger, (size_t)g->cap_ledger * sizeof *g->ledger, 0);
  gki_mem(&g->alloc, g->log, (size_t)g->cap_log * sizeof *g->log, 0);
  for (int b = 0; b < GK_MAX_BLOBS; b++)
    gki_mem(&g->alloc, g->blob[b], g->blob_len[b], 0);
  g->ledger = NULL;
  g->log = NULL;
}

void gk_game_free(gk_game *g) {
  if (!g) return;
  gki_blob_release(g);
  free_arrays(g);
  gki_journal_free(g);
  gk_allocator a = g->alloc;
  gki_mem(&a, g, sizeof *g, 0);
}

/* Initial board window: enough for a typical game without growing. */
enum { INITIAL_WINDOW = 24, INITIAL_TILES = 96, INITIAL_NODES = 512 };

gk_game *gk_game_new(const gk_rules *rules, int n_players, uint64_t seed) {
  if (!rules || !rules->frozen || n_players < 1 || n_players > GK_MAX_PLAYERS)
    return NULL;
  gk_allocator a = rules->alloc;
  gk_game *g = gki_mem(&a, NULL, 0, sizeof *g);
  if (!g) return NULL;
  memset(g, 0, sizeof *g);
  g->rules = rules;
  g->alloc = a;
  g->n_players = n_players;
  g->used_x0 = g->used_y0 = INT32_MAX;
  g->used_x1 = g->used_y1 = INT32_MIN;
  g->log_id = gki_log_new_id();
  gki_rng_seed(g->rng, seed);
  memcpy(g->rng0, g->rng, sizeof g->rng0);

  int nfk = rules->n_figure_kinds;
  int nfig = 0;
  for (int k = 0; k < nfk; k++)
    nfig += rules->figure_spec[k].per_player * n_players +
            rules->figure_spec[k].neutral;
  g->n_figures = nfig;
  g->w = g->h = INITIAL_WINDOW;
  g->ox = g->oy = -INITIAL_WINDOW / 2;
  g->cap_tiles = INITIAL_TILES;
  g->cap_nodes = INITIAL_NODES;
  g->cap_frontier = 64;
  g->cap_boardops = INITIAL_TILES;

  array_ref arr[N_ARRAYS];
  int32_t c1, c2, c3, c4, c5;
  list_arrays(g, arr, &c1, &c2, &c3, &c4, &c5);
  for (int i = 0; i < N_ARRAYS; i++) {
    size_t bytes = (size_t)*arr[i].cap * arr[i].elem;
    *arr[i].ptr = bytes ? gki_mem(&a, NULL, 0, bytes) : NULL;
    if (bytes && !*arr[i].ptr) {
      /* free what was made; the list gives each size */
      for (int j = 0; j < i; j++)
        gki_mem(&a, *arr[j].ptr, (size_t)*arr[j].cap * arr[j].elem, 0);
      gki_mem(&a, g, sizeof *g, 0);
      return NULL;
    }
    /* Arrays written before they are read need no clearing. */
    if (bytes && (*arr[i].ptr == g->stamp || *arr[i].ptr == g->figures ||
                  *arr[i].ptr == g->supply))
      memset(*arr[i].ptr, 0, bytes);
  }
  for (int32_t i = 0; i < g->w * g->h; i++)
    g->cells[i] = (gk_cellrec){.tile = -1, .fpos = -1, .key = 0};

  int f = 0;
  for (int k = 0; k < nfk; k++) {
    const gk_figure_spec *sp = &rules->figure_spec[k];
    for (int p = 0; p < n_players; p++)
      for (int c = 0; c < sp->per_player; c++)
        g->figures[f++] = (gk_figrec){(int8_t)p, (uint8_t)k, GK_AT_SUPPLY, 0, 0, -1};
    for (int c = 0; c < sp->neutral; c++)
      g->figures[f++] = (gk_figrec){-1, (uint8_t)k, GK_AT_SUPPLY, 0, 0, -1};
    for (int p = 0; p < n_players; p++)
      g->supply[(p + 1) * nfk + k] = (int16_t)sp->per_player;
    g->supply[k] = (int16_t)sp->neutral;
  }
  assert(f == nfig);
  if (gki_log_reserve(g, 64)) {
    gk_game_free(g);
    return NULL;
  }
  return g;
}

/* dst's log was just made a copy of src's. */
static void note_copied_log(gk_game *dst, const gk_game *src) {
  dst->log_id = gki_log_new_id();
  dst->log_from = src->log_id;
  dst->log_from_n = src->n_log;
}

/* How many first entries of dst's log are known to equal src's: all but
** the last that src had when dst was last copied from it, if neither log
** has been rewritten since (both only appended, or changed their last). */
static int shared_log(const gk_game *dst, const gk_game *src) {
  if (dst->log_from != src->log_id) return 0;
  int k = dst->log_from_n;
  if (k > src->n_log) k = src->n_log;
  if (k > dst->n_log) k = dst->n_log;
  return k > 0 ? k - 1 : 0;
}

gk_game *gk_game_clone(const gk_game *src) {
  if (!src || gki_blob_sync(src) < 0) return NULL;
  gk_allocator a = src->alloc;
  gk_game *g = gki_mem(&a, NULL, 0, sizeof *g);
  if (!g) return NULL;
  memcpy(g, src, sizeof *g);
  /* the bytes are fresh (synced): the host keeps nothing for the copy */
  g->blob_host = NULL;
  g->blob_stale = 0;
  memset(&g->journal, 0, sizeof g->journal);
  note_copied_log(g, src);
  /* Null every pointer first so a failure part-way frees only copies. */
  array_ref arr[N_ARRAYS], sarr[N_ARRAYS];
  int32_t c1, c2, c3, c4, c5, s1, s2, s3, s4, s5;
  list_arrays(g, arr, &c1, &c2, &c3, &c4, &c5);
  list_arrays((gk_game *)src, sarr, &s1, &s2, &s3, &s4, &s5);
  for (int i = 0; i < N_ARRAYS; i++) *arr[i].ptr = NULL;
  for (int s = 0; s < GK_MAX_STACKS; s++) g->stacks[s].types = NULL;
  g->ledger = NULL;
  g->log = NULL;
  for (int b = 0; b < GK_MAX_BLOBS; b++) g->blob[b] = NULL;

  bool ok = true;
  for (int i = 0; i < N_ARRAYS && ok; i++) {
    size_t bytes = (size_t)*sarr[i].cap * sarr[i].elem;
    if (!bytes) continue;
    *arr[i].ptr = gki_mem(&a, NULL, 0, bytes);
    if (!*arr[i].ptr) ok = false;
    else memcpy(*arr[i].ptr, *sarr[i].ptr, bytes);
  }
  for (int s = 0; s < GK_MAX_STACKS && ok; s++) {
    size_t bytes = (size_t)src->stacks[s].cap * sizeof(uint16_t);
    if (!bytes) continue;
    g->stacks[s].types = gki_mem(&a, NULL, 0, bytes);
    if (!g->stacks[s].types) ok = false;
    else memcpy(g->stacks[s].types, src->stacks[s].types, bytes);
  }
  if (ok && src->cap_ledger) {
    size_t bytes = (size_t)src->cap_ledger * sizeof *src->ledger;
    g->ledger = gki_mem(&a, NULL, 0, bytes);
    if (!g->ledger) ok = false;
    else memcpy(g->ledger, src->ledger, bytes);
  }
  if (ok && src->cap_log) {
    size_t bytes = (size_t)src->cap_log * sizeof *src->log;
    g->log = gki_mem(&a, NULL, 0, bytes);
    if (!g->log) ok = false;
    else memcpy(g->log, src->log, bytes);
  }
  for (int b = 0; b < GK_MAX_BLOBS && ok; b++) {
    if (!src->blob_len[b]) continue;
    g->blob[b] = gki_mem(&a, NULL, 0, src->blob_len[b]);
    if (!g->blob[b]) ok = false;
    else memcpy(g->blob[b], src->blob[b], src->blob_len[b]);
  }
  if (!ok) {
    /* gki_mem(NULL, 0) is harmless, so the ordinary free path works on a
    ** half-made copy whose missing arrays are NULL. Sizes passed to the
    ** allocator are the source's, which equal ours. */
    gk_game_free(g);
    return NULL;
  }
  return g;
}

/* memcpy that accepts empty (possibly NULL) ranges. */
static void copy_bytes(void *dst, const void *src, size_t n) {
  if (n) memcpy(dst, src, n);
}

/* One buffer of a game: where its pointer lives, its size now in dst,
** the size src needs, and a fresh buffer when those differ. */
typedef struct buffer_plan {
  void **ptr;
  size_t have, want;
  void *fresh;
} buffer_plan;

enum { N_BUFFERS = N_ARRAYS + GK_MAX_STACKS + 2 + GK_MAX_BLOBS };

/* The cells a copy must write: the whole window, or (when dst already
** has src's window) the union of both used boxes; box[] = x0, y0, x1, y1. */
typedef struct cell_plan {
  bool whole;
  int32_t box[4];
} cell_plan;

static cell_plan plan_cells(const gk_game *dst, const gk_game *src) {
  cell_plan c = {!(dst->ox == src->ox && dst->oy == src->oy && dst->w == src->w &&
                   dst->h == src->h),
                 {dst->used_x0 < src->used_x0 ? dst->used_x0 : src->used_x0,
                  dst->used_y0 < src->used_y0 ? dst->used_y0 : src->used_y0,
                  dst->used_x1 > src->used_x1 ? dst->used_x1 : src->used_x1,
                  dst->used_y1 > src->used_y1 ? dst->used_y1 : src->used_y1}};
  return c;
}

/* src's cells into dst's. Outside both used boxes, one cell wider, every
** cell of either game is as a new window makes it. */
static void copy_cells(gk_game *dst, const gk_game *src, const cell_plan *plan) {
  if (plan->whole) {
    copy_bytes(dst->cells, src->cells, (size_t)src->w * (size_t)src->h * sizeof *src->cells);
    return;
  }
  int32_t x0 = plan->box[0], y0 = plan->box[1], x1 = plan->box[2], y1 = plan->box[3];
  if (x0 > x1 || y0 > y1) return; /* nothing placed or blocked in either */
  /* window coordinates, one cell wider, inside the window */
  int64_t cx0 = (int64_t)x0 - 1 - src->ox, cx1 = (int64_t)x1 + 1 - src->ox;
  int64_t cy0 = (int64_t)y0 - 1 - src->oy, cy1 = (int64_t)y1 + 1 - src->oy;
  if (cx0 < 0) cx0 = 0;
  if (cy0 < 0) cy0 = 0;
  if (cx1 >= src->w) cx1 = src->w - 1;
  if (cy1 >= src->h) cy1 = src->h - 1;
  for (int64_t cy = cy0; cy <= cy1; cy++) {
    size_t at = (size_t)(cy * src->w + cx0);
    copy_bytes(dst->cells + at, src->cells + at, (size_t)(cx1 - cx0 + 1) * sizeof *src->cells);
  }
}

/* The figures, supplies and stacks in use. */
static void copy_pieces(gk_game *dst, const gk_game *src) {
  copy_bytes(dst->figures, src->figures, (size_t)src->n_figures * sizeof *src->figures);
  copy_bytes(dst->supply, src->supply,
             (size_t)(src->n_players + 1) * (size_t)src->rules->n_figure_kinds * sizeof *src->supply);
  for (int s = 0; s < GK_MAX_STACKS; s++)
    if (src->stacks[s].n)
      copy_bytes(dst->stacks[s].types, src->stacks[s].types, (size_t)src->stacks[s].n * 2);
}

/* Only what is in use needs copying: of the log, the entries after the
** first `log_kept` that dst already shares with src. */
static void copy_used(gk_game *dst, const gk_game *src, const cell_plan *cells, int log_kept,
                      int32_t stamped_tiles) {
  int na = src->rules->n_attrs;
  copy_cells(dst, src, cells);
  copy_bytes(dst->frontier, src->frontier, (size_t)src->n_frontier * sizeof *src->frontier);
  copy_bytes(dst->tiles, src->tiles, (size_t)src->n_tiles * sizeof *src->tiles);
  copy_bytes(dst->stamp, src->stamp, (size_t)src->cap_tiles * sizeof *src->stamp);
  /* a bigger buffer kept (kept_cap): past src's, the stamps of the tiles
  ** dst had (stamped_tiles: none is written past a game's tiles) are the
  ** last game's, which the counter src brings might meet again */
  int32_t stale = stamped_tiles < dst->cap_tiles ? stamped_tiles : dst->cap_tiles;
  if (stale > src->cap_tiles)
    memset(dst->stamp + src->cap_tiles, 0, (size_t)(stale - src->cap_tiles) * sizeof *dst->stamp);
  copy_bytes(dst->boardops, src->boardops, (size_t)src->n_boardops * sizeof *src->boardops);
  copy_bytes(dst->parent, src->parent, (size_t)src->n_nodes * sizeof *src->parent);
  copy_bytes(dst->next, src->next, (size_t)src->n_nodes * sizeof *src->next);
  copy_bytes(dst->node_tile, src->node_tile, (size_t)src->n_nodes * sizeof *src->node_tile);
  copy_bytes(dst->node_seg, src->node_seg, (size_t)src->n_nodes);
  copy_bytes(dst->node_kind, src->node_kind, (size_t)src->n_nodes);
  copy_bytes(dst->root, src->root, (size_t)src->n_nodes * sizeof *src->root);
  copy_bytes(dst->attrs, src->attrs, (size_t)src->n_nodes * (size_t)na * sizeof *src->attrs);
  copy_pieces(dst, src);
  copy_bytes(dst->ledger, src->ledger, (size_t)src->n_ledger * sizeof *src->ledger);
  copy_bytes(dst->log + log_kept, src->log + log_kept,
             (size_t)(src->n_log - log_kept) * sizeof *src->log);
  for (int b = 0; b < GK_MAX_BLOBS; b++)
    if (src->blob_len[b]) copy_bytes(dst->blob[b], src->blob[b], src->blob_len[b]);
}

/* The buffers a game owns: what a copy into it keeps of its own while it
** takes every other field from the source. */
typedef struct game_buffers {
  gk_cellrec *cells;
  gk_frontier_entry *frontier;
  gk_tilerec *tiles;
  gk_boardop *boardops;
  int32_t *parent, *next, *node_tile, *attrs;
  uint8_t *node_seg, *node_kind;
  gk_rootrec *root;
  uint32_t *stamp;
  gk_figrec *figures;
  int16_t *supply;
  uint16_t *stack_types[GK_MAX_STACKS];
  gk_ledger_entry *ledger;
  gk_event *log;
  void *blob[GK_MAX_BLOBS];
} game_buffers;
_Static_assert(N_ARRAYS == 14, "game_buffers names every array of list_arrays");

/* The buffers but the blobs (a rewind leaves those alone). */
static void take_arrays(game_buffers *b, const gk_game *g) {
  b->cells = g->cells;
  b->frontier = g->frontier;
  b->tiles = g->tiles;
  b->boardops = g->boardops;
  b->parent = g->parent;
  b->next = g->next;
  b->node_tile = g->node_tile;
  b->attrs = g->attrs;
  b->node_seg = g->node_seg;
  b->node_kind = g->node_kind;
  b->root = g->root;
  b->stamp = g->stamp;
  b->figures = g->figures;
  b->supply = g->supply;
  b->ledger = g->ledger;
  b->log = g->log;
  for (int s = 0; s < GK_MAX_STACKS; s++) b->stack_types[s] = g->stacks[s].types;
}

static void take_buffers(game_buffers *b, const gk_game *g) {
  take_arrays(b, g);
  memcpy(b->blob, g->blob, sizeof b->blob);
}

static void put_arrays(gk_game *g, const game_buffers *b) {
  g->cells = b->cells;
  g->frontier = b->frontier;
  g->tiles = b->tiles;
  g->boardops = b->boardops;
  g->parent = b->parent;
  g->next = b->next;
  g->node_tile = b->node_tile;
  g->attrs = b->attrs;
  g->node_seg = b->node_seg;
  g->node_kind = b->node_kind;
  g->root = b->root;
  g->stamp = b->stamp;
  g->figures = b->figures;
  g->supply = b->supply;
  for (int s = 0; s < GK_MAX_STACKS; s++) g->stacks[s].types = b->stack_types[s];
  g->ledger = b->ledger;
  g->log = b->log;
}

static void put_buffers(gk_game *g, const game_buffers *b) {
  put_arrays(g, b);
  memcpy(g->blob, b->blob, sizeof b->blob);
}

/* Whether two games' blob lengths are the same: a loop the compiler
** vectorizes, not a library call (a rewind asks twice). */
static bool same_blob_lens(const size_t *a, const size_t *b) {
  size_t differ = 0;
  for (int i = 0; i < GK_MAX_BLOBS; i++) differ |= a[i] ^ b[i];
  return differ == 0;
}

/* Whether a copy into dst keeps its bigger buffers (those that only grow
** during a game) than the source's. Not while dst keeps a journal: a rewind knows that none of
** them grew (moved under the journal's records) by their sizes still
** being the source's. */
static bool keeps_caps(const gk_game *dst) { return !dst->journal.on; }

/* Whether every buffer of dst already has src's size, the ledger and the
** log at least src's, and with kept the other buffers that only grow
** during a game too (keeps_caps): the usual case of a search refilling
** one game from its root, or of games played one after the other in one
** game, when a copy allocates nothing. */
static bool same_caps(const gk_game *dst, const gk_game *src, bool kept) {
  if (dst->w != src->w || dst->h != src->h || dst->n_figures != src->n_figures ||
      dst->n_players != src->n_players || dst->cap_ledger < src->cap_ledger ||
      dst->cap_log < src->cap_log)
    return false;
  if (kept ? dst->cap_frontier < src->cap_frontier || dst->cap_tiles < src->cap_tiles ||
                 dst->cap_boardops < src->cap_boardops || dst->cap_nodes < src->cap_nodes
           : dst->cap_frontier != src->cap_frontier || dst->cap_tiles != src->cap_tiles ||
                 dst->cap_boardops != src->cap_boardops || dst->cap_nodes != src->cap_nodes)
    return false;
  for (int s = 0; s < GK_MAX_STACKS; s++)
    if (dst->stacks[s].cap != src->stacks[s].cap) return false;
  return true;
}

/* same_caps, and the same blob lengths. */
static bool same_sizes(const gk_game *dst, const gk_game *src) {
  return same_caps(dst, src, keeps_caps(dst)) && same_blob_lens(dst->blob_len, src->blob_len);
}

/* The capacity of one of dst's buffers that only grow during a game (the
** ledger, the log, the frontier, tiles, board changes and nodes) after a
** copy from src: dst's own when it holds src's entries. Games played one
** after the other in one game regrow them from the start's size no more
** (a P&D game's log doubled six times, each a copy; every game of meeple
** sim regrew its frontier and tiles and shrank them again). The board
** window keeps src's size: it is where the cells are, not only how many. */
static int32_t kept_cap(int32_t dst_cap, int32_t src_cap) {
  return dst_cap >= src_cap ? dst_cap : src_cap;
}

typedef struct kept_caps {
  int32_t frontier, tiles, boardops, nodes, ledger, log;
} kept_caps;

static kept_caps caps_kept(const gk_game *dst, const gk_game *src) {
  kept_caps k = {src->cap_frontier,
                 src->cap_tiles,
                 src->cap_boardops,
                 src->cap_nodes,
                 kept_cap(dst->cap_ledger, src->cap_ledger),
                 kept_cap(dst->cap_log, src->cap_log)};
  if (keeps_caps(dst)) {
    k.frontier = kept_cap(dst->cap_frontier, src->cap_frontier);
    k.tiles = kept_cap(dst->cap_tiles, src->cap_tiles);
    k.boardops = kept_cap(dst->cap_boardops, src->cap_boardops);
    k.nodes = kept_cap(dst->cap_nodes, src->cap_nodes);
  }
  return k;
}

static void put_caps(gk_game *g, const kept_caps *k) {
  g->cap_frontier = k->frontier;
  g->cap_tiles = k->tiles;
  g->cap_boardops = k->boardops;
  g->cap_nodes = k->nodes;
  g->cap_ledger = k->ledger;
  g->cap_log = k->log;
}

/* Gives dst's buffers src's sizes (those that only grow at least src's:
** kept_cap). Allocates what must change size before
** touching dst, so that a failure leaves it exactly as it was. Sizes
** given to the allocator stay exact: a counting allocator trusts them. */
static int resize_buffers(gk_game *dst, const gk_game *src) {
  array_ref da[N_ARRAYS], sa[N_ARRAYS];
  int32_t d1, d2, d3, d4, d5, s1, s2, s3, s4, s5;
  /* the sizes wanted: src's, but those kept (only its fields are read) */
  gk_game want = *src;
  kept_caps kept = caps_kept(dst, src);
  put_caps(&want, &kept);
  list_arrays(dst, da, &d1, &d2, &d3, &d4, &d5);
  list_arrays(&want, sa, &s1, &s2, &s3, &s4, &s5);
  buffer_plan plan[N_BUFFERS];
  int n = 0;
  for (int i = 0; i < N_ARRAYS; i++)
    plan[n++] = (buffer_plan){da[i].ptr, (size_t)*da[i].cap * da[i].elem,
                              (size_t)*sa[i].cap * sa[i].elem, NULL};
  for (int s = 0; s < GK_MAX_STACKS; s++)
    plan[n++] = (buffer_plan){(void **)&dst->stacks[s].types, (size_t)dst->stacks[s].cap * 2,
                              (size_t)src->stacks[s].cap * 2, NULL};
  /* the ledger and the log keep a bigger buffer (kept_cap) */
  plan[n++] = (buffer_plan){(void **)&dst->ledger, (size_t)dst->cap_ledger * sizeof *dst->ledger,
                            (size_t)kept.ledger * sizeof *src->ledger, NULL};
  plan[n++] = (buffer_plan){(void **)&dst->log, (size_t)dst->cap_log * sizeof *dst->log,
                            (size_t)kept.log * sizeof *src->log, NULL};
  for (int b = 0; b < GK_MAX_BLOBS; b++)
    plan[n++] = (buffer_plan){&dst->blob[b], dst->blob_len[b], src->blob_len[b], NULL};
  for (int i = 0; i < n; i++) {
    if (plan[i].have == plan[i].want || plan[i].want == 0) continue;
    plan[i].fresh = gki_mem(&dst->alloc, NULL, 0, plan[i].want);
    if (!plan[i].fresh) {
      for (int j = 0; j < i; j++)
        if (plan[j].fresh) gki_mem(&dst->alloc, plan[j].fresh, plan[j].want, 0);
      gki_game_seterr(dst, "out of memory copying a game");
      return GK_ENOMEM;
    }
  }
  for (int i = 0; i < n; i++) {
    if (plan[i].have == plan[i].want) continue;
    gki_mem(&dst->alloc, *plan[i].ptr, plan[i].have, 0);
    *plan[i].ptr = plan[i].fresh;
  }
  return GK_OK;
}

/* dst takes src's scalars, keeping its own buffers, allocator and
** journal; the host keeps nothing for it. */
static void take_scalars(gk_game *dst, const gk_game *src) {
  game_buffers keep;
  take_buffers(&keep, dst);
  gk_allocator alloc = dst->alloc;
  gki_jlist journal = dst->journal;
  /* the sizes resize_buffers gave the buffers that only grow */
  kept_caps kept = caps_kept(dst, src);
  *dst = *src;
  dst->alloc = alloc;
  dst->journal = journal;
  put_caps(dst, &kept);
  dst->blob_host = NULL;
  dst->blob_stale = 0;
  put_buffers(dst, &keep);
  note_copied_log(dst, src);
}

int gk_game_copy(gk_game *dst, const gk_game *src) {
  if (!dst || !src || dst->rules != src->rules) return GK_EINVAL;
  if (dst == src) return GK_OK;
  if (gki_blob_sync(src) < 0) return GK_ENOMEM;
  /* what dst's buffers still hold of src's (a resized buffer holds nothing) */
  cell_plan cells = plan_cells(dst, src);
  int log_kept = dst->cap_log >= src->cap_log ? shared_log(dst, src) : 0;
  if (!same_sizes(dst, src) && resize_buffers(dst, src) < 0) return GK_ENOMEM;
  /* Keep dst's buffers, take src's scalars. */
  /* what dst's host kept describes the game being overwritten */
  gki_blob_release(dst);
  int32_t stamped_tiles = dst->n_tiles;
  take_scalars(dst, src);
  /* the journal's records may point into buffers just replaced */
  if (dst->journal.on) dst->journal.broken = true;
  copy_used(dst, src, &cells, log_kept, stamped_tiles);
  return GK_OK;
}

/* Entries of src a move in dst may have changed that the journal does not
** keep (gk_journal.c), put back whole: each is small. Appended entries
** (tiles, nodes, board changes, ledger, log) need nothing but the counts;
** the log's last entry may have been rewritten (the generator counts its
** draws there). */
static void copy_unjournaled(gk_game *dst, const gk_game *src) {
  int32_t stamps = dst->n_tiles > src->n_tiles ? dst->n_tiles : src->n_tiles;
  copy_bytes(dst->parent, src->parent, (size_t)src->n_nodes * sizeof *src->parent);
  copy_bytes(dst->tiles, src->tiles, (size_t)src->n_tiles * sizeof *src->tiles);
  /* a tile dst counted, new or old, may hold a stamp src never gave */
  copy_bytes(dst->stamp, src->stamp, (size_t)stamps * sizeof *src->stamp);
  copy_bytes(dst->frontier, src->frontier, (size_t)src->n_frontier * sizeof *src->frontier);
  copy_pieces(dst, src);
  if (src->n_log) dst->log[src->n_log - 1] = src->log[src->n_log - 1];
}

_Static_assert(offsetof(gk_game, err) < offsetof(gk_game, n_players) &&
                   offsetof(gk_game, alloc) < offsetof(gk_game, n_players) &&
                   offsetof(gk_game, log_from_n) < offsetof(gk_game, blob) &&
                   offsetof(gk_game, blob) < offsetof(gk_game, blob_len) &&
                   offsetof(gk_game, blob_len) < offsetof(gk_game, blob_stale) &&
                   offsetof(gk_game, blob_host) < offsetof(gk_game, journal),
               "a rewind takes the scalars from n_players up to the blobs");

/* Whether neither game has blob bytes, a host or stale blobs (then
** their blob lengths are the same: none), in one pass over both. */
static bool both_blobless(const gk_game *a, const gk_game *b) {
  if (a->blob_host || a->blob_stale || b->blob_host || b->blob_stale) return false;
  size_t any = 0;
  for (int i = 0; i < GK_MAX_BLOBS; i++) any |= a->blob_len[i] | b->blob_len[i];
  return any == 0;
}

bool gki_game_rewind(gk_game *dst, const gk_game *src) {
  /* the journal must have started at a copy from src as it is now, and
  ** no buffer of dst may have moved since (same sizes: none grew; the
  ** same blob lengths, so src has no bytes either when dst has none) */
  if (!dst->journal.on || dst->journal.broken || dst->rules != src->rules ||
      dst->log_from != src->log_id || dst->log_from_n != src->n_log || dst->n_log < src->n_log ||
      !both_blobless(dst, src) || !same_caps(dst, src, false))
    return false;
  gki_journal_undo(dst);
  copy_unjournaled(dst, src);
  /* the scalars from n_players up to the blobs: the rules, allocator and
  ** journal are dst's, the error text is no position, and neither game
  ** has blob bytes or a host */
  game_buffers keep; /* the blob pointers lie past the scalars copied */
  take_arrays(&keep, dst);
  int32_t cap_ledger = dst->cap_ledger, cap_log = dst->cap_log; /* kept_cap: dst's */
  size_t at = offsetof(gk_game, n_players), end = offsetof(gk_game, blob);
  memcpy((char *)dst + at, (const char *)src + at, end - at);
  dst->cap_ledger = cap_ledger;
  dst->cap_log = cap_log;
  dst->blob_epoch = src->blob_epoch;
  put_arrays(dst, &keep);
  note_copied_log(dst, src);
  return true;
}

gk_game *gk_game_new_like(const gk_game *g) {
  if (!g) return NULL;
  gk_game *fresh = gk_game_new(g->rules, g->n_players, 0);
  if (!fresh) return NULL;
  memcpy(fresh->rng, g->rng0, sizeof fresh->rng);
  memcpy(fresh->rng0, g->rng0, sizeof fresh->rng0);
  return fresh;
}

size_t gk_game_size(const gk_game *g) {
  if (!g) return 0;
  array_ref arr[N_ARRAYS];
  int32_t c1, c2, c3, c4, c5;
  list_arrays((gk_game *)g, arr, &c1, &c2, &c3, &c4, &c5);
  size_t total = sizeof *g;
  for (int i = 0; i < N_ARRAYS; i++) total += (size_t)*arr[i].cap * arr[i].elem;
  for (int s = 0; s < GK_MAX_STACKS; s++)
    total += (size_t)g->stacks[s].cap * sizeof(uint16_t);
  total += (size_t)g->cap_ledger * sizeof *g->ledger;
  total += (size_t)g->cap_log * sizeof *g->log;
  for (int b = 0; b < GK_MAX_BLOBS; b++) total += g->blob_len[b];
  return total;
}

const char *gk_game_error(const gk_game *g) { return g ? g->err : "no game"; }
const gk_rules *gk_game_rules(const gk_game *g) { return g ? g->rules : NULL; }
int gk_game_players(const gk_game *g) { return g ? g->n_players : 0; }

int gk_game_set_turn(gk_game *g, int turn, int player) {
  if (!g) return GK_EINVAL;
  if (turn < 0 || !gki_valid_player(g, player)) {
    gki_game_seterr(g, "set_turn: bad turn %d or player %d", turn, player);
    return GK_EINVAL;
  }
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  g->turn = turn;
  g->player = player;
  gki_log_push(g, GK_EV_TURN, turn, player, 0, 0, 0);
  return GK_OK;
}

int gk_game_turn(const gk_game *g) { return g ? g->turn : 0; }
int gk_game_player(const gk_game *g) { return g ? g->player : 0; }

/* Replaces slot's bytes with a copy of data; on failure the old bytes
** stay. Shared by the script's writes and the host's fills. */
int gki_blob_store(gk_game *g, int slot, const void *data, size_t len) {
  void *copy = NULL;
  if (len) {
    copy = gki_mem(&g->alloc, NULL, 0, len);
    if (!copy) {
      gki_game_seterr(g, "out of memory storing %zu bytes", len);
      return GK_ENOMEM;
    }
    memcpy(copy, data, len);
  }
  gki_mem(&g->alloc, g->blob[slot], g->blob_len[slot], 0);
  g->blob[slot] = copy;
  g->blob_len[slot] = len;
  return GK_OK;
}

int gk_blob_set(gk_game *g, int slot, const void *data, size_t len) {
  if (!g) return GK_EINVAL;
  if (slot < 0 || slot >= GK_MAX_BLOBS || (len && !data) || len > (1u << 30)) {
    gki_game_seterr(g, "blob_set: bad slot %d or data", slot);
    return GK_EINVAL;
  }
  /* A write from outside the host: what the host keeps is written out
  ** first and then forgotten, so the bytes are the truth again. */
  if (g->blob_host) {
    if (gki_blob_sync(g) < 0) return GK_ENOMEM;
    gki_blob_release(g);
  }
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  if (gki_blob_store(g, slot, data, len) < 0) return GK_ENOMEM;
  gki_log_push(g, GK_EV_BLOB, slot, (int32_t)len, 0, 0, 0);
  return GK_OK;
}

const void *gk_blob_get(const gk_game *g, int slot, size_t *len) {
  if (len) *len = 0;
  if (!g || slot < 0 || slot >= GK_MAX_BLOBS || gki_blob_sync(g) < 0) return NULL;
  if (len) *len = g->blob_len[slot];
  return g->blob[slot];
}
