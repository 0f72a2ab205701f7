/*
** gk_serial.c: saving and restoring a game as versioned little-endian
** bytes. The board is stored as the ordered list of placements, which
** rebuilds the feature graph exactly (unions are deterministic), so the
** format does not depend on the kernel's internal layout.
*/
#include <stdio.h>

#include "gk_internal.h"

static const char MAGIC[4] = {'G', 'K', 'S', '1'};

typedef struct writer {
  unsigned char *buf;
  size_t cap, len;
} writer;

static void put(writer *w, const void *p, size_t n) {
  if (n && w->len + n <= w->cap) memcpy(w->buf + w->len, p, n);
  w->len += n;
}

static void put_u8(writer *w, uint8_t v) { put(w, &v, 1); }

static void put_u32(writer *w, uint32_t v) {
  unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8),
                        (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
  put(w, b, 4);
}

static void put_i32(writer *w, int32_t v) { put_u32(w, (uint32_t)v); }

static void put_u64(writer *w, uint64_t v) {
  put_u32(w, (uint32_t)v);
  put_u32(w, (uint32_t)(v >> 32));
}

long gk_game_serialize(const gk_game *g, void *buf, size_t cap) {
  if (!g || (cap && !buf)) return GK_EINVAL;
  if (gki_blob_sync(g) < 0) return GK_ENOMEM;
  writer w = {buf, cap, 0};
  put(&w, MAGIC, 4);
  put_u32(&w, GK_SERIAL_VERSION);
  put_u64(&w, g->rules->fingerprint);
  put_u32(&w, (uint32_t)g->n_players);
  put_i32(&w, g->turn);
  put_i32(&w, g->player);
  for (int i = 0; i < 4; i++) put_u64(&w, g->rng[i]);
  for (int i = 0; i < 4; i++) put_u64(&w, g->rng0[i]);
  put_u32(&w, (uint32_t)g->n_boardops);
  for (int i = 0; i < g->n_boardops; i++) {
    const gk_boardop *b = &g->boardops[i];
    put_u8(&w, b->op);
    put_u8(&w, b->rot);
    put_u32(&w, b->type);
    put_i32(&w, b->x);
    put_i32(&w, b->y);
  }
  put_u32(&w, (uint32_t)g->n_figures);
  for (int f = 0; f < g->n_figures; f++) {
    const gk_figrec *r = &g->figures[f];
    put_i32(&w, r->owner);
    put_u32(&w, r->kind);
    put_u8(&w, r->where);
    put_i32(&w, r->a);
    put_i32(&w, r->b);
  }
  put_u32(&w, (uint32_t)g->rules->n_stacks);
  for (int s = 0; s < g->rules->n_stacks; s++) {
    put_u32(&w, (uint32_t)g->stacks[s].n);
    for (int i = 0; i < g->stacks[s].n; i++) put_u32(&w, g->stacks[s].types[i]);
  }
  put_i32(&w, g->discards);
  for (int p = 0; p < g->n_players; p++) put_i32(&w, g->score[p]);
  for (int p = 0; p < g->n_players; p++)
    for (int c = 0; c < g->rules->n_counters; c++) put_i32(&w, g->counter[p][c]);
  put_u32(&w, (uint32_t)g->n_ledger);
  for (int i = 0; i < g->n_ledger; i++) {
    const gk_ledger_entry *e = &g->ledger[i];
    put_i32(&w, e->player);
    put_i32(&w, e->points);
    put_i32(&w, e->reason);
    put_i32(&w, e->feature);
    put_i32(&w, e->kind);
    put_i32(&w, e->turn);
  }
  put_u32(&w, (uint32_t)g->n_log);
  for (int i = 0; i < g->n_log; i++) {
    const gk_event *e = &g->log[i];
    put_i32(&w, e->type);
    put_i32(&w, e->a);
    put_i32(&w, e->b);
    put_i32(&w, e->c);
    put_i32(&w, e->d);
    put_i32(&w, e->e);
  }
  for (int b = 0; b < GK_MAX_BLOBS; b++) {
    put_u32(&w, (uint32_t)g->blob_len[b]);
    put(&w, g->blob[b], g->blob_len[b]);
  }
  if (w.len > (size_t)0x7fffffffL) return GK_ENOMEM;
  return (long)w.len;
}

typedef struct reader {
  const unsigned char *p;
  size_t len, pos;
  bool bad;
  char *err; /* where a failing section reader writes why, if not NULL */
  size_t errcap;
} reader;

static bool get(reader *r, void *out, size_t n) {
  if (r->bad || r->len - r->pos < n) {
    r->bad = true;
    memset(out, 0, n);
    return false;
  }
  memcpy(out, r->p + r->pos, n);
  r->pos += n;
  return true;
}

static uint8_t get_u8(reader *r) {
  uint8_t v;
  get(r, &v, 1);
  return v;
}

