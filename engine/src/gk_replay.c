/*
** gk_replay.c: replaying an event log into a game, through the same
** calls that wrote it (board, stack, figures, features, rng, gk_log.c's
** score and counters). Above all of them: only the flow's undo (and
** hosts, through gk.h) call it.
*/
#include "gk_internal.h"

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
