/*
** cap_line_markers.c: line markers (gk_line_markers_rule): neutral
** figures that mark a column or row each and advance one line per scored
** feature, sweeping the figures they leave behind.
**
** Owns caps.line_markers. Invariant: with line markers declared, the
** score phase scores occupied closed features one at a time (closed_done
** marks them), each moving the rearmost marker at most one line forward.
*/
#include "flow/flow_internal.h"

int gk_flow_add_line_markers(gk_flow *f, const gk_line_markers_rule *rule) {
  int st = fl_check_open(f, "declare line markers");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->figure < 0 || rule->figure >= r->n_figure_kinds ||
      (rule->axis != 0 && rule->axis != 1) || (rule->dir != 1 && rule->dir != -1) ||
      rule->bonus_reason < 0 || (rule->bonus_reason >= r->n_reasons && r->n_reasons > 0) ||
      rule->order < GK_LINE_ORDER_PLACED || rule->order > GK_LINE_ORDER_CHOOSE ||
      (rule->order == GK_LINE_ORDER_CHOOSE &&
       (rule->order_action < 0 || rule->order_action >= f->n_actions)) ||
      rule->n_start < 0 || rule->n_start > GK_LINE_MAX_START) {
    fl_flow_error(f, "line_markers: malformed rule (figure, axis, dir, reason, order or action)");
    return GK_EINVAL;
  }
  if (f->caps.line_markers.on) {
    fl_flow_error(f, "line_markers: declared twice");
    return GK_EINVAL;
  }
  static const char *const args[] = {"x", "y", "segment"};
  if (rule->order == GK_LINE_ORDER_CHOOSE &&
      fl_action_layout(f, rule->order_action, "line_markers", 3, args))
    return GK_EINVAL;
  f->caps.line_markers.rule = *rule;
  f->caps.line_markers.on = true;
  return GK_OK;
}

/* Where a figure stands, as a cell; false if it is not on the board. */
static bool figure_cell(const gk_game *g, int32_t f, int32_t *x, int32_t *y) {
  const gk_figrec *fr = &g->figures[f];
  switch (fr->where) {
    case GK_AT_NODE: {
      const gk_tilerec *t = &g->tiles[g->node_tile[fr->a]];
      *x = t->x, *y = t->y;
      return true;
    }
    case GK_AT_TILE: *x = g->tiles[fr->a].x, *y = g->tiles[fr->a].y; return true;
    case GK_AT_CELL:
    case GK_AT_CORNER: *x = fr->a, *y = fr->b; return true;
    default: return false;
  }
}

/* How far along the advance a cell is: bigger is further ahead. */
static int64_t line_progress(const gk_line_markers_rule *lr, int32_t x, int32_t y) {
  return (int64_t)(lr->axis == 0 ? x : y) * lr->dir;
}

/* The rearmost marker (first in figure order among the furthest behind),
** or -1 when none stands on the board. */
static int32_t rearmost_marker(const gk_play *p, int64_t *progress) {
  const gk_game *g = p->game;
  const gk_line_markers_rule *lr = &p->flow->caps.line_markers.rule;
  int32_t best = -1;
  for (int32_t f = 0; f < g->n_figures; f++) {
    int32_t x, y;
    if (g->figures[f].kind != lr->figure || !figure_cell(g, f, &x, &y)) continue;
    int64_t pr = line_progress(lr, x, y);
    if (best < 0 || pr < *progress) best = f, *progress = pr;
  }
  return best;
}

/* Markers standing in the line of cell (x, y). */
static int markers_in_line(const gk_play *p, int32_t x, int32_t y) {
  const gk_game *g = p->game;
  const gk_line_markers_rule *lr = &p->flow->caps.line_markers.rule;
  int64_t want = line_progress(lr, x, y);
  int n = 0;
  for (int32_t f = 0; f < g->n_figures; f++) {
    int32_t fx, fy;
    if (g->figures[f].kind == lr->figure && figure_cell(g, f, &fx, &fy) &&
        line_progress(lr, fx, fy) == want)
      n++;
  }
  return n;
}

