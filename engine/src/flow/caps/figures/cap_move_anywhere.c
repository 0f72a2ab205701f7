/*
** cap_move_anywhere.c: neutral figures, one of each of some kinds, put or
** moved onto any open feature of some kinds after some tiles, never two
** on one feature (gk_move_anywhere_rule: a mage and a witch).
**
** Owns caps.move_anywhere: the rule. It keeps no state: whether a move is
** due depends only on the tile placed this part and on where the figures
** stand. Invariant: a listed move names the anchor of an incomplete
** feature of the rule's kinds holding none of the rule's figures (its
** first segment in reading order: smallest y, then x, then segment), or,
** when there is none, segment 0: that figure off the board; a figure's
** mark (an attribute) is 1 on the segment it stands on, 0 once it moved
** off it.
*/
#include "flow/flow_internal.h"

int gk_flow_add_move_anywhere(gk_flow *f, const gk_move_anywhere_rule *rule) {
  int st = fl_check_open(f, "declare a move_anywhere");
  if (st) return st;
  const gk_rules *r = f->rules;
  uint64_t all_kinds = r->n_kinds < 64 ? (1ull << r->n_kinds) - 1 : ~0ull;
  bool ok = rule && rule->action >= 0 && rule->action < f->n_actions &&
            rule->phase >= GK_PHASE_CUSTOM && rule->phase < f->n_phases && rule->kinds &&
            !(rule->kinds & ~all_kinds) && rule->n_figures >= 1 &&
            rule->n_figures <= GK_MAX_FIGURE_KINDS && (rule->tiles.tags || rule->tiles.attrs) &&
            (r->n_tags >= 64 || !(rule->tiles.tags >> r->n_tags)) &&
            (r->n_attrs >= 64 || !(rule->tiles.attrs >> r->n_attrs));
  uint32_t seen = 0;
  for (int i = 0; ok && i < rule->n_figures; i++) {
    int k = rule->figures[i], mark = rule->marks[i];
    ok = k < r->n_figure_kinds && !((seen >> k) & 1) && mark >= -1 && mark < r->n_attrs;
    seen |= 1u << (k & 31);
  }
  if (!ok) {
    fl_flow_error(f, "move_anywhere: malformed rule (a custom phase, an action, feature kinds, "
                     "tile tags or attributes that exist, distinct figure kinds, marks that are "
                     "attributes or -1)");
    return GK_EINVAL;
  }
  if (f->caps.move_anywhere.on) {
    fl_flow_error(f, "move_anywhere: declared twice (one per game)");
    return GK_EINVAL;
  }
  static const char *const args[] = {"figure", "x", "y", "segment"};
  if (fl_action_layout(f, rule->action, "move_anywhere", 4, args)) return GK_EINVAL;
  f->caps.move_anywhere.on = true;
  f->caps.move_anywhere.rule = *rule;
  return GK_OK;
}

/* The figure of the rule's i-th kind on a segment, or -1 (in the
** supply): the first neutral figure of that kind standing on a node. */
static int32_t figure_of(const gk_play *p, int i) {
  const gk_game *g = p->game;
  int32_t f;
  for (int n = gki_figure_range(g, -1, p->flow->caps.move_anywhere.rule.figures[i], &f); n > 0; n--, f++)
    if (g->figures[f].where == GK_AT_NODE) return f;
  return -1;
}

/* The roots of the features the rule's figures stand on (-1: in the
** supply), and whether two of them share one. */
static bool held_roots(const gk_play *p, int32_t *root) {
  const int n = p->flow->caps.move_anywhere.rule.n_figures;
  bool met = false;
  for (int i = 0; i < n; i++) {
    int32_t f = figure_of(p, i);
    root[i] = f >= 0 ? gki_find(p->game, p->game->figures[f].a) : -1;
    for (int j = 0; j < i && root[i] >= 0; j++) met = met || root[j] == root[i];
  }
  return met;
}

/* The anchor of a feature: its node first in reading order. */
static int32_t anchor_node(const gk_game *g, int32_t root) {
  int32_t best = root, m = root;
  do {
    const gk_tilerec *a = &g->tiles[g->node_tile[m]], *b = &g->tiles[g->node_tile[best]];
    if (a->y < b->y || (a->y == b->y && (a->x < b->x || (a->x == b->x && g->node_seg[m] < g->node_seg[best]))))
      best = m;
    m = g->next[m];
  } while (m != root);
  return best;
}

static gk_move magic_move(const gk_play *p, int who, int32_t node) {
  const gk_game *g = p->game;
  int32_t x = 0, y = 0, seg = 0;
  if (node >= 0) {
    const gk_tilerec *t = &g->tiles[g->node_tile[node]];
    x = t->x;
    y = t->y;
    seg = g->node_seg[node] + 1;
  }
  return (gk_move){.type = GK_MOVE_ACTION, .action = p->flow->caps.move_anywhere.rule.action,
                   .arg = {who + 1, x, y, seg}};
}

