/*
** gk_features.c: the feature graph. Union-find over segment nodes with
** aggregates at each root; members form a circular list so a feature can
** be walked without scanning the board. Uniting two roots is in
** gk_unite.h, inlined into the placement, its only caller.
*/
#include <stdlib.h>

#include "gk_internal.h"

/* Distinct tiles, counted by walking the members when first asked after
** a merge: a merge cannot know cheaply whether both sides already share
** a tile (a city entering the same tile through two caps). */
int gki_count_tiles(const gk_game *cg, int32_t root) {
  gk_game *g = (gk_game *)cg;
  if (g->root[root].tiles >= 0) return g->root[root].tiles;
  if (++g->stamp_gen == 0) {
    memset(g->stamp, 0, (size_t)g->cap_tiles * sizeof *g->stamp);
    g->stamp_gen = 1;
  }
  uint32_t gen = g->stamp_gen;
  int count = 0;
  int32_t n = root;
  do {
    int32_t t = g->node_tile[n];
    if (g->stamp[t] != gen) {
      g->stamp[t] = gen;
      count++;
    }
    n = g->next[n];
  } while (n != root);
  /* not journaled: a cache, and the count holds in the position a rewind
  ** goes back to (a move that changes the feature first journals its
  ** record, the count with it) */
  g->root[root].tiles = count;
  return count;
}

static bool node_ok(const gk_game *g, const char *fn, int32_t n) {
  if (n >= 0 && n < g->n_nodes) return true;
  gki_game_seterr(g, "%s: no node %d", fn, n);
  return false;
}

int gk_node_count(const gk_game *g) { return g ? g->n_nodes : 0; }

int32_t gk_node(const gk_game *g, int tile, int segment) {
  if (!g) return GK_EINVAL;
  if (tile < 0 || tile >= g->n_tiles) {
    gki_game_seterr(g, "node: no placed tile %d", tile);
    return GK_EINVAL;
  }
  const gk_tilerec *t = &g->tiles[tile];
  if (segment < 0 || segment >= g->rules->tiles[t->type].def.n_segments) {
    gki_game_seterr(g, "node: tile %d has no segment %d", tile, segment);
    return GK_EINVAL;
  }
  return t->first_node + segment;
}

int32_t gk_node_at_port(const gk_game *g, int32_t x, int32_t y, int port) {
  if (!g || port < 0 || port >= GK_PORT_COUNT) return GK_EINVAL;
  int tile = gk_tile_at(g, x, y);
  if (tile < 0) return -1;
  const gk_tilerec *t = &g->tiles[tile];
  return t->first_node + gki_port_seg(g->rules, t->type, t->rot)[port];
}

/* The nodes at the ports that end at vertex x, y, in the four cells
** around it, and how many of those cells hold a tile. */
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

int gk_node_tile(const gk_game *g, int32_t n) {
  if (!g || !node_ok(g, "node_tile", n)) return GK_EINVAL;
  return g->node_tile[n];
}

int gk_node_segment(const gk_game *g, int32_t n) {
  if (!g || !node_ok(g, "node_segment", n)) return GK_EINVAL;
  return g->node_seg[n];
}

int gk_node_kind(const gk_game *g, int32_t n) {
  if (!g || !node_ok(g, "node_kind", n)) return GK_EINVAL;
  return g->node_kind[n];
}

int32_t gk_feature_root(const gk_game *g, int32_t n) {
  if (!g || !node_ok(g, "feature_root", n)) return GK_EINVAL;
  return gki_find(g, n);
}

int gk_feature_get(const gk_game *g, int32_t n, gk_feature_info *out) {
  if (!g || !node_ok(g, "feature_info", n) || !out) return GK_EINVAL;
  int32_t r = gki_find(g, n);
  out->root = r;
  out->kind = g->node_kind[r];
  out->open_ports = g->root[r].open;
  out->closed = gki_root_closed(g, r);
  out->segments = g->root[r].segments;
  out->tiles = gki_count_tiles(g, r);
  out->figures = g->root[r].figures;
  return GK_OK;
}

