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
static const int DX8[8] = {0, 1, 1, 1, 0, -1, -1, -1}; /* N NE E SE S SW W NW */
static const int DY8[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

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
    gk_game_seterr(g, "board window would exceed %u cells", GK_MAX_WINDOW_CELLS);
    return GK_EINVAL;
  }
  gk_cellrec *cells = gk_mem(&g->alloc, NULL, 0, (size_t)(nw * nh) * sizeof *cells);
  if (!cells) {
    gk_game_seterr(g, "out of memory growing the board");
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
  gk_mem(&g->alloc, g->cells, (size_t)g->w * g->h * sizeof *g->cells, 0);
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
  gk_tilerec *t = gk_mem(&g->alloc, NULL, 0, (size_t)ncap * sizeof *t);
  uint32_t *st = gk_mem(&g->alloc, NULL, 0, (size_t)ncap * sizeof *st);
  if (!t || !st) {
    gk_mem(&g->alloc, t, t ? (size_t)ncap * sizeof *t : 0, 0);
    gk_mem(&g->alloc, st, st ? (size_t)ncap * sizeof *st : 0, 0);
    gk_game_seterr(g, "out of memory growing the tile list");
    return GK_ENOMEM;
  }
  memcpy(t, g->tiles, (size_t)g->n_tiles * sizeof *t);
  memset(st, 0, (size_t)ncap * sizeof *st);
  g->stamp_gen = 0;
  gk_mem(&g->alloc, g->tiles, (size_t)g->cap_tiles * sizeof *t, 0);
  gk_mem(&g->alloc, g->stamp, (size_t)g->cap_tiles * sizeof *st, 0);
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
    parts[i].fresh = gk_mem(&g->alloc, NULL, 0, (size_t)ncap * parts[i].elem);
    if (!parts[i].fresh) ok = false;
  }
  if (!ok) {
    for (int i = 0; i < NPARTS; i++)
      if (parts[i].fresh)
        gk_mem(&g->alloc, parts[i].fresh, (size_t)ncap * parts[i].elem, 0);
    gk_game_seterr(g, "out of memory growing the feature graph");
    return GK_ENOMEM;
  }
  for (int i = 0; i < NPARTS; i++) {
    if (parts[i].elem == 0) continue;
    memcpy(parts[i].fresh, *parts[i].field, (size_t)g->n_nodes * parts[i].elem);
    gk_mem(&g->alloc, *parts[i].field, (size_t)g->cap_nodes * parts[i].elem, 0);
    *parts[i].field = parts[i].fresh;
  }
  g->cap_nodes = ncap;
  return GK_OK;
}

int gk_board_reserve(gk_game *g, int32_t x, int32_t y, int extra_nodes) {
  /* The common case: everything already fits. */
  if (x - 1 >= g->ox && y - 1 >= g->oy && x + 1 < g->ox + g->w && y + 1 < g->oy + g->h &&
      g->n_tiles + 1 <= g->cap_tiles && g->n_nodes + extra_nodes <= g->cap_nodes &&
      g->n_frontier + 4 <= g->cap_frontier && g->n_boardops + 1 <= g->cap_boardops &&
      g->n_log + 2 <= g->cap_log)
    return GK_OK;
  int st;
  if ((st = grow_window(g, x - 1, y - 1, x + 1, y + 1))) return st;
  if ((st = grow_tiles(g, g->n_tiles + 1))) return st;
  if ((st = grow_nodes(g, g->n_nodes + extra_nodes))) return st;
  void *p = g->frontier;
  if (gk_grow(&g->alloc, &p, &g->cap_frontier, g->n_frontier + 4, sizeof(gk_frontier_entry)))
    goto nomem;
  g->frontier = p;
  p = g->boardops;
  if (gk_grow(&g->alloc, &p, &g->cap_boardops, g->n_boardops + 1, sizeof(gk_boardop)))
    goto nomem;
  g->boardops = p;
  if (gk_log_reserve(g, 1)) goto nomem;
  return GK_OK;
nomem:
  gk_game_seterr(g, "out of memory");
  return GK_ENOMEM;
}

/* }------------------------------------------------------------------ */

static inline int32_t entry_cell(const gk_game *g, const gk_frontier_entry *e) {
  return e->cx + e->cy * g->w;
}

