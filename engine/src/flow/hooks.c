/*
** hooks.c: calling the host's hooks: notifications, move filters and
** collectors.
**
** Invariant: a hook is called only when present (and, for filtered
** hooks, only for what its filters let through); a guarded move keeps
** the blobs before its first hook, so a failure can put them back.
*/
#include "flow/flow_internal.h"

int fl_keep_blobs(gk_play *p) {
  gk_game *g = p->game;
  /* a host's live state (gk_blob_host) keeps its own undo log from here:
  ** the bytes are kept as they are, stale or not, with their marks */
  g->blob_epoch++;
  p->blob_kept_stale = g->blob_stale;
  /* a sum the compiler unrolls, and the lengths only when there are
  ** bytes: this runs before the first hook of every guarded move */
  size_t need = 0;
  for (int b = 0; b < GK_MAX_BLOBS; b++) need += g->blob_len[b];
  p->blob_kept_bytes = need;
  if (need == 0) return GK_OK; /* no script state yet: nothing to copy */
  memcpy(p->blob_kept_len, g->blob_len, sizeof p->blob_kept_len);
  if (need > p->blob_keep_cap) {
    void *nb = gki_mem(&p->game->alloc, p->blob_keep, p->blob_keep_cap, need);
    if (!nb) return GK_ENOMEM;
    p->blob_keep = nb;
    p->blob_keep_cap = need;
  }
  size_t at = 0;
  for (int b = 0; b < GK_MAX_BLOBS; b++) {
    if (g->blob_len[b]) memcpy((char *)p->blob_keep + at, g->blob[b], g->blob_len[b]);
    at += g->blob_len[b];
  }
  return GK_OK;
}

int fl_call_hook(gk_play *p, gk_hook_call *c) {
  /* Only hooks write blobs: a guarded move keeps them just before its
  ** first hook, and a move that calls none keeps nothing. */
  if (p->guarded && !p->blobs_kept) {
    if (fl_keep_blobs(p)) {
      gk_play_set_error(p, "out of memory");
      return GK_ENOMEM;
    }
    p->blobs_kept = true;
  }
  int st = p->hooks.call(p->hooks.ud, p, c);
  if (st < 0 && !p->err[0]) gk_play_set_error(p, "a hook failed");
  return st < 0 ? st : GK_OK;
}

int fl_notify(gk_play *p, int hook, int32_t value) {
  if (!fl_has_hook(p, hook)) return GK_OK;
  if (hook == GK_HOOK_TILE_PLACED &&
      !fl_tile_passes(p->flow, p->game->tiles[p->report.tile].type, &p->filters.placed_tiles))
    return GK_OK;
  gk_hook_call c = {.hook = hook, .phase = p->phase, .feature = -1, .value = value};
  if (hook == GK_HOOK_TILE_PLACED) c.report = &p->report;
  return fl_call_hook(p, &c);
}

int fl_filter_moves(gk_play *p, int hook) {
  fl_tail_settle(p); /* the filter reads moves[] */
  if (hook == GK_HOOK_ALLOW_DEPLOYS && p->hooks.deploy_kinds != 0) {
    bool wanted = false;
    for (int i = 0; i < p->n_moves && !wanted; i++)
      wanted = p->moves[i].type == GK_MOVE_DEPLOY &&
               ((p->hooks.deploy_kinds >> p->moves[i].figure_kind) & 1u);
    if (!wanted) return GK_OK;
  }
  gk_hook_call c = {.hook = hook,
                    .phase = p->phase,
                    .feature = -1,
                    .moves = p->moves,
                    .n_moves = p->n_moves,
                    .cap_moves = p->n_moves};
  int st = fl_call_hook(p, &c);
  if (st) return st;
  if (c.n_moves < 0 || c.n_moves > p->n_moves) {
    gk_play_set_error(p, "a filter returned %d moves out of %d", c.n_moves, p->n_moves);
    return GK_EINVAL;
  }
  p->n_moves = c.n_moves;
  return GK_OK;
}

/* A collector's deploy moves obey what the flow's own listing obeys: a
** figure left in the mover's supply and, on a feature, the kind's
** occupancy rules (fl_deployable); its place moves, the flow's one
** placement a part. Other moves are the collector's own. */
static int check_collected(gk_play *p, int from) {
  const gk_game *g = p->game;
  const gk_rules *r = g->rules;
  for (int i = from; i < p->n_moves; i++) {
    const gk_move *m = &p->moves[i];
    /* one tile placement a turn part (undo.c keeps one report and one
    ** closed list per part): a second one is the collector's mistake */
    if (m->type == GK_MOVE_PLACE && p->placed >= 0) {
      gk_play_set_error(p, "collect: a place move in a turn part that has placed its tile (one placement a part)");
      return GK_EINVAL;
    }
    if (m->type != GK_MOVE_DEPLOY) continue;
    const char *name = r->figure_name[m->figure_kind].s;
    if (g->supply[(size_t)(p->player + 1) * (size_t)r->n_figure_kinds + m->figure_kind] <= 0) {
      gk_play_set_error(p, "collect: player %d has no %s left in supply", p->player + 1, name);
      return GK_EINVAL;
    }
    if (m->at.where == GK_AT_NODE && !fl_deployable(p, m->figure_kind, m->at.a)) {
      gk_play_set_error(p, "collect: a %s may not stand on that feature (occupied, or not its kind)",
                        name);
      return GK_EINVAL;
    }
  }
  return GK_OK;
}

/* A collector named who decides the moves it offered (player + 1): the
** list's decider. The moves listed before them, if any, are the
** decider's already (the active player's unless a capability named
** another): one list, one player deciding it. */
static int take_decider(gk_play *p, int decider, int before) {
  if (decider < 1 || decider > p->game->n_players) {
    gk_play_set_error(p, "collect: decider %d is no player (1..%d)", decider, p->game->n_players);
    return GK_EINVAL;
  }
  if (before > 0 && decider - 1 != gk_play_decider(p)) {
    gk_play_set_error(p, "collect: moves decided by player %d offered with moves player %d "
                         "decides (one list, one decider)", decider, gk_play_decider(p) + 1);
    return GK_EINVAL;
  }
  p->decider = decider;
  return GK_OK;
}

int fl_collect_moves(gk_play *p) {
  if ((p->filters.collect_filtered >> p->phase) & 1) {
    if (p->placed < 0 ||
        !fl_tile_passes(p->flow, p->game->tiles[p->placed].type, &p->filters.collect_tiles))
      return GK_OK;
  }
  fl_tail_settle(p); /* the collected moves go after moves[]'s */
  enum { EXTRA = GK_MAX_COLLECTED };
  int st = fl_reserve_moves(p, p->n_moves + EXTRA);
  if (st) return st;
  gk_hook_call c = {.hook = GK_HOOK_COLLECT,
                    .phase = p->phase,
                    .feature = -1,
                    .moves = p->moves,
                    .n_moves = p->n_moves,
                    .cap_moves = p->n_moves + EXTRA};
  st = fl_call_hook(p, &c);
  if (st) return st;
  if (c.n_moves < p->n_moves || c.n_moves > p->n_moves + EXTRA) {
    gk_play_set_error(p, "a collector left %d moves", c.n_moves);
    return GK_EINVAL;
  }
  int before = p->n_moves;
  p->n_moves = c.n_moves;
  st = c.decider && c.n_moves > before ? take_decider(p, c.decider, before) : GK_OK;
  return st ? st : check_collected(p, before);
}
