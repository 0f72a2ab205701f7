/*
** cap_relocate.c: figures that move on after their feature is scored
** (gk_relocate_rule).
**
** Owns caps.relocate and the play's relocation_due. Invariant: while
** relocation_due, the after-scoring phase waits for each figure of a
** relocate rule standing on a closed feature, owners in turn order.
*/
#include "flow/flow_internal.h"

int gk_flow_add_relocate(gk_flow *f, const gk_relocate_rule *rule) {
  int st = fl_check_open(f, "declare a relocation");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->figure < 0 || rule->figure >= r->n_figure_kinds ||
      (rule->reach != GK_REACH_CONNECTED && rule->reach != GK_REACH_AROUND) || !rule->kinds ||
      rule->action < 0 || rule->action >= f->n_actions ||
      f->caps.relocate.n >= GK_MAX_RELOCATIONS) {
    fl_flow_error(f, "relocate: malformed rule (figure, reach, kinds or action) or more than %d",
                  GK_MAX_RELOCATIONS);
    return GK_EINVAL;
  }
  static const char *const args[] = {"owner", "x", "y", "segment"};
  if (fl_action_layout(f, rule->action, "relocate", 4, args)) return GK_EINVAL;
  f->caps.relocate.rule[f->caps.relocate.n++] = *rule;
  return GK_OK;
}

/* Reach sets: GK_MAX_REACH is far more room than a board's features
** around one feature can need (a feature touches at most a few dozen
** others); a set that would outgrow it is marked full, and the move
** listing fails rather than offer part of the reach. */
typedef struct root_set {
  int n;
  bool full;
  int32_t r[GK_MAX_REACH];
} root_set;

static void root_add(root_set *s, int32_t root) {
  for (int i = 0; i < s->n; i++)
    if (s->r[i] == root) return;
  if (s->n < GK_MAX_REACH) s->r[s->n++] = root;
  else s->full = true;
}

/* Roots of the nodes facing the ports of a feature's segments. */
static void facing_roots(const gk_game *g, int32_t root, root_set *out, bool wildcard_only) {
  const gk_rules *r = g->rules;
  int32_t n = root;
  do {
    const gk_tilerec *t = &g->tiles[g->node_tile[n]];
    const uint8_t *ps = gki_port_seg(r, t->type, t->rot);
    for (int q = 0; q < GK_PORT_COUNT; q++) {
      if (ps[q] != g->node_seg[n]) continue;
      int side = q / 3, i = q % 3;
      int32_t m = gk_node_at_port(g, t->x + (side == 1) - (side == 3),
                                  t->y + (side == 2) - (side == 0), ((side + 2) % 4) * 3 + (2 - i));
      if (m < 0) continue;
      if (wildcard_only && !(r->kind_flags[g->node_kind[m]] & GK_KIND_WILDCARD)) continue;
      root_add(out, gki_find(g, m));
    }
    n = g->next[n];
  } while (n != root);
}

/* Non-wildcard features touching a wildcard segment's feature. */
static void wildcard_inner(const gk_game *g, int32_t hub, root_set *out) {
  int32_t a[GK_MAX_REACH];
  int n = gk_feature_adjacent(g, hub, a, GK_MAX_REACH);
  if (n > GK_MAX_REACH) out->full = true;
  for (int i = 0; i < n && i < GK_MAX_REACH; i++)
    if (!(g->rules->kind_flags[g->node_kind[a[i]]] & GK_KIND_WILDCARD)) root_add(out, a[i]);
}

/* Where a relocating figure on `root` may reach (any kind; filtered
** later): what touches its feature; through a wildcard segment it
** touches, whatever faces that segment (out of an abbey); through a
** wildcard segment its ports face, what touches that segment (into an
** abbey), never across to the far side. */
static void reach_connected(gk_game *g, int32_t root, root_set *out) {
  const gk_rules *r = g->rules;
  root_set hubs = {0};
  int32_t a[GK_MAX_REACH];
  int n = gk_feature_adjacent(g, root, a, GK_MAX_REACH);
  if (n > GK_MAX_REACH) out->full = true;
  for (int i = 0; i < n && i < GK_MAX_REACH; i++) {
    if (!(r->kind_flags[g->node_kind[a[i]]] & GK_KIND_WILDCARD)) {
      root_add(out, a[i]);
      continue;
    }
    wildcard_inner(g, a[i], out);
    facing_roots(g, a[i], out, false);
  }
  facing_roots(g, root, &hubs, true);
  for (int h = 0; h < hubs.n; h++) wildcard_inner(g, hubs.r[h], out);
}

static void reach_around(gk_game *g, int32_t node, root_set *out) {
  const gk_tilerec *t = &g->tiles[g->node_tile[node]];
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      int ti = gk_tile_at(g, t->x + dx, t->y + dy);
      if (ti < 0) continue;
      const gk_tilerec *o = &g->tiles[ti];
      int ns = g->rules->tiles[o->type].def.n_segments;
      for (int s = 0; s < ns; s++) root_add(out, gki_find(g, o->first_node + s));
    }
}

/* Does a closed feature of this part hold a figure that may move on? */
static bool relocating_on_closed(const gk_play *p) {
  const gk_game *g = p->game;
  for (int i = 0; i < p->n_closed; i++) {
    int32_t root = gki_find(g, p->closed[i]);
    for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
      for (int k = 0; k < p->flow->caps.relocate.n; k++)
        if (p->flow->caps.relocate.rule[k].figure == g->figures[f].kind) return true;
  }
  return false;
}

