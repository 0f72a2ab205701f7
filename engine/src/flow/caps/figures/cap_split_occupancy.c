/*
** cap_split_occupancy.c: segments carrying an attribute split a feature,
** for deploying, into parts (gk_split_occupancy_rule: streets meeting at
** a square are claimed one by one).
**
** Owns caps.split_occupancy: the rule. It keeps no state: the offer
** depends only on the tile placed this part and the board. Invariant: a
** listed move names a segment of the tile just placed whose feature has
** the attribute and holds a figure of a group the figure is blocked_by
** (so the usual deploy is refused), while the part of that feature the
** segment lies in (its segments reachable across tile sides without
** entering a segment whose own value of the attribute is set) holds none;
** or a segment with the attribute set, holding none itself.
*/
#include "flow/flow_internal.h"

int gk_flow_add_split_occupancy(gk_flow *f, const gk_split_occupancy_rule *rule) {
  int st = fl_check_open(f, "declare a split_occupancy");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->action < 0 || rule->action >= f->n_actions || rule->figure < 0 ||
      rule->figure >= r->n_figure_kinds || rule->attr < 0 || rule->attr >= r->n_attrs) {
    fl_flow_error(f, "split_occupancy: malformed rule (an action, a figure kind and an attribute "
                     "that exist)");
    return GK_EINVAL;
  }
  if (f->caps.split_occupancy.on) {
    fl_flow_error(f, "split_occupancy: declared twice (one per game)");
    return GK_EINVAL;
  }
  if (fl_node_action_layout(f, rule->action, "split_occupancy")) return GK_EINVAL;
  f->caps.split_occupancy.on = true;
  f->caps.split_occupancy.rule = *rule;
  return GK_OK;
}

/* Does a figure of these groups stand on node n itself? */
static bool node_holds(const gk_play *p, int32_t root, int32_t n, unsigned groups) {
  const gk_game *g = p->game;
  for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
    if (g->figures[f].where == GK_AT_NODE && g->figures[f].a == n &&
        (p->flow->figure[g->figures[f].kind].group & groups))
      return true;
  return false;
}

/* Does the part of node n's feature (root) that n lies in hold a figure
** of these groups? The part: breadth first from n across tile sides,
** never into a segment whose own value of attr is set. Its nodes are
** kept in a list as long as the feature's segments (it cannot grow past
** them); out of memory counts as yes: the move is then not offered. */
enum { FL_PART_LOCAL = 64 };
static bool part_holds(gk_play *p, int32_t root, int32_t n, unsigned groups, int attr) {
  gk_game *g = p->game;
  const gk_rules *r = g->rules;
  static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0}; /* N E S W */
  int32_t local[FL_PART_LOCAL], *part = local;
  size_t cap = (size_t)g->root[root].segments;
  if (cap > FL_PART_LOCAL && !(part = gki_mem(&g->alloc, NULL, 0, sizeof(int32_t) * cap)))
    return true;
  int32_t n_part = 0;
  part[n_part++] = n;
  bool held = false;
  for (int32_t i = 0; i < n_part && !held; i++) {
    int32_t m = part[i];
    held = node_holds(p, root, m, groups);
    const gk_tilerec *t = &g->tiles[g->node_tile[m]];
    const uint8_t *ports = gki_port_seg(r, t->type, t->rot);
    for (int port = 0; port < GK_PORT_COUNT && !held; port++) {
      if (ports[port] != g->node_seg[m]) continue;
      int side = port / 3;
      int o = gk_tile_at(g, t->x + DX[side], t->y + DY[side]);
      if (o < 0) continue;
      const gk_tilerec *ot = &g->tiles[o];
      uint8_t q = gki_port_seg(r, ot->type, ot->rot)[((side + 2) % 4) * 3 + (2 - port % 3)];
      if (q == 0xFF) continue;
      int32_t nb = ot->first_node + q;
      if (gki_find(g, nb) != root || gk_node_attr(g, nb, attr) != 0) continue;
      bool known = false;
      for (int32_t j = 0; j < n_part && !known; j++) known = part[j] == nb;
      if (!known && (size_t)n_part < cap) part[n_part++] = nb;
    }
  }
  if (part != local) gki_mem(&g->alloc, part, sizeof(int32_t) * cap, 0);
  return held;
}

/* A move per segment of the tile just placed where the figure may go by
** its part although its feature is occupied (see the header). */
static int split_occupancy_moves(gk_play *p) {
  const gk_split_occupancy_rule *rule = &p->flow->caps.split_occupancy.rule;
  gk_game *g = p->game;
  if (p->placed < 0 || gk_supply(g, p->player, rule->figure) <= 0) return GK_OK;
  const gk_figure_rule *fr = &p->flow->figure[rule->figure];
  const gk_tilerec *t = &g->tiles[p->placed];
  int n_segs = g->rules->templates[t->type].n_segments;
  for (int s = 0; s < n_segs; s++) {
    int32_t n = t->first_node + s;
    if (!((fr->on_kinds >> g->node_kind[n]) & 1)) continue;
    int32_t root = gki_find(g, n);
    if (gk_feature_attr(g, root, rule->attr) == 0 || !fl_root_holds(p, root, fr->blocked_by, -1))
      continue;
    bool free = gk_node_attr(g, n, rule->attr) != 0
                    ? !node_holds(p, root, n, fr->blocked_by)
                    : !part_holds(p, root, n, fr->blocked_by, rule->attr);
    if (!free) continue;
    int st = fl_reserve_moves(p, p->n_moves + 1);
    if (st) return st;
    p->moves[p->n_moves++] = (gk_move){
        .type = GK_MOVE_ACTION, .action = rule->action, .arg = {t->x, t->y, s + 1, 0}};
  }
  return GK_OK;
}

/* Deploys the figure on the segment the move names (it was listed). */
static int split_occupancy_apply(gk_play *p, const gk_move *m) {
  const gk_split_occupancy_rule *rule = &p->flow->caps.split_occupancy.rule;
  if (m->type != GK_MOVE_ACTION || m->action != rule->action) return FL_NOT_MINE;
  gk_game *g = p->game;
  int32_t node = fl_action_node(p, m);
  if (node < 0) return GK_EILLEGAL;
  gk_location at = {GK_AT_NODE, node, 0};
  int f = gk_figure_deploy(g, p->player, rule->figure, at);
  if (f < 0) {
    gk_play_set_error(p, "%s", gk_game_error(g));
    return f;
  }
  return FL_PLAYED_NEXT;
}

static bool split_occupancy_declared(const gk_flow *f) { return f->caps.split_occupancy.on; }

const fl_capability fl_cap_split_occupancy = {
    .name = "split_occupancy",
    .declared = split_occupancy_declared,
    .deploy_moves = split_occupancy_moves,
    .apply = split_occupancy_apply,
};