int gk_feature_closed(const gk_game *g, int32_t n) {
  if (!g || !node_ok(g, "feature_closed", n)) return GK_EINVAL;
  return gki_root_closed(g, gki_find(g, n));
}

int gk_feature_kind(const gk_game *g, int32_t n) {
  if (!g || !node_ok(g, "feature_kind", n)) return GK_EINVAL;
  return g->node_kind[gki_find(g, n)];
}

int gk_feature_tiles(const gk_game *g, int32_t n) {
  if (!g || !node_ok(g, "feature_tiles", n)) return GK_EINVAL;
  return gki_count_tiles(g, gki_find(g, n));
}

int32_t gk_feature_attr(const gk_game *g, int32_t n, int attr) {
  if (!g || !node_ok(g, "feature_attr", n)) return 0;
  if (attr < 0 || attr >= g->rules->n_attrs) {
    gki_game_seterr(g, "feature_attr: no attribute %d", attr);
    return 0;
  }
  return g->attrs[(size_t)gki_find(g, n) * (size_t)g->rules->n_attrs + (size_t)attr];
}

static int cmp_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

static bool out_ok(const gk_game *g, const char *fn, const void *out, int cap) {
  if (cap >= 0 && (cap == 0 || out)) return true;
  gki_game_seterr(g, "%s: bad output buffer", fn);
  return false;
}

int gk_feature_nodes(const gk_game *g, int32_t n, int32_t *out, int cap) {
  if (!g || !node_ok(g, "feature_nodes", n) || !out_ok(g, "feature_nodes", out, cap))
    return GK_EINVAL;
  int32_t r = gki_find(g, n);
  int count = 0;
  int32_t m = r;
  do {
    if (count < cap) out[count] = m;
    count++;
    m = g->next[m];
  } while (m != r);
  if (count <= cap) qsort(out, (size_t)count, sizeof *out, cmp_i32);
  return count;
}

/* The distinct roots beside a feature, in the order its member walk
** meets them: a small set on the stack, grown from the game's allocator
** past that. */
enum { ADJACENT_LOCAL = 256 };
typedef struct root_set {
  int32_t *v;
  int n, cap;
  int32_t local[ADJACENT_LOCAL];
} root_set;

static bool root_set_add(const gk_game *g, root_set *s, int32_t r) {
  for (int k = 0; k < s->n; k++)
    if (s->v[k] == r) return true;
  if (s->n == s->cap) {
    int32_t *bigger = gki_mem(&g->alloc, NULL, 0, sizeof(int32_t) * (size_t)s->cap * 2);
    if (!bigger) return false;
    memcpy(bigger, s->v, sizeof(int32_t) * (size_t)s->n);
    if (s->v != s->local) gki_mem(&g->alloc, s->v, sizeof(int32_t) * (size_t)s->cap, 0);
    s->v = bigger;
    s->cap *= 2;
  }
  s->v[s->n++] = r;
  return true;
}

static void root_set_free(const gk_game *g, root_set *s) {
  if (s->v != s->local) gki_mem(&g->alloc, s->v, sizeof(int32_t) * (size_t)s->cap, 0);
}

/* Fills s with the roots other than r that share a tile with one of r's
** segments and are adjacent to it there; false on no memory. */
static bool gather_adjacent(const gk_game *g, int32_t r, root_set *s) {
  s->v = s->local;
  s->n = 0;
  s->cap = ADJACENT_LOCAL;
  int32_t m = r;
  do {
    const gk_tilerec *t = &g->tiles[g->node_tile[m]];
    uint16_t adj = g->rules->templates[t->type].adjacent[g->node_seg[m]];
    while (adj) {
      int seg = __builtin_ctz(adj);
      adj &= (uint16_t)(adj - 1);
      int32_t ar = gki_find(g, t->first_node + seg);
      if (ar != r && !root_set_add(g, s, ar)) return false;
    }
    m = g->next[m];
  } while (m != r);
  return true;
}

