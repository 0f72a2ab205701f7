/*
** scoring.c: data-driven scoring of one feature (formula, majority,
** hooks), sending figures home, and the core of final scoring.
**
** Invariant: a feature's points go to the leaders of its majority, in
** player order, once per scoring; figures go home after the points.
*/
#include "flow/flow_internal.h"

/* {==================================================================
** Scoring
** =================================================================== */

/* Over the distinct features of `kind` touching root (each once): how
** many (attr < 0; only closed ones with closed_only), or the sum of
** their merged attribute attr (the fish of the lakes a river ends at).
** Without memory for a long list: 0, and p->formula_bad is set. */
static int64_t fold_adjacent(gk_play *p, int32_t root, int kind, bool closed_only, int attr) {
  int32_t local[64];
  int n = gki_adjacent_roots(p->game, root, local, 64);
  int32_t *adj = local;
  if (n > 64) {
    adj = gki_mem(&p->game->alloc, NULL, 0, sizeof(int32_t) * (size_t)n);
    if (!adj) {
      if (!p->formula_bad) gk_play_set_error(p, "out of memory counting the features next to a feature");
      p->formula_bad = true;
      return 0;
    }
    gki_adjacent_roots(p->game, root, adj, n);
  }
  int64_t count = 0;
  const size_t n_attrs = (size_t)p->game->rules->n_attrs;
  for (int i = 0; i < n; i++)
    if (p->game->node_kind[adj[i]] == kind && (!closed_only || gki_root_closed(p->game, adj[i])))
      count += attr < 0 ? 1 : p->game->attrs[(size_t)adj[i] * n_attrs + (size_t)attr];
  if (adj != local) gki_mem(&p->game->alloc, adj, sizeof(int32_t) * (size_t)n, 0);
  return count;
}

/* How many figures of the kinds in mask stand on tiles (GK_AT_TILE) the
** feature covers (block: on the 3x3 block around its tile). Only those
** kinds' figures are looked at (gki_kind_range), each tile's segments
** asked for the feature: no walk of the feature's nodes. */
static int64_t tile_figures(const gk_game *g, int32_t root, uint32_t mask, bool block) {
  const gk_tilerec *home = &g->tiles[g->node_tile[root]];
  int64_t n = 0;
  for (uint32_t m = mask; m; m &= m - 1) {
    int32_t f;
    for (int c = gki_kind_range(g, __builtin_ctz(m), &f); c > 0; c--, f++) {
      const gk_figrec *fr = &g->figures[f];
      if (fr->where != GK_AT_TILE) continue;
      const gk_tilerec *t = &g->tiles[fr->a];
      if (block) {
        n += t->x >= home->x - 1 && t->x <= home->x + 1 && t->y >= home->y - 1 && t->y <= home->y + 1;
        continue;
      }
      int segs = g->rules->templates[t->type].n_segments;
      for (int s = 0; s < segs; s++)
        if (gki_find((gk_game *)g, t->first_node + s) == root) {
          n++;
          break;
        }
    }
  }
  return n;
}

