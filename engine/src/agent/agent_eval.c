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

/* Whether figure record r counts for a held feature: an owned figure
** on a node, whose root is then returned. */
static bool on_a_feature(const gk_game *g, const gk_figrec *r, int32_t *root) {
  if (r->where != GK_AT_NODE || r->owner < 0) return false;
  *root = gki_find(g, r->a);
  return true;
}

/* The distinct unfinished features that hold an owned figure, by root, in
** the order of their first (lowest) figure, that figure (first may be
** NULL), and how many figures each player has on each. It reads the
** kernel's records directly (a feature's figure list holds exactly the
** figures standing on its nodes): a search evaluates positions hundreds
** of thousands of times a second. */
static int held_features(const gk_game *g, int32_t *roots, int32_t *first,
                         int (*count)[GK_MAX_PLAYERS], int cap) {
  int n = 0;
  for (int f = 0; f < g->n_figures; f++) {
    const gk_figrec *r = &g->figures[f];
    int32_t root;
    if (!on_a_feature(g, r, &root) || gki_root_closed(g, root)) continue;
    int i = 0;
    while (i < n && roots[i] != root) i++;
    if (i == n) {
      if (n == cap) continue;
      if (first) first[n] = f;
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

/* has_conditional for the final formula of a kind, looked at once per
** decision with a memo. */
static bool final_conditional(const gk_play *play, int kind, agent_memo *memo) {
  const fl_scoring *sr = &play->flow->scoring[kind][GK_WHEN_FINAL];
  if (!memo) return has_conditional(sr);
  if (memo->conditional[kind] < 0) memo->conditional[kind] = has_conditional(sr);
  return memo->conditional[kind];
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
    int kind = g->node_kind[roots[i]];
    const fl_scoring *sr = &play->flow->scoring[kind][when];
    if (when == GK_WHEN_FINAL ? final_conditional(play, kind, memo) : has_conditional(sr))
      add_conditional(play, roots[i], sr, leaders[i], weight, out);
    int32_t points = when == GK_WHEN_FINAL ? agent_memo_points(memo, play, roots[i])
                                           : gk_play_formula_points(play, roots[i], when);
    if (points <= 0) continue;
    for (int p = 0; p < g->n_players; p++)
      if ((leaders[i] >> p) & 1) out[p] += weight * points;
  }
}

/* Sorts the n held features by their first figure (insertion: figures
** that moved shift a few). */
static void sort_by_first(int32_t *roots, int32_t *first, int (*count)[GK_MAX_PLAYERS], int n) {
  for (int i = 1; i < n; i++) {
    int32_t r = roots[i], f = first[i];
    int c[GK_MAX_PLAYERS];
    memcpy(c, count[i], sizeof c);
    int j = i;
    for (; j > 0 && first[j - 1] > f; j--) {
      roots[j] = roots[j - 1];
      first[j] = first[j - 1];
      memcpy(count[j], count[j - 1], sizeof c);
    }
    roots[j] = r;
    first[j] = f;
    memcpy(count[j], c, sizeof c);
  }
}

/* The held features after figures were deployed, moved or returned since
** the memo's base, from the n derived from the base's (-1: not known
** that way): a figure that left a feature still held in g sends it to
** held_features; one that stands on a feature now counts there, a new
** feature where it is the only one. */
static int figures_after(const agent_memo *m, const gk_game *g, int32_t *roots, int32_t *first,
                         int (*count)[GK_MAX_PLAYERS], int n) {
  const gk_game *b = m->base->game;
  if (g->n_figures != b->n_figures) return -1;
  bool came = false;
  for (int f = 0; f < g->n_figures; f++) {
    const gk_figrec *was = &b->figures[f], *is = &g->figures[f];
    if (was->where == is->where && was->a == is->a && was->owner == is->owner) continue;
    int32_t root;
    if (on_a_feature(b, was, &root) && !gki_root_closed(b, root)) {
      if (agent_memo_touched(m, root)) root = gki_find(g, root);
      if (!gki_root_closed(g, root)) return -1; /* it left a held feature */
    }
    if (!on_a_feature(g, is, &root) || gki_root_closed(g, root)) continue;
    int j = 0;
    while (j < n && roots[j] != root) j++;
    if (j == n) {
      if (n == EVAL_MAX_FEATURES) return -1;
      roots[n] = root;
      first[n] = f;
      memset(count[n++], 0, sizeof count[j]);
    }
    count[j][is->owner]++;
    if (f < first[j]) first[j] = f;
    came = true;
  }
  if (came) sort_by_first(roots, first, count, n);
  return n;
}

/* held_features in the position a memo is bound to, from the base's
** list (or -1: not known that way). The base's features keep their
** figures but for those that moved (figures_after): only a touched
** feature may have merged (the merged one keeps the place of its first
** figure, as held_features would list it) or closed. */
static int held_after(agent_memo *m, const gk_game *g, int32_t *roots, int32_t *first,
                      int (*count)[GK_MAX_PLAYERS]) {
  if (!m || !m->usable) return -1;
  if (!m->held_known) {
    m->n_held = held_features(m->base->game, m->held_root, m->held_first, m->held_count,
                              AGENT_MEMO_HELD);
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
      first[n] = m->held_first[i];
      memset(count[n++], 0, sizeof count[j]);
    }
    for (int p = 0; p < g->n_players; p++) count[j][p] += m->held_count[i][p];
  }
  return m->figures_moved ? figures_after(m, g, roots, first, count, n) : n;
}

bool agent_held_differs(gk_play *play, agent_memo *memo) {
  const gk_game *g = play->game;
  int32_t roots[EVAL_MAX_FEATURES], first[EVAL_MAX_FEATURES];
  int32_t fresh_roots[EVAL_MAX_FEATURES], fresh_first[EVAL_MAX_FEATURES];
  int count[EVAL_MAX_FEATURES][GK_MAX_PLAYERS], fresh_count[EVAL_MAX_FEATURES][GK_MAX_PLAYERS];
  int n = held_after(memo, g, roots, first, count);
  int fresh = held_features(g, fresh_roots, fresh_first, fresh_count, EVAL_MAX_FEATURES);
  if (n < 0) return false; /* listed afresh */
  if (n != fresh) return true;
  for (int i = 0; i < n; i++)
    if (roots[i] != fresh_roots[i] || first[i] != fresh_first[i] ||
        memcmp(count[i], fresh_count[i], sizeof(int) * (size_t)g->n_players) != 0)
      return true;
  return false;
}

/* What the unfinished features holding figures would score now. */
static void add_held_values(gk_play *play, double weight, agent_memo *memo, double *out) {
  const gk_game *g = play->game;
  int32_t roots[EVAL_MAX_FEATURES], first[EVAL_MAX_FEATURES];
  int count[EVAL_MAX_FEATURES][GK_MAX_PLAYERS];
  uint32_t leaders[EVAL_MAX_FEATURES];
  int n = held_after(memo, g, roots, first, count);
  if (n < 0) n = held_features(g, roots, NULL, count, EVAL_MAX_FEATURES);
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
