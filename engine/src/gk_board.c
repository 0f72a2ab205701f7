/*
** gk_board.c: the board window, the frontier, tile placement and the
** listing of legal placements.
**
** The board is a dense window of cells that grows when a tile lands near
** its border, so lookups are array indexing and the game never hits an
** edge. Each empty cell touching a tile is in the frontier and carries a
** key: the side classes its four neighbours show it. The frozen rules map
** (tile type, key) to the rotations that fit, so listing the legal moves
** is one table read per frontier cell.
*/
#include "gk_internal.h"
#include "gk_unite.h"

typedef struct gk_rot_list {
  uint8_t n;
  uint8_t rot[4];
} gk_rot_list;

/* The rotations in each 4-bit mask, in ascending order. */
static const gk_rot_list gk_rot_lists[16] = {
    {0, {0, 0, 0, 0}}, {1, {0, 0, 0, 0}}, {1, {1, 0, 0, 0}}, {2, {0, 1, 0, 0}},
    {1, {2, 0, 0, 0}}, {2, {0, 2, 0, 0}}, {2, {1, 2, 0, 0}}, {3, {0, 1, 2, 0}},
    {1, {3, 0, 0, 0}}, {2, {0, 3, 0, 0}}, {2, {1, 3, 0, 0}}, {3, {0, 1, 3, 0}},
    {2, {2, 3, 0, 0}}, {3, {0, 2, 3, 0}}, {3, {1, 2, 3, 0}}, {4, {0, 1, 2, 3}}};

static const int DX4[4] = {0, 1, 0, -1}; /* N E S W */
static const int DY4[4] = {-1, 0, 1, 0};

static bool coord_ok(int32_t x, int32_t y) {
  return x > -GK_MAX_COORD && x < GK_MAX_COORD && y > -GK_MAX_COORD &&
         y < GK_MAX_COORD;
}

/* {------------------------------------------------------------------
** Growing storage. Each step allocates everything it needs before it
** changes anything, so a failed allocation leaves the game untouched.
** ------------------------------------------------------------------- */

static int grow_window(gk_game *g, int32_t x0, int32_t y0, int32_t x1,
                       int32_t y1) {
  if (x0 >= g->ox && y0 >= g->oy && x1 < g->ox + g->w && y1 < g->oy + g->h)
    return GK_OK;
  int32_t nx0 = x0 < g->ox ? x0 - (g->w / 2 + 4) : g->ox;
  int32_t ny0 = y0 < g->oy ? y0 - (g->h / 2 + 4) : g->oy;
  int32_t nx1 = x1 >= g->ox + g->w ? x1 + (g->w / 2 + 4) : g->ox + g->w - 1;
  int32_t ny1 = y1 >= g->oy + g->h ? y1 + (g->h / 2 + 4) : g->oy + g->h - 1;
  int64_t nw = (int64_t)nx1 - nx0 + 1, nh = (int64_t)ny1 - ny0 + 1;
  if (nw * nh > GK_MAX_WINDOW_CELLS || nw > GK_MAX_WINDOW_SIDE || nh > GK_MAX_WINDOW_SIDE) {
    gki_game_seterr(g, "board window would exceed %u cells", GK_MAX_WINDOW_CELLS);
    return GK_EINVAL;
  }
  gk_cellrec *cells = gki_mem(&g->alloc, NULL, 0, (size_t)(nw * nh) * sizeof *cells);
  if (!cells) {
    gki_game_seterr(g, "out of memory growing the board");
    return GK_ENOMEM;
  }
  for (int64_t i = 0; i < nw * nh; i++)
    cells[i] = (gk_cellrec){.tile = -1, .fpos = -1, .key = 0};
  for (int32_t cy = 0; cy < g->h; cy++)
    memcpy(&cells[(g->oy + cy - ny0) * nw + (g->ox - nx0)],
           &g->cells[cy * g->w], (size_t)g->w * sizeof *cells);
  for (int32_t i = 0; i < g->n_frontier; i++) {
    g->frontier[i].cx = (int16_t)(g->frontier[i].cx + (g->ox - nx0));
    g->frontier[i].cy = (int16_t)(g->frontier[i].cy + (g->oy - ny0));
  }
  gki_mem(&g->alloc, g->cells, (size_t)g->w * g->h * sizeof *g->cells, 0);
  g->cells = cells;
  g->ox = nx0;
  g->oy = ny0;
  g->w = (int32_t)nw;
  g->h = (int32_t)nh;
  return GK_OK;
}

static int grow_tiles(gk_game *g, int32_t need) {
  if (need <= g->cap_tiles) return GK_OK;
  int32_t ncap = g->cap_tiles * 2;
  while (ncap < need) ncap *= 2;
  gk_tilerec *t = gki_mem(&g->alloc, NULL, 0, (size_t)ncap * sizeof *t);
  uint32_t *st = gki_mem(&g->alloc, NULL, 0, (size_t)ncap * sizeof *st);
  if (!t || !st) {
    gki_mem(&g->alloc, t, t ? (size_t)ncap * sizeof *t : 0, 0);
    gki_mem(&g->alloc, st, st ? (size_t)ncap * sizeof *st : 0, 0);
    gki_game_seterr(g, "out of memory growing the tile list");
    return GK_ENOMEM;
  }
  memcpy(t, g->tiles, (size_t)g->n_tiles * sizeof *t);
  memset(st, 0, (size_t)ncap * sizeof *st);
  g->stamp_gen = 0;
  gki_mem(&g->alloc, g->tiles, (size_t)g->cap_tiles * sizeof *t, 0);
  gki_mem(&g->alloc, g->stamp, (size_t)g->cap_tiles * sizeof *st, 0);
  g->tiles = t;
  g->stamp = st;
  g->cap_tiles = ncap;
  return GK_OK;
}