/* The formula's terms for one leader: with_figures is the set of figure
** kinds that leader has on the feature (bit per kind); -1 means the terms
** that apply to everyone, 0 skips the conditional ones. */
int32_t fl_formula_sum(gk_play *p, int32_t root, const fl_scoring *sr, bool conditional,
                       uint32_t with_figures) {
  gk_game *g = p->game;
  int64_t total = 0;
  const int32_t *attrs = &g->attrs[(size_t)root * (size_t)g->rules->n_attrs];
  for (int i = 0; i < sr->formula.n_terms; i++) {
    int arg = sr->formula.terms[i].arg;
    /* checked first: it zeroes the conditional terms (only_with) too */
    if (sr->formula.terms[i].term == GK_TERM_ZERO_IF && attrs[arg] != 0) return 0;
    int only = sr->formula.terms[i].only_with, cond = sr->formula.terms[i].if_attr;
    if (conditional ? (only == 0 || !((with_figures >> (only - 1)) & 1)) : only != 0) continue;
    if (cond && attrs[cond - 1] == 0) continue;
    int32_t pts = sr->formula.terms[i].points;
    switch (sr->formula.terms[i].term) {
      case GK_TERM_CONST: total += pts; break;
      case GK_TERM_TILE: total += (int64_t)pts * gki_count_tiles(g, root); break;
      case GK_TERM_ATTR:
        total += (int64_t)pts * g->attrs[(size_t)root * (size_t)g->rules->n_attrs + (size_t)arg];
        break;
      case GK_TERM_BLOCK:
        total += (int64_t)pts * (1 + g->tiles[g->node_tile[root]].neighbours);
        break;
      case GK_TERM_ADJACENT: total += pts * fold_adjacent(p, root, arg, false, -1); break;
      case GK_TERM_ADJACENT_CLOSED: total += pts * fold_adjacent(p, root, arg, true, -1); break;
      case GK_TERM_TOUCHING:
      case GK_TERM_TOUCHING_CLOSED:
        total += pts * fold_adjacent(p, root, arg & 0xff, sr->formula.terms[i].term == GK_TERM_TOUCHING_CLOSED,
                                     arg >> 8);
        break;
      case GK_TERM_ATTR_OVER: {
        int64_t over = (int64_t)attrs[arg & 0xff] - attrs[arg >> 8]; /* attributes a script set: any int32_t */
        if (over > 0) total += (int64_t)pts * over;
        break;
      }
      case GK_TERM_FEATURES: total += g->node_kind[root] == arg ? pts : 0; break;
      case GK_TERM_TILE_FIGURES:
      case GK_TERM_BLOCK_FIGURES:
        total += pts * tile_figures(g, root, (uint32_t)arg, sr->formula.terms[i].term == GK_TERM_BLOCK_FIGURES);
        break;
      default: break; /* GK_TERM_ZERO_IF: checked above */
    }
  }
  /* Each term is within +-GK_MAX_POINTS times a count the game's size
  ** bounds, so the int64_t sum is exact; the points are refused, never
  ** wrapped or clamped, beyond what one score may give. */
  if (total < -GK_MAX_POINTS || total > GK_MAX_POINTS) {
    if (!p->formula_bad)
      gk_play_set_error(p, "score: the formula of reason '%s' gives %lld points, beyond the limit of +-%d",
                        gk_rules_reason_name(g->rules, sr->reason), (long long)total, GK_MAX_POINTS);
    p->formula_bad = true;
    return 0;
  }
  return (int32_t)total;
}

int fl_formula_status(gk_play *p) {
  if (!p->formula_bad) return GK_OK;
  p->formula_bad = false;
  return GK_EINVAL; /* the message was set where it went wrong */
}

int fl_score(gk_play *p, int pl, int64_t pts, int reason, int32_t root) {
  if (pts < -GK_MAX_POINTS || pts > GK_MAX_POINTS) {
    gk_play_set_error(p, "score: %lld points at once (reason '%s'), beyond the limit of +-%d",
                      (long long)pts, gk_rules_reason_name(p->game->rules, reason), GK_MAX_POINTS);
    return GK_EINVAL;
  }
  int st = gk_score(p->game, pl, (int32_t)pts, reason, root);
  if (st) gk_play_set_error(p, "%s", gk_game_error(p->game));
  return st;
}

int32_t gk_play_formula_points(const gk_play *cp, int32_t root, gk_when when) {
  gk_play *p = (gk_play *)cp;
  if (!p || root < 0 || root >= p->game->n_nodes ||
      (when != GK_WHEN_CLOSED && when != GK_WHEN_FINAL))
    return 0;
  root = gki_find(p->game, root);
  const fl_scoring *sr = &p->flow->scoring[p->game->node_kind[root]][when];
  int32_t points = sr->on ? fl_formula_sum(p, root, sr, false, 0) : 0;
  return fl_formula_status(p) ? 0 : points; /* 0, and gk_play_error says why */
}

int gk_play_score_feature(gk_play *p, int32_t node, gk_when when, int32_t *points) {
  if (!p || node < 0 || node >= p->game->n_nodes) return GK_EINVAL;
  return fl_score_feature(p, node, when, NULL, points);
}