/* Small sets (the usual case) sort faster by insertion than by qsort. */
static void sort_roots(int32_t *v, int n) {
  if (n > 32) {
    qsort(v, (size_t)n, sizeof *v, cmp_i32);
    return;
  }
  for (int i = 1; i < n; i++) {
    int32_t x = v[i];
    int j = i;
    for (; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
    v[j] = x;
  }
}

static int adjacent_into(const gk_game *g, int32_t root, int32_t *out, int cap, bool sorted) {
  root_set s;
  if (!gather_adjacent(g, root, &s)) {
    root_set_free(g, &s);
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  if (sorted) sort_roots(s.v, s.n);
  for (int i = 0; i < s.n && i < cap; i++) out[i] = s.v[i];
  root_set_free(g, &s);
  return s.n;
}

int gki_adjacent_roots(const gk_game *g, int32_t root, int32_t *out, int cap) {
  return adjacent_into(g, root, out, cap, false);
}

int gk_feature_adjacent(const gk_game *g, int32_t n, int32_t *out, int cap) {
  if (!g || !node_ok(g, "feature_adjacent", n) ||
      !out_ok(g, "feature_adjacent", out, cap))
    return GK_EINVAL;
  return adjacent_into(g, gki_find(g, n), out, cap, true);
}

int gk_features(const gk_game *g, int32_t *out, int cap) {
  if (!g || !out_ok(g, "features", out, cap)) return GK_EINVAL;
  int count = 0;
  for (int32_t n = 0; n < g->n_nodes; n++)
    if (g->parent[n] == n) {
      if (count < cap) out[count] = n;
      count++;
    }
  return count;
}

/* {==================================================================
** Segment attribute edits
** =================================================================== */

/* Each edit is a board operation (op 3), so copies, saves and undo carry
** it with the placements, in order; the feature's merged value carries
** the sum. A segment's own value is its printed one plus its edits. */
int32_t gk_node_attr(const gk_game *g, int32_t n, int attr) {
  if (!g || !node_ok(g, "node_attr", n)) return 0;
  const gk_rules *r = g->rules;
  if (attr < 0 || attr >= r->n_attrs) {
    gki_game_seterr(g, "node_attr: no attribute %d", attr);
    return 0;
  }
  const gk_tile_template *tp = &r->templates[g->tiles[g->node_tile[n]].type];
  int64_t v = r->template_attrs[tp->attr_offset + (size_t)g->node_seg[n] * (size_t)r->n_attrs + (size_t)attr];
  for (int i = 0; i < g->n_boardops; i++) {
    const gk_boardop *b = &g->boardops[i];
    if (b->op == 3 && b->x == n && b->type == attr) v += b->y;
  }
  return (int32_t)v;
}

int gk_node_add_attr(gk_game *g, int32_t n, int attr, int32_t delta) {
  if (!g || !node_ok(g, "node_add_attr", n)) return GK_EINVAL;
  const gk_rules *r = g->rules;
  if (attr < 0 || attr >= r->n_attrs) {
    gki_game_seterr(g, "node_add_attr: no attribute %d", attr);
    return GK_EINVAL;
  }
  if (r->attr_op[attr] != GK_MERGE_SUM) {
    gki_game_seterr(g, "node_add_attr: attribute '%s' is not summed", r->attr_name[attr].s);
    return GK_EINVAL;
  }
  int32_t *merged = &g->attrs[(size_t)gki_find(g, n) * (size_t)r->n_attrs + (size_t)attr];
  int64_t own = (int64_t)gk_node_attr(g, n, attr) + delta, sum = (int64_t)*merged + delta;
  if (own < INT32_MIN || own > INT32_MAX || sum < INT32_MIN || sum > INT32_MAX) {
    gki_game_seterr(g, "node_add_attr: '%s' would leave the int32 range", r->attr_name[attr].s);
    return GK_EINVAL;
  }
  void *p = g->boardops;
  if (gki_grow(&g->alloc, &p, &g->cap_boardops, g->n_boardops + 1, sizeof(gk_boardop))) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  g->boardops = p;
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  if (delta == 0) return GK_OK;
  GKI_JOURNAL_REC(g, merged);
  *merged = (int32_t)sum;
  g->boardops[g->n_boardops++] = (gk_boardop){3, 0, (uint16_t)attr, n, delta};
  gki_log_push(g, GK_EV_ATTR, n, attr, delta, 0, 0);
  return GK_OK;
}

/* }================================================================== */
