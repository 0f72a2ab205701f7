/*
** mcts_tree.c: the search tree's storage: two growing arrays, nodes and
** edges, freed at once when the search ends. See mcts_tree.h.
*/
#include <stdlib.h>
#include <string.h>

#include "agent/mcts_tree.h"

void mcts_tree_init(mcts_tree *t) { memset(t, 0, sizeof *t); }

void mcts_tree_free(mcts_tree *t) {
  free(t->nodes);
  free(t->edges);
  mcts_tree_init(t);
}

size_t mcts_tree_bytes(const mcts_tree *t) {
  return sizeof(mcts_node) * (size_t)t->cap_nodes + sizeof(mcts_edge) * (size_t)t->cap_edges;
}

/* Room for `more` items in a growing array; 0 on no memory. */
static int reserve(void **items, int32_t *cap, int32_t used, int32_t more, size_t size) {
  if (used + more <= *cap) return 1;
  int32_t want = *cap ? *cap : 64;
  while (want < used + more) want *= 2;
  void *grown = realloc(*items, size * (size_t)want);
  if (!grown) return 0;
  *items = grown;
  *cap = want;
  return 1;
}

int32_t mcts_tree_add(mcts_tree *t, int32_t under, uint64_t key, int player, int n_edges) {
  if (!reserve((void **)&t->nodes, &t->cap_nodes, t->n_nodes, 1, sizeof(mcts_node)) ||
      !reserve((void **)&t->edges, &t->cap_edges, t->n_edges, n_edges, sizeof(mcts_edge)))
    return -1;
  int32_t id = t->n_nodes++;
  mcts_node *n = &t->nodes[id];
  n->key = key;
  n->first_edge = t->n_edges;
  n->n_edges = n_edges;
  n->player = player;
  n->visits = 0;
  n->next_outcome = -1;
  for (int i = 0; i < n_edges; i++) t->edges[t->n_edges + i] = (mcts_edge){0, 0, -1};
  t->n_edges += n_edges;
  if (under >= 0) {
    n->next_outcome = t->edges[under].outcomes;
    t->edges[under].outcomes = id;
  }
  return id;
}

int32_t mcts_tree_find(const mcts_tree *t, int32_t e, uint64_t key) {
  for (int32_t n = t->edges[e].outcomes; n >= 0; n = t->nodes[n].next_outcome)
    if (t->nodes[n].key == key) return n;
  return -1;
}