/* The figure that decides next (-1: none waits) and its rule. */
static int32_t relocation_waiting(const gk_play *p, const gk_relocate_rule **rule) {
  const gk_game *g = p->game;
  int32_t best = -1;
  int best_order = 0;
  for (int32_t f = 0; f < g->n_figures; f++) {
    const gk_figrec *fr = &g->figures[f];
    if (fr->where != GK_AT_NODE || fr->owner < 0) continue;
    for (int i = 0; i < p->flow->caps.relocate.n; i++) {
      if (p->flow->caps.relocate.rule[i].figure != fr->kind) continue;
      if (!gki_root_closed(g, gki_find(g, fr->a))) break;
      int order = (fr->owner - p->player + g->n_players) % g->n_players;
      if (best < 0 || order < best_order)
        best = f, best_order = order, *rule = &p->flow->caps.relocate.rule[i];
      break;
    }
  }
  return best;
}

/* The moves of one waiting figure: back home, then each destination. */
static int moves_of(gk_play *p, int32_t f, const gk_relocate_rule *rule) {
  gk_game *g = p->game;
  int32_t node = g->figures[f].a, root = gki_find(g, node);
  int32_t owner = g->figures[f].owner + 1;
  root_set reach = {0};
  if (rule->reach == GK_REACH_AROUND)
    reach_around(g, node, &reach);
  else
    reach_connected(g, root, &reach);
  if (reach.full) {
    gk_play_set_error(p, "relocation: more than %d features within reach (GK_MAX_REACH)",
                      GK_MAX_REACH);
    return GK_EINVAL;
  }
  int st = fl_reserve_moves(p, p->n_moves + 1);
  if (st) return st;
  p->decider = owner; /* its owner decides, whoever's turn it is */
  p->moves[p->n_moves++] =
      (gk_move){.type = GK_MOVE_ACTION, .action = rule->action, .arg = {owner, 0, 0, 0}};
  for (int i = 0; i < reach.n; i++) {
    int32_t to = reach.r[i];
    if (to == root || !((rule->kinds >> g->node_kind[to]) & 1) || gki_root_closed(g, to) ||
        g->root[to].figures > 0)
      continue;
    int32_t m = to;
    do {
      /* moving on is deploying again: never onto a tile a blocks_tile
      ** figure stands on (a dragon's, princess-dragon.md §3) */
      if (p->flow->tile_blockers && fl_tile_blocked(p, g->node_tile[m])) {
        m = g->next[m];
        continue;
      }
      st = fl_reserve_moves(p, p->n_moves + 1);
      if (st) return st;
      const gk_tilerec *t = &g->tiles[g->node_tile[m]];
      p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_ACTION,
                                         .action = rule->action,
                                         .arg = {owner, t->x, t->y, g->node_seg[m] + 1}};
      m = g->next[m];
    } while (m != to);
  }
  return GK_OK;
}

/* The after-scoring phase's moves for the next waiting figure. A figure
** with nowhere to go is no decision: it goes home at once ("if no such
** feature exists, it must return"), and the next one is asked. */
static int relocation_moves(gk_play *p) {
  const gk_relocate_rule *rule = NULL;
  for (int32_t f; (f = relocation_waiting(p, &rule)) >= 0;) {
    int st = moves_of(p, f, rule);
    if (st || p->n_moves > 1) return st;
    p->n_moves = 0;
    st = gk_figure_return(p->game, f);
    if (st) {
      gk_play_set_error(p, "%s", gk_game_error(p->game));
      return st;
    }
  }
  return GK_OK;
}

/* A listed relocation move: back to the supply or onto the named segment. */
static int relocation_apply(gk_play *p, const gk_move *m) {
  gk_game *g = p->game;
  const gk_relocate_rule *rule = NULL;
  int32_t f = relocation_waiting(p, &rule);
  if (f < 0) return GK_EILLEGAL;
  int st;
  if (m->arg[3] == 0) {
    st = gk_figure_return(g, f);
  } else {
    int tile = gk_tile_at(g, m->arg[1], m->arg[2]);
    int32_t node = tile >= 0 ? gk_node(g, tile, m->arg[3] - 1) : -1;
    st = node >= 0 ? gk_figure_move(g, f, (gk_location){GK_AT_NODE, node, 0}) : GK_EILLEGAL;
  }
  if (st < 0) gk_play_set_error(p, "%s", gk_game_error(g));
  return st;
}

static bool relocate_declared(const gk_flow *f) { return f->caps.relocate.n > 0; }

/* Before the closed features are scored and their figures go home. */
static int relocate_score(gk_play *p) {
  p->caps.relocate.due = p->caps.relocate.due || relocating_on_closed(p);
  return 0;
}

/* 1 while a figure waits to decide (its moves listed). */
static int relocate_after_scoring(gk_play *p) {
  if (!p->caps.relocate.due) return 0;
  int st = relocation_moves(p);
  if (st) return st;
  if (p->n_moves > 0) return 1;
  p->caps.relocate.due = false;
  return 0;
}

static int relocate_apply(gk_play *p, const gk_move *m) {
  const gk_relocate_rule *rule = NULL;
  if (p->phase != GK_PHASE_AFTER_SCORING || m->type != GK_MOVE_ACTION ||
      relocation_waiting(p, &rule) < 0 || rule->action != m->action)
    return FL_NOT_MINE;
  int st = relocation_apply(p, m);
  return st < 0 ? st : FL_PLAYED_AGAIN; /* the next waiting figure, if any */
}

const fl_capability fl_cap_relocate = {
    .name = "relocation",
    .declared = relocate_declared,
    .score = relocate_score,
    .after_scoring = relocate_after_scoring,
    .apply = relocate_apply,
};