static int line_bonus(gk_play *p, int32_t root, uint32_t leaders) {
  gk_game *g = p->game;
  const gk_line_markers_rule *lr = &p->flow->caps.line_markers.rule;
  if (!lr->bonus || !leaders) return GK_OK;
  if (!lr->bonus_per_player) {
    for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next) {
      int owner = g->figures[f].owner;
      int32_t x, y;
      if (owner < 0 || !((leaders >> owner) & 1) || !figure_cell(g, f, &x, &y)) continue;
      int n = markers_in_line(p, x, y);
      if (n == 0) continue;
      int st = fl_score(p, owner, (int64_t)lr->bonus * n, lr->bonus_reason, root);
      if (st) return st;
    }
    return GK_OK;
  }
  /* once per leader and marker whose line holds one of its figures */
  for (int pl = 0; pl < g->n_players; pl++) {
    if (!((leaders >> pl) & 1)) continue;
    int n = 0;
    for (int32_t m = 0; m < g->n_figures; m++) {
      int32_t mx, my;
      if (g->figures[m].kind != lr->figure || !figure_cell(g, m, &mx, &my)) continue;
      bool here = false;
      for (int32_t f = g->root[root].fig_head; f >= 0 && !here; f = g->figures[f].next) {
        int32_t x, y;
        here = g->figures[f].owner == pl && figure_cell(g, f, &x, &y) &&
               line_progress(lr, x, y) == line_progress(lr, mx, my);
      }
      n += here;
    }
    if (n == 0) continue;
    int st = fl_score(p, pl, (int64_t)lr->bonus * n, lr->bonus_reason, root);
    if (st) return st;
  }
  return GK_OK;
}

/* Steps 3 and 4: the rearmost marker one line forward, then the sweep. */
static int line_advance(gk_play *p) {
  gk_game *g = p->game;
  const gk_line_markers_rule *lr = &p->flow->caps.line_markers.rule;
  int64_t behind = 0;
  int32_t m = rearmost_marker(p, &behind);
  if (m < 0) return GK_OK;
  int32_t mx, my;
  figure_cell(g, m, &mx, &my);
  /* the nearest tile of the next line, along the line */
  int32_t target = -1;
  int64_t dist = 0;
  for (int32_t t = 0; t < g->n_tiles; t++) {
    const gk_tilerec *tr = &g->tiles[t];
    if (line_progress(lr, tr->x, tr->y) != behind + 1) continue;
    int64_t d = lr->axis == 0 ? (int64_t)tr->y - my : (int64_t)tr->x - mx;
    if (d < 0) d = -d;
    if (target < 0 || d < dist) target = t, dist = d;
  }
  if (target < 0) return GK_OK; /* no tile beyond: nobody moves */
  int st = gk_figure_move(g, m, (gk_location){GK_AT_CELL, g->tiles[target].x, g->tiles[target].y});
  if (st) return st;
  rearmost_marker(p, &behind);
  for (int32_t f = 0; f < g->n_figures; f++) {
    const gk_figrec *fr = &g->figures[f];
    if (fr->owner < 0 || fr->where != GK_AT_NODE || !((lr->sweep_kinds >> g->node_kind[fr->a]) & 1))
      continue;
    const gk_tilerec *t = &g->tiles[g->node_tile[fr->a]];
    if (line_progress(lr, t->x, t->y) >= behind) continue;
    st = gk_figure_return(g, f);
    if (st) return st;
  }
  return GK_OK;
}

/* Does a player's figure stand on the feature? */
static bool occupied(const gk_game *g, int32_t root) {
  for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
    if (g->figures[f].owner >= 0) return true;
  return false;
}

/* A closed feature's place in the scoring order (smaller first) and a
** tile and segment naming it: the placed tile's port-closed features by
** segment, then the others (surrounded ones) by their tile's position
** in the 3x3 block around the placed tile, in reading order. */
static int line_order_key(const gk_play *p, int32_t root, int32_t *x, int32_t *y, int *seg) {
  const gk_game *g = p->game;
  const gk_tilerec *pt = &g->tiles[p->placed];
  if (g->rules->kind_completion[g->node_kind[root]] == GK_CLOSE_PORTS) {
    int ns = g->rules->tiles[pt->type].def.n_segments;
    for (int s = 0; s < ns; s++)
      if (gki_find(g, pt->first_node + s) == root) {
        *x = pt->x, *y = pt->y, *seg = s;
        return s;
      }
  }
  const gk_tilerec *t = &g->tiles[g->node_tile[root]];
  *x = t->x, *y = t->y, *seg = g->node_seg[root];
  int32_t dx = t->x - pt->x, dy = t->y - pt->y;
  int block = (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1) ? (int)((dy + 1) * 3 + (dx + 1)) : 9;
  return GK_MAX_SEGMENTS + block * GK_MAX_SEGMENTS + *seg;
}

typedef struct line_pending {
  int index; /* in p->closed */
  int32_t root;
  int key;
  int32_t x, y;
  int seg;
} line_pending;

