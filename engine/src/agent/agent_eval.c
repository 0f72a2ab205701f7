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
** leaders of each of the n features; from (NULL, or as in held_list)
** names those the memo knows as its base's held features. */
static void add_feature_values(gk_play *play, const int32_t *roots, const int16_t *from,
                               const uint32_t *leaders, int n, gk_when when, double weight,
                               agent_memo *memo, double *out) {
  const gk_game *g = play->game;
  for (int i = 0; i < n; i++) {
    if (!leaders[i]) continue;
    int kind = g->node_kind[roots[i]];
    const fl_scoring *sr = &play->flow->scoring[kind][when];
    if (when == GK_WHEN_FINAL ? final_conditional(play, kind, memo) : has_conditional(sr))
      add_conditional(play, roots[i], sr, leaders[i], weight, out);
    int32_t points = when != GK_WHEN_FINAL ? gk_play_formula_points(play, roots[i], when)
                     : from && from[i] >= 0 ? agent_memo_held_points(memo, play, from[i])
                                            : agent_memo_points(memo, play, roots[i]);
    if (points <= 0) continue;
    /* each leader, lowest first: the same additions in the same order */
    for (uint32_t m = leaders[i]; m; m &= m - 1) out[__builtin_ctz(m)] += weight * points;
  }
}

/* The held features of a position (held_features' output) as derived
** from a memo's base: from[i] is the base's feature i stands for when it
** is that feature unchanged (its count row then left unfilled: the
** base's), else -1. */
typedef struct held_list {
  int n;
  int32_t root[EVAL_MAX_FEATURES], first[EVAL_MAX_FEATURES];
  int16_t from[EVAL_MAX_FEATURES];
  int count[EVAL_MAX_FEATURES][GK_MAX_PLAYERS];
} held_list;

/* Fills in the count row of feature i from the base's, if it was left. */
static void own_count(const agent_memo *m, held_list *h, int i) {
  if (h->from[i] < 0) return;
  memcpy(h->count[i], m->held_count[h->from[i]], sizeof h->count[i]);
  h->from[i] = -1;
}

/* Appends a feature with no figures counted yet. */
static int held_append(held_list *h, int32_t root, int32_t first) {
  int i = h->n++;
  h->root[i] = root;
  h->first[i] = first;
  h->from[i] = -1;
  memset(h->count[i], 0, sizeof h->count[i]);
  return i;
}

/* Sorts the held features by their first figure (insertion: figures
** that moved shift a few). */
static void sort_by_first(held_list *h) {
  for (int i = 1; i < h->n; i++) {
    int32_t r = h->root[i], f = h->first[i];
    int16_t from = h->from[i];
    int c[GK_MAX_PLAYERS];
    memcpy(c, h->count[i], sizeof c);
    int j = i;
    for (; j > 0 && h->first[j - 1] > f; j--) {
      h->root[j] = h->root[j - 1];
      h->first[j] = h->first[j - 1];
      h->from[j] = h->from[j - 1];
      memcpy(h->count[j], h->count[j - 1], sizeof c);
    }
    h->root[j] = r;
    h->first[j] = f;
    h->from[j] = from;
    memcpy(h->count[j], c, sizeof c);
  }
}

/* The held features after figures were deployed, moved or returned since
** the memo's base, from those derived from the base's (false: not known
** that way): a figure that left a feature still held in g sends it to
** held_features; one that stands on a feature now counts there, a new
** feature where it is the only one. */
static bool figures_after(const agent_memo *m, const gk_game *g, held_list *h) {
  const gk_game *b = m->base->game;
  if (g->n_figures != b->n_figures) return false;
  bool came = false;
  for (int f = 0; f < g->n_figures; f++) {
    const gk_figrec *was = &b->figures[f], *is = &g->figures[f];
    if (was->where == is->where && was->a == is->a && was->owner == is->owner) continue;
    int32_t root;
    if (on_a_feature(b, was, &root) && !gki_root_closed(b, root)) {
      if (agent_memo_touched(m, root)) root = gki_find(g, root);
      if (!gki_root_closed(g, root)) return false; /* it left a held feature */
    }
    if (!on_a_feature(g, is, &root) || gki_root_closed(g, root)) continue;
    int j = 0;
    while (j < h->n && h->root[j] != root) j++;
    if (j == h->n) {
      if (h->n == EVAL_MAX_FEATURES) return false;
      held_append(h, root, f);
    }
    own_count(m, h, j);
    h->count[j][is->owner]++;
    if (f < h->first[j]) h->first[j] = f;
    came = true;
  }
  if (came) sort_by_first(h);
  return true;
}