static int grow_nodes(gk_game *g, int32_t need) {
  if (need <= g->cap_nodes) return GK_OK;
  int32_t ncap = g->cap_nodes * 2;
  while (ncap < need) ncap *= 2;
  int na = g->rules->n_attrs;
  struct {
    void **field;
    size_t elem;
    void *fresh;
  } parts[] = {
      {(void **)&g->parent, sizeof(int32_t), NULL},
      {(void **)&g->next, sizeof(int32_t), NULL},
      {(void **)&g->node_tile, sizeof(int32_t), NULL},
      {(void **)&g->node_seg, 1, NULL},
      {(void **)&g->node_kind, 1, NULL},
      {(void **)&g->root, sizeof(gk_rootrec), NULL},
      {(void **)&g->attrs, sizeof(int32_t) * (size_t)na, NULL},
  };
  enum { NPARTS = sizeof parts / sizeof parts[0] };
  bool ok = true;
  for (int i = 0; i < NPARTS; i++) {
    if (parts[i].elem == 0) continue;
    parts[i].fresh = gki_mem(&g->alloc, NULL, 0, (size_t)ncap * parts[i].elem);
    if (!parts[i].fresh) ok = false;
  }
  if (!ok) {
    for (int i = 0; i < NPARTS; i++)
      if (parts[i].fresh)
        gki_mem(&g->alloc, parts[i].fresh, (size_t)ncap * parts[i].elem, 0);
    gki_game_seterr(g, "out of memory growing the feature graph");
    return GK_ENOMEM;
  }
  for (int i = 0; i < NPARTS; i++) {
    if (parts[i].elem == 0) continue;
    memcpy(parts[i].fresh, *parts[i].field, (size_t)g->n_nodes * parts[i].elem);
    gki_mem(&g->alloc, *parts[i].field, (size_t)g->cap_nodes * parts[i].elem, 0);
    *parts[i].field = parts[i].fresh;
  }
  g->cap_nodes = ncap;
  return GK_OK;
}

/* Out of line, so that a placement's body (flattened, gki_board_place)
** holds only the common case. */
static __attribute__((noinline)) int reserve_growing(gk_game *g, int32_t x, int32_t y,
                                                     int extra_nodes) {
  int st;
  if ((st = grow_window(g, x - 1, y - 1, x + 1, y + 1))) return st;
  if ((st = grow_tiles(g, g->n_tiles + 1))) return st;
  if ((st = grow_nodes(g, g->n_nodes + extra_nodes))) return st;
  void *p = g->frontier;
  if (gki_grow(&g->alloc, &p, &g->cap_frontier, g->n_frontier + 4, sizeof(gk_frontier_entry)))
    goto nomem;
  g->frontier = p;
  p = g->boardops;
  if (gki_grow(&g->alloc, &p, &g->cap_boardops, g->n_boardops + 1, sizeof(gk_boardop)))
    goto nomem;
  g->boardops = p;
  if (gki_log_reserve(g, 1)) goto nomem;
  return GK_OK;
nomem:
  gki_game_seterr(g, "out of memory");
  return GK_ENOMEM;
}

int gki_board_reserve(gk_game *g, int32_t x, int32_t y, int extra_nodes) {
  /* The common case: everything already fits. */
  if (x - 1 >= g->ox && y - 1 >= g->oy && x + 1 < g->ox + g->w && y + 1 < g->oy + g->h &&
      g->n_tiles + 1 <= g->cap_tiles && g->n_nodes + extra_nodes <= g->cap_nodes &&
      g->n_frontier + 4 <= g->cap_frontier && g->n_boardops + 1 <= g->cap_boardops &&
      g->n_log + 2 <= g->cap_log)
    return GK_OK;
  return reserve_growing(g, x, y, extra_nodes);
}

/* }------------------------------------------------------------------ */

static inline int32_t entry_cell(const gk_game *g, const gk_frontier_entry *e) {
  return e->cx + e->cy * g->w;
}

/* Are all four neighbours of the empty cell (cx, cy) of the window tiles?
** A frontier cell that is, is a hole. The rules' key table says at once;
** without it the cells do. */
static bool enclosed_by_cells(const gk_game *g, int32_t cx, int32_t cy) {
  /* The window reaches one cell beyond every tile: a cell on its border
  ** has a side with no tile, and the others' four neighbours are inside. */
  if (cx <= 0 || cy <= 0 || cx >= g->w - 1 || cy >= g->h - 1) return false;
  int32_t ci = cx + cy * g->w;
  return g->cells[ci - g->w].tile >= 0 && g->cells[ci + 1].tile >= 0 &&
         g->cells[ci + g->w].tile >= 0 && g->cells[ci - 1].tile >= 0;
}

static inline bool enclosed(const gk_game *g, int32_t cx, int32_t cy) {
  const uint8_t *by_key = g->rules->key_enclosed;
  return by_key ? by_key[g->cells[cx + cy * g->w].key] != 0 : enclosed_by_cells(g, cx, cy);
}

