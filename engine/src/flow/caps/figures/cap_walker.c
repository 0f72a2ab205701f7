/*
** cap_walker.c: a neutral figure that lands on some tiles and walks over
** the board after others, sending figures home (gk_walker_rule: a
** dragon).
**
** Owns caps.walker: the rule (rules), and the walk under way (state,
** copied with the play): the tiles it entered, its start first. Invariant:
** state.n is 0 when no walk is under way, else 1 + the moves made (at
** most rule.steps), and trail[n - 1] is the tile the walker stands on.
*/
#include "flow/flow_internal.h"

int gk_flow_add_walker(gk_flow *f, const gk_walker_rule *rule) {
  int st = fl_check_open(f, "declare a walker");
  if (st) return st;
  const gk_rules *r = f->rules;
  uint32_t kinds = r->n_figure_kinds < 32 ? (1u << r->n_figure_kinds) - 1 : ~0u;
  if (!rule || rule->figure < 0 || rule->figure >= r->n_figure_kinds || rule->action < 0 ||
      rule->action >= f->n_actions || rule->phase < GK_PHASE_CUSTOM || rule->phase >= f->n_phases ||
      rule->steps < 1 || rule->steps > GK_MAX_WALK_STEPS || (rule->avoids & ~kinds) ||
      (rule->spares & ~kinds) || (r->n_tags < 64 && ((rule->lands.tags | rule->walks.tags) >> r->n_tags)) ||
      (r->n_attrs < 64 && ((rule->lands.attrs | rule->walks.attrs) >> r->n_attrs))) {
    fl_flow_error(f, "walker: malformed rule (a figure kind, a custom phase, an action, 1..%d "
                     "steps, figure kinds and tile tags or attributes that exist)",
                  GK_MAX_WALK_STEPS);
    return GK_EINVAL;
  }
  if (f->caps.walker.on) {
    fl_flow_error(f, "walker: declared twice (one walker per game)");
    return GK_EINVAL;
  }
  static const char *const args[] = {"x", "y", "mover", "step"};
  if (fl_action_layout(f, rule->action, "walker", 4, args)) return GK_EINVAL;
  f->caps.walker.on = true;
  f->caps.walker.rule = *rule;
  return GK_OK;
}

/* The walker figure on the board, or -1: the first neutral figure of its
** kind on a tile (gki_figure_range: no scan of the other figures). */
static int32_t walker_figure(const gk_play *p) {
  const gk_game *g = p->game;
  int32_t f;
  for (int n = gki_figure_range(g, -1, p->flow->caps.walker.rule.figure, &f); n > 0; n--, f++)
    if (g->figures[f].where == GK_AT_TILE) return f;
  return -1;
}

/* Puts the walker on placed tile t, from the supply the first time. */
static int put_walker(gk_play *p, int32_t t) {
  gk_game *g = p->game;
  int32_t f = walker_figure(p);
  gk_location at = {GK_AT_TILE, t, 0};
  int st = f >= 0 ? gk_figure_move(g, f, at) : gk_figure_deploy(g, -1, p->flow->caps.walker.rule.figure, at);
  if (st < 0) gk_play_set_error(p, "%s", gk_game_error(g));
  return st < 0 ? st : GK_OK;
}

/* The tile figure f stands on (on one of its segments or on the tile),
** or -1. */
static int32_t tile_of(const gk_game *g, const gk_figrec *fr) {
  if (fr->where == GK_AT_NODE) return g->node_tile[fr->a];
  return fr->where == GK_AT_TILE ? fr->a : -1;
}

/* Drops tile t from cand[] (distinct tiles), keeping the order; the
** count left. */
static int drop_tile(int32_t *cand, int n, int32_t t) {
  for (int i = 0; t >= 0 && i < n; i++)
    if (cand[i] == t) {
      memmove(&cand[i], &cand[i + 1], sizeof *cand * (size_t)(n - i - 1));
      return n - 1;
    }
  return n;
}

/* Drops from cand[] the tiles where a figure of an avoided kind stands,
** visiting only those kinds' figures (gki_kind_range); the count left. */
static int drop_avoided(const gk_play *p, int32_t *cand, int n) {
  const gk_game *g = p->game;
  for (uint32_t avoids = p->flow->caps.walker.rule.avoids; avoids && n > 0; avoids &= avoids - 1) {
    int32_t f;
    for (int k = gki_kind_range(g, __builtin_ctz(avoids), &f); k > 0 && n > 0; k--, f++)
      n = drop_tile(cand, n, tile_of(g, &g->figures[f]));
  }
  return n;
}

/* The tiles the walk may enter next, N, E, S, W; their count. */
static int next_tiles(const gk_play *p, int32_t out[4]) {
  static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
  const gk_game *g = p->game;
  const int n = p->caps.walker.n;
  const gk_tilerec *at = &g->tiles[p->caps.walker.trail[n - 1]];
  int found = 0;
  for (int d = 0; d < 4; d++) {
    int32_t t = gk_tile_at(g, at->x + dx[d], at->y + dy[d]);
    bool seen = t < 0;
    for (int i = 0; i < n && !seen; i++) seen = p->caps.walker.trail[i] == t;
    if (!seen) out[found++] = t;
  }
  return drop_avoided(p, out, found);
}

