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
    size_t len = !kept ? g->blob_len[b] : p->blob_kept_bytes ? p->blob_kept_len[b] : 0;
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

/* The undo record of a guarded move: the play's position (phase to
** closed_done, see gk_play), one fixed-size block of a few hundred bytes
** the compiler copies inline, taken before the move and put back when a
** hook fails. The rest of the play is either the game's (replayed from
** its log), the move list (backed up below), the kept blobs (kept before
** the first hook), buffers and settings no move changes, or the report
** and closed list of a placement: a placement is played only in a part
** that has placed nothing (placed is -1 and n_closed 0), so nothing
** reads the old ones, and the placement overwrites them. */
#define POSITION_AT offsetof(gk_play, phase)
#define POSITION_END offsetof(gk_play, closed)
_Static_assert(POSITION_AT < offsetof(gk_play, closed_done) &&
                   offsetof(gk_play, closed_done) < POSITION_END,
               "the position runs from phase to closed_done");

typedef struct position {
  char bytes[POSITION_END - POSITION_AT];
} position;

static void keep_position(position *to, const gk_play *p) {
  memcpy(to->bytes, (const char *)p + POSITION_AT, sizeof to->bytes);
}

static void restore_position(gk_play *p, const position *from) {
  memcpy((char *)p + POSITION_AT, from->bytes, sizeof from->bytes);
}

/* A kernel call that fails inside a move sets the game's message, not
** the play's (a score beyond its limit, a counter, a stack): so that no
** failure reads "turn 18: " with nothing after it, the play's message is
** never empty after one. */
int fl_with_reason(gk_play *p, int st) {
  if (st < 0 && !p->err[0])
    gk_play_set_error(p, "%s", p->game->err[0] ? p->game->err : "the move failed (no reason given)");
  return st;
}

int gk_play_apply_index(gk_play *p, int i) {
  if (!p) return GK_EINVAL;
  p->err[0] = 0;
  p->game->err[0] = 0;
  if (i < 0 || i >= p->n_moves) {
    gk_play_set_error(p, "no move %d (there are %d)", i, p->n_moves);
    return GK_EILLEGAL;
  }
  gk_move move = fl_move_at(p, i); /* the move rewrites the list */
  p->from_listing = p->moves_lazy || p->moves_in_place;
  if (!p->hooks.present) {
    /* Without hooks nothing below can fail but memory, and the kernel
    ** reserves before it changes anything. The next phases' lists are
    ** in moves[]: no tail of this one's. */
    p->tail_move = NULL;
    return fl_with_reason(p, fl_play_move(p, &move));
  }
  /* A hook may fail half-way. The game's log records every change, so
  ** the game before the move is a fresh game replaying the log up to
  ** here; only the scripts' blobs, whose contents the log leaves out, are
  ** kept aside, just before the move's first hook (fl_call_hook). That
  ** costs nothing on the usual path, where hooks succeed. */
  int log_mark = p->game->n_log;
  fl_tail_settle(p); /* the backup below copies moves[]; no tail after it */
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
  position saved;
  keep_position(&saved, p);
  p->guarded = true;
  p->blobs_kept = false;
  int st = fl_with_reason(p, fl_play_move(p, &move));
  bool kept = p->blobs_kept;
  uint32_t kept_stale = p->blob_kept_stale;
  p->guarded = false;
  if (st < 0) {
    char why[GK_ERR_MAX];
    memcpy(why, p->err, sizeof why);
    restore_position(p, &saved);
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
