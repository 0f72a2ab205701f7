/*
** agent_eval.c: the position value the greedy agent and truncated
** playouts use. It names no game: points scored so far, what each
** unfinished feature holding figures would score for its leaders if the
** game ended now (its final formula, with the terms a leader gets for a
** figure it has there, its leaders found by the figures' declared
** strengths as its scoring finds them), what features closed
** this part and not yet scored will score, and the figures each player
** still holds. For a search's leaves (which are thrown away), also what
** the rules' own final scoring beyond the features would give now
** (systems, counter majorities, figures that score by themselves).
*/
#include "agent/agent_internal.h"
#include "flow/flow_internal.h"

enum { EVAL_MAX_FEATURES = 256 };

/* The distinct unfinished features that hold an owned figure, by root, in
** the order of their first figure, and how many figures each player has
** on each. It reads the kernel's records directly (a feature's figure
** list holds exactly the figures standing on its nodes): a search
** evaluates positions hundreds of thousands of times a second. */
static int held_features(const gk_game *g, int32_t *roots, int (*count)[GK_MAX_PLAYERS], int cap) {
  int n = 0;
  for (int f = 0; f < g->n_figures; f++) {
    const gk_figrec *r = &g->figures[f];
    if (r->where != GK_AT_NODE || r->owner < 0) continue;
    int32_t root = gki_find(g, r->a);
    if (gki_root_closed(g, root)) continue;
    int i = 0;
    while (i < n && roots[i] != root) i++;
    if (i == n) {
      if (n == cap) continue;
      roots[n++] = root;
      memset(count[i], 0, sizeof count[i]);
    }
    count[i][r->owner]++;
  }
  return n;
}

/* Whether every figure kind counts one in a majority, so that counting
** figures finds a feature's leaders (the base game: the fast path). */
static bool plain_strengths(const gk_play *play) {
  const gk_flow *fl = play->flow;
  if (fl->strength_attr_kinds) return false;
  int kinds = gk_rules_figure_kind_count(gk_game_rules(play->game));
  for (int k = 0; k < kinds; k++)
    if (fl->strength[k] != 1) return false;
  return true;
}

/* The leaders of root as its scoring finds them: each figure counting
** its kind's declared strength, or the feature's attribute for kinds
** whose strength is one (none when nobody has strength there). */
static uint32_t scored_leaders(const gk_play *play, int32_t root) {
  const gk_game *g = play->game;
  const gk_flow *fl = play->flow;
  int32_t by_kind[GK_MAX_FIGURE_KINDS];
  memcpy(by_kind, fl->strength, sizeof by_kind);
  for (uint32_t m = fl->strength_attr_kinds; m; m &= m - 1) {
    int k = __builtin_ctz(m), a = fl->figure[k].strength_attr;
    int32_t v = g->attrs[(size_t)root * (size_t)g->rules->n_attrs + (size_t)(a - 1)];
    by_kind[k] = v > 0 ? v : 0;
  }
  uint32_t leaders = 0;
  return gk_majority(g, root, by_kind, NULL, &leaders) > 0 ? leaders : 0;
}

/* The players with the most figures (none when nobody has one). */
static uint32_t leaders_of(const int *count, int players) {
  int best = 0;
  uint32_t leaders = 0;
  for (int p = 0; p < players; p++) {
    if (count[p] > best) {
      best = count[p];
      leaders = 1u << p;
    } else if (count[p] == best && best > 0) {
      leaders |= 1u << p;
    }
  }
  return leaders;
}

/* Whether the formula has terms that count only for a leader with a
** given figure there (a pig's bonus in its field). */
static bool has_conditional(const fl_scoring *sr) {
  for (int i = 0; sr->on && i < sr->formula.n_terms; i++)
    if (sr->formula.terms[i].only_with) return true;
  return false;
}

/* Adds to each leader of root what those terms give it, as its scoring
** would: each leader by the figure kinds it has there. */
static void add_conditional(gk_play *play, int32_t root, const fl_scoring *sr, uint32_t leaders,
                            double weight, double *out) {
  const gk_game *g = play->game;
  uint32_t with[GK_MAX_PLAYERS] = {0};
  for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
    if (g->figures[f].owner >= 0) with[g->figures[f].owner] |= 1u << g->figures[f].kind;
  for (int p = 0; p < g->n_players; p++) {
    if (!((leaders >> p) & 1) || !with[p]) continue;
    int32_t points = fl_formula_sum(play, root, sr, true, with[p]);
    if (fl_formula_status(play) == GK_OK && points > 0) out[p] += weight * points;
  }
}

/* Adds weight * (the feature's points under `when`) to each of the
** leaders of each of the n features. */
static void add_feature_values(gk_play *play, const int32_t *roots, const uint32_t *leaders,
                               int n, gk_when when, double weight, agent_memo *memo,
                               double *out) {
  const gk_game *g = play->game;
  for (int i = 0; i < n; i++) {
    if (!leaders[i]) continue;
    const fl_scoring *sr = &play->flow->scoring[g->node_kind[roots[i]]][when];
    if (has_conditional(sr)) add_conditional(play, roots[i], sr, leaders[i], weight, out);
    int32_t points = when == GK_WHEN_FINAL ? agent_memo_points(memo, play, roots[i])
                                           : gk_play_formula_points(play, roots[i], when);
    if (points <= 0) continue;
    for (int p = 0; p < g->n_players; p++)
      if ((leaders[i] >> p) & 1) out[p] += weight * points;
  }
}