static void frontier_add(gk_game *g, int32_t ci, int32_t x, int32_t y) {
  g->cells[ci].fpos = g->n_frontier;
  g->frontier[g->n_frontier++] =
      (gk_frontier_entry){g->cells[ci].key, (int16_t)(x - g->ox), (int16_t)(y - g->oy)};
}

static void frontier_remove(gk_game *g, int32_t ci) {
  int32_t pos = g->cells[ci].fpos;
  gk_frontier_entry last = g->frontier[--g->n_frontier];
  g->frontier[pos] = last;
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

/* Facing segments across a side. A whole-side segment meeting another
** gives three identical port pairs; they are kept once, with a count. */
typedef struct port_pair {
  int32_t mine, theirs, their_root_before;
  int ports;
  bool join;
} port_pair;

/* New nodes start as copies of the per-type templates made by freeze. */
static void init_segment_nodes(gk_game *g, int type, int32_t tile, int32_t base) {
  const gk_rules *r = g->rules;
  const gk_tile_template *tp = &r->templates[type];
  int ns = tp->n_segments, na = r->n_attrs;
  for (int i = 0; i < ns; i++) {
    int32_t n = base + i;
    g->parent[n] = n;
    g->next[n] = n;
    g->node_tile[n] = tile;
    g->node_seg[n] = (uint8_t)i;
    g->node_kind[n] = tp->kind[i];
    g->root[n] = (gk_rootrec){.open = tp->open[i], .segments = 1, .tiles = 1,
                              .fig_head = -1, .figures = 0, .closed_by = 0};
  }
  if (na)
    memcpy(g->attrs + (size_t)base * (size_t)na, r->template_attrs + tp->attr_offset,
           sizeof(int32_t) * (size_t)na * (size_t)ns);
}

static void report_closed(gk_place_report *rep, int32_t root) {
  if (!rep) return;
  for (int i = 0; i < rep->n_closed; i++)
    if (rep->closed[i] == root) return;
  if (rep->n_closed < GK_REPORT_MAX) rep->closed[rep->n_closed++] = root;
}

/* Counts the new tile among its 8 neighbours' neighbours; an inner
** segment whose tile becomes surrounded closes. */
static void update_surroundings(gk_game *g, int32_t tile, int32_t ci,
                                gk_place_report *rep) {
  const gk_rules *r = g->rules;
  gk_tilerec *t = &g->tiles[tile];
  int32_t around[9];
  int n_around = 0;
  /* The window always reaches one cell beyond a placed tile. */
  const int32_t w = g->w;
  const int32_t step[8] = {-w, -w + 1, 1, w + 1, w, w - 1, -1, -w - 1};
  for (int d = 0; d < 8; d++) {
    int32_t o = g->cells[ci + step[d]].tile;
    if (o < 0) continue;
    g->tiles[o].neighbours++;
    t->neighbours++;
    around[n_around++] = o;
  }
  around[n_around++] = tile;
  for (int i = 0; i < n_around; i++) {
    gk_tilerec *o = &g->tiles[around[i]];
    if (o->neighbours != 8 || !r->surround_mask_any[o->type]) continue;
    const gk_tile_def *d = &r->tiles[o->type].def;
    for (int s = 0; s < d->n_segments; s++) {
      if (d->segments[s].ports != 0 ||
          r->kind_completion[d->segments[s].kind] != GK_CLOSE_SURROUNDED)
        continue;
      int32_t root = gk_find(g, o->first_node + s);
      g->root[root].closed_by = 1;
      report_closed(rep, root);
    }
  }
}

int gk_board_place(gk_game *g, int type, int32_t x, int32_t y, int rot,
                   bool fixed, gk_place_report *rep) {
  const gk_rules *r = g->rules;
  const gk_tile_def *d = &r->tiles[type].def;
  int st = gk_board_reserve(g, x, y, d->n_segments);
  if (st) return st;

  if (rep) {
    rep->n_features = 0;
    rep->n_merges = 0;
    rep->n_closed = 0;
  }
  int32_t ci = gk_cell_index(g, x, y);
  assert(ci >= 0 && g->cells[ci].tile < 0);
  int32_t tile = g->n_tiles++;
  int32_t base = g->n_nodes;
  g->n_nodes += d->n_segments;
  g->tiles[tile] = (gk_tilerec){x, y, (uint16_t)type, (uint8_t)rot, 0, base};
  if (g->cells[ci].fpos >= 0) frontier_remove(g, ci);
  g->cells[ci].tile = tile;
  g->cells[ci].fpos = -1;
  g->boardops[g->n_boardops++] =
      (gk_boardop){(uint8_t)(fixed ? 1 : 0), (uint8_t)rot, (uint16_t)type, x, y};
  gk_log_push(g, fixed ? GK_EV_PLACE_FIXED : GK_EV_PLACE, type, x, y, rot, 0);
  init_segment_nodes(g, type, tile, base);

  /* Pair every port with the port facing it, remembering which earlier
  ** feature each pair reached before any union of this placement. */
  port_pair pairs[GK_PORT_COUNT];
  int n_pairs = 0;
  const uint8_t *ps = gk_port_seg(r, type, rot);
  const int32_t step4[4] = {-g->w, 1, g->w, -1};
  const uint32_t *side_key = r->side_key + ((size_t)type * 4 + (size_t)rot) * 4;
  for (int s = 0; s < 4; s++) {
    int32_t nci = ci + step4[s];
    int32_t nt = g->cells[nci].tile;
    if (nt < 0) {
      if (g->cells[nci].fpos == -1) {
        if (r->n_regions && gk_in_blocked_region(r, x + DX4[s], y + DY4[s]))
          g->cells[nci].fpos = -2;
        else
          frontier_add(g, nci, x + DX4[s], y + DY4[s]);
      }
      g->cells[nci].key += side_key[s];
      if (g->cells[nci].fpos >= 0) g->frontier[g->cells[nci].fpos].key = g->cells[nci].key;
      continue;
    }
    const gk_tilerec *o = &g->tiles[nt];
    const uint8_t *ops = gk_port_seg(r, o->type, o->rot);
    int side_first = n_pairs;
    for (int i = 0; i < 3; i++) {
      int p = 3 * s + i, q = ((s + 2) % 4) * 3 + (2 - i);
      int32_t mine = base + ps[p], theirs = o->first_node + ops[q];
      if (n_pairs > side_first && pairs[n_pairs - 1].mine == mine &&
          pairs[n_pairs - 1].theirs == theirs) {
        pairs[n_pairs - 1].ports++;
        continue;
      }
      port_pair *pp = &pairs[n_pairs++];
      pp->mine = mine;
      pp->theirs = theirs;
      pp->ports = 1;
      pp->join = (r->kind_join[g->node_kind[mine]] >> g->node_kind[theirs]) & 1;
    }
  }
  /* The earlier feature each pair reaches is its root before this
  ** placement joined anything to it: the new tile's own nodes are the
  ** only ones united so far, so a root reached through an old node is
  ** an old feature's unless it already took in a new node. */
  for (int i = 0; i < n_pairs; i++) {
    port_pair *pp = &pairs[i];
    int32_t rb = gk_find(g, pp->theirs), ra = gk_find(g, pp->mine);
    pp->their_root_before = rb;
    g->root[ra].open -= pp->ports;
    if (ra != rb) g->root[rb].open -= pp->ports;
    else g->root[ra].open -= pp->ports; /* both ports on one feature */
    if (pp->join && ra != rb) gk_unite(g, ra, rb);
  }
  update_surroundings(g, tile, ci, rep);

  if (rep) {
    rep->tile = tile;
    int32_t pair_root[GK_PORT_COUNT];
    for (int j = 0; j < n_pairs; j++) pair_root[j] = gk_find(g, pairs[j].theirs);
    int slot_of_segment[GK_MAX_SEGMENTS];
    for (int i = 0; i < d->n_segments; i++) {
      int32_t root = gk_find(g, base + i);
      int k = 0;
      while (k < rep->n_features && rep->feature[k] != root) k++;
      slot_of_segment[i] = k;
      if (k < rep->n_features) continue;
      rep->feature[k] = root;
      rep->flags[k] = 0;
      rep->n_features++;
    }
    /* Which earlier features each one swallowed. */
    int32_t olds[GK_MAX_SEGMENTS][GK_PORT_COUNT];
    int n_old[GK_MAX_SEGMENTS] = {0};
    for (int j = 0; j < n_pairs; j++) {
      if (!pairs[j].join) continue;
      int k = slot_of_segment[pairs[j].mine - base];
      int m = 0;
      while (m < n_old[k] && olds[k][m] != pairs[j].their_root_before) m++;
      if (m == n_old[k]) olds[k][n_old[k]++] = pairs[j].their_root_before;
    }
    for (int k = 0; k < rep->n_features; k++) {
      if (n_old[k] >= 1) rep->flags[k] |= GK_FEAT_EXTENDED;
      if (n_old[k] >= 2) {
        rep->flags[k] |= GK_FEAT_MERGED;
        rep->n_merges += n_old[k] - 1;
      }
    }
    /* Closed: features of the new tile, and earlier features whose ports
    ** a non-joining side (a wildcard) just covered. */
    for (int k = 0; k < rep->n_features; k++) {
      int32_t root = rep->feature[k];
      if (gk_root_closed(g, root)) {
        rep->flags[k] |= GK_FEAT_CLOSED;
        report_closed(rep, root);
      }
    }
    for (int j = 0; j < n_pairs; j++) {
      int32_t root = pair_root[j];
      if (pairs[j].join) continue; /* joined ones are the new tile's own */
      if (r->kind_completion[g->node_kind[root]] == GK_CLOSE_PORTS &&
          g->root[root].open == 0)
        report_closed(rep, root);
    }
  }
  return GK_OK;
}

int gk_board_block(gk_game *g, int32_t x, int32_t y) {
  int st = grow_window(g, x, y, x, y);
  if (st) return st;
  void *p = g->boardops;
  if (gk_grow(&g->alloc, &p, &g->cap_boardops, g->n_boardops + 1, sizeof(gk_boardop)) ||
      gk_log_reserve(g, 1)) {
    gk_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  g->boardops = p;
  int32_t ci = gk_cell_index(g, x, y);
  if (g->cells[ci].fpos >= 0) frontier_remove(g, ci);
  g->cells[ci].fpos = -2;
  g->boardops[g->n_boardops++] = (gk_boardop){2, 0, 0, x, y};
  gk_log_push(g, GK_EV_BLOCK, 0, x, y, 0, 0);
  return GK_OK;
}

/* }------------------------------------------------------------------ */

/* {------------------------------------------------------------------
** Public board API
** ------------------------------------------------------------------- */

static int check_type_rot(const gk_game *g, const char *fn, int type, int rot) {
  if (type < 0 || type >= g->rules->n_tiles) {
    gk_game_seterr(g, "%s: unknown tile type %d", fn, type);
    return GK_EINVAL;
  }
  if (rot < 0 || rot > 3) {
    gk_game_seterr(g, "%s: rotation %d is not 0..3", fn, rot);
    return GK_EINVAL;
  }
  return GK_OK;
}

int gk_can_place(const gk_game *g, int type, int32_t x, int32_t y, int rot) {
  if (!g) return GK_EINVAL;
  int st = check_type_rot(g, "can_place", type, rot);
  if (st) return st;
  int32_t ci = gk_cell_index(g, x, y);
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
    gk_game_seterr(g, "legal_placements: bad output buffer");
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
    const uint8_t *tbl = r->rotmask + (size_t)type * r->n_keys;
    const gk_frontier_entry *fr = g->frontier;
    int32_t n = g->n_frontier;
    gk_game *cache = (gk_game *)g;
    bool keep = n <= GK_PICK_BLOCK * GK_PICK_BLOCKS;
    int32_t full = keep ? n / GK_PICK_BLOCK : 0, i = 0;
    for (int32_t b = 0; b < full; b++, i += GK_PICK_BLOCK) {
      int even = 0, odd = 0;
      for (int j = 0; j < GK_PICK_BLOCK; j += 2) {
        even += tbl[fr[i + j].key] >> 4;
        odd += tbl[fr[i + j + 1].key] >> 4;
      }
      cache->pick.per_block[b] = (uint8_t)(even + odd);
      count += even + odd;
    }
    int rest = 0;
    for (; i < n; i++) rest += tbl[fr[i].key] >> 4;
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
    gk_game_seterr(g, "placement_at: bad index %d or output", index);
    return GK_EINVAL;
  }
  const gk_rules *r = g->rules;
  const uint8_t *tbl = r->rotmask ? r->rotmask + (size_t)type * r->n_keys : NULL;
  if (tbl) {
    /* the mask's high bits count its rotations (as gk_count_placements):
    ** the rotation list is read for the one cell that holds the index */
    int32_t i = 0;
    if (g->pick.type_plus1 == type + 1 && g->pick.n_boardops == g->n_boardops &&
        g->pick.n_frontier == g->n_frontier) {
      int32_t b = 0, blocks = (g->n_frontier + GK_PICK_BLOCK - 1) / GK_PICK_BLOCK;
      while (b < blocks && index >= g->pick.per_block[b]) index -= g->pick.per_block[b++];
      i = b < blocks ? b * GK_PICK_BLOCK : g->n_frontier;
    }
    for (; i < g->n_frontier; i++) {
      unsigned m = tbl[g->frontier[i].key];
      if (index < (int)(m >> 4)) {
        *out = (gk_placement){g->frontier[i].cx + g->ox, g->frontier[i].cy + g->oy,
                              gk_rot_lists[m & 15].rot[index]};
        return GK_OK;
      }
      index -= (int)(m >> 4);
    }
    gk_game_seterr(g, "placement_at: no placement with that index");
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
  gk_game_seterr(g, "placement_at: no placement with that index");
  return GK_EINVAL;
}

int gk_pick_placement(const gk_game *g, int type, uint32_t rnd, gk_placement *out) {
  if (!g) return GK_EINVAL;
  int st = check_type_rot(g, "pick_placement", type, 0);
  if (st) return st;
  if (!out) {
    gk_game_seterr(g, "pick_placement: no output");
    return GK_EINVAL;
  }
  const gk_rules *r = g->rules;
  enum { LOCAL = 1024 };
  if (!r->rotmask || g->n_frontier > LOCAL) {
    int n = gk_count_placements(g, type);
    if (n > 0) gk_placement_at(g, type, (int)(((uint64_t)rnd * (uint64_t)n) >> 32), out);
    return n;
  }
  /* One pass over the frontier keeps each cell's mask; the second walks
  ** those bytes only. */
  const uint8_t *tbl = r->rotmask + (size_t)type * r->n_keys;
  uint8_t mask[LOCAL];
  int n = 0;
  for (int32_t i = 0; i < g->n_frontier; i++) {
    mask[i] = tbl[g->frontier[i].key];
    n += mask[i] >> 4;
  }
  if (n == 0) return 0;
  int k = (int)(((uint64_t)rnd * (uint64_t)n) >> 32);
  int32_t i = 0;
  while (k >= (mask[i] >> 4)) k -= mask[i++] >> 4;
  *out = (gk_placement){g->frontier[i].cx + g->ox, g->frontier[i].cy + g->oy,
                        gk_rot_lists[mask[i] & 15].rot[k]};
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
    gk_game_seterr(g, "%s: cell %d,%d is out of range", fn, x, y);
    return GK_EINVAL;
  }
  int32_t ci = gk_cell_index(g, x, y);
  if (ci >= 0 && g->cells[ci].tile >= 0) {
    gk_game_seterr(g, "%s: cell %d,%d already holds a tile", fn, x, y);
    return GK_EILLEGAL;
  }
  if ((ci >= 0 && g->cells[ci].fpos == -2) || gk_in_blocked_region(g->rules, x, y)) {
    gk_game_seterr(g, "%s: cell %d,%d is blocked", fn, x, y);
    return GK_EILLEGAL;
  }
  if (!fixed) {
    if (ci < 0 || g->cells[ci].fpos < 0) {
      gk_game_seterr(g, "%s: cell %d,%d touches no tile", fn, x, y);
      return GK_EILLEGAL;
    }
    if (!fits(g->rules, type, rot, g->cells[ci].key)) {
      gk_game_seterr(g, "%s: tile %s does not fit at %d,%d rotation %d", fn,
                     g->rules->tiles[type].id, x, y, rot);
      return GK_EILLEGAL;
    }
  }
  return gk_board_place(g, type, x, y, rot, fixed, rep);
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
    gk_game_seterr(g, "block_cell: cell %d,%d is out of range", x, y);
    return GK_EINVAL;
  }
  int32_t ci = gk_cell_index(g, x, y);
  if (ci >= 0 && g->cells[ci].tile >= 0) {
    gk_game_seterr(g, "block_cell: cell %d,%d holds a tile", x, y);
    return GK_EILLEGAL;
  }
  if ((ci >= 0 && g->cells[ci].fpos == -2) || gk_in_blocked_region(g->rules, x, y)) return GK_OK;
  return gk_board_block(g, x, y);
}

