/*
** gk_agent.h: agents that choose a move in a gk_play, for any rules.
**
**   gk_mcts_choose    Monte Carlo tree search (UCT) over determinized
**                     draws: every playout starts from a copy of the
**                     position whose stacks are reshuffled from the
**                     agent's own generator, so the search never reads
**                     the real draw order; playouts use an epsilon-greedy
**                     policy on the position value (or the flow's random
**                     agent).
**   gk_greedy_choose  the move with the best lead after this turn's own
**                     decisions, by points plus a position value.
**
** Both work through the public flow API only: copies of the position
** (gk_play_clone, gk_play_copy_from), gk_play_moves, gk_play_apply_index,
** gk_play_random_move. Rules with hooks run their hooks in those copies;
** a host whose hooks are bound to one play passes hooks for the copies in
** a gk_agent_env. The root play itself is never changed (its error text
** excepted, which says why a search failed).
*/
#ifndef GK_AGENT_H
#define GK_AGENT_H

#include "gk_flow.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gk_agent_env {
  /* Hooks and filters for the agent's own copies of the position; NULL
  ** hooks: the copies keep the root's hooks (as gk_play_clone does). */
  const gk_hooks *hooks;
  const gk_hook_filters *filters;
  /* Called whenever the agent has filled one of its copies with a
  ** position and is about to play in it (NULL: nothing to do): a host
  ** points the views its hooks see at that copy's game. */
  void (*refilled)(void *ud, gk_play *copy);
  void *ud;
} gk_agent_env;

/* How the leaves of a search and the greedy agent value a position:
** for each player, score + open * (what the features where the player
** leads would score if the game ended now) + figure * (figures in the
** player's supply); a player's value is then the difference to the best
** other player. A search's leaves (and its root) add final * what the
** rules' own final scoring beyond the features would give now (systems,
** counter majorities, figures that score by themselves; mcts only), and
** complete * (for each unfinished feature that closes by its ports and
** holds a leader's figure, the chance it still closes times what closing
** adds to its points; mcts only): the chance q^open of its open ports, q =
** left / (left + complete_tiles), left the tiles still to draw. */
typedef struct gk_agent_eval {
  double open;
  double figure;
  double final;
  double complete;
  double complete_tiles;
  double figure_tiles; /* > 0: with fewer tiles than this left to draw, a
                       ** figure in supply is worth figure * left /
                       ** figure_tiles */
} gk_agent_eval;

/* playout_turns' default: the horizon grows with the playouts, as a
** search with more of them can average the longer playouts' wider
** spread of outcomes (gk_mcts_turns). */
#define GK_MCTS_TURNS_BY_BUDGET (-1)

typedef struct gk_mcts_params {
  int playouts;        /* iterations per decision (used when time_us is 0) */
  int64_t time_us;     /* or: wall-clock microseconds per decision */
  double exploration;  /* UCT constant c in mean + c * sqrt(ln N / n) */
  uint64_t seed;
  int playout_turns;   /* 0: playouts run to the end of the game; n > 0:
                       ** n turns, then the position value (eval);
                       ** GK_MCTS_TURNS_BY_BUDGET: gk_mcts_turns */
  double win_weight;   /* reward = w * win + (1 - w) * margin reward */
  double margin_scale; /* margin reward = 1 / (1 + exp(-gain / scale)), gain:
                       ** the player's lead minus its lead at the root */
  gk_agent_eval eval;  /* for truncated playouts */
  size_t max_tree_bytes; /* the search stops growing the tree past this */
  int prior_visits;    /* > 0: each root move starts with this many
                       ** virtual visits worth what the greedy agent's
                       ** look-ahead (prior_depth decisions) says */
  int prior_depth;
  int root_moves;      /* > 0 (with priors): only the root moves ranked in
                       ** the first root_moves by the priors are searched */
  int playout_policy;  /* GK_PLAYOUT_RANDOM or GK_PLAYOUT_GREEDY */
  double epsilon;      /* greedy playouts: odds of a random move instead */
  int sample;          /* greedy playouts: the best of this many random
                       ** moves (0: of all moves) */
  int follow;          /* > 0 (greedy playouts): every playout move is
                       ** valued one ply deep, and the `follow` best of
                       ** those after which the mover decides again this
                       ** turn by their best follow-up (sample ignored) */
  int common_draws;    /* 1: the k-th visit of each root move plays out
                       ** the same determinization (common random numbers) */
  int reply_sample;    /* >= 0: the sample of greedy playouts at the other
                       ** players' decisions (-1: sample): the replies
                       ** the root's moves are judged by */
  int stop_settled;    /* 1: a search by playouts stops as soon as its
                       ** most visited root move leads every other by more
                       ** visits than playouts are left (the same move,
                       ** sooner); 0: every playout runs */
} gk_mcts_params;

