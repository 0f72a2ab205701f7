/*
** walks.c: walks over features that the core and capabilities share:
** systems of features joined through segment adjacency, and what a
** feature holds.
**
** Owns fl_root_list (roots on the stack, spilling to the heap) and
** fl_system_memo. Invariant: a memo's roots all belong to one system,
** whose answer it holds for the kinds and groups it names.
*/
#include "flow/flow_internal.h"

void fl_roots_init(fl_root_list *l) {
  l->v = l->local;
  l->n = 0;
  l->cap = FL_ROOT_LIST_LOCAL;
}

void fl_roots_free(gk_game *g, fl_root_list *l) {
  if (l->v != l->local) gki_mem(&g->alloc, l->v, sizeof(int32_t) * (size_t)l->cap, 0);
  fl_roots_init(l);
}

static int roots_push(gk_game *g, fl_root_list *l, int32_t r) {
  if (l->n == l->cap) {
    int32_t cap = l->cap * 2;
    int32_t *v = gki_mem(&g->alloc, NULL, 0, sizeof(int32_t) * (size_t)cap);
    if (!v) return GK_ENOMEM;
    memcpy(v, l->v, sizeof(int32_t) * (size_t)l->n);
    if (l->v != l->local) gki_mem(&g->alloc, l->v, sizeof(int32_t) * (size_t)l->cap, 0);
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = r;
  return GK_OK;
}

/* Does the feature hold a figure of one of these groups (figure kind
** `kind` when groups is 0)? */
bool fl_root_holds(const gk_play *p, int32_t root, unsigned groups, int kind) {
  const gk_game *g = p->game;
  for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
    if (groups ? (p->flow->figure[g->figures[f].kind].group & groups) != 0
               : g->figures[f].kind == kind)
      return true;
  return false;
}

/* The system of `kinds` around root, root first, breadth first, into l.
** With stop_groups (or stop_kind >= 0) it stops at the first feature
** holding such a figure and returns 1; 0 when the whole system is in l. */
int fl_gather_system(gk_play *p, int32_t root, uint64_t kinds, fl_root_list *l,
                     unsigned stop_groups, int stop_kind) {
  gk_game *g = p->game;
  bool stopping = stop_groups != 0 || stop_kind >= 0;
  int st = roots_push(g, l, root);
  if (st) return st;
  for (int32_t i = 0; i < l->n; i++) {
    int32_t r = l->v[i];
    if (stopping && fl_root_holds(p, r, stop_groups, stop_kind)) return 1;
    /* The features touching r, straight from its members' segment
    ** adjacency: no sorted copy, since the order in l does not matter. */
    int32_t m = r;
    do {
      const gk_tilerec *t = &g->tiles[g->node_tile[m]];
      for (uint16_t adj = g->rules->templates[t->type].adjacent[g->node_seg[m]]; adj && st == GK_OK;
           adj &= (uint16_t)(adj - 1)) {
        int32_t ar = gki_find(g, t->first_node + __builtin_ctz(adj));
        bool seen = !((kinds >> g->node_kind[ar]) & 1); /* not of these kinds: skip */
        for (int32_t j = 0; j < l->n && !seen; j++) seen = l->v[j] == ar;
        if (!seen) st = roots_push(g, l, ar);
      }
      if (st) return st;
      m = g->next[m];
    } while (m != r);
  }
  return 0;
}

/* Is a figure of these groups anywhere in the system around root? (Out
** of memory counts as yes: the figure is then simply not offered.) With
** a memo, a root of the system walked last gets that walk's answer. */
bool fl_system_holds(gk_play *p, int32_t root, uint64_t kinds, unsigned groups, int kind,
                     fl_system_memo *memo) {
  if (memo && memo->n && memo->kinds == kinds && memo->groups == groups)
    for (int i = 0; i < memo->n; i++)
      if (memo->roots[i] == root) return memo->held;
  /* Most of the time no such figure stands on any feature of these kinds
  ** yet: one look over the figures of the kinds asked for (each kind's
  ** figures are consecutive: gki_kind_range) spares the walk. */
  const gk_game *g = p->game;
  bool any = false;
  for (int k = 0; k < g->rules->n_figure_kinds && !any; k++) {
    if (groups ? !(p->flow->figure[k].group & groups) : k != kind) continue;
    int32_t f;
    for (int n = gki_kind_range(g, k, &f); n > 0 && !any; n--, f++) {
      const gk_figrec *fr = &g->figures[f];
      any = fr->where == GK_AT_NODE && ((kinds >> g->node_kind[fr->a]) & 1);
    }
  }
  if (!any) return false;
  fl_root_list l;
  fl_roots_init(&l);
  int st = fl_gather_system(p, root, kinds, &l, groups, kind);
  /* stopped early or not, every root in l is of root's system */
  if (memo && st >= 0 && l.n <= (int32_t)(sizeof memo->roots / sizeof memo->roots[0])) {
    *memo = (fl_system_memo){.kinds = kinds, .groups = groups, .held = st != 0, .n = (int)l.n};
    memcpy(memo->roots, l.v, sizeof(int32_t) * (size_t)l.n);
  }
  fl_roots_free(p->game, &l);
  return st != 0;
}

/* Does the feature's merged value of one of these attributes differ from
** 0? (mask 0: yes) */
bool fl_attrs_hold(const gk_game *g, int32_t root, uint64_t mask) {
  if (!mask) return true;
  const int32_t *attrs = &g->attrs[(size_t)root * (size_t)g->rules->n_attrs];
  for (int a = 0; a < g->rules->n_attrs; a++)
    if (((mask >> a) & 1) && attrs[a] != 0) return true;
  return false;
}
