/*
** agent_eval.c: the position value the greedy agent and truncated
** playouts use. It names no game: points scored so far, what each
** unfinished feature holding figures would score for its leaders if the
** game ended now (its final formula, every figure counting one), what
** features closed this part and not yet scored will score, and the
** figures each player still holds.
*/
#include "agent/agent_internal.h"
#include "flow/flow_internal.h"

enum { EVAL_MAX_FEATURES = 256 };

/* The distinct unfinished features that hold an owned figure, by root, in
** the order of their first figure. It reads the kernel's records
** directly: a search evaluates positions hundreds of thousands of times
** a second. */
static int held_features(const gk_game *g, int32_t *roots) {
  int n = 0;
  for (int f = 0; f < g->n_figures && n < EVAL_MAX_FEATURES; f++) {
    const gk_figrec *r = &g->figures[f];
    if (r->where != GK_AT_NODE || r->owner < 0) continue;
    int32_t root = gki_find(g, r->a);
    if (gki_root_closed(g, root)) continue;
    int seen = 0;
    for (int i = 0; i < n && !seen; i++) seen = roots[i] == root;
    if (!seen) roots[n++] = root;
  }
  return n;
}

/* Adds weight * (the feature's points under `when`) to each leader of
** each of the n features. */
static void add_feature_values(gk_play *play, const int32_t *roots, int n, gk_when when,
                               double weight, double *out) {
  const gk_game *g = play->game;
  int32_t ones[GK_MAX_FIGURE_KINDS]; /* every figure counts one */
  for (int k = 0; k < GK_MAX_FIGURE_KINDS; k++) ones[k] = 1;
  for (int i = 0; i < n; i++) {
    uint32_t leaders = 0;
    if (gk_majority(g, roots[i], ones, NULL, &leaders) <= 0) continue;
    int32_t points = gk_play_formula_points(play, roots[i], when);
    if (points <= 0) continue;
    for (int p = 0; p < g->n_players; p++)
      if ((leaders >> p) & 1) out[p] += weight * points;
  }
}

int gk_agent_values(gk_play *play, const gk_agent_eval *eval, double *out) {
  const gk_game *g = gk_play_game(play);
  if (!g || !eval || !out) return GK_EINVAL;
  int players = gk_game_players(g);
  int kinds = gk_rules_figure_kind_count(gk_game_rules(g));
  for (int p = 0; p < players; p++) {
    out[p] = gk_player_score(g, p);
    if (eval->figure != 0)
      for (int k = 0; k < kinds; k++) out[p] += eval->figure * gk_supply(g, p, k);
  }
  int32_t roots[EVAL_MAX_FEATURES];
  if (eval->open != 0) add_feature_values(play, roots, held_features(g, roots), GK_WHEN_FINAL, eval->open, out);
  /* closed this part, scored when the turn reaches its scoring phase: a
  ** move that closes a feature is worth its points before the figure
  ** decision that follows it */
  int closed = gk_play_closed(play, roots, EVAL_MAX_FEATURES);
  if (closed > EVAL_MAX_FEATURES) closed = EVAL_MAX_FEATURES;
  add_feature_values(play, roots, closed, GK_WHEN_CLOSED, 1.0, out);
  return GK_OK;
}
