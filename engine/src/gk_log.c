/*
** gk_log.c: the score ledger and the event log: the store board, stack,
** figures and the rest write their events to (gk_replay.c reads them
** back through those files' calls, so this file calls none of them).
*/
#include <stdatomic.h>

#include "gk_internal.h"

uint64_t gki_log_new_id(void) {
  static _Atomic uint64_t last = 0;
  return atomic_fetch_add_explicit(&last, 1, memory_order_relaxed) + 1;
}

/* Reserves one slot more than asked: the spare lets the RNG log a draw
** without allocating, since gk_rng_next cannot report a failure. */
int gki_log_grow(gk_game *g, int n) {
  void *p = g->log;
  int32_t cap = g->cap_log;
  if (gki_grow(&g->alloc, &p, &cap, g->n_log + n + 1, sizeof(gk_event))) return GK_ENOMEM;
  g->log = p;
  g->cap_log = cap;
  return GK_OK;
}


/* Points a script or a formula controls are range-checked here, the one
** door every score goes through: a score event within +-GK_MAX_POINTS,
** a total within +-GK_MAX_SCORE, so no sum of them overflows an int32_t
** and a refusal names the value instead of wrapping. */
int gk_score(gk_game *g, int player, int32_t points, int reason, int32_t feature) {
  if (!g) return GK_EINVAL;
  if (!gki_valid_player(g, player) || reason < 0 || reason >= g->rules->n_reasons ||
      feature < -1 || feature >= g->n_nodes) {
    gki_game_seterr(g, "score: bad player %d, reason %d or feature %d", player, reason, feature);
    return GK_EINVAL;
  }
  const char *why = g->rules->reason_name[reason].s;
  if (points < -GK_MAX_POINTS || points > GK_MAX_POINTS) {
    gki_game_seterr(g, "score: %d points at once (reason '%s'), beyond the limit of +-%d",
                    points, why, GK_MAX_POINTS);
    return GK_EINVAL;
  }
  int64_t total = (int64_t)g->score[player] + points;
  if (total < -GK_MAX_SCORE || total > GK_MAX_SCORE) {
    gki_game_seterr(g, "score: player %d would have %lld points (reason '%s'), beyond the limit of +-%d",
                    player + 1, (long long)total, why, GK_MAX_SCORE);
    return GK_EINVAL;
  }
  int grown = GK_OK;
  if (g->n_ledger + 1 > g->cap_ledger) { /* the call only when it must grow */
    void *p = g->ledger;
    int32_t cap = g->cap_ledger;
    grown = gki_grow(&g->alloc, &p, &cap, g->n_ledger + 1, sizeof(gk_ledger_entry));
    if (grown == GK_OK) {
      g->ledger = p;
      g->cap_ledger = cap;
    }
  }
  if (grown || gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  int32_t root = feature >= 0 ? gki_find(g, feature) : -1;
  g->ledger[g->n_ledger++] = (gk_ledger_entry){
      player, points, reason, root, root >= 0 ? g->node_kind[root] : -1, g->turn};
  g->score[player] = (int32_t)total;
  gki_log_push(g, GK_EV_SCORE, player, points, reason, feature, 0);
  return GK_OK;
}

/* A counter is held to the same bounds as a score, refused not clamped:
** a clamped counter would replay as the same game with other values. */
int gk_counter_add(gk_game *g, int player, int counter, int32_t delta) {
  if (!g) return GK_EINVAL;
  if (!gki_valid_player(g, player) || counter < 0 || counter >= g->rules->n_counters) {
    gki_game_seterr(g, "counter_add: bad player %d or counter %d", player, counter);
    return GK_EINVAL;
  }
  const char *name = g->rules->counter_name[counter].s;
  if (delta < -GK_MAX_POINTS || delta > GK_MAX_POINTS) {
    gki_game_seterr(g, "counter_add: %d at once (counter '%s'), beyond the limit of +-%d", delta,
                    name, GK_MAX_POINTS);
    return GK_EINVAL;
  }
  int64_t v = (int64_t)g->counter[player][counter] + delta;
  if (v < -GK_MAX_SCORE || v > GK_MAX_SCORE) {
    gki_game_seterr(g, "counter_add: player %d's '%s' would be %lld, beyond the limit of +-%d",
                    player + 1, name, (long long)v, GK_MAX_SCORE);
    return GK_EINVAL;
  }
  if (gki_log_reserve(g, 1)) {
    gki_game_seterr(g, "out of memory");
    return GK_ENOMEM;
  }
  g->counter[player][counter] = (int32_t)v;
  gki_log_push(g, GK_EV_COUNTER, player, counter, delta, 0, 0);
  return GK_OK;
}

int32_t gk_counter_get(const gk_game *g, int player, int counter) {
  if (!g || !gki_valid_player(g, player) || counter < 0 || counter >= g->rules->n_counters) return 0;
  return g->counter[player][counter];
}

int32_t gk_player_score(const gk_game *g, int player) {
  if (!g || !gki_valid_player(g, player)) return 0;
  return g->score[player];
}

int gk_ledger_count(const gk_game *g) { return g ? g->n_ledger : 0; }

int gk_ledger_get(const gk_game *g, int i, gk_ledger_entry *out) {
  if (!g) return GK_EINVAL;
  if (i < 0 || i >= g->n_ledger || !out) {
    gki_game_seterr(g, "ledger_entry: no entry %d", i);
    return GK_EINVAL;
  }
  *out = g->ledger[i];
  return GK_OK;
}

int gk_log_count(const gk_game *g) { return g ? g->n_log : 0; }

int gk_log_event(const gk_game *g, int i, gk_event *out) {
  if (!g) return GK_EINVAL;
  if (i < 0 || i >= g->n_log || !out) {
    gki_game_seterr(g, "log_event: no event %d", i);
    return GK_EINVAL;
  }
  *out = g->log[i];
  return GK_OK;
}