int fl_score_feature(gk_play *p, int32_t node, gk_when when, uint32_t *leaders_out, int32_t *points_out) {
  gk_game *g = p->game;
  if (leaders_out) *leaders_out = 0;
  if (points_out) *points_out = 0;
  int32_t root = gki_find(g, node);
  const fl_scoring *sr = &p->flow->scoring[g->node_kind[root]][when];
  bool points_hook =
      fl_has_hook(p, GK_HOOK_FEATURE_POINTS) && fl_attrs_hold(g, root, p->filters.points_attrs) &&
      (!p->filters.points_kinds || ((p->filters.points_kinds >> g->node_kind[root]) & 1));
  if (!sr->on && !points_hook && !fl_has_hook(p, GK_HOOK_FEATURE_SCORED)) return 0;
  uint32_t leaders = 0;
  if (g->root[root].fig_head >= 0) { /* most features close with nobody on them */
    int32_t by_kind[GK_MAX_FIGURE_KINDS];
    const int32_t *strength = p->flow->strength;
    if (p->flow->strength_attr_kinds) {
      /* Kinds whose strength is an attribute of the feature count that. */
      memcpy(by_kind, strength, sizeof by_kind);
      for (uint32_t m = p->flow->strength_attr_kinds; m; m &= m - 1) {
        int k = __builtin_ctz(m), a = p->flow->figure[k].strength_attr;
        int32_t v = g->attrs[(size_t)root * (size_t)g->rules->n_attrs + (size_t)(a - 1)];
        by_kind[k] = v > 0 ? v : 0;
      }
      strength = by_kind;
    }
    gk_majority(g, root, strength, NULL, &leaders);
  }
  /* hooks that only break ties: no call while one player leads, or none */
  if (points_hook && ((p->filters.points_ties_kinds >> g->node_kind[root]) & 1) &&
      __builtin_popcount(leaders) < 2)
    points_hook = false;
  int32_t points = sr->on ? fl_formula_sum(p, root, sr, false, 0) : 0;
  int fst = fl_formula_status(p);
  if (fst) return fst;
  if (points_hook) {
    gk_hook_call c = {.hook = GK_HOOK_FEATURE_POINTS,
                      .phase = p->phase,
                      .feature = root,
                      .when = when,
                      .value = points,
                      .leaders = leaders};
    int st = fl_call_hook(p, &c);
    if (st) return st;
    points = c.value;
    leaders = c.leaders;
  }
  if (leaders_out) *leaders_out = leaders;
  int reason = sr->on ? sr->reason : 0;
  /* Terms that count only for a leader with a given figure there. */
  uint32_t with[GK_MAX_PLAYERS] = {0};
  bool conditional = false;
  if (sr->on)
    for (int i = 0; i < sr->formula.n_terms; i++)
      conditional |= sr->formula.terms[i].only_with != 0;
  if (conditional)
    for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
      if (g->figures[f].owner >= 0) with[g->figures[f].owner] |= 1u << g->figures[f].kind;
  if (g->rules->n_reasons > 0)
    for (int pl = 0; pl < g->n_players; pl++)
      if ((leaders >> pl) & 1) {
        int64_t pts = points;
        if (conditional && with[pl]) pts += fl_formula_sum(p, root, sr, true, with[pl]);
        if (fl_formula_status(p)) return GK_EINVAL;
        /* a leader scored for 0 is written too: "scored for nothing" */
        int st = fl_score(p, pl, pts, reason, root);
        if (st) return st;
      }
  if (fl_has_hook(p, GK_HOOK_FEATURE_SCORED)) {
    gk_hook_call c = {.hook = GK_HOOK_FEATURE_SCORED,
                      .phase = p->phase,
                      .feature = root,
                      .when = when,
                      .value = points,
                      .leaders = leaders};
    int st = fl_call_hook(p, &c);
    if (st) return st;
  }
  if (points_out) *points_out = points;
  return GK_OK;
}

