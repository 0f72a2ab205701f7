/*
** cap_pairing.c: tiles of two sorts that pair one to one with a
** neighbour of the other sort, and whose paired features contest
** (gk_pairing_rule: shrines and cloisters).
**
** Owns caps.pairing: the rule. It keeps no state: the sorts are the tile
** types', the pairs are read off the board. Invariant (kept by the
** placements it lists, not by tiles a setup lays): every tile of a sort
** has at most one tile of the other sort among its 8 neighbours, and
** that one has no other of its sort. A tile passing `a` is of the first
** sort; one passing `b` and not `a`, of the second.
*/
#include "flow/flow_internal.h"

int gk_flow_add_pairing(gk_flow *f, const gk_pairing_rule *rule) {
  int st = fl_check_open(f, "declare a pairing");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = rule && (rule->a.tags || rule->a.attrs || rule->a.kinds) &&
            (rule->b.tags || rule->b.attrs || rule->b.kinds) && rule->rival_kind >= -1 &&
            rule->rival_kind < r->n_kinds;
  for (int i = 0; ok && i < 2; i++) {
    const gk_tile_filter *t = i ? &rule->b : &rule->a;
    ok = (r->n_tags >= 64 || !(t->tags >> r->n_tags)) && (r->n_attrs >= 64 || !(t->attrs >> r->n_attrs)) &&
         (r->n_kinds >= 64 || !(t->kinds >> r->n_kinds));
  }
  if (!ok) {
    fl_flow_error(f, "pairing: malformed rule (two tile filters of tags, attributes or kinds that "
                     "exist, not empty, and a kind or -1)");
    return GK_EINVAL;
  }
  if (f->caps.pairing.on) {
    fl_flow_error(f, "pairing: declared twice (one per game)");
    return GK_EINVAL;
  }
  f->caps.pairing.on = true;
  f->caps.pairing.rule = *rule;
  return GK_OK;
}

/* The sort of a tile type: 1 (a), 2 (b and not a) or 0. */
static int sort_of(const gk_flow *f, int type) {
  const gk_pairing_rule *rule = &f->caps.pairing.rule;
  if (fl_tile_passes(f, type, &rule->a)) return 1;
  return fl_tile_passes(f, type, &rule->b) ? 2 : 0;
}

static bool pairing_declared(const gk_flow *f) { return f->caps.pairing.on; }

static bool pairing_filters(const gk_play *p) { return sort_of(p->flow, p->tile) != 0; }

/* The cells of the board's tiles of each sort (a few a game). */
enum { FL_PAIRING_CELLS = 64 };
typedef struct sorted_cells {
  int n[3];
  int32_t x[3][FL_PAIRING_CELLS], y[3][FL_PAIRING_CELLS];
} sorted_cells;

static bool near(int32_t ax, int32_t ay, int32_t bx, int32_t by) {
  return ax - bx <= 1 && bx - ax <= 1 && ay - by <= 1 && by - ay <= 1;
}

/* How many tiles of sort s stand around x, y (not on it); the last in
** *at. */
static int count_near(const sorted_cells *c, int s, int32_t x, int32_t y, int *at) {
  int n = 0;
  for (int i = 0; i < c->n[s]; i++)
    if (near(c->x[s][i], c->y[s][i], x, y) && !(c->x[s][i] == x && c->y[s][i] == y)) {
      n++;
      *at = i;
    }
  return n;
}

/* Whether a tile of sort s may go at x, y: next to one tile of the other
** sort at most, and that one next to none of sort s. */
static bool pairs_at(const sorted_cells *c, int s, int32_t x, int32_t y) {
  int other = 3 - s, at = -1;
  int n = count_near(c, other, x, y, &at);
  if (n > 1) return false;
  return n == 0 || count_near(c, s, c->x[other][at], c->y[other][at], &at) == 0;
}

/* Keeps the materialized placements (place[]) that keep the pairing. */
static void pairing_filter(gk_play *p) {
  const gk_game *g = p->game;
  int s = sort_of(p->flow, p->tile);
  sorted_cells c = {{0, 0, 0}, {{0}}, {{0}}};
  for (int32_t t = 0; t < g->n_tiles; t++) {
    int ts = sort_of(p->flow, g->tiles[t].type);
    if (!ts) continue;
    if (c.n[ts] == FL_PAIRING_CELLS) continue; /* more than a game holds: the rest unseen */
    c.x[ts][c.n[ts]] = g->tiles[t].x;
    c.y[ts][c.n[ts]++] = g->tiles[t].y;
  }
  int kept = 0;
  /* placements come cell by cell: a cell's answer serves its rotations */
  int32_t last_x = 0, last_y = 0;
  bool last_ok = false, have_last = false;
  for (int i = 0; i < p->n_moves; i++) {
    const gk_placement *pl = &p->place[i];
    if (!have_last || pl->x != last_x || pl->y != last_y) {
      last_x = pl->x;
      last_y = pl->y;
      last_ok = pairs_at(&c, s, pl->x, pl->y);
      have_last = true;
    }
    if (last_ok) p->place[kept++] = *pl;
  }
  p->n_moves = kept;
}

/* The first node of tile t of kind k, or -1. */
static int32_t node_of_kind(const gk_game *g, int32_t t, int k) {
  const gk_tilerec *tr = &g->tiles[t];
  int n_segs = g->rules->templates[tr->type].n_segments;
  for (int32_t node = tr->first_node; node < tr->first_node + n_segs; node++)
    if (g->node_kind[node] == k) return node;
  return -1;
}

/* Sends home the figures on the feature at root, in id order. */
static int send_home(gk_play *p, int32_t root) {
  gk_game *g = p->game;
  int32_t home[FL_FIGURES_LOCAL];
  int n = 0;
  for (int32_t f = g->root[root].fig_head; f >= 0 && n < FL_FIGURES_LOCAL; f = g->figures[f].next) {
    int i = n++;
    for (; i > 0 && home[i - 1] > f; i--) home[i] = home[i - 1];
    home[i] = f;
  }
  for (int i = 0; i < n; i++)
    if (gk_figure_return(g, home[i]) < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return GK_EINVAL;
    }
  return GK_OK;
}

/* A feature of the rival kind completed holding a figure: on the tiles
** of the other sort around its tile, the incomplete feature of that kind
** loses its figures, unscored. */
static int pairing_feature_scored(gk_play *p, int32_t root, uint32_t leaders) {
  (void)leaders;
  gk_game *g = p->game;
  int k = p->flow->caps.pairing.rule.rival_kind;
  if (k < 0 || g->node_kind[root] != k || g->root[root].fig_head < 0) return GK_OK;
  const gk_tilerec *at = &g->tiles[g->node_tile[root]];
  int s = sort_of(p->flow, at->type);
  if (!s) return GK_OK;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      int32_t t = (dx || dy) ? gk_tile_at(g, at->x + dx, at->y + dy) : -1;
      if (t < 0 || sort_of(p->flow, g->tiles[t].type) != 3 - s) continue;
      int32_t node = node_of_kind(g, t, k);
      if (node < 0) continue;
      int32_t other = gki_find(g, node);
      if (gki_root_closed(g, other)) continue;
      int st = send_home(p, other);
      if (st) return st;
    }
  return GK_OK;
}

const fl_capability fl_cap_pairing = {
    .name = "pairing",
    .declared = pairing_declared,
    .filters_placements = pairing_filters,
    .filter_placements = pairing_filter,
    .feature_scored = pairing_feature_scored,
};
