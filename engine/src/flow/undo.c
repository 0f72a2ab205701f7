/*
** undo.c: playing a move so that a failing hook leaves the game as it
** was.
**
** Invariant: after gk_play_apply_index fails, the play and its game are
** as before the call: the game is replayed from its log up to the move,
** the blobs come back from the copy kept before the first hook, and the
** move list from its backup.
*/
#include "flow/flow_internal.h"

int fl_keep_blobs(gk_play *p) {
  gk_game *g = p->game;
  /* a host's live state (gk_blob_host) keeps its own undo log from here:
  ** the bytes are kept as they are, stale or not, with their marks */
  g->blob_epoch++;
  p->blob_kept_stale = g->blob_stale;
  /* one fixed-size copy and a sum the compiler unrolls: this runs before
  ** the first hook of every guarded move */
  memcpy(p->blob_kept_len, g->blob_len, sizeof p->blob_kept_len);
  size_t need = 0;
  for (int b = 0; b < GK_MAX_BLOBS; b++) need += p->blob_kept_len[b];
  if (need == 0) return GK_OK; /* no script state yet: nothing to copy */
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

/* The game as it was when its log held `mark` events: replay them into a
** fresh game, put the kept blobs back, and copy the result in place so
** that pointers to the game stay good. */
static int rebuild(gk_play *p, int mark, bool kept, uint32_t kept_stale) {
  gk_game *g = p->game;
  gk_game *fresh = gk_game_new_like(g);
  if (!fresh) return GK_ENOMEM;
  int st = gk_replay(fresh, g->log, mark);
  size_t at = 0;
  for (int b = 0; b < GK_MAX_BLOBS && st >= 0; b++) {
    /* no hook ran: the blobs are still those before the move */
    size_t len = kept ? p->blob_kept_len[b] : g->blob_len[b];
    /* no arithmetic on a NULL blob_keep (nothing kept yet): UB even for + 0 */
    const void *from = !kept ? g->blob[b] : len ? (const void *)((char *)p->blob_keep + at) : NULL;
    void *copy = NULL;
    if (len) {
      copy = gki_mem(&fresh->alloc, NULL, 0, len);
      if (!copy) {
        st = GK_ENOMEM;
        break;
      }
      memcpy(copy, from, len);
    }
    gki_mem(&fresh->alloc, fresh->blob[b], fresh->blob_len[b], 0);
    fresh->blob[b] = copy;
    fresh->blob_len[b] = len;
    at += len;
  }
  /* The same game: what its host keeps stays, and is told to undo the
  ** move (gk_game_copy would drop it). */
  const gk_blob_host *host = g->blob_host;
  uint32_t stale = kept ? kept_stale : g->blob_stale, epoch = g->blob_epoch;
  g->blob_host = NULL;
  if (st >= 0) st = gk_game_copy(g, fresh);
  gk_game_free(fresh);
  g->blob_host = host;
  if (st >= 0) {
    g->blob_stale = stale;
    g->blob_epoch = epoch;
    if (kept && host) host->restore(host->ud, g);
  }
  return st < 0 ? st : GK_OK;
}

int gk_play_apply(gk_play *p, const gk_move *m) {
  if (!p || !m) return GK_EINVAL;
  p->err[0] = 0;
  if (p->moves_lazy) {
    int st = fl_materialize(p);
    if (st) return st;
  }
  for (int i = 0; i < p->n_moves; i++) {
    gk_move cand = fl_move_at(p, i);
    if (gk_move_equal(&cand, m)) return gk_play_apply_index(p, i);
  }
  if (p->phase == GK_PHASE_GAME_OVER)
    gk_play_set_error(p, "the game is over");
  else
    gk_play_set_error(p, "not a legal move in phase %s", gk_flow_phase_name(p->flow, p->phase));
  return GK_EILLEGAL;
}

/* Copies the play's position from src to dst: the undo record of a
** guarded move, taken before the move and put back when a hook fails.
** Only what a move can change is copied, in fixed-size pieces (inlined
** copies rather than a call per piece): the scalars, closed_done (whole:
** a placement sets n_closed without clearing it) and the fields past the
** report (so fields added at the end are kept too). The report and the
** closed list are rewritten only by a tile placement (place_move in
** phases.c), so they are copied only for one (with_report), and then
** only their used parts. Left out: the message (the caller sets it) and
** the kept blobs' lengths (the caller keeps them). */
_Static_assert(offsetof(gk_play, err) < offsetof(gk_play, closed) &&
                   offsetof(gk_play, closed) < offsetof(gk_play, closed_done) &&
                   offsetof(gk_play, closed_done) < offsetof(gk_play, report) &&
                   offsetof(gk_play, report) < offsetof(gk_play, agent_rng) &&
                   offsetof(gk_play, agent_rng) < offsetof(gk_play, blob_kept_len),
               "play_snapshot copies gk_play in this order");
_Static_assert(offsetof(gk_place_report, feature) < offsetof(gk_place_report, flags) &&
                   offsetof(gk_place_report, flags) < offsetof(gk_place_report, n_merges) &&
                   offsetof(gk_place_report, n_closed) < offsetof(gk_place_report, closed) &&
                   offsetof(gk_place_report, closed) + sizeof(int32_t[GK_REPORT_MAX]) ==
                       sizeof(gk_place_report),
               "play_snapshot copies gk_place_report in this order");
#define COPY_RANGE(dst, src, from, to) \
  memcpy((char *)(dst) + (from), (const char *)(src) + (from), (to) - (from))

static void copy_report(gk_play *dst, const gk_play *src) {
  size_t nr = (size_t)src->report.n_closed, nf = (size_t)src->report.n_features;
  memcpy(dst->closed, src->closed, sizeof(int32_t) * (size_t)src->n_closed);
  gk_place_report *dr = &dst->report;
  const gk_place_report *sr = &src->report;
  COPY_RANGE(dr, sr, 0, offsetof(gk_place_report, feature));
  memcpy(dr->feature, sr->feature, sizeof sr->feature[0] * nf);
  memcpy(dr->flags, sr->flags, sizeof sr->flags[0] * nf);
  COPY_RANGE(dr, sr, offsetof(gk_place_report, n_merges), offsetof(gk_place_report, closed));
  memcpy(dr->closed, sr->closed, sizeof(int32_t) * nr);
}

static void play_snapshot(gk_play *dst, const gk_play *src, bool with_report) {
  COPY_RANGE(dst, src, 0, offsetof(gk_play, err));
  COPY_RANGE(dst, src, offsetof(gk_play, err) + sizeof src->err, offsetof(gk_play, closed));
  memcpy(dst->closed_done, src->closed_done, sizeof src->closed_done);
  if (with_report) copy_report(dst, src);
  COPY_RANGE(dst, src, offsetof(gk_play, agent_rng), offsetof(gk_play, blob_kept_len));
  COPY_RANGE(dst, src, offsetof(gk_play, blob_kept_len) + sizeof src->blob_kept_len,
             sizeof(gk_play));
}
#undef COPY_RANGE

int gk_play_apply_index(gk_play *p, int i) {
  if (!p) return GK_EINVAL;
  p->err[0] = 0;
  if (i < 0 || i >= p->n_moves) {
    gk_play_set_error(p, "no move %d (there are %d)", i, p->n_moves);
    return GK_EILLEGAL;
  }
  gk_move move = fl_move_at(p, i); /* the move rewrites the list */
  p->from_listing = p->moves_lazy || p->moves_in_place;
  if (!p->hooks.present) {
    /* Without hooks nothing below can fail but memory, and the kernel
    ** reserves before it changes anything. */
    return fl_play_move(p, &move);
  }
  /* A hook may fail half-way. The game's log records every change, so
  ** the game before the move is a fresh game replaying the log up to
  ** here; only the scripts' blobs, whose contents the log leaves out, are
  ** kept aside, just before the move's first hook (fl_call_hook). That
  ** costs nothing on the usual path, where hooks succeed. */
  int log_mark = p->game->n_log;
  /* and the list of legal moves, which the move rewrites */
  size_t list_bytes = p->moves_lazy       ? 0 /* derived from the game, restored below */
                      : p->moves_in_place ? sizeof(gk_placement) * (size_t)p->n_moves
                                          : sizeof(gk_move) * (size_t)p->n_moves;
  if (list_bytes > p->backup_bytes) {
    void *nb = gki_mem(&p->game->alloc, p->backup, p->backup_bytes, list_bytes);
    if (!nb) {
      gk_play_set_error(p, "out of memory");
      return GK_ENOMEM;
    }
    p->backup = nb;
    p->backup_bytes = list_bytes;
  }
  if (list_bytes)
    memcpy(p->backup, p->moves_in_place ? (void *)p->place : (void *)p->moves, list_bytes);
  /* only a placement rewrites the report and the closed list */
  bool with_report = move.type == GK_MOVE_PLACE;
  gk_play saved;
  play_snapshot(&saved, p, with_report);
  p->guarded = true;
  p->blobs_kept = false;
  int st = fl_play_move(p, &move);
  bool kept = p->blobs_kept;
  uint32_t kept_stale = p->blob_kept_stale;
  p->guarded = false;
  if (st < 0) {
    char why[GK_ERR_MAX];
    memcpy(why, p->err, sizeof why);
    /* the position fields come back; the move list buffers stay ours */
    gk_move *moves = p->moves;
    int cap_moves = p->cap_moves;
    gk_placement *place = p->place;
    int32_t cap_place = p->cap_place;
    gk_game *game = p->game;
    /* the blobs kept during the move, in a buffer that may have moved */
    void *blob_keep = p->blob_keep;
    size_t blob_keep_cap = p->blob_keep_cap;
    play_snapshot(p, &saved, with_report);
    p->blob_keep = blob_keep;
    p->blob_keep_cap = blob_keep_cap;
    p->moves = moves;
    p->cap_moves = cap_moves;
    p->place = place;
    p->cap_place = cap_place;
    p->game = game;
    void *backup = p->backup;
    if (rebuild(p, log_mark, kept, kept_stale)) {
      gk_play_set_error(p, "out of memory restoring a game after: %s", why);
      return GK_ENOMEM;
    }
    /* the old list, into buffers that are big enough: they only grow */
    if (list_bytes) {
      if (p->moves_in_place) {
        if ((size_t)p->cap_place * sizeof(gk_placement) < list_bytes) {
          gk_play_set_error(p, "placement list shrank");
          return GK_ENOMEM;
        }
        memcpy(p->place, backup, list_bytes);
      } else {
        if ((size_t)p->cap_moves * sizeof(gk_move) < list_bytes) {
          gk_play_set_error(p, "move list shrank");
          return GK_ENOMEM;
        }
        memcpy(p->moves, backup, list_bytes);
      }
    }
    memcpy(p->err, why, sizeof why);
  }
  return st < 0 ? st : GK_OK;
}
