/*
** cap_recall.c: figures called back to the supply in a custom phase,
** or instead of a deploy, scored or not (gk_recall_rule).
**
** Owns caps.recall. Invariant: at most one rule per phase; a phase's
** recall moves name features by anchor (or figures by spot), each once,
** then a pass (the place-figure phase's own pass when offered instead of
** a deploy); a narrowed rule (where, near) lists only features passing
** it, and its moves are refused elsewhere.
*/
#include "flow/flow_internal.h"

int gk_flow_add_recall(gk_flow *f, const gk_recall_rule *rule) {
  int st = fl_check_open(f, "declare a recall");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool phase_ok = rule && (rule->phase == GK_PHASE_PLACE_FIGURE ||
                           (rule->phase >= GK_PHASE_CUSTOM && rule->phase < f->n_phases));
  if (!phase_ok || rule->action < 0 ||
      rule->action >= f->n_actions || !rule->figures ||
      (r->n_figure_kinds < 32 && (rule->figures >> r->n_figure_kinds)) || !rule->kinds ||
      (r->n_kinds < 64 && (rule->kinds >> r->n_kinds)) ||
      (r->n_tags < 64 && (rule->tiles.tags >> r->n_tags)) ||
      (r->n_attrs < 64 && (rule->tiles.attrs >> r->n_attrs))) {
    fl_flow_error(f,
                  "recall: malformed rule (a custom phase or place_figure, an action, figure kinds, "
                  "feature kinds "
                  "and tile tags or attributes that exist)");
    return GK_EINVAL;
  }
  if (rule->where < 0 || rule->where > r->n_attrs || (r->n_kinds < 64 && (rule->near >> r->n_kinds)) ||
      (rule->near_where && (!rule->where || !rule->near))) {
    fl_flow_error(f, "recall: malformed narrowing (where: an attribute that exists; near: kinds that "
                     "exist; near_where needs both where and near)");
    return GK_EINVAL;
  }
  for (int i = 0; i < f->caps.recall.n; i++)
    if (f->caps.recall.rule[i].phase == rule->phase) {
      fl_flow_error(f, "recall: phase '%s' already offers a recall", f->phase_name[rule->phase].s);
      return GK_EINVAL;
    }
  if (f->caps.recall.n >= GK_MAX_RECALLS) {
    fl_flow_error(f, "recall: more than %d rules", GK_MAX_RECALLS);
    return GK_EINVAL;
  }
  static const char *const args[] = {"x", "y", "segment"};
  if (fl_action_layout(f, rule->action, "recall", 3, args)) return GK_EINVAL;
  f->caps.recall.rule[f->caps.recall.n++] = *rule;
  return GK_OK;
}

/* The recall rule of this phase, or NULL. */
static const gk_recall_rule *recall_of_phase(const gk_play *p) {
  for (int i = 0; i < p->flow->caps.recall.n; i++)
    if (p->flow->caps.recall.rule[i].phase == p->phase) return &p->flow->caps.recall.rule[i];
  return NULL;
}

/* A feature's anchor: its first node in reading order (smallest y, then
** x, then segment), as {x, y, segment + 1}. */
static void feature_anchor(const gk_game *g, int32_t root, int32_t out[3]) {
  int32_t n = root;
  bool first = true;
  do {
    const gk_tilerec *t = &g->tiles[g->node_tile[n]];
    int32_t seg = g->node_seg[n] + 1;
    if (first || t->y < out[1] ||
        (t->y == out[1] && (t->x < out[0] || (t->x == out[0] && seg < out[2])))) {
      out[0] = t->x, out[1] = t->y, out[2] = seg;
      first = false;
    }
    n = g->next[n];
  } while (n != root);
}

/* Does a tile holding a segment of a kind in `near` lie on one of the 8
** cells around x, y? */
static bool kind_around(const gk_play *p, int32_t x, int32_t y, uint64_t near) {
  const gk_game *g = p->game;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      int32_t c = (dx || dy) ? gki_cell_index(g, x + dx, y + dy) : -1;
      int32_t t = c < 0 ? -1 : g->cells[c].tile;
      if (t >= 0 && (p->flow->tile_kinds[g->tiles[t].type] & near)) return true;
    }
  return false;
}

/* Does node n's own segment (its tile's, not the feature's merged value)
** carry attribute attr? */
static bool node_has_attr(const gk_game *g, int32_t n, int attr) {
  const gk_segment_def *s =
      &g->rules->tiles[g->tiles[g->node_tile[n]].type].def.segments[g->node_seg[n]];
  for (int i = 0; i < s->n_attrs; i++)
    if (s->attrs[i].attr == attr && s->attrs[i].value != 0) return true;
  return false;
}

/* Does the feature at root pass the rule's narrowing (where, near)? */
static bool feature_passes(const gk_play *p, const gk_recall_rule *rule, int32_t root) {
  const gk_game *g = p->game;
  if (rule->where && !g->attrs[(size_t)root * (size_t)g->rules->n_attrs + (size_t)(rule->where - 1)])
    return false;
  if (!rule->near) return true;
  int32_t n = root;
  do {
    const gk_tilerec *t = &g->tiles[g->node_tile[n]];
    if ((!rule->near_where || node_has_attr(g, n, rule->where - 1)) && kind_around(p, t->x, t->y, rule->near))
      return true;
    n = g->next[n];
  } while (n != root);
  return false;
}

