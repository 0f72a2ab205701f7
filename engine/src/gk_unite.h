/*
** gk_unite.h: uniting two features of the feature graph (gk_features.c
** owns the graph). A header so that the placement (gk_board.c), its only
** caller, inlines it in both its copies: `journaled` is a constant there,
** which the compiler folds (GKI_JOURNAL_REC_IF in gk_internal.h).
**
** Invariant kept: after gki_unite the survivor's root record, attributes
** and member list describe both features, and the other is its child.
*/
#ifndef GK_UNITE_H
#define GK_UNITE_H

#include <stdint.h>

#include "gk_internal.h"

static inline int32_t saturating_sum(int32_t a, int32_t b) {
  int32_t s;
  if (__builtin_add_overflow(a, b, &s)) return a < 0 ? INT32_MIN : INT32_MAX;
  return s;
}

static inline int32_t merge_attr(int op, int32_t a, int32_t b) {
  switch (op) {
    case GK_MERGE_SUM: return saturating_sum(a, b);
    case GK_MERGE_MAX: return a > b ? a : b;
    case GK_MERGE_MIN: return a < b ? a : b;
    case GK_MERGE_ANY: return (a || b) ? 1 : 0;
    case GK_MERGE_ALL: return (a && b) ? 1 : 0;
    default: assert(0); return a;
  }
}

/* Unites two roots; returns the surviving root. */
static inline __attribute__((always_inline)) int32_t gki_unite(gk_game *g, int32_t a, int32_t b,
                                                               const bool journaled) {
  assert(a != b && g->parent[a] == a && g->parent[b] == b);
  gk_rootrec *ra = &g->root[a], *rb = &g->root[b];
  if (ra->segments < rb->segments || (ra->segments == rb->segments && b < a)) {
    int32_t t = a;
    a = b;
    b = t;
    gk_rootrec *tr = ra;
    ra = rb;
    rb = tr;
  }
  g->parent[b] = a;
  GKI_JOURNAL_NODE_IF(journaled, g, g->root, a);
  ra->open += rb->open;
  ra->segments += rb->segments;
  ra->tiles = -1;
  ra->closed_by |= rb->closed_by;
  if (rb->fig_head >= 0) {
    if (ra->fig_head < 0) {
      ra->fig_head = rb->fig_head;
    } else {
      int32_t f = ra->fig_head;
      while (g->figures[f].next >= 0) f = g->figures[f].next;
      g->figures[f].next = rb->fig_head;
    }
  }
  ra->figures += rb->figures;
  int na = g->rules->n_attrs;
  int32_t *av = g->attrs + (size_t)a * (size_t)na;
  const int32_t *bv = g->attrs + (size_t)b * (size_t)na;
  if (journaled && na && a < g->journal.nodes_from) gki_journal(g, av, na);
  /* Rules whose attributes all add up (every shipped game) merge in a
  ** loop without a choice per attribute. */
  if (g->rules->attrs_all_summed)
    for (int i = 0; i < na; i++) av[i] = saturating_sum(av[i], bv[i]);
  else
    for (int i = 0; i < na; i++) av[i] = merge_attr(g->rules->attr_op[i], av[i], bv[i]);
  int32_t t = g->next[a];
  GKI_JOURNAL_NODE_IF(journaled, g, g->next, a);
  GKI_JOURNAL_NODE_IF(journaled, g, g->next, b);
  g->next[a] = g->next[b];
  g->next[b] = t;
  return a;
}

#endif
