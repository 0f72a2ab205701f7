/*
** rewind_check.c: the check of gk_play_rewind (tests): every legal move
** of a play is played in a tracked copy, the copy is rewound, and what it
** holds must equal a fresh full copy of the play, field by field and
** entry by entry over every range in use; then one more move played in
** both must again leave them equal.
**
** What may differ, and why: identities (log ids, allocator, journal,
** buffers, the ledger's and log's capacities), the error text, the distinct-tile stamps (scratch for
** counting), and a feature's cached tile count where one side has not
** counted it yet (-1) and the other's count is right.
*/
#include <stddef.h>

#include "agent/agent_internal.h"
#include "flow/flow_internal.h"

/* The scalars of a game with its identities, buffers and scratch blanked. */
static void blank_game(gk_game *g) {
  memset(&g->alloc, 0, sizeof g->alloc);
  memset(g->err, 0, sizeof g->err);
  g->cells = NULL;
  g->frontier = NULL;
  g->tiles = NULL;
  g->boardops = NULL;
  g->parent = g->next = g->node_tile = g->attrs = NULL;
  g->node_seg = g->node_kind = NULL;
  g->root = NULL;
  g->stamp = NULL;
  g->stamp_gen = 0;
  g->figures = NULL;
  g->supply = NULL;
  for (int s = 0; s < GK_MAX_STACKS; s++) g->stacks[s].types = NULL;
  g->ledger = NULL;
  g->log = NULL;
  /* a copy keeps the buffers it grew that only grow (kept_cap) */
  g->cap_ledger = g->cap_log = 0;
  g->cap_frontier = g->cap_tiles = g->cap_boardops = g->cap_nodes = 0;
  g->log_id = g->log_from = 0;
  g->log_from_n = 0;
  memset(g->blob, 0, sizeof g->blob);
  memset(&g->journal, 0, sizeof g->journal);
}

#define SAME_RANGE(a, b, field, n) \
  ((n) <= 0 || memcmp((a)->field, (b)->field, sizeof *(a)->field * (size_t)(n)) == 0)

static bool same_roots(const gk_game *a, const gk_game *b) {
  for (int32_t i = 0; i < a->n_nodes; i++) {
    gk_rootrec ra = a->root[i], rb = b->root[i];
    /* an unknown count on one side: the other's must be the true one */
    if (ra.tiles != rb.tiles && (ra.tiles < 0 || rb.tiles < 0) && a->parent[i] == i) {
      int32_t truth = gki_count_tiles(ra.tiles < 0 ? b : a, i);
      if ((ra.tiles >= 0 ? ra.tiles : rb.tiles) != truth) return false;
      ra.tiles = rb.tiles = -1;
    }
    if (memcmp(&ra, &rb, sizeof ra) != 0) return false;
  }
  return true;
}

/* 0: a and b hold the same position; else the number of the first part
** that differs (for the message). */
static int game_differs(const gk_game *a, const gk_game *b) {
  gk_game sa = *a, sb = *b;
  blank_game(&sa);
  blank_game(&sb);
  if (memcmp(&sa, &sb, sizeof sa) != 0) return 1;
  int na = a->rules->n_attrs, nfk = a->rules->n_figure_kinds;
  if (a->w * a->h > 0 && !SAME_RANGE(a, b, cells, a->w * a->h)) return 2;
  if (!SAME_RANGE(a, b, frontier, a->n_frontier) || !SAME_RANGE(a, b, tiles, a->n_tiles) ||
      !SAME_RANGE(a, b, boardops, a->n_boardops))
    return 3;
  if (!SAME_RANGE(a, b, parent, a->n_nodes) || !SAME_RANGE(a, b, next, a->n_nodes) ||
      !SAME_RANGE(a, b, node_tile, a->n_nodes) || !SAME_RANGE(a, b, node_seg, a->n_nodes) ||
      !SAME_RANGE(a, b, node_kind, a->n_nodes) || !SAME_RANGE(a, b, attrs, a->n_nodes * na))
    return 4;
  if (!same_roots(a, b)) return 5;
  if (!SAME_RANGE(a, b, figures, a->n_figures) ||
      !SAME_RANGE(a, b, supply, (a->n_players + 1) * nfk))
    return 6;
  for (int s = 0; s < GK_MAX_STACKS; s++)
    if (!SAME_RANGE(a, b, stacks[s].types, a->stacks[s].n)) return 7;
  if (!SAME_RANGE(a, b, ledger, a->n_ledger) || !SAME_RANGE(a, b, log, a->n_log)) return 8;
  for (int s = 0; s < GK_MAX_BLOBS; s++)
    if (a->blob_len[s] && memcmp(a->blob[s], b->blob[s], a->blob_len[s]) != 0) return 9;
  return 0;
}