/* cx, cy: the cell's position inside the window. `journaled`, here and
** below: see gki_board_place. */
static inline void frontier_add(gk_game *g, int32_t ci, int32_t cx, int32_t cy,
                                const bool journaled) {
  GKI_JOURNAL_REC_IF(journaled, g, &g->cells[ci]);
  g->cells[ci].fpos = g->n_frontier;
  g->frontier[g->n_frontier++] = (gk_frontier_entry){g->cells[ci].key, (int16_t)cx, (int16_t)cy};
}

static inline __attribute__((always_inline)) void frontier_remove(gk_game *g, int32_t ci,
                                                                  const bool journaled) {
  int32_t pos = g->cells[ci].fpos;
  gk_frontier_entry last = g->frontier[--g->n_frontier];
  g->frontier[pos] = last;
  GKI_JOURNAL_REC_IF(journaled, g, &g->cells[entry_cell(g, &last)]);
  GKI_JOURNAL_REC_IF(journaled, g, &g->cells[ci]);
  g->cells[entry_cell(g, &last)].fpos = pos;
  g->cells[ci].fpos = -1;
}

static bool fits_slow(const gk_rules *r, int type, int rot, uint32_t key);

/* Would this rotation fit the neighbours described by key? Any rotation
** fits exactly when its symmetric twin among the listed ones does. */
static bool fits(const gk_rules *r, int type, int rot, uint32_t key) {
  if (r->rotmask)
    return (r->rotmask[(size_t)type * r->n_keys + key] >> r->canon_rot[(size_t)type * 4 + (size_t)rot]) & 1;
  return fits_slow(r, type, rot, key);
}

static bool fits_slow(const gk_rules *r, int type, int rot, uint32_t key) {
  const uint8_t *sc = r->side_class + ((size_t)type * 4 + (size_t)rot) * 4;
  for (int s = 0; s < 4; s++) {
    uint32_t q = key % r->key_base;
    key /= r->key_base;
    if (q && !((r->class_compat[sc[s]] >> (q - 1)) & 1)) return false;
  }
  return true;
}

static uint8_t rotations_that_fit(const gk_rules *r, int type, uint32_t key) {
  if (r->rotmask) return r->rotmask[(size_t)type * r->n_keys + key] & 15;
  uint8_t m = 0;
  for (int rot = 0; rot < 4; rot++)
    if (((r->unique_rot[type] >> rot) & 1) && fits_slow(r, type, rot, key))
      m |= (uint8_t)(1u << rot);
  return m;
}

/* {------------------------------------------------------------------
** Placement
** ------------------------------------------------------------------- */

/* Facing segments across a side. A segment covering several ports of a
** side and meeting one segment across them makes one pair. */
typedef struct port_pair {
  int32_t theirs, their_root_before;
  int segment; /* of the new tile; not a byte, which could alias anything */
  int ports;
  bool join;
} port_pair;

/* Every pair of a placement, in side and port order. */
typedef struct pairing {
  int n;
  unsigned joined; /* segments of the new tile that joined an earlier feature */
  port_pair pair[GK_PORT_COUNT];
} pairing;

/* The tile being placed, as pairing reads it. */
typedef struct new_tile {
  const uint8_t *ports; /* segment at each board port */
  const uint8_t *runs;  /* side_runs of its type and rotation */
  const uint8_t *kind;  /* of each segment */
  int32_t base;         /* node of segment 0 */
} new_tile;

/* The pairs a side makes, for each mask of the ports that continue the
** pair of the port before them (bit 0: port 1, bit 1: port 2): the first
** port of each pair and how many ports it covers. */
typedef struct side_pairing {
  uint8_t n, first[3], ports[3];
} side_pairing;

static const side_pairing side_pairings[4] = {
    {3, {0, 1, 2}, {1, 1, 1}},
    {2, {0, 2, 0}, {2, 1, 0}},
    {2, {0, 1, 0}, {1, 2, 0}},
    {1, {0, 0, 0}, {3, 0, 0}},
};

/* New nodes start as copies of the per-type templates made by freeze. */
static void init_segment_nodes(gk_game *g, const gk_tile_template *tp, int32_t tile,
                               int32_t base) {
  int ns = tp->n_segments, na = g->rules->n_attrs;
  /* The arrays are read once: a byte store may alias any field of g. */
  int32_t *parent = g->parent + base, *next = g->next + base, *node_tile = g->node_tile + base;
  uint8_t *node_seg = g->node_seg + base, *node_kind = g->node_kind + base;
  gk_rootrec *root = g->root + base;
  for (int i = 0; i < ns; i++) {
    parent[i] = base + i;
    next[i] = base + i;
    node_tile[i] = tile;
    node_seg[i] = (uint8_t)i;
    node_kind[i] = tp->kind[i];
    root[i] = tp->root[i];
  }
  if (na)
    memcpy(g->attrs + (size_t)base * (size_t)na, g->rules->template_attrs + tp->attr_offset,
           sizeof(int32_t) * (size_t)na * (size_t)ns);
}

static void report_closed(gk_place_report *rep, int32_t root) {
  if (!rep) return;
  for (int i = 0; i < rep->n_closed; i++)
    if (rep->closed[i] == root) return;
  if (rep->n_closed < GK_REPORT_MAX) rep->closed[rep->n_closed++] = root;
}