/* The base's held features and their leaders (plain strengths), listed
** once per decision. */
static void know_base(agent_memo *m) {
  if (m->held_known) return;
  const gk_game *b = m->base->game;
  m->n_held = held_features(b, m->held_root, m->held_first, m->held_count, AGENT_MEMO_HELD);
  for (int i = 0; i < m->n_held && i < AGENT_MEMO_HELD; i++)
    m->held_leaders[i] = leaders_of(m->held_count[i], b->n_players);
  agent_memo_held_known(m);
  m->held_known = true;
}

/* held_features in the position a memo is bound to, from the base's
** list (false: not known that way). The base's features keep their
** figures but for those that moved (figures_after): only a touched
** feature may have merged (the merged one keeps the place of its first
** figure, as held_features would list it) or closed. */
static bool held_after(agent_memo *m, const gk_game *g, held_list *h) {
  if (!m || !m->usable) return false;
  know_base(m);
  if (m->n_held >= AGENT_MEMO_HELD) return false; /* perhaps cut short */
  h->n = 0;
  for (int i = 0; i < m->n_held; i++) {
    int32_t root = m->held_root[i];
    if (!agent_memo_touched(m, root)) {
      int k = h->n++;
      h->root[k] = root;
      h->first[k] = m->held_first[i];
      h->from[k] = (int16_t)i;
      continue;
    }
    root = gki_find(g, root);
    if (gki_root_closed(g, root)) continue;
    int j = 0;
    while (j < h->n && h->root[j] != root) j++;
    if (j == h->n) held_append(h, root, m->held_first[i]);
    own_count(m, h, j);
    for (int p = 0; p < GK_MAX_PLAYERS; p++) h->count[j][p] += m->held_count[i][p];
  }
  return !m->figures_moved || figures_after(m, g, h);
}

/* held_features into h (no memo: every row its own). */
static void held_fresh(const gk_game *g, held_list *h) {
  h->n = held_features(g, h->root, h->first, h->count, EVAL_MAX_FEATURES);
  memset(h->from, 0xff, sizeof h->from[0] * (size_t)h->n);
}

bool agent_held_differs(gk_play *play, agent_memo *memo) {
  const gk_game *g = play->game;
  held_list h, fresh;
  if (!held_after(memo, g, &h)) return false; /* listed afresh */
  held_fresh(g, &fresh);
  if (h.n != fresh.n) return true;
  for (int i = 0; i < h.n; i++) {
    own_count(memo, &h, i);
    if (h.root[i] != fresh.root[i] || h.first[i] != fresh.first[i] ||
        memcmp(h.count[i], fresh.count[i], sizeof h.count[i]) != 0)
      return true;
  }
  return false;
}

/* What the unfinished features holding figures would score now: an
** unchanged feature of the memo's base keeps its leaders there. */
static void add_held_values(gk_play *play, double weight, agent_memo *memo, double *out) {
  const gk_game *g = play->game;
  held_list h;
  uint32_t leaders[EVAL_MAX_FEATURES];
  if (!held_after(memo, g, &h)) held_fresh(g, &h);
  bool plain = plain_strengths(play);
  for (int i = 0; i < h.n; i++)
    leaders[i] = !plain            ? scored_leaders(play, h.root[i])
                 : h.from[i] >= 0 ? memo->held_leaders[h.from[i]]
                                  : leaders_of(h.count[i], g->n_players);
  add_feature_values(play, h.root, h.from, leaders, h.n, GK_WHEN_FINAL, weight, memo, out);
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
  add_feature_values(play, roots, NULL, leaders, n, GK_WHEN_CLOSED, 1.0, NULL, out);
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