int gk_cell_blocked(const gk_game *g, int32_t x, int32_t y) {
  if (!g) return GK_EINVAL;
  int32_t ci = gk_cell_index(g, x, y);
  return (ci >= 0 && g->cells[ci].fpos == -2) || gk_in_blocked_region(g->rules, x, y);
}

int gk_tile_at(const gk_game *g, int32_t x, int32_t y) {
  if (!g) return -1;
  int32_t ci = gk_cell_index(g, x, y);
  return ci < 0 ? -1 : g->cells[ci].tile;
}

int gk_tile_count(const gk_game *g) { return g ? g->n_tiles : 0; }

int gk_tile_info(const gk_game *g, int tile, gk_placed_tile *out) {
  if (!g) return GK_EINVAL;
  if (tile < 0 || tile >= g->n_tiles || !out) {
    gk_game_seterr(g, "tile_info: no placed tile %d", tile);
    return GK_EINVAL;
  }
  const gk_tilerec *t = &g->tiles[tile];
  out->type = t->type;
  out->x = t->x;
  out->y = t->y;
  out->rot = t->rot;
  out->neighbours = t->neighbours;
  out->first_node = t->first_node;
  out->n_segments = g->rules->tiles[t->type].def.n_segments;
  return GK_OK;
}

static int neighbours(const gk_game *g, int32_t x, int32_t y, int n,
                      const int *dx, const int *dy, int *out) {
  if (!g || !out) return GK_EINVAL;
  int present = 0;
  for (int d = 0; d < n; d++) {
    out[d] = gk_tile_at(g, x + dx[d], y + dy[d]);
    present += out[d] >= 0;
  }
  return present;
}

