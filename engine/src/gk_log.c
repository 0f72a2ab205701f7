/*
** gk_log.c: the score ledger, the event log and replay.
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
  void *p = g->ledger;
  int32_t cap = g->cap_ledger;
  int grown = gki_grow(&g->alloc, &p, &cap, g->n_ledger + 1, sizeof(gk_ledger_entry));
  if (grown == GK_OK) {
    g->ledger = p;
    g->cap_ledger = cap;
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

static int replay_one(gk_game *g, const gk_event *e) {
  switch (e->type) {
    case GK_EV_PLACE: return gk_place_tile(g, e->a, e->b, e->c, e->d, NULL);
    case GK_EV_PLACE_FIXED: return gk_place_fixed(g, e->a, e->b, e->c, e->d, NULL);
    case GK_EV_BLOCK: return gk_block_cell(g, e->b, e->c);
    case GK_EV_STACK_ADD: return gk_stack_add(g, e->a, e->b, e->c);
    case GK_EV_SHUFFLE: return gk_stack_shuffle(g, e->a);
    case GK_EV_DRAW: {
      int t = gk_stack_draw(g, e->a);
      if (t < 0) return t;
      if (t != e->b) {
        gki_game_seterr(g, "replay: drew tile %s where the log has %s",
                       g->rules->tiles[t].id,
                       e->b >= 0 && e->b < g->rules->n_tiles ? g->rules->tiles[e->b].id : "?");
        return GK_EFORMAT;
      }
      return GK_OK;
    }
    case GK_EV_TAKE: {
      int t = gk_stack_take(g, e->a, e->b);
      return t < 0 ? t : GK_OK;
    }
    case GK_EV_PUT_BACK: return gk_stack_put_back(g, e->a, e->b, (gk_put_where)e->c);
    case GK_EV_FORCE:
      /* gk_replay hands the whole call's events to replay_force */
      return GK_EFORMAT;
    case GK_EV_DISCARD: return gk_discard(g, e->a);
    case GK_EV_DEPLOY: {
      int f = gk_figure_deploy(g, e->a, e->b, (gk_location){e->c, e->d, e->e});
      return f < 0 ? f : GK_OK;
    }
    case GK_EV_MOVE: return gk_figure_move(g, e->a, (gk_location){e->c, e->d, e->e});
    case GK_EV_RETURN: return gk_figure_return(g, e->a);
    case GK_EV_SCORE: return gk_score(g, e->a, e->b, e->c, e->d);
    case GK_EV_TURN: return gk_game_set_turn(g, e->a, e->b);
    case GK_EV_BLOB:
      /* contents belong to the rules layer; the event stays in the log so
      ** that a replayed game's log is the one replayed */
      if (gki_log_reserve(g, 1)) return GK_ENOMEM;
      gki_log_push(g, GK_EV_BLOB, e->a, e->b, 0, 0, 0);
      return GK_OK;
    case GK_EV_COUNTER: return gk_counter_add(g, e->a, e->b, e->c);
    case GK_EV_ATTR: return gk_node_add_attr(g, e->a, e->b, e->c);
    case GK_EV_RNG:
      if (e->a < 0) return GK_EFORMAT;
      for (int i = 0; i < e->a; i++) gk_rng_next(g);
      return GK_OK;
    default:
      gki_game_seterr(g, "replay: unknown event type %d", e->type);
      return GK_EFORMAT;
  }
}

int gk_replay(gk_game *g, const gk_event *events, int n) {
  if (!g) return GK_EINVAL;
  if (n < 0 || (n > 0 && !events)) {
    gki_game_seterr(g, "replay: bad event list");
    return GK_EINVAL;
  }
  for (int i = 0; i < n; i++) {
    int st;
    if (events[i].type == GK_EV_FORCE) {
      /* one force call logged as d numbered events: redo it whole */
      int count = events[i].d;
      if (events[i].c != 0 || count < 1 || count > n - i || count > GK_MAX_FORCE) {
        gki_game_seterr(g, "replay: event %d is a malformed force", i);
        return GK_EFORMAT;
      }
      int types[GK_MAX_FORCE];
      for (int k = 0; k < count; k++) {
        if (events[i + k].type != GK_EV_FORCE || events[i + k].c != k ||
            events[i + k].a != events[i].a) {
          gki_game_seterr(g, "replay: event %d is a malformed force", i + k);
          return GK_EFORMAT;
        }
        types[k] = events[i + k].b;
      }
      st = gk_stack_force(g, events[i].a, types, count);
      if (st >= 0) i += count - 1;
    } else {
      st = replay_one(g, &events[i]);
    }
    if (st < 0) {
      char why[GK_ERR_MAX];
      memcpy(why, g->err, sizeof why);
      gki_game_seterr(g, "replay: event %d (type %d) failed: %s", i, events[i].type, why);
      return st;
    }
  }
  return n;
}