/* Lands on or starts a walk from the tile just placed. */
static int walker_tile_placed(gk_play *p, const gk_move *m) {
  (void)m;
  const gk_walker_rule *rule = &p->flow->caps.walker.rule;
  if (p->placed < 0) return GK_OK;
  int type = p->game->tiles[p->placed].type;
  bool lands = (rule->lands.tags || rule->lands.attrs) && fl_tile_passes(p->flow, type, &rule->lands);
  bool walks = (rule->walks.tags || rule->walks.attrs) && fl_tile_passes(p->flow, type, &rule->walks);
  if (lands) {
    int st = put_walker(p, p->placed);
    if (st) return st;
  }
  if (!walks) return GK_OK;
  int32_t f = walker_figure(p);
  p->caps.walker.n = f >= 0 ? 1 : 0;
  if (f >= 0) p->caps.walker.trail[0] = p->game->figures[f].a;
  return GK_OK;
}

/* The walk's moves: the mover is the active player, then the next, ...;
** each step's list is its mover's decision (gk_play_decider). */
static int walker_moves(gk_play *p) {
  const gk_walker_rule *rule = &p->flow->caps.walker.rule;
  if (p->phase != rule->phase || p->caps.walker.n == 0) return GK_OK;
  int32_t to[4];
  int n = next_tiles(p, to);
  if (n == 0) { /* a dead end, at its start or after a move */
    p->caps.walker.n = 0;
    return GK_OK;
  }
  int made = p->caps.walker.n - 1;
  int32_t mover = (p->player + made) % p->game->n_players + 1;
  int st = fl_reserve_moves(p, p->n_moves + n);
  if (st) return st;
  p->decider = mover; /* the mover decides this step, not the active player */
  for (int i = 0; i < n; i++) {
    const gk_tilerec *t = &p->game->tiles[to[i]];
    p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_ACTION, .action = rule->action,
                                       .arg = {t->x, t->y, mover, made + 1}};
  }
  return GK_OK;
}

/* send_home's way when more figures stand on the tile than it holds:
** one pass over all figures, in id order. */
static int send_home_scan(gk_play *p, int32_t t) {
  gk_game *g = p->game;
  uint32_t spares = p->flow->caps.walker.rule.spares;
  for (int32_t f = 0; f < g->n_figures; f++) {
    const gk_figrec *fr = &g->figures[f];
    if (fr->owner < 0 || fr->where != GK_AT_NODE || g->node_tile[fr->a] != t ||
        ((spares >> fr->kind) & 1))
      continue;
    if (gk_figure_return(g, f) < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return GK_EINVAL;
    }
  }
  return GK_OK;
}

/* The players' figures standing on tile t's segments, but spared kinds,
** in id order, found through the features of its segments (each node's
** exact match, so a feature on two of its segments counts once); their
** count, or -1 when more than cap. */
static int figures_on_tile(const gk_play *p, int32_t t, int32_t *out, int cap) {
  const gk_game *g = p->game;
  uint32_t spares = p->flow->caps.walker.rule.spares;
  const gk_tilerec *tr = &g->tiles[t];
  int n = 0, n_segs = g->rules->templates[tr->type].n_segments;
  for (int32_t node = tr->first_node; node < tr->first_node + n_segs; node++)
    for (int32_t f = g->root[gki_find(g, node)].fig_head; f >= 0; f = g->figures[f].next) {
      const gk_figrec *fr = &g->figures[f];
      if (fr->a != node || fr->owner < 0 || ((spares >> fr->kind) & 1)) continue;
      if (n == cap) return -1;
      int i = n++;
      for (; i > 0 && out[i - 1] > f; i--) out[i] = out[i - 1];
      out[i] = f;
    }
  return n;
}

/* The players' figures on tile t's segments go home, but spared kinds. */
static int send_home(gk_play *p, int32_t t) {
  gk_game *g = p->game;
  int32_t home[GK_MAX_SEGMENTS];
  int n = figures_on_tile(p, t, home, GK_MAX_SEGMENTS);
  for (int i = 0; i < n; i++)
    if (gk_figure_return(g, home[i]) < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return GK_EINVAL;
    }
  return n >= 0 ? GK_OK : send_home_scan(p, t);
}

/* One move of the walk (it was listed); the phase asks again until the
** walk ends. */
static int walker_apply(gk_play *p, const gk_move *m) {
  const gk_walker_rule *rule = &p->flow->caps.walker.rule;
  if (m->type != GK_MOVE_ACTION || m->action != rule->action || p->phase != rule->phase)
    return FL_NOT_MINE;
  int32_t t = gk_tile_at(p->game, m->arg[0], m->arg[1]);
  if (t < 0 || p->caps.walker.n == 0) {
    gk_play_set_error(p, "%s: no walk onto %d %d", gk_flow_action_name(p->flow, m->action),
                      m->arg[0], m->arg[1]);
    return GK_EILLEGAL;
  }
  int st = put_walker(p, t);
  if (!st) st = send_home(p, t);
  if (st) return st;
  p->caps.walker.trail[p->caps.walker.n++] = t;
  /* A dead end is found when the phase asks for the next moves. */
  if (p->caps.walker.n - 1 >= rule->steps) p->caps.walker.n = 0;
  return FL_PLAYED_AGAIN;
}

static bool walker_declared(const gk_flow *f) { return f->caps.walker.on; }

const fl_capability fl_cap_walker = {
    .name = "walker",
    .declared = walker_declared,
    .tile_placed = walker_tile_placed,
    .phase_moves = walker_moves,
    .apply = walker_apply,
};
