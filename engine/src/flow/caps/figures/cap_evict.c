/*
** cap_evict.c: after placing some tiles, a figure standing on a feature
** of the tile just placed may be sent home instead of a deploy
** (gk_evict_rule: a princess sends a knight away).
**
** Owns caps.evict: the rule. It keeps no state. Invariant: a listed move
** names the node a figure of one of the rule's kinds, anyone's, stands
** on, in the feature of a segment of the tile just placed (with the
** rule's attribute non-zero on that segment, when it names one).
*/
#include "flow/flow_internal.h"

int gk_flow_add_evict(gk_flow *f, const gk_evict_rule *rule) {
  int st = fl_check_open(f, "declare an evict");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->action < 0 || rule->action >= f->n_actions || !rule->figures ||
      (r->n_figure_kinds < 32 && (rule->figures >> r->n_figure_kinds)) || rule->attr < -1 ||
      rule->attr >= r->n_attrs || (r->n_tags < 64 && (rule->tiles.tags >> r->n_tags)) ||
      (r->n_attrs < 64 && (rule->tiles.attrs >> r->n_attrs))) {
    fl_flow_error(f, "evict: malformed rule (an action, figure kinds, an attribute or none, "
                     "and tile tags or attributes that exist)");
    return GK_EINVAL;
  }
  if (f->caps.evict.on) {
    fl_flow_error(f, "evict: declared twice (one per game)");
    return GK_EINVAL;
  }
  static const char *const args[] = {"x", "y", "segment"};
  if (fl_action_layout(f, rule->action, "evict", 3, args)) return GK_EINVAL;
  f->caps.evict.on = true;
  f->caps.evict.rule = *rule;
  return GK_OK;
}

/* Does segment s of the tile type carry the rule's attribute (or does
** the rule name none)? */
static bool segment_wanted(const gk_tile_def *d, int s, int attr) {
  if (attr < 0) return true;
  for (int a = 0; a < d->segments[s].n_attrs; a++)
    if (d->segments[s].attrs[a].attr == attr && d->segments[s].attrs[a].value != 0) return true;
  return false;
}

/* Is figure f one the rule may send home? */
static bool evictable(const gk_play *p, int32_t f) {
  const gk_figrec *fr = &p->game->figures[f];
  return fr->owner >= 0 && fr->where == GK_AT_NODE && ((p->flow->caps.evict.rule.figures >> fr->kind) & 1);
}

/* The evictable figures standing on the feature of root, in figure
** order, from the feature's own list of figures (not a scan of all);
** their count, or -1 when there are more than cap. */
static int feature_figures(const gk_play *p, int32_t root, int32_t *out, int cap) {
  const gk_game *g = p->game;
  int n = 0;
  for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next) {
    if (!evictable(p, f)) continue;
    if (n == cap) return -1;
    int i = n++;
    for (; i > 0 && out[i - 1] > f; i--) out[i] = out[i - 1];
    out[i] = f;
  }
  return n;
}

/* One move per such figure in the feature of root, in figure order, naming
** the node it stands on. */
enum { FL_EVICT_LOCAL = 32 };
static int feature_moves(gk_play *p, int32_t root) {
  const gk_game *g = p->game;
  int32_t local[FL_EVICT_LOCAL];
  int n_local = feature_figures(p, root, local, FL_EVICT_LOCAL);
  /* a crowded feature (rare): every figure asked, as the list would be */
  int n = n_local >= 0 ? n_local : g->n_figures;
  for (int i = 0; i < n; i++) {
    int32_t f = n_local >= 0 ? local[i] : i;
    if (n_local < 0 && (!evictable(p, f) || gki_find(g, g->figures[f].a) != root)) continue;
    int32_t node = g->figures[f].a;
    const gk_tilerec *t = &g->tiles[g->node_tile[node]];
    int st = fl_reserve_moves(p, p->n_moves + 1);
    if (st) return st;
    fl_tail_settle(p); /* a fairy's lazy tail listed before */
    p->moves[p->n_moves++] =
        (gk_move){.type = GK_MOVE_ACTION, .action = p->flow->caps.evict.rule.action,
                  .arg = {t->x, t->y, g->node_seg[node] + 1}};
  }
  return GK_OK;
}

static int evict_moves(gk_play *p) {
  const gk_evict_rule *rule = &p->flow->caps.evict.rule;
  const gk_game *g = p->game;
  if (p->placed < 0) return GK_OK;
  const gk_tilerec *t = &g->tiles[p->placed];
  if (!fl_tile_passes(p->flow, t->type, &rule->tiles)) return GK_OK;
  const gk_tile_def *d = gk_rules_tile(g->rules, t->type);
  for (int s = 0; s < d->n_segments; s++) {
    if (!segment_wanted(d, s, rule->attr)) continue;
    int st = feature_moves(p, gki_find(g, t->first_node + s));
    if (st) return st;
  }
  return GK_OK;
}

/* Sends home the first such figure (figure order) on the node the move
** names; it was listed, so there is one. */
static int evict_apply(gk_play *p, const gk_move *m) {
  if (m->type != GK_MOVE_ACTION || m->action != p->flow->caps.evict.rule.action) return FL_NOT_MINE;
  gk_game *g = p->game;
  int32_t tile = gk_tile_at(g, m->arg[0], m->arg[1]);
  int32_t node = tile >= 0 ? gk_node(g, tile, m->arg[2] - 1) : -1;
  for (int32_t f = 0; node >= 0 && f < g->n_figures; f++) {
    if (!evictable(p, f) || g->figures[f].a != node) continue;
    int st = gk_figure_return(g, f);
    if (st < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return st;
    }
    return FL_PLAYED_NEXT;
  }
  gk_play_set_error(p, "%s: no figure to send home at %d %d %d",
                    gk_flow_action_name(p->flow, m->action), m->arg[0], m->arg[1], m->arg[2]);
  return GK_EILLEGAL;
}

static bool evict_declared(const gk_flow *f) { return f->caps.evict.on; }

const fl_capability fl_cap_evict = {
    .name = "evict",
    .declared = evict_declared,
    .deploy_moves = evict_moves,
    .apply = evict_apply,
};
