/*
** cap_record.c: records (gk_record_rule): whoever completes a feature of
** a kind larger (in tiles) than every one completed before holds the
** record, shown as a counter, and scores for it during play or at the
** end (a longest-road card, a largest-city award).
**
** Owns caps.record: the rules, and per play the record sizes, the count
** of completed features, the holders. Invariant: for every rule, the
** holder's counter went up by 1 when they took the record and down by 1
** when they lost it, so a counter nobody else writes is 1 for the holder
** and 0 for everyone else; best only grows; a tie keeps the holder.
*/
#include "flow/flow_internal.h"

int gk_flow_add_record(gk_flow *f, const gk_record_rule *rule) {
  int st = fl_check_open(f, "declare a record");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = rule && rule->kind >= 0 && rule->kind < r->n_kinds && rule->counter >= 0 &&
            rule->counter < r->n_counters && rule->reason >= 0 && rule->reason < r->n_reasons;
  for (int i = 0; ok && i < 3; i++) {
    int32_t v = i == 0 ? rule->each_closed : i == 1 ? rule->final_each : rule->final;
    ok = v >= -GK_MAX_POINTS && v <= GK_MAX_POINTS;
  }
  for (int i = 0; ok && i < f->caps.record.n; i++) ok = f->caps.record.rule[i].counter != rule->counter;
  if (!ok || f->caps.record.n >= GK_MAX_RECORDS) {
    fl_flow_error(f, "record: malformed rule (a kind, a counter no other record holds, a reason, "
                     "points within +-%d) or more than %d",
                  GK_MAX_POINTS, GK_MAX_RECORDS);
    return GK_EINVAL;
  }
  f->caps.record.rule[f->caps.record.n++] = *rule;
  return GK_OK;
}

/* A completed feature: the holder when this part's scoring began scores
** each_closed, then the feature may set a new record. */
static int record_feature_scored(gk_play *p, int32_t root, uint32_t leaders) {
  (void)leaders;
  gk_game *g = p->game;
  const int kind = g->node_kind[root];
  int32_t stamp = p->turn * 64 + p->part + 1;
  if (p->caps.record.stamp != stamp) {
    p->caps.record.stamp = stamp;
    memcpy(p->caps.record.was, p->caps.record.holder, sizeof p->caps.record.was);
  }
  for (int i = 0; i < p->flow->caps.record.n; i++) {
    const gk_record_rule *rr = &p->flow->caps.record.rule[i];
    if (rr->kind != kind) continue;
    int was = p->caps.record.was[i] - 1;
    if (rr->each_closed && was >= 0) {
      int st = fl_score(p, was, rr->each_closed, rr->reason, root);
      if (st) return st;
    }
    p->caps.record.closed[i]++;
    int32_t size = gk_feature_tiles(g, root);
    if (size <= p->caps.record.best[i]) continue;
    p->caps.record.best[i] = size;
    int old = p->caps.record.holder[i] - 1;
    if (old == p->player) continue;
    int st = old >= 0 ? gk_counter_add(g, old, rr->counter, -1) : GK_OK;
    if (!st) st = gk_counter_add(g, p->player, rr->counter, 1);
    if (st) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return st;
    }
    p->caps.record.holder[i] = (int8_t)(p->player + 1);
  }
  return GK_OK;
}

/* After the features' final scoring: each holder's points. */
static int record_final_scoring(gk_play *p, int stage, fl_final *ctx) {
  (void)ctx;
  if (stage != FL_FINAL_AFTER) return GK_OK;
  for (int i = 0; i < p->flow->caps.record.n; i++) {
    const gk_record_rule *rr = &p->flow->caps.record.rule[i];
    int holder = p->caps.record.holder[i] - 1;
    if (holder < 0) continue;
    int64_t points = (int64_t)rr->final_each * p->caps.record.closed[i] + rr->final;
    if (points == 0) continue;
    int st = fl_score(p, holder, points, rr->reason, -1);
    if (st) return st;
  }
  return GK_OK;
}

static bool record_declared(const gk_flow *f) { return f->caps.record.n > 0; }

const fl_capability fl_cap_record = {
    .name = "records",
    .declared = record_declared,
    .feature_scored = record_feature_scored,
    .final_scoring = record_final_scoring,
};
