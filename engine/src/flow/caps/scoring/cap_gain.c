/*
** cap_gain.c: counters gained on closing a feature, and the final
** majorities of counters (trade goods).
**
** Owns caps.gain and caps.gain.majority. Invariant: a gain goes to the active
** player when a feature of its kind is scored closed; a majority scores
** every player holding the most (more than 0) once.
*/
#include "flow/flow_internal.h"

int gk_flow_add_gain(gk_flow *f, int kind, int attr, int counter) {
  int st = fl_check_open(f, "add a gain");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (kind < 0 || kind >= r->n_kinds || attr < 0 || attr >= r->n_attrs || counter < 0 ||
      counter >= r->n_counters || f->caps.gain.gain.n >= GK_MAX_COUNTERS) {
    fl_flow_error(f, "gain: bad kind %d, attribute %d or counter %d (or too many)", kind,
                  attr, counter);
    return GK_EINVAL;
  }
  f->caps.gain.gain.rule[f->caps.gain.gain.n].kind = kind;
  f->caps.gain.gain.rule[f->caps.gain.gain.n].attr = attr;
  f->caps.gain.gain.rule[f->caps.gain.gain.n].counter = counter;
  f->caps.gain.gain.n++;
  return GK_OK;
}

int gk_flow_add_majority(gk_flow *f, int counter, int32_t points, int reason) {
  int st = fl_check_open(f, "add a majority");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (counter < 0 || counter >= r->n_counters || reason < 0 || reason >= r->n_reasons ||
      f->caps.gain.majority.n >= GK_MAX_COUNTERS) {
    fl_flow_error(f, "majority: bad counter %d or reason %d (or too many)", counter, reason);
    return GK_EINVAL;
  }
  f->caps.gain.majority.rule[f->caps.gain.majority.n].counter = counter;
  f->caps.gain.majority.rule[f->caps.gain.majority.n].points = points;
  f->caps.gain.majority.rule[f->caps.gain.majority.n].reason = reason;
  f->caps.gain.majority.n++;
  return GK_OK;
}

/* Counters the active player gains for completing this feature. */
static int gain_on_close(gk_play *p, int32_t root, uint32_t leaders) {
  gk_game *g = p->game;
  for (int i = 0; i < p->flow->caps.gain.gain.n; i++) {
    if (p->flow->caps.gain.gain.rule[i].kind != g->node_kind[root]) continue;
    int32_t v = g->attrs[(size_t)root * (size_t)g->rules->n_attrs +
                         (size_t)p->flow->caps.gain.gain.rule[i].attr];
    if (v == 0) continue;
    int st = gk_counter_add(g, p->player, p->flow->caps.gain.gain.rule[i].counter, v);
    if (st) return st;
  }
  return GK_OK;
}

/* After the features' own final scoring: the players holding most of a
** counter (more than 0) each score. */
static int majority_final_scoring(gk_play *p, int stage, fl_final *ctx) {
  if (stage != FL_FINAL_AFTER) return GK_OK;
  gk_game *g = p->game;
  for (int i = 0; i < p->flow->caps.gain.majority.n; i++) {
    int c = p->flow->caps.gain.majority.rule[i].counter;
    int32_t best = 0;
    for (int pl = 0; pl < g->n_players; pl++)
      if (g->counter[pl][c] > best) best = g->counter[pl][c];
    if (best <= 0) continue;
    for (int pl = 0; pl < g->n_players; pl++)
      if (g->counter[pl][c] == best) {
        int st = fl_score(p, pl, p->flow->caps.gain.majority.rule[i].points,
                          p->flow->caps.gain.majority.rule[i].reason, -1);
        if (st) return st;
      }
  }
  return GK_OK;
}

static bool gain_declared(const gk_flow *f) { return f->caps.gain.gain.n > 0 || f->caps.gain.majority.n > 0; }

const fl_capability fl_cap_gain = {
    .name = "gains and majorities",
    .declared = gain_declared,
    .feature_scored = gain_on_close,
    .final_scoring = majority_final_scoring,
};
