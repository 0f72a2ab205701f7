/*
** gk_journal.c: a game's journal of writes, so that a copy that played
** one move can be put back as it was without copying the whole position
** again (an agent values every legal move of a decision in one copy).
**
** The journal keeps only the writes to entries that already existed of
** the four arrays whose changed entries are scattered: cells, root,
** next and attrs. Everything else a move changes is put back whole by
** gki_game_rewind (gk_game.c): the scalars, and the small arrays
** (parent, tiles, frontier, figures, supply, stacks, stamp) from the
** source; entries appended past the source's counts need nothing.
**
** Invariant: while the journal is on and not broken, undoing its records
** newest first gives every journaled array's entries the values they had
** when it was started. A record that cannot be kept (no memory) breaks
** it, and a broken journal is never undone.
*/
#include "gk_internal.h"

enum { JOURNAL_FIRST_CAP = 256 };

void gki_journal_save(gk_game *g, const void *at, int words) {
  const int32_t *from = at;
  while (words > 0) {
    if (g->journal.n == g->journal.cap) {
      int32_t cap = g->journal.cap ? g->journal.cap * 2 : JOURNAL_FIRST_CAP;
      gki_jrec *grown = gki_mem(&g->alloc, g->journal.rec, sizeof(gki_jrec) * (size_t)g->journal.cap,
                               sizeof(gki_jrec) * (size_t)cap);
      if (!grown) {
        g->journal.broken = true;
        g->journal.on = false;
        return;
      }
      g->journal.rec = grown;
      g->journal.cap = cap;
    }
    gki_jrec *r = &g->journal.rec[g->journal.n++];
    int n = words < GKI_JOURNAL_WORDS ? words : GKI_JOURNAL_WORDS;
    r->at = (int32_t *)from;
    r->n = n;
    memcpy(r->old, from, sizeof(int32_t) * (size_t)n);
    from += n;
    words -= n;
  }
}

void gki_journal_start(gk_game *g) {
  g->journal.n = 0;
  g->journal.nodes_from = g->n_nodes;
  g->journal.on = true;
  g->journal.broken = false;
}

void gki_journal_stop(gk_game *g) {
  g->journal.n = 0;
  g->journal.on = false;
}

void gki_journal_free(gk_game *g) {
  gki_mem(&g->alloc, g->journal.rec, sizeof(gki_jrec) * (size_t)g->journal.cap, 0);
  g->journal.rec = NULL;
  g->journal.cap = 0;
  g->journal.n = 0;
  g->journal.on = false;
}

void gki_journal_undo(gk_game *g) {
  for (int i = g->journal.n - 1; i >= 0; i--) {
    const gki_jrec *r = &g->journal.rec[i];
    switch (r->n) { /* the usual sizes as fixed copies */
      case 1: r->at[0] = r->old[0]; break;
      case 3: memcpy(r->at, r->old, 3 * sizeof(int32_t)); break;
      case 6: memcpy(r->at, r->old, 6 * sizeof(int32_t)); break;
      default: memcpy(r->at, r->old, sizeof(int32_t) * (size_t)r->n);
    }
  }
  g->journal.n = 0;
}