static uint32_t get_u32(reader *r) {
  unsigned char b[4];
  get(r, b, 4);
  return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static int32_t get_i32(reader *r) { return (int32_t)get_u32(r); }

static uint64_t get_u64(reader *r) {
  uint64_t lo = get_u32(r);
  return lo | (uint64_t)get_u32(r) << 32;
}

/* Sets the error message and returns false from a section reader. */
#define BAD(rd, ...)                                                    \
  do {                                                                  \
    if ((rd)->err && (rd)->errcap) snprintf((rd)->err, (rd)->errcap, __VA_ARGS__); \
    return false;                                                       \
  } while (0)

/* The header up to the player count: magic, version, rules fingerprint. */
static bool read_header(reader *rd, const gk_rules *rules, uint32_t *players) {
  char magic[4];
  if (!get(rd, magic, 4) || memcmp(magic, MAGIC, 4) != 0)
    BAD(rd, "deserialize: not a saved game (bad magic)");
  uint32_t version = get_u32(rd);
  if (version != GK_SERIAL_VERSION)
    BAD(rd, "deserialize: format version %u, this kernel reads %d", version, GK_SERIAL_VERSION);
  uint64_t fp = get_u64(rd);
  if (fp != rules->fingerprint)
    BAD(rd, "deserialize: saved with different rules (fingerprint %016llx, rules %016llx)",
        (unsigned long long)fp, (unsigned long long)rules->fingerprint);
  *players = get_u32(rd);
  if (rd->bad || *players < 1 || *players > GK_MAX_PLAYERS)
    BAD(rd, "deserialize: bad player count %u", *players);
  return true;
}

/* The board, replayed: placements, fixed tiles, blocked cells, node
** attributes, in the order they were made. */
static bool read_board(reader *rd, gk_game *g) {
  const gk_rules *rules = g->rules;
  uint32_t nops = get_u32(rd);
  if (rd->bad || nops > rd->len) BAD(rd, "deserialize: truncated board");
  for (uint32_t i = 0; i < nops; i++) {
    uint8_t op = get_u8(rd), rot = get_u8(rd);
    uint32_t type = get_u32(rd);
    int32_t x = get_i32(rd), y = get_i32(rd);
    if (rd->bad) BAD(rd, "deserialize: truncated board");
    int st;
    if (op == 2) {
      st = gk_block_cell(g, x, y);
    } else if (op == 3 && type < (uint32_t)rules->n_attrs) {
      st = gk_node_add_attr(g, x, (int)type, y);
    } else if (op <= 1 && rot <= 3 && type < (uint32_t)rules->n_tiles) {
      st = op == 0 ? gk_place_tile(g, (int)type, x, y, rot, NULL)
                   : gk_place_fixed(g, (int)type, x, y, rot, NULL);
    } else {
      BAD(rd, "deserialize: bad board entry %u", i);
    }
    if (st) BAD(rd, "deserialize: board entry %u: %s", i, g->err);
  }
  return true;
}

static bool read_figures(reader *rd, gk_game *g) {
  uint32_t nfig = get_u32(rd);
  if (rd->bad || nfig != (uint32_t)g->n_figures)
    BAD(rd, "deserialize: %u figures, the rules give %d", nfig, g->n_figures);
  for (int f = 0; f < g->n_figures; f++) {
    int32_t owner = get_i32(rd);
    uint32_t kind = get_u32(rd);
    uint8_t where = get_u8(rd);
    int32_t a = get_i32(rd), b = get_i32(rd);
    if (rd->bad) BAD(rd, "deserialize: truncated figures");
    if (owner != g->figures[f].owner || kind != g->figures[f].kind)
      BAD(rd, "deserialize: figure %d does not match the rules", f);
    if (where == GK_AT_SUPPLY) continue;
    gk_location loc = {where, a, b};
    if (where > GK_AT_OUT || (where == GK_AT_NODE && (a < 0 || a >= g->n_nodes)) ||
        (where == GK_AT_TILE && (a < 0 || a >= g->n_tiles)))
      BAD(rd, "deserialize: figure %d has a bad location", f);
    if (gk_figure_move(g, f, loc)) BAD(rd, "deserialize: figure %d: %s", f, g->err);
  }
  return true;
}

/* The stacks, then the discard count, scores and counters. */
static bool read_stacks_scores(reader *rd, gk_game *g) {
  const gk_rules *rules = g->rules;
  uint32_t nstacks = get_u32(rd);
  if (rd->bad || nstacks != (uint32_t)rules->n_stacks) BAD(rd, "deserialize: bad stack count");
  for (uint32_t s = 0; s < nstacks; s++) {
    uint32_t n = get_u32(rd);
    if (rd->bad || n > rd->len) BAD(rd, "deserialize: truncated stack");
    for (uint32_t i = 0; i < n; i++) {
      uint32_t type = get_u32(rd);
      if (rd->bad || type >= (uint32_t)rules->n_tiles) BAD(rd, "deserialize: bad stack entry");
      if (gk_stack_add(g, (int)s, (int)type, 1)) BAD(rd, "deserialize: %s", g->err);
    }
  }
  g->discards = get_i32(rd);
  for (int p = 0; p < g->n_players; p++) g->score[p] = get_i32(rd);
  for (int p = 0; p < g->n_players; p++)
    for (int c = 0; c < rules->n_counters; c++) g->counter[p][c] = get_i32(rd);
  return true;
}

static bool read_ledger(reader *rd, gk_game *g) {
  uint32_t nled = get_u32(rd);
  if (rd->bad || nled > rd->len) BAD(rd, "deserialize: truncated ledger");
  void *mem = g->ledger;
  if (gki_grow(&g->alloc, &mem, &g->cap_ledger, (int32_t)nled, sizeof(gk_ledger_entry)))
    BAD(rd, "deserialize: out of memory");
  g->ledger = mem;
  for (uint32_t i = 0; i < nled; i++) {
    gk_ledger_entry *e = &g->ledger[i];
    e->player = get_i32(rd);
    e->points = get_i32(rd);
    e->reason = get_i32(rd);
    e->feature = get_i32(rd);
    e->kind = get_i32(rd);
    e->turn = get_i32(rd);
    if (rd->bad || e->player < 0 || e->player >= g->n_players || e->reason < 0 ||
        e->reason >= g->rules->n_reasons)
      BAD(rd, "deserialize: bad ledger entry %u", i);
  }
  g->n_ledger = (int)nled;
  return true;
}

static bool read_log(reader *rd, gk_game *g) {
  uint32_t nlog = get_u32(rd);
  if (rd->bad || nlog > rd->len) BAD(rd, "deserialize: truncated log");
  g->n_log = 0;
  if (gki_log_reserve(g, (int)nlog)) BAD(rd, "deserialize: out of memory");
  for (uint32_t i = 0; i < nlog; i++) {
    gk_event *e = &g->log[i];
    e->type = get_i32(rd);
    e->a = get_i32(rd);
    e->b = get_i32(rd);
    e->c = get_i32(rd);
    e->d = get_i32(rd);
    e->e = get_i32(rd);
  }
  g->n_log = (int)nlog;
  g->log_id = gki_log_new_id(); /* a history of its own now */
  g->log_from = 0;
  return true;
}

static bool read_blobs(reader *rd, gk_game *g) {
  for (int b = 0; b < GK_MAX_BLOBS; b++) {
    uint32_t n = get_u32(rd);
    if (rd->bad || n > rd->len - rd->pos) BAD(rd, "deserialize: truncated blob %d", b);
    if (n) {
      g->blob[b] = gki_mem(&g->alloc, NULL, 0, n);
      if (!g->blob[b]) BAD(rd, "deserialize: out of memory");
      g->blob_len[b] = n;
      get(rd, g->blob[b], n);
    }
  }
  return true;
}

/* Everything after the header, into the fresh game g; the turn, player
** and RNG last, once the rest is known good. */
static bool read_game(reader *rd, gk_game *g) {
  int32_t turn = get_i32(rd), player = get_i32(rd);
  uint64_t rng[4], rng0[4];
  for (int i = 0; i < 4; i++) rng[i] = get_u64(rd);
  for (int i = 0; i < 4; i++) rng0[i] = get_u64(rd);
  if (!read_board(rd, g) || !read_figures(rd, g) || !read_stacks_scores(rd, g) ||
      !read_ledger(rd, g) || !read_log(rd, g) || !read_blobs(rd, g))
    return false;
  if (rd->bad) BAD(rd, "deserialize: truncated data");
  if (rd->pos != rd->len) BAD(rd, "deserialize: %zu trailing bytes", rd->len - rd->pos);
  if (player < 0 || player >= g->n_players || turn < 0)
    BAD(rd, "deserialize: bad turn %d or player %d", turn, player);
  g->turn = turn;
  g->player = player;
  memcpy(g->rng, rng, sizeof rng);
  memcpy(g->rng0, rng0, sizeof rng0);
  return true;
}

gk_game *gk_game_deserialize(const gk_rules *rules, const void *buf, size_t len,
                             char *err, size_t errcap) {
  reader rd = {buf, len, 0, false, err, errcap};
  if (!rules || !rules->frozen) {
    if (err && errcap) snprintf(err, errcap, "deserialize: rules missing or not frozen");
    return NULL;
  }
  if (!buf) {
    if (err && errcap) snprintf(err, errcap, "deserialize: no data");
    return NULL;
  }
  uint32_t players;
  if (!read_header(&rd, rules, &players)) return NULL;
  gk_game *g = gk_game_new(rules, (int)players, 0);
  if (!g) {
    if (err && errcap) snprintf(err, errcap, "deserialize: out of memory");
    return NULL;
  }
  if (!read_game(&rd, g)) {
    gk_game_free(g);
    return NULL;
  }
  return g;
}