/* ... and the plays' own fields: the position, closed list, report and
** the listed moves. */
static int play_differs(const gk_play *a, const gk_play *b) {
  size_t at = offsetof(gk_play, phase), end = offsetof(gk_play, closed);
  if (memcmp((const char *)a + at, (const char *)b + at, end - at) != 0) return 10;
  if (!SAME_RANGE(a, b, closed, a->n_closed)) return 11;
  int rc = a->report.n_closed < GK_REPORT_MAX ? a->report.n_closed : GK_REPORT_MAX;
  if (memcmp(&a->report, &b->report,
             offsetof(gk_place_report, closed) + sizeof(int32_t) * (size_t)(rc > 0 ? rc : 0)) != 0)
    return 12;
  if (a->moves_in_place && !SAME_RANGE(a, b, place, a->n_moves)) return 13;
  int written = a->tail_move ? a->tail_from : a->n_moves;
  if (!a->moves_in_place && !a->moves_lazy && !SAME_RANGE(a, b, moves, written)) return 14;
  if (a->tail_move && !SAME_RANGE(a, b, tail, a->n_moves - written)) return 14;
  return game_differs(a->game, b->game);
}

/* Plays move i in both, then compares; a negative status on failure. */
static int apply_both(gk_play *x, gk_play *y, const gk_agent_env *env, int i) {
  agent_refilled(x, env);
  int st = gk_play_apply_index(x, i);
  agent_refilled(y, env);
  int st2 = gk_play_apply_index(y, i);
  if (st != st2) return 99;
  return st < 0 ? st : play_differs(x, y);
}

static int check_move(gk_play *play, gk_play *scratch, gk_play *fresh, const gk_agent_env *env,
                      int i, int n, bool *by_journal) {
  agent_refilled(scratch, env);
  int st = gk_play_apply_index(scratch, i);
  if (st < 0) return st;
  st = gk_play_rewind(scratch, play);
  if (st < 0) return st;
  *by_journal = st == 1;
  st = gk_play_copy_from(fresh, play);
  if (st < 0) return st;
  int differs = play_differs(scratch, fresh);
  if (differs) return differs;
  /* the rewound copy plays on as the fresh one does */
  differs = apply_both(scratch, fresh, env, (i + 1) % n);
  if (differs) return differs;
  int st2 = gk_play_rewind(scratch, play);
  return st2 < 0 ? st2 : 0;
}

int gk_play_rewind_check(gk_play *play, const gk_agent_env *env, int *rewound, int *first_bad) {
  if (!play || !rewound || !first_bad) return GK_EINVAL;
  *rewound = 0;
  *first_bad = 0;
  int n = gk_play_moves(play, NULL, 0), bad = 0, st = n < 0 ? n : GK_OK;
  gk_play *scratch = st < 0 ? NULL : agent_copy_new(play, env);
  gk_play *fresh = scratch ? agent_copy_new(play, env) : NULL;
  if (st == GK_OK && !fresh) st = GK_ENOMEM;
  if (st == GK_OK) st = gk_play_copy_tracked(scratch, play);
  for (int i = 0; i < n && st == GK_OK; i++) {
    bool by_journal = false;
    int r = check_move(play, scratch, fresh, env, i, n, &by_journal);
    if (r < 0) {
      st = r;
      break;
    }
    *rewound += by_journal;
    if (r > 0 && !bad) *first_bad = r;
    bad += r > 0;
  }
  agent_refilled(play, env);
  if (st < 0 && scratch) agent_fail(play, scratch, st);
  gk_play_free(scratch);
  gk_play_free(fresh);
  return st < 0 ? st : bad;
}