int gk_neighbours4(const gk_game *g, int32_t x, int32_t y, int out[4]) {
  return neighbours(g, x, y, 4, DX4, DY4, out);
}

int gk_neighbours8(const gk_game *g, int32_t x, int32_t y, int out[8]) {
  return neighbours(g, x, y, 8, DX8, DY8, out);
}

static int list_frontier(const gk_game *g, gk_cell *out, int cap, bool holes) {
  if (!g) return GK_EINVAL;
  if (cap < 0 || (cap > 0 && !out)) {
    gk_game_seterr(g, "frontier: bad output buffer");
    return GK_EINVAL;
  }
  int count = 0;
  for (int32_t i = 0; i < g->n_frontier; i++) {
    const gk_frontier_entry *e = &g->frontier[i];
    if (holes && g->rules->key_enclosed) {
      if (!g->rules->key_enclosed[e->key]) continue;
    } else if (holes) {
      /* The window reaches one cell beyond every tile: a cell on its
      ** border has a side with no tile, and the others' four neighbours
      ** are inside it. */
      if (e->cx <= 0 || e->cy <= 0 || e->cx >= g->w - 1 || e->cy >= g->h - 1) continue;
      int32_t ci = entry_cell(g, e);
      if (g->cells[ci - g->w].tile < 0 || g->cells[ci + 1].tile < 0 ||
          g->cells[ci + g->w].tile < 0 || g->cells[ci - 1].tile < 0)
        continue;
    }
    if (count < cap) out[count] = (gk_cell){e->cx + g->ox, e->cy + g->oy};
    count++;
  }
  return count;
}

int gk_frontier(const gk_game *g, gk_cell *out, int cap) {
  return list_frontier(g, out, cap, false);
}

int gk_holes(const gk_game *g, gk_cell *out, int cap) {
  return list_frontier(g, out, cap, true);
}

int gk_corner_nodes(const gk_game *g, int32_t x, int32_t y, int32_t out[8]) {
  if (!g || !out) return GK_EINVAL;
  /* NW, NE, SW, SE cells of the vertex, and for each the two ports that
  ** end at the vertex. */
  static const int cdx[4] = {-1, 0, -1, 0}, cdy[4] = {-1, -1, 0, 0};
  static const int cport[4][2] = {
      {GK_ESE, GK_SSE}, {GK_SSW, GK_WSW}, {GK_ENE, GK_NNE}, {GK_NNW, GK_WNW}};
  int present = 0;
  for (int c = 0; c < 4; c++) {
    int32_t cx = x + cdx[c], cy = y + cdy[c];
    present += gk_tile_at(g, cx, cy) >= 0;
    for (int k = 0; k < 2; k++) out[2 * c + k] = gk_node_at_port(g, cx, cy, cport[c][k]);
  }
  return present;
}

/* }------------------------------------------------------------------ */