/* A tile that just became surrounded closes its inner segments of kinds
** that close that way. Rare: out of line (noinline), as before the
** placement was flattened. */
static __attribute__((noinline)) void close_surrounded(gk_game *g, const gk_tilerec *t,
                                                      gk_place_report *rep, const bool journaled) {
  const gk_rules *r = g->rules;
  if (!r->surround_mask_any[t->type]) return;
  const gk_tile_def *d = &r->tiles[t->type].def;
  for (int s = 0; s < d->n_segments; s++) {
    if (d->segments[s].ports != 0 ||
        r->kind_completion[d->segments[s].kind] != GK_CLOSE_SURROUNDED)
      continue;
    int32_t root = gki_find(g, t->first_node + s);
    GKI_JOURNAL_NODE_IF(journaled, g, g->root, root);
    g->root[root].closed_by = 1;
    report_closed(rep, root);
  }
}

/* Counts the new tile among its 8 neighbours' neighbours. A neighbour
** reaching 8 has just become surrounded; it closes before the ones after
** it in the order N NE E SE S SW W NW, and the new tile last. */
static inline void update_surroundings(gk_game *g, int32_t tile, int32_t ci,
                                       bool was_frontier, gk_place_report *rep,
                                       const bool journaled) {
  /* The window always reaches one cell beyond a placed tile. */
  const gk_cellrec *north = &g->cells[ci - g->w], *here = &g->cells[ci],
                   *south = &g->cells[ci + g->w];
  const int32_t around[8] = {north[0].tile, north[1].tile, here[1].tile,  south[1].tile,
                             south[0].tile, south[-1].tile, here[-1].tile, north[-1].tile};
  gk_tilerec *tiles = g->tiles;
  int count = 0;
  unsigned occupied = 0; /* bit d: around[d] holds a tile */
  /* unrolled whole, which the compiler no longer chose by itself once the
  ** placement had two copies: as a loop, ~50 more instructions a tile */
#pragma GCC unroll 8
  for (int d = 0; d < 8; d++) {
    if (around[d] < 0) continue;
    count++;
    occupied |= 1u << d;
    gk_tilerec *o = &tiles[around[d]];
    if (++o->neighbours == 8) close_surrounded(g, o, rep, journaled);
  }
  gk_tilerec *t = &tiles[tile];
  t->neighbours = (uint8_t)count;
  if (count == 8) close_surrounded(g, t, rep, journaled);
  /* Holes, counted as they open and fill: the new tile filled one if its
  ** four sides touch tiles; an empty side cell became one if its other
  ** three neighbours are tiles, two of which are diagonal to the new tile
  ** (N needs NW and NE, E needs NE and SE, and so on). */
  if (was_frontier && (occupied & 0x55) == 0x55) g->n_holes--;
  static const unsigned diagonals[4] = {0x82, 0x0A, 0x28, 0xA0};
  const int32_t side_cell[4] = {ci - g->w, ci + 1, ci + g->w, ci - 1};
  for (int s = 0; s < 4; s++) {
    if ((occupied & (diagonals[s] | 1u << 2 * s)) != diagonals[s]) continue;
    int32_t sc = side_cell[s];
    if (g->cells[sc].fpos >= 0 && enclosed(g, sc % g->w, sc / g->w)) g->n_holes++;
  }
}

/* Pairs the ports of one side of the new tile with the tile o facing it;
** returns how many pairs. */
static int pair_side(const gk_game *g, const new_tile *nt, int s, const gk_tilerec *o,
                     port_pair *out) {
  const gk_rules *r = g->rules;
  size_t theirs_at = (size_t)o->type * 4 + o->rot;
  int os = (s + 2) % 4;
  const uint8_t *mine_ports = nt->ports + 3 * s;
  const uint8_t *their_ports = r->port_seg + theirs_at * GK_PORT_COUNT + 3 * os;
  unsigned continued = nt->runs[s] & (r->side_runs[theirs_at * 4 + (size_t)os] >> 2);
  const side_pairing *sp = &side_pairings[continued];
  for (int k = 0; k < sp->n; k++) {
    int i = sp->first[k], segment = mine_ports[i];
    int32_t theirs = o->first_node + their_ports[2 - i];
    bool join = (r->kind_join[nt->kind[segment]] >> g->node_kind[theirs]) & 1;
    out[k] = (port_pair){.theirs = theirs, .segment = segment, .ports = sp->ports[k], .join = join};
  }
  return sp->n;
}

/* Covers the facing ports of each pair on both features, then joins them,
** in order. Remembers which feature each pair reached before: the new
** tile's own nodes are the only ones united so far, so a root reached
** through an old node is an old feature's unless it already took in a
** new node. */
static inline void join_pairs(gk_game *g, int32_t base, pairing *pg, const bool journaled) {
  unsigned joined = 0;
  for (int j = 0; j < pg->n; j++) {
    port_pair *pp = &pg->pair[j];
    /* a segment no earlier pair joined is still its own root */
    int32_t mine = base + pp->segment;
    int32_t rb = gki_find(g, pp->theirs), ra = (joined >> pp->segment) & 1 ? gki_find(g, mine) : mine;
    pp->their_root_before = rb;
    /* when both ends are one feature already, it loses both ports */
    GKI_JOURNAL_NODE_IF(journaled, g, g->root, ra);
    GKI_JOURNAL_NODE_IF(journaled, g, g->root, rb);
    g->root[ra].open -= pp->ports;
    g->root[rb].open -= pp->ports;
    if (!pp->join) continue;
    joined |= 1u << pp->segment;
    if (ra != rb) gki_unite(g, ra, rb, journaled);
  }
  pg->joined = joined;
}