/* The root under a figure the rule lets the player take back, or -1. */
static int32_t recallable_root(const gk_play *p, const gk_recall_rule *rule, int32_t f) {
  const gk_game *g = p->game;
  const gk_figrec *fr = &g->figures[f];
  if (fr->owner != p->player || fr->where != GK_AT_NODE || !((rule->figures >> fr->kind) & 1))
    return -1;
  int32_t root = gki_find(g, fr->a);
  if (!((rule->kinds >> g->node_kind[root]) & 1)) return -1;
  return (rule->where || rule->near) && !feature_passes(p, rule, root) ? -1 : root;
}

/* What a move of the rule names for figure f on the feature at root: the
** feature's anchor, or with by_spot the figure's own node, as {x, y,
** segment + 1}. */
static void move_place(const gk_game *g, const gk_recall_rule *rule, int32_t f, int32_t root, int32_t out[3]) {
  if (!rule->by_spot) {
    feature_anchor(g, root, out);
    return;
  }
  int32_t n = g->figures[f].a;
  const gk_tilerec *t = &g->tiles[g->node_tile[n]];
  out[0] = t->x, out[1] = t->y, out[2] = g->node_seg[n] + 1;
}

/* The phase's recall moves, if the tile placed this part passes: one per
** feature holding a figure the player may take back, then a pass. */
static int recall_moves(gk_play *p) {
  const gk_recall_rule *rule = recall_of_phase(p);
  if (!rule) return GK_OK;
  gk_game *g = p->game;
  bool any_tile = !rule->tiles.tags && !rule->tiles.attrs;
  if (!any_tile &&
      (p->placed < 0 || !fl_tile_passes(p->flow, g->tiles[p->placed].type, &rule->tiles)))
    return GK_OK;
  int first = p->n_moves;
  for (int32_t f = 0; f < g->n_figures; f++) {
    int32_t root = recallable_root(p, rule, f);
    if (root < 0) continue;
    int32_t a[3];
    move_place(g, rule, f, root, a);
    bool listed = false;
    for (int i = first; i < p->n_moves && !listed; i++)
      listed = memcmp(p->moves[i].arg, a, sizeof a) == 0;
    if (listed) continue;
    int st = fl_reserve_moves(p, p->n_moves + 1);
    if (st) return st;
    p->moves[p->n_moves++] =
        (gk_move){.type = GK_MOVE_ACTION, .action = rule->action, .arg = {a[0], a[1], a[2], 0}};
  }
  /* nothing to call back: no decision, the phase goes on by itself;
  ** instead of a deploy, the phase's own pass comes last */
  if (p->n_moves == first || rule->phase == GK_PHASE_PLACE_FIGURE) return GK_OK;
  int st = fl_reserve_moves(p, p->n_moves + 1);
  if (st) return st;
  p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_PASS};
  return GK_OK;
}

/* Is m this phase's recall move? */
static bool is_recall(const gk_play *p, const gk_move *m) {
  const gk_recall_rule *rule = m->type == GK_MOVE_ACTION ? recall_of_phase(p) : NULL;
  return rule && rule->action == m->action;
}

/* Returns the player's first figure the rule allows on the feature whose
** anchor the move names; nothing changes if there is none. */
static int recall_take_back(gk_play *p, const gk_move *m) {
  const gk_recall_rule *rule = recall_of_phase(p);
  gk_game *g = p->game;
  for (int32_t f = 0; f < g->n_figures; f++) {
    int32_t root = recallable_root(p, rule, f);
    if (root < 0) continue;
    int32_t a[3];
    move_place(g, rule, f, root, a);
    if (a[0] != m->arg[0] || a[1] != m->arg[1] || a[2] != m->arg[2] || m->arg[3] != 0) continue;
    int32_t pts = 0;
    const fl_scoring *sr = &p->flow->scoring[g->node_kind[root]][GK_WHEN_FINAL];
    if (rule->scores && sr->on) {
      pts = fl_formula_sum(p, root, sr, false, 0);
      if (fl_formula_status(p)) return GK_EINVAL;
    }
    int st = gk_figure_return(g, f);
    if (st < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return st;
    }
    return rule->scores && sr->on ? fl_score(p, p->player, pts, sr->reason, root) : GK_OK;
  }
  gk_play_set_error(p,
                    "%s: no figure of yours that may come back stands on the %s at %d %d %d",
                    gk_flow_action_name(p->flow, m->action), rule->by_spot ? "spot" : "feature", m->arg[0],
                    m->arg[1], m->arg[2]);
  return GK_EILLEGAL;
}

static int recall_apply(gk_play *p, const gk_move *m) {
  if (!is_recall(p, m)) return FL_NOT_MINE;
  int st = recall_take_back(p, m);
  return st < 0 ? st : FL_PLAYED_NEXT;
}

/* Offered instead of a deploy: the place-figure phase's rule, if any,
** lists among the deploys (recall_moves finds it by the phase). */
static int recall_deploy_moves(gk_play *p) { return recall_moves(p); }

static bool recall_declared(const gk_flow *f) { return f->caps.recall.n > 0; }

const fl_capability fl_cap_recall = {
    .name = "recall",
    .declared = recall_declared,
    .phase_moves = recall_moves,
    .deploy_moves = recall_deploy_moves,
    .apply = recall_apply,
};