/* How playouts choose moves: the flow's random agent, or the move with
** the best lead in position value right after it (epsilon-greedy). */
enum { GK_PLAYOUT_RANDOM = 0, GK_PLAYOUT_GREEDY = 1 };

/* The defaults: 500 playouts, c = 0.3, seed 1, playouts as long as the
** budget affords (gk_mcts_turns) by the greedy policy (epsilon 0.1, the
** best of all moves: sample 0, for every player: reply_sample -1) on
** common draws, stopped once settled, 20 prior visits from a 2-decision
** greedy look-ahead, win_weight 0, margin_scale 10, eval {0.8, 2.0, 2.0,
** complete 1.0, complete_tiles 8.0, figure_tiles 0} (greedy's: figure
** 1.0, no final or complete), a 256 MB tree cap. */
void gk_mcts_defaults(gk_mcts_params *params);

/* The turns a playout runs for params: playout_turns when set (>= 0);
** by budget, 2 turns below 1000 playouts and one more for each doubling
** from there (1000: 3, 2000: 4, ... at most 8), and 2 for a search by
** time, whose playouts are not known ahead. */
int gk_mcts_turns(const gk_mcts_params *params);

typedef struct gk_agent_stats {
  int playouts;        /* iterations run */
  int nodes;           /* tree nodes */
  size_t tree_bytes;   /* memory the tree held */
  int best_visits;     /* of the chosen move */
  double best_value;   /* its mean reward, 0..1 */
  int moves;           /* legal moves at the root */
} gk_agent_stats;

/*
** The index (in gk_play_moves order) of the move the search picks, or a
** negative status; the message is then gk_play_error(root). salt tells
** games apart (e.g. the game's seed): the search's generator is seeded
** from params->seed, salt and the position's log length, so the same
** seeds give the same choice. stats may be NULL.
*/
int gk_mcts_choose(const gk_mcts_params *params, gk_play *root, const gk_agent_env *env,
                   uint64_t salt, gk_agent_stats *stats);

typedef struct gk_greedy_params {
  gk_agent_eval eval;
  int depth;           /* this turn's decisions looked through (>= 1) */
  uint64_t seed;       /* for the reshuffled copies only; the choice
                       ** itself has no randomness (ties: first move) */
} gk_greedy_params;

void gk_greedy_defaults(gk_greedy_params *params);
int gk_greedy_choose(const gk_greedy_params *params, gk_play *root, const gk_agent_env *env,
                     uint64_t salt, gk_agent_stats *stats);

/* Each player's position value (see gk_agent_eval); out has one entry
** per player. */
int gk_agent_values(gk_play *play, const gk_agent_eval *eval, double *out);
/* The same as a search values its leaves: plus eval->final * what the
** rules' own final scoring beyond the features would give now, worked
** out in a copy (play does not change). */
int gk_agent_leaf_values(gk_play *play, const gk_agent_eval *eval, double *out);

/* A check of the memo the playout policy shares across the legal moves
** of one decision (tests): values each legal move of play, each in a copy
** of it, with the memo and without. Returns how many moves got values
** that differ in any bit, or held features (roots, order, figure counts)
** derived from the memo's that differ from those listed afresh (0: the
** memo is exact); then the same for the moves after the middle move,
** with the memo's entries carried past it as a playout's next decision
** takes them. In *answered, how
** many feature points the memo answered from what it kept; a negative
** status with play's error set. */
int gk_agent_memo_check(gk_play *play, const gk_agent_eval *eval, const gk_agent_env *env,
                        int *answered);

/* A check of gk_play_rewind (tests, rewind_check.c): each legal move of
** play is played in a tracked copy, which is rewound and compared with a
** fresh copy of play (every field and range in use), and then both play
** one more move and are compared again. Returns how many moves left a
** difference (0: exact), with the first difference's part in *first_bad
** (1 game scalars, 2 cells, 3 board, 4 nodes, 5 roots, 6 figures,
** 7 stacks, 8 ledger/log, 9 blobs, 10-14 the play's own), and in
** *rewound how many rewinds went by the journal; a negative status
** with play's error set. */
int gk_play_rewind_check(gk_play *play, const gk_agent_env *env, int *rewound, int *first_bad);

#ifdef __cplusplus
}
#endif

#endif