/* The features of the new tile in segment order, what each swallowed, and
** what closed: them, then earlier features whose ports a non-joining side
** (a wildcard) just covered. */
static void build_report(gk_game *g, int32_t tile, int32_t base, int n_segments,
                         const pairing *pg, gk_place_report *rep) {
  rep->tile = tile;
  uint8_t *slot_of_segment = rep->feature_of;
  int n_features = 0;
  for (int i = 0; i < n_segments; i++) {
    /* a segment no pair joined is a feature of its own, still its root */
    int32_t root = base + i;
    int k = n_features;
    if ((pg->joined >> i) & 1) {
      root = gki_find(g, root);
      for (k = 0; k < n_features && rep->feature[k] != root; k++) continue;
    } else {
      assert(g->parent[root] == root);
    }
    slot_of_segment[i] = (uint8_t)k;
    if (k < n_features) continue;
    rep->feature[n_features++] = root;
    rep->flags[k] = 0;
    if (gki_root_closed(g, root)) {
      rep->flags[k] = GK_FEAT_CLOSED;
      report_closed(rep, root);
    }
  }
  rep->n_features = n_features;
  const gk_rules *r = g->rules;
  for (int j = 0; j < pg->n; j++) {
    const port_pair *pp = &pg->pair[j];
    if (!pp->join) {
      int32_t root = gki_find(g, pp->theirs);
      if (r->kind_completion[g->node_kind[root]] == GK_CLOSE_PORTS && g->root[root].open == 0)
        report_closed(rep, root);
      continue;
    }
    /* Pairs that reached one earlier feature end in one feature of the
    ** new tile: the first of them counts what that feature swallowed. */
    bool seen = false;
    for (int m = 0; m < j && !seen; m++)
      seen = pg->pair[m].join && pg->pair[m].their_root_before == pp->their_root_before;
    if (seen) continue;
    unsigned *flags = &rep->flags[slot_of_segment[pp->segment]];
    if (*flags & GK_FEAT_EXTENDED) {
      *flags |= GK_FEAT_MERGED;
      rep->n_merges++;
    }
    *flags |= GK_FEAT_EXTENDED;
  }
}

/* A placement, compiled twice from one check of the journal's on flag
** (gki_board_place): with journaled false (folded), nothing is recorded
** and nothing tested; a base game's placement stays as fast as before
** the journal. Both copies make the same game. */
static inline __attribute__((always_inline)) int place(gk_game *g, int type, int32_t x,
                                                       int32_t y, int rot, bool fixed,
                                                       gk_place_report *rep,
                                                       const bool journaled) {
  const gk_rules *r = g->rules;
  const gk_tile_template *tp = &r->templates[type];
  int st = gki_board_reserve(g, x, y, tp->n_segments);
  if (st) return st;

  if (rep) {
    rep->n_features = 0;
    rep->n_merges = 0;
    rep->n_closed = 0;
  }
  /* reserve made the window reach one cell beyond x, y */
  int32_t cx = x - g->ox, cy = y - g->oy;
  int32_t ci = cx + cy * g->w;
  assert(ci == gki_cell_index(g, x, y) && g->cells[ci].tile < 0);
  int32_t tile = g->n_tiles++;
  int32_t base = g->n_nodes;
  g->n_nodes += tp->n_segments;
  g->tiles[tile] = (gk_tilerec){x, y, (uint16_t)type, (uint8_t)rot, 0, base};
  bool was_frontier = g->cells[ci].fpos >= 0;
  if (was_frontier) frontier_remove(g, ci, journaled);
  GKI_JOURNAL_REC_IF(journaled, g, &g->cells[ci]);
  g->cells[ci].tile = tile;
  g->cells[ci].fpos = -1;
  gki_note_used(g, x, y);
  g->boardops[g->n_boardops++] =
      (gk_boardop){(uint8_t)(fixed ? 1 : 0), (uint8_t)rot, (uint16_t)type, x, y};
  gki_log_push(g, fixed ? GK_EV_PLACE_FIXED : GK_EV_PLACE, type, x, y, rot, 0);
  init_segment_nodes(g, tp, tile, base);

  /* Each side either faces an empty cell, which learns the side's class,
  ** or a tile, whose facing segments pair with ours and join. */
  size_t at = (size_t)type * 4 + (size_t)rot;
  const new_tile nt = {r->port_seg + at * GK_PORT_COUNT, r->side_runs + at * 4, tp->kind, base};
  const uint32_t *side_key = r->side_key + at * 4;
  pairing pg;
  pg.n = 0;
  pg.joined = 0;
  const int32_t step4[4] = {-g->w, 1, g->w, -1};
  for (int s = 0; s < 4; s++) {
    int32_t nci = ci + step4[s];
    gk_cellrec *nc = &g->cells[nci];
    if (nc->tile >= 0) {
      pg.n += pair_side(g, &nt, s, &g->tiles[nc->tile], pg.pair + pg.n);
      continue;
    }
    GKI_JOURNAL_REC_IF(journaled, g, nc);
    nc->key += side_key[s];
    if (nc->fpos >= 0) {
      g->frontier[nc->fpos].key = nc->key;
    } else if (nc->fpos == -1) {
      if (r->n_regions && gki_in_blocked_region(r, x + DX4[s], y + DY4[s]))
        nc->fpos = -2;
      else
        frontier_add(g, nci, cx + DX4[s], cy + DY4[s], journaled);
    }
  }
  join_pairs(g, base, &pg, journaled);
  update_surroundings(g, tile, ci, was_frontier, rep, journaled);
  if (rep) build_report(g, tile, base, tp->n_segments, &pg, rep);
  return GK_OK;
}