/* Whether the feature at root (of the rule's kinds) takes a figure:
** incomplete and holding none of the rule's figures. */
static bool takes(const gk_play *p, int32_t root, const int32_t *held, int n) {
  if (gki_root_closed(p->game, root)) return false;
  for (int i = 0; i < n; i++)
    if (held[i] == root) return false;
  return true;
}

/* The moves, figure by figure (rule order), then feature by feature
** (root order, as gk_features lists them); none left: a move off the
** board for each figure standing on one. */
static int list_moves(gk_play *p, const int32_t *held) {
  const gk_game *g = p->game;
  const int n = p->flow->caps.move_anywhere.rule.n_figures;
  const uint64_t kinds = p->flow->caps.move_anywhere.rule.kinds;
  int first = p->n_moves, found = 0;
  for (int32_t node = 0; node < g->n_nodes; node++) {
    /* the kind first: a byte, and most nodes are of other kinds */
    if (!((kinds >> g->node_kind[node]) & 1) || g->parent[node] != node || !takes(p, node, held, n))
      continue;
    int st = fl_reserve_moves(p, p->n_moves + 1);
    if (st) return st;
    p->moves[p->n_moves++] = magic_move(p, 0, anchor_node(g, node));
    found++;
  }
  int st = fl_reserve_moves(p, first + found * n + n);
  if (st) return st;
  for (int who = 1; who < n; who++)
    for (int i = 0; i < found; i++) {
      gk_move m = p->moves[first + i];
      m.arg[0] = who + 1;
      p->moves[p->n_moves++] = m;
    }
  if (found == 0)
    for (int who = 0; who < n; who++)
      if (held[who] >= 0) p->moves[p->n_moves++] = magic_move(p, who, -1);
  return GK_OK;
}

/* In the rule's phase: after a tile that passes its filter, or when two
** of its figures stand on one feature (a tile joined theirs). */
static int move_anywhere_moves(gk_play *p) {
  const gk_move_anywhere_rule *rule = &p->flow->caps.move_anywhere.rule;
  if (p->phase != rule->phase) return GK_OK;
  bool due = p->placed >= 0 && fl_tile_passes(p->flow, p->game->tiles[p->placed].type, &rule->tiles);
  int32_t held[GK_MAX_FIGURE_KINDS];
  bool met = held_roots(p, held);
  if (!due && !met) return GK_OK;
  return list_moves(p, held);
}

/* Adds delta to the rule's i-th mark on node (no mark: nothing). */
static int add_mark(gk_play *p, int i, int32_t node, int32_t delta) {
  int mark = p->flow->caps.move_anywhere.rule.marks[i];
  if (mark < 0) return GK_OK;
  int st = gk_node_add_attr(p->game, node, mark, delta);
  if (st < 0) gk_play_set_error(p, "%s", gk_game_error(p->game));
  return st < 0 ? st : GK_OK;
}

/* Puts, moves or takes off the figure the move names (it was listed). */
static int move_anywhere_apply(gk_play *p, const gk_move *m) {
  const gk_move_anywhere_rule *rule = &p->flow->caps.move_anywhere.rule;
  if (m->type != GK_MOVE_ACTION || m->action != rule->action || p->phase != rule->phase)
    return FL_NOT_MINE;
  gk_game *g = p->game;
  int who = m->arg[0] - 1;
  int32_t tile = m->arg[3] > 0 ? gk_tile_at(g, m->arg[1], m->arg[2]) : -1;
  int32_t node = tile >= 0 ? gk_node(g, tile, m->arg[3] - 1) : -1;
  if (who < 0 || who >= rule->n_figures || (m->arg[3] != 0 && node < 0)) {
    gk_play_set_error(p, "%s: no figure %d or no segment %d at %d %d",
                      gk_flow_action_name(p->flow, m->action), m->arg[0], m->arg[3], m->arg[1],
                      m->arg[2]);
    return GK_EILLEGAL;
  }
  int32_t f = figure_of(p, who);
  int st = f >= 0 ? add_mark(p, who, g->figures[f].a, -1) : GK_OK; /* its mark leaves with it */
  if (st) return st;
  if (node < 0) {
    if (f >= 0 && gk_figure_return(g, f) < 0) st = GK_EINVAL;
  } else {
    gk_location at = {GK_AT_NODE, node, 0};
    st = f >= 0 ? gk_figure_move(g, f, at) : gk_figure_deploy(g, -1, rule->figures[who], at);
    st = st < 0 ? st : add_mark(p, who, node, 1);
  }
  if (st < 0) {
    if (!p->err[0]) gk_play_set_error(p, "%s", gk_game_error(g));
    return st;
  }
  return FL_PLAYED_NEXT;
}

static bool move_anywhere_declared(const gk_flow *f) { return f->caps.move_anywhere.on; }

const fl_capability fl_cap_move_anywhere = {
    .name = "move_anywhere",
    .declared = move_anywhere_declared,
    .phase_moves = move_anywhere_moves,
    .apply = move_anywhere_apply,
};
