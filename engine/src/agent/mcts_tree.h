/*
** mcts_tree.h: the search tree of gk_mcts_choose.
**
** A node is a decision: a position reached from the root by a path of
** moves and of the draws between them. Its edges are its legal moves, in
** gk_play_moves order, each with its visits and summed reward (for the
** node's player). Under an edge hang the nodes it led to, one per
** outcome: the same move can lead to different draws, told apart by a
** key of what the flow waits for next (tile, decider, phase, part and
** move count), so a node's move list is the same at every visit.
**
** Invariant: nodes[0] is the root; node->first_edge .. + n_edges are its
** edges in edges[]; an edge's outcomes are a list through next_outcome.
*/
#ifndef MCTS_TREE_H
#define MCTS_TREE_H

#include <stddef.h>
#include <stdint.h>

typedef struct mcts_node {
  uint64_t key;         /* the outcome that led here */
  int32_t first_edge;
  int32_t n_edges;
  int32_t next_outcome; /* the next node under the same edge, or -1 */
  int32_t player;       /* who decides here (gk_play_decider) */
  uint32_t visits;
} mcts_node;

typedef struct mcts_edge {
  double reward;        /* summed over visits, for the node's player */
  uint32_t visits;
  int32_t outcomes;     /* first node under this edge, or -1 */
} mcts_edge;

typedef struct mcts_tree {
  mcts_node *nodes;
  mcts_edge *edges;
  int32_t n_nodes, cap_nodes;
  int32_t n_edges, cap_edges;
} mcts_tree;

void mcts_tree_init(mcts_tree *t);
void mcts_tree_free(mcts_tree *t);
size_t mcts_tree_bytes(const mcts_tree *t);
/* A new node with n_edges fresh edges, linked under edge `under` (-1:
** the root); its index, or -1 on no memory. */
int32_t mcts_tree_add(mcts_tree *t, int32_t under, uint64_t key, int player, int n_edges);
/* The node under edge e for that outcome key, or -1. */
int32_t mcts_tree_find(const mcts_tree *t, int32_t e, uint64_t key);

#endif