int gk_play_return_figures(gk_play *p, int32_t node, int at_end) {
  if (!p || node < 0 || node >= p->game->n_nodes) return GK_EINVAL;
  gk_game *g = p->game;
  int32_t root = gki_find(g, node);
  if (g->root[root].fig_head < 0) return GK_OK;
  int local[FL_FIGURES_LOCAL], *figs = local;
  int n = gk_feature_figures(g, root, figs, FL_FIGURES_LOCAL);
  if (n > FL_FIGURES_LOCAL) { /* a crowd: every one of them, from the heap */
    figs = gki_mem(&g->alloc, NULL, 0, sizeof(int) * (size_t)n);
    if (!figs) {
      gk_play_set_error(p, "out of memory returning %d figures", n);
      return GK_ENOMEM;
    }
    gk_feature_figures(g, root, figs, n);
  }
  int st = GK_OK;
  for (int i = 0; i < n && st == GK_OK; i++) {
    const gk_figure_rule *fr = &p->flow->figure[g->figures[figs[i]].kind];
    if (!fr->stays || at_end) st = gk_figure_return(g, figs[i]);
  }
  if (figs != local) gki_mem(&g->alloc, figs, sizeof(int) * (size_t)n, 0);
  /* a dependent figure that stays loses its company now, not later */
  if (st || !p->game->vacated) return st;
  st = fl_settle_dependents(p);
  return st < 0 ? st : GK_OK;
}

/* The features holding figures that score at the end, in ascending root
** order; scoring merges nothing, so the set stays put while we walk it. */
static int score_features_final(gk_play *p) {
  gk_game *g = p->game;
  int32_t local[128], *roots = local;
  int n_roots = 0;
  if (g->n_figures > 128) {
    roots = gki_mem(&g->alloc, NULL, 0, sizeof(int32_t) * (size_t)g->n_figures);
    if (!roots) {
      gk_play_set_error(p, "out of memory");
      return GK_ENOMEM;
    }
  }
  for (int32_t f = 0; f < g->n_figures; f++) {
    if (g->figures[f].where != GK_AT_NODE) continue;
    int32_t root = gki_find(g, g->figures[f].a);
    int k = n_roots;
    while (k > 0 && roots[k - 1] > root) k--;
    if (k > 0 && roots[k - 1] == root) continue;
    memmove(roots + k + 1, roots + k, sizeof(int32_t) * (size_t)(n_roots - k));
    roots[k] = root;
    n_roots++;
  }
  int st_roots = GK_OK;
  for (int i = 0; i < n_roots && st_roots >= 0; i++) {
    int32_t n = roots[i];
    const fl_scoring *sr = &p->flow->scoring[g->node_kind[n]][GK_WHEN_FINAL];
    if (!sr->on || g->root[n].figures == 0 || gki_root_closed(g, n)) continue;
    int st = gk_play_score_feature(p, n, GK_WHEN_FINAL, NULL);
    if (st >= 0 && !(sr->flags & GK_SCORE_KEEP_FIGURES)) st = gk_play_return_figures(p, n, 1);
    if (st < 0) st_roots = st;
  }
  if (roots != local) gki_mem(&g->alloc, roots, sizeof(int32_t) * (size_t)g->n_figures, 0);
  return st_roots < 0 ? st_roots : GK_OK;
}

/* The capabilities' first stage (systems; figures that score by
** themselves, found before the features' final scoring may send them
** home), the features, the capabilities' second stage, then the hook. */
int fl_final_scoring(gk_play *p) {
  fl_final ctx;
  ctx.n_held = 0;
  int st = fl_caps_final_scoring(p, FL_FINAL_BEFORE, &ctx);
  if (!st) st = score_features_final(p);
  if (!st) st = fl_caps_final_scoring(p, FL_FINAL_AFTER, &ctx);
  if (st) return st;
  return fl_notify(p, GK_HOOK_FINAL_SCORING, 0);
}

/* A closed feature in the score phase: its points, what the capabilities
** add for it, then its figures go home. */
int fl_score_closed(gk_play *p, int32_t root) {
  uint32_t leaders = 0;
  int st = fl_score_feature(p, root, GK_WHEN_CLOSED, &leaders, NULL);
  if (st >= 0 && fl_has_slot(p->flow, FL_ON_FEATURE_SCORED))
    st = fl_caps_feature_scored(p, root, leaders);
  if (st >= 0) st = gk_play_return_figures(p, root, 0);
  return st;
}

/* }================================================================== */