/* held_features in the position a memo is bound to, from the base's
** list (or -1: not known that way). A move that moved no figure left
** every figure where it was: only a touched feature may have merged
** (the merged one keeps the place of its first figure, as held_features
** would list it) or closed. */
static int held_after(agent_memo *m, const gk_game *g, int32_t *roots,
                      int (*count)[GK_MAX_PLAYERS]) {
  if (!m || !m->usable || m->figures_moved) return -1;
  if (!m->held_known) {
    m->n_held = held_features(m->base->game, m->held_root, m->held_count, AGENT_MEMO_HELD);
    m->held_known = true;
  }
  if (m->n_held >= AGENT_MEMO_HELD) return -1; /* perhaps cut short */
  int n = 0;
  for (int i = 0; i < m->n_held; i++) {
    int32_t root = m->held_root[i];
    int j = n;
    if (agent_memo_touched(m, root)) {
      root = gki_find(g, root);
      if (gki_root_closed(g, root)) continue;
      for (j = 0; j < n && roots[j] != root; j++) continue;
    }
    if (j == n) {
      roots[n] = root;
      memset(count[n++], 0, sizeof count[j]);
    }
    for (int p = 0; p < g->n_players; p++) count[j][p] += m->held_count[i][p];
  }
  return n;
}

/* What the unfinished features holding figures would score now. */
static void add_held_values(gk_play *play, double weight, agent_memo *memo, double *out) {
  const gk_game *g = play->game;
  int32_t roots[EVAL_MAX_FEATURES];
  int count[EVAL_MAX_FEATURES][GK_MAX_PLAYERS];
  uint32_t leaders[EVAL_MAX_FEATURES];
  int n = held_after(memo, g, roots, count);
  if (n < 0) n = held_features(g, roots, count, EVAL_MAX_FEATURES);
  bool plain = plain_strengths(play);
  for (int i = 0; i < n; i++)
    leaders[i] = plain ? leaders_of(count[i], g->n_players) : scored_leaders(play, roots[i]);
  add_feature_values(play, roots, leaders, n, GK_WHEN_FINAL, weight, memo, out);
}

/* What the features closed this part and not yet scored will score: a
** move that closes a feature is worth its points before the figure
** decision that follows it (leaders as in add_held_values). */
static void add_closed_values(gk_play *play, double *out) {
  const gk_game *g = play->game;
  int32_t roots[EVAL_MAX_FEATURES], ones[GK_MAX_FIGURE_KINDS];
  uint32_t leaders[EVAL_MAX_FEATURES];
  for (int k = 0; k < GK_MAX_FIGURE_KINDS; k++) ones[k] = 1;
  int n = gk_play_closed(play, roots, EVAL_MAX_FEATURES);
  if (n > EVAL_MAX_FEATURES) n = EVAL_MAX_FEATURES;
  bool plain = n > 0 && plain_strengths(play);
  for (int i = 0; i < n; i++)
    if (!plain) leaders[i] = scored_leaders(play, roots[i]);
    else if (gk_majority(g, roots[i], ones, NULL, &leaders[i]) <= 0) leaders[i] = 0;
  add_feature_values(play, roots, leaders, n, GK_WHEN_CLOSED, 1.0, NULL, out);
}

int gk_agent_values(gk_play *play, const gk_agent_eval *eval, double *out) {
  return agent_values(play, eval, NULL, out);
}

int gk_agent_leaf_values(gk_play *play, const gk_agent_eval *eval, double *out) {
  int st = agent_values(play, eval, NULL, out);
  return st ? st : agent_add_final_extra_of(play, eval->final, out);
}

int agent_values(gk_play *play, const gk_agent_eval *eval, agent_memo *memo, double *out) {
  const gk_game *g = gk_play_game(play);
  if (!g || !eval || !out) return GK_EINVAL;
  int players = gk_game_players(g);
  int kinds = gk_rules_figure_kind_count(gk_game_rules(g));
  for (int p = 0; p < players; p++) {
    out[p] = gk_player_score(g, p);
    if (eval->figure != 0)
      for (int k = 0; k < kinds; k++) out[p] += eval->figure * gk_supply(g, p, k);
  }
  if (eval->open != 0) add_held_values(play, eval->open, memo, out);
  add_closed_values(play, out);
  return GK_OK;
}

bool agent_final_extra_declared(const gk_play *play) {
  return fl_has_slot(play->flow, FL_ON_FINAL_SCORING);
}

int agent_add_final_extra(gk_play *spent, double weight, double *out) {
  if (weight == 0 || !agent_final_extra_declared(spent)) return GK_OK;
  const gk_game *g = spent->game;
  int32_t before[GK_MAX_PLAYERS];
  for (int p = 0; p < g->n_players; p++) before[p] = gk_player_score(g, p);
  fl_final ctx;
  ctx.n_held = 0;
  int st = fl_caps_final_scoring(spent, FL_FINAL_BEFORE, &ctx);
  if (!st) st = fl_caps_final_scoring(spent, FL_FINAL_AFTER, &ctx);
  if (st) return st;
  for (int p = 0; p < g->n_players; p++) out[p] += weight * (gk_player_score(g, p) - before[p]);
  return GK_OK;
}

int agent_add_final_extra_of(gk_play *play, double weight, double *out) {
  if (weight == 0 || !agent_final_extra_declared(play)) return GK_OK;
  gk_play *copy = gk_play_clone(play);
  if (!copy) {
    gk_play_set_error(play, "agent: out of memory copying the position");
    return GK_ENOMEM;
  }
  int st = agent_add_final_extra(copy, weight, out);
  if (st) gk_play_set_error(play, "%s", gk_play_error(copy));
  gk_play_free(copy);
  return st;
}