/* The occupied closed features still to score, in order. */
static int line_pending_list(gk_play *p, line_pending *out) {
  gk_game *g = p->game;
  int n = 0;
  if (p->placed < 0) return 0;
  for (int i = 0; i < p->n_closed; i++) {
    if (fl_closed_done(p, i)) continue;
    int32_t root = gki_find(g, p->closed[i]);
    bool seen = false;
    for (int j = 0; j < n && !seen; j++) seen = out[j].root == root;
    if (seen || !occupied(g, root)) continue;
    line_pending c = {.index = i, .root = root};
    c.key = line_order_key(p, root, &c.x, &c.y, &c.seg);
    if (p->flow->caps.line_markers.rule.order == GK_LINE_ORDER_ACTIVE_FIRST) {
      int first = g->n_players;
      for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
        if (g->figures[f].owner >= 0) {
          int d = (g->figures[f].owner - p->player + g->n_players) % g->n_players;
          if (d < first) first = d;
        }
      c.key += first * 1000000;
    }
    int k = n++;
    while (k > 0 && out[k - 1].key > c.key) out[k] = out[k - 1], k--;
    out[k] = c;
  }
  return n;
}

/* Steps 1-4 for one feature; every closed entry of it is done. */
static int line_score_one(gk_play *p, int32_t root) {
  gk_game *g = p->game;
  int st = fl_score_closed(p, root); /* the bonus comes as feature_scored */
  if (st >= 0) st = line_advance(p);
  if (st < 0) return st;
  for (int i = 0; i < p->n_closed; i++)
    if (gki_find(g, p->closed[i]) == root) fl_set_closed_done(p, i);
  return GK_OK;
}

/* The score phase with line markers: 1 when it waits for the active
** player to choose what scores next (moves listed), 0 when every occupied
** feature is done, or a negative status. */
static int line_score(gk_play *p) {
  line_pending list[GK_REPORT_MAX];
  for (;;) {
    int n = line_pending_list(p, list);
    if (n == 0) return 0;
    if (n >= 2 && p->flow->caps.line_markers.rule.order == GK_LINE_ORDER_CHOOSE) {
      int st = fl_reserve_moves(p, n);
      if (st) return st;
      for (int i = 0; i < n; i++)
        p->moves[i] = (gk_move){.type = GK_MOVE_ACTION,
                                .action = p->flow->caps.line_markers.rule.order_action,
                                .arg = {list[i].x, list[i].y, list[i].seg + 1, 0}};
      p->n_moves = n;
      return 1;
    }
    int st = line_score_one(p, list[0].root);
    if (st < 0) return st;
  }
}

/* A CHOOSE move: score the feature it names; the phase asks again. */
static int line_apply_choice(gk_play *p, const gk_move *m) {
  line_pending list[GK_REPORT_MAX];
  int n = line_pending_list(p, list);
  for (int i = 0; i < n; i++)
    if (list[i].x == m->arg[0] && list[i].y == m->arg[1] && list[i].seg + 1 == m->arg[2])
      return line_score_one(p, list[i].root);
  gk_play_set_error(p, "no feature to score at %d,%d segment %d", m->arg[0], m->arg[1], m->arg[2]);
  return GK_EILLEGAL;
}

/* Markers go to their start cells at the first turn finding them all in
** the supply. */
static int line_start(gk_play *p) {
  gk_game *g = p->game;
  const gk_line_markers_rule *lr = &p->flow->caps.line_markers.rule;
  if (lr->n_start == 0 || gk_supply(g, -1, lr->figure) < lr->n_start) return GK_OK;
  for (int i = 0; i < lr->n_start; i++) {
    int f = gk_figure_deploy(g, -1, lr->figure,
                             (gk_location){GK_AT_CELL, lr->start[i][0], lr->start[i][1]});
    if (f < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return f;
    }
  }
  return GK_OK;
}

static bool line_declared(const gk_flow *f) { return f->caps.line_markers.on; }

static void line_part_start(gk_play *p) { memset(p->closed_done, 0, sizeof p->closed_done); }

static int line_apply(gk_play *p, const gk_move *m) {
  if (p->phase != GK_PHASE_SCORE || m->type != GK_MOVE_ACTION ||
      m->action != p->flow->caps.line_markers.rule.order_action)
    return FL_NOT_MINE;
  int st = line_apply_choice(p, m);
  return st < 0 ? st : FL_PLAYED_AGAIN; /* the rest, or the next choice */
}

const fl_capability fl_cap_line_markers = {
    .name = "line markers",
    .declared = line_declared,
    .turn_begin = line_start,
    .part_start = line_part_start,
    .score = line_score,
    .feature_scored = line_bonus,
    .apply = line_apply,
};