/* flatten: both copies inline their helpers whole, as
** the single placement did before it had two copies: without it the
** compiler's growth limits leave helpers out of line, a slower plain copy.
** The rare paths stay out (noinline: reserve_growing, close_surrounded). */
static __attribute__((noinline, flatten)) int place_journaled(gk_game *g, int type, int32_t x,
                                                              int32_t y, int rot, bool fixed,
                                                              gk_place_report *rep) {
  return place(g, type, x, y, rot, fixed, rep, true);
}

/* The journal is on only in an agent's search, and no placement turns it
** on: the flag is read once here. */
__attribute__((flatten)) int gki_board_place(gk_game *g, int type, int32_t x, int32_t y,
                                            int rot, bool fixed, gk_place_report *rep) {
  if (__builtin_expect(g->journal.on, 0)) return place_journaled(g, type, x, y, rot, fixed, rep);
  return place(g, type, x, y, rot, fixed, rep, false);
}

int gki_board_block(gk_game *g, int32_t x, int32_t y) {
  int st = grow_window(g, x, y, x, y);
  if (st) return st;
  void *p = g->boardops;
  if (gki_grow(&g->alloc, &p, &g->cap_boardops, g->n_boardops + 1, sizeof(gk_boardop)) ||
      gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  g->boardops = p;
  int32_t ci = gki_cell_index(g, x, y);
  if (g->cells[ci].fpos >= 0) {
    if (enclosed(g, x - g->ox, y - g->oy)) g->n_holes--;
    frontier_remove(g, ci, true); /* the journaled copy still tests on */
  }
  GKI_JOURNAL_REC(g, &g->cells[ci]);
  g->cells[ci].fpos = -2;
  gki_note_used(g, x, y);
  g->boardops[g->n_boardops++] = (gk_boardop){2, 0, 0, x, y};
  gki_log_push(g, GK_EV_BLOCK, 0, x, y, 0, 0);
  return GK_OK;
}

/* }------------------------------------------------------------------ */

/* {------------------------------------------------------------------
** Public board API
** ------------------------------------------------------------------- */

static int check_type_rot(const gk_game *g, const char *fn, int type, int rot) {
  if (type < 0 || type >= g->rules->n_tiles) {
    gki_game_seterr(g, "%s: unknown tile type %d", fn, type);
    return GK_EINVAL;
  }
  if (rot < 0 || rot > 3) {
    gki_game_seterr(g, "%s: rotation %d is not 0..3", fn, rot);
    return GK_EINVAL;
  }
  return GK_OK;
}

int gk_can_place(const gk_game *g, int type, int32_t x, int32_t y, int rot) {
  if (!g) return GK_EINVAL;
  int st = check_type_rot(g, "can_place", type, rot);
  if (st) return st;
  int32_t ci = gki_cell_index(g, x, y);
  if (ci < 0) return 0;
  const gk_cellrec *c = &g->cells[ci];
  if (c->tile >= 0 || c->fpos < 0) return 0;
  return fits(g->rules, type, rot, c->key);
}

int gk_legal_placements(const gk_game *g, int type, gk_placement *out, int cap) {
  if (!g) return GK_EINVAL;
  int st = check_type_rot(g, "legal_placements", type, 0);
  if (st) return st;
  if (cap < 0 || (cap > 0 && !out)) {
    gki_game_seterr(g, "legal_placements: bad output buffer");
    return GK_EINVAL;
  }
  const gk_rules *r = g->rules;
  int count = 0;
  const gk_frontier_entry *fr = g->frontier;
  if (r->rotmask && cap >= 4 * g->n_frontier) {
    /* Room for every rotation of every cell: write all four candidate
    ** slots unconditionally and advance by the mask's population, which
    ** keeps the loop free of unpredictable branches. */
    const uint8_t *tbl = r->rotmask + (size_t)type * r->n_keys;
    for (int32_t i = 0; i < g->n_frontier; i++) {
      const gk_rot_list *rl = &gk_rot_lists[tbl[fr[i].key] & 15];
      int32_t x = fr[i].cx + g->ox, y = fr[i].cy + g->oy;
      gk_placement *o = out + count;
      o[0] = (gk_placement){x, y, rl->rot[0]};
      o[1] = (gk_placement){x, y, rl->rot[1]};
      o[2] = (gk_placement){x, y, rl->rot[2]};
      o[3] = (gk_placement){x, y, rl->rot[3]};
      count += rl->n;
    }
  } else if (r->rotmask) {
    const uint8_t *tbl = r->rotmask + (size_t)type * r->n_keys;
    for (int32_t i = 0; i < g->n_frontier; i++) {
      unsigned m = tbl[fr[i].key] & 15;
      if (!m) continue;
      int32_t x = fr[i].cx + g->ox, y = fr[i].cy + g->oy;
      do {
        if (count < cap) out[count] = (gk_placement){x, y, __builtin_ctz(m)};
        count++;
        m &= m - 1;
      } while (m);
    }
  } else {
    for (int32_t i = 0; i < g->n_frontier; i++) {
      unsigned m = rotations_that_fit(r, type, fr[i].key);
      int32_t x = fr[i].cx + g->ox, y = fr[i].cy + g->oy;
      while (m) {
        if (count < cap) out[count] = (gk_placement){x, y, __builtin_ctz(m)};
        count++;
        m &= m - 1;
      }
    }
  }
  return count;
}

_Static_assert(GK_PICK_BLOCK % 2 == 0 && GK_PICK_BLOCK * 4 <= UINT8_MAX,
               "a block is summed in pairs and its count fits a byte");
int gk_count_placements(const gk_game *g, int type) {
  if (!g) return GK_EINVAL;
  int st = check_type_rot(g, "count_placements", type, 0);
  if (st) return st;
  const gk_rules *r = g->rules;
  int count = 0;
  if (r->rotmask) {
    /* The hottest loop of a random game. Two sums halve its dependency
    ** chain; the per-block counts it keeps (a cache, not game state, so
    ** a const game may keep them) let gk_placement_at skip whole blocks. */
    const uint8_t *tbl = r->rotcount + (size_t)type * r->n_keys;
    const gk_frontier_entry *fr = g->frontier;
    int32_t n = g->n_frontier;
    gk_game *cache = (gk_game *)g;
    bool keep = n <= GK_PICK_BLOCK * GK_PICK_BLOCKS;
    int32_t full = keep ? n / GK_PICK_BLOCK : 0, i = 0;
    for (int32_t b = 0; b < full; b++, i += GK_PICK_BLOCK) {
      int even = 0, odd = 0;
      for (int j = 0; j < GK_PICK_BLOCK; j += 2) {
        even += tbl[fr[i + j].key];
        odd += tbl[fr[i + j + 1].key];
      }
      cache->pick.per_block[b] = (uint8_t)(even + odd);
      count += even + odd;
    }
    int rest = 0;
    for (; i < n; i++) rest += tbl[fr[i].key];
    if (keep && full * GK_PICK_BLOCK < n) cache->pick.per_block[full] = (uint8_t)rest;
    count += rest;
    cache->pick.type_plus1 = keep ? type + 1 : 0;
    cache->pick.n_boardops = g->n_boardops;
    cache->pick.n_frontier = n;
  } else {
    for (int32_t i = 0; i < g->n_frontier; i++)
      count += gk_rot_lists[rotations_that_fit(r, type, g->frontier[i].key)].n;
  }
  return count;
}

int gk_placement_at(const gk_game *g, int type, int index, gk_placement *out) {
  if (!g) return GK_EINVAL;
  int st = check_type_rot(g, "placement_at", type, 0);
  if (st) return st;
  if (index < 0 || !out) {
    gki_game_seterr(g, "placement_at: bad index %d or output", index);
    return GK_EINVAL;
  }
  const gk_rules *r = g->rules;
  const uint8_t *tbl = r->rotmask ? r->rotmask + (size_t)type * r->n_keys : NULL;
  if (tbl) {
    /* the counts alone (as gk_count_placements) until the cell that holds
    ** the index, whose rotation list only is read */
    const uint8_t *cnt = r->rotcount + (size_t)type * r->n_keys;
    int32_t i = 0;
    if (g->pick.type_plus1 == type + 1 && g->pick.n_boardops == g->n_boardops &&
        g->pick.n_frontier == g->n_frontier) {
      int32_t b = 0, blocks = (g->n_frontier + GK_PICK_BLOCK - 1) / GK_PICK_BLOCK;
      while (b < blocks && index >= g->pick.per_block[b]) index -= g->pick.per_block[b++];
      i = b < blocks ? b * GK_PICK_BLOCK : g->n_frontier;
    }
    for (; i < g->n_frontier; i++) {
      int c = cnt[g->frontier[i].key];
      if (index < c) {
        *out = (gk_placement){g->frontier[i].cx + g->ox, g->frontier[i].cy + g->oy,
                              gk_rot_lists[tbl[g->frontier[i].key] & 15].rot[index]};
        return GK_OK;
      }
      index -= c;
    }
    gki_game_seterr(g, "placement_at: no placement with that index");
    return GK_EINVAL;
  }
  for (int32_t i = 0; i < g->n_frontier; i++) {
    uint32_t key = g->frontier[i].key;
    const gk_rot_list *rl = &gk_rot_lists[tbl ? tbl[key] & 15 : rotations_that_fit(r, type, key)];
    if (index < rl->n) {
      *out = (gk_placement){g->frontier[i].cx + g->ox, g->frontier[i].cy + g->oy, rl->rot[index]};
      return GK_OK;
    }
    index -= rl->n;
  }
  gki_game_seterr(g, "placement_at: no placement with that index");
  return GK_EINVAL;
}

int gk_pick_placement(const gk_game *g, int type, uint32_t rnd, gk_placement *out) {
  if (!g) return GK_EINVAL;
  int st = check_type_rot(g, "pick_placement", type, 0);
  if (st) return st;
  if (!out) {
    gki_game_seterr(g, "pick_placement: no output");
    return GK_EINVAL;
  }
  const gk_rules *r = g->rules;
  enum { LOCAL = 1024 };
  if (!r->rotmask || g->n_frontier > LOCAL) {
    int n = gk_count_placements(g, type);
    if (n > 0) gk_placement_at(g, type, (int)(((uint64_t)rnd * (uint64_t)n) >> 32), out);
    return n;
  }
  /* One pass over the frontier keeps each cell's count (the rules'
  ** rotcount); the second walks those bytes only, and the rotations are
  ** read for the cell picked. */
  const size_t at = (size_t)type * r->n_keys;
  const uint8_t *cnt = r->rotcount + at;
  uint8_t count[LOCAL];
  int n = 0;
  for (int32_t i = 0; i < g->n_frontier; i++) {
    count[i] = cnt[g->frontier[i].key];
    n += count[i];
  }
  if (n == 0) return 0;
  int k = (int)(((uint64_t)rnd * (uint64_t)n) >> 32);
  int32_t i = 0;
  while (k >= count[i]) k -= count[i++];
  *out = (gk_placement){g->frontier[i].cx + g->ox, g->frontier[i].cy + g->oy,
                        gk_rot_lists[r->rotmask[at + g->frontier[i].key] & 15].rot[k]};
  return n;
}

int gk_has_placement(const gk_game *g, int type) {
  if (!g) return GK_EINVAL;
  int st = check_type_rot(g, "has_placement", type, 0);
  if (st) return st;
  for (int32_t i = 0; i < g->n_frontier; i++)
    if (rotations_that_fit(g->rules, type, g->frontier[i].key)) return 1;
  return 0;
}

static int place_common(gk_game *g, const char *fn, int type, int32_t x,
                        int32_t y, int rot, bool fixed, gk_place_report *rep) {
  if (!g) return GK_EINVAL;
  int st = check_type_rot(g, fn, type, rot);
  if (st) return st;
  if (!coord_ok(x, y)) {
    gki_game_seterr(g, "%s: cell %d,%d is out of range", fn, x, y);
    return GK_EINVAL;
  }
  int32_t ci = gki_cell_index(g, x, y);
  if (ci >= 0 && g->cells[ci].tile >= 0) {
    gki_game_seterr(g, "%s: cell %d,%d already holds a tile", fn, x, y);
    return GK_EILLEGAL;
  }
  if ((ci >= 0 && g->cells[ci].fpos == -2) || gki_in_blocked_region(g->rules, x, y)) {
    gki_game_seterr(g, "%s: cell %d,%d is blocked", fn, x, y);
    return GK_EILLEGAL;
  }
  if (!fixed) {
    if (ci < 0 || g->cells[ci].fpos < 0) {
      gki_game_seterr(g, "%s: cell %d,%d touches no tile", fn, x, y);
      return GK_EILLEGAL;
    }
    if (!fits(g->rules, type, rot, g->cells[ci].key)) {
      gki_game_seterr(g, "%s: tile %s does not fit at %d,%d rotation %d", fn,
                     g->rules->tiles[type].id, x, y, rot);
      return GK_EILLEGAL;
    }
  }
  return gki_board_place(g, type, x, y, rot, fixed, rep);
}

int gk_place_tile(gk_game *g, int type, int32_t x, int32_t y, int rot,
                  gk_place_report *rep) {
  return place_common(g, "place_tile", type, x, y, rot, false, rep);
}

int gk_place_fixed(gk_game *g, int type, int32_t x, int32_t y, int rot,
                   gk_place_report *rep) {
  return place_common(g, "place_fixed", type, x, y, rot, true, rep);
}

int gk_block_cell(gk_game *g, int32_t x, int32_t y) {
  if (!g) return GK_EINVAL;
  if (!coord_ok(x, y)) {
    gki_game_seterr(g, "block_cell: cell %d,%d is out of range", x, y);
    return GK_EINVAL;
  }
  int32_t ci = gki_cell_index(g, x, y);
  if (ci >= 0 && g->cells[ci].tile >= 0) {
    gki_game_seterr(g, "block_cell: cell %d,%d holds a tile", x, y);
    return GK_EILLEGAL;
  }
  if ((ci >= 0 && g->cells[ci].fpos == -2) || gki_in_blocked_region(g->rules, x, y)) return GK_OK;
  return gki_board_block(g, x, y);
}

int gk_cell_blocked(const gk_game *g, int32_t x, int32_t y) {
  if (!g) return GK_EINVAL;
  int32_t ci = gki_cell_index(g, x, y);
  return (ci >= 0 && g->cells[ci].fpos == -2) || gki_in_blocked_region(g->rules, x, y);
}

static int list_frontier(const gk_game *g, gk_cell *out, int cap, bool holes) {
  if (!g) return GK_EINVAL;
  if (cap < 0 || (cap > 0 && !out)) {
    gki_game_seterr(g, "frontier: bad output buffer");
    return GK_EINVAL;
  }
  /* holes are counted as they open and fill: most of the time there is
  ** none, and no walk */
  if (holes && g->n_holes == 0) return 0;
  int count = 0;
  for (int32_t i = 0; i < g->n_frontier; i++) {
    const gk_frontier_entry *e = &g->frontier[i];
    if (holes && !enclosed(g, e->cx, e->cy)) continue;
    if (count < cap) out[count] = (gk_cell){e->cx + g->ox, e->cy + g->oy};
    count++;
  }
  assert(!holes || count == g->n_holes);
  return count;
}

int gk_frontier(const gk_game *g, gk_cell *out, int cap) {
  return list_frontier(g, out, cap, false);
}

int gk_holes(const gk_game *g, gk_cell *out, int cap) {
  return list_frontier(g, out, cap, true);
}

/* }------------------------------------------------------------------ */
