/*
** agent_internal.h: what the agents share: their generator, their copies
** of the position, and the position value.
**
** Invariant: an agent plays only in its own copies, and every copy it
** plays in has been determinized (stacks reshuffled and game generator
** reseeded from the agent's generator) since it was filled from the
** root, so nothing the agent sees depends on the real draw order.
*/
#ifndef AGENT_INTERNAL_H
#define AGENT_INTERNAL_H

#include <stdbool.h>

#include "gk_agent.h"

/* splitmix64: a small, well-mixed generator of the agent's own. */
typedef struct agent_rng {
  uint64_t s;
} agent_rng;

uint64_t agent_rng_next(agent_rng *r);
/* Uniform in [0, n), n >= 1. */
uint32_t agent_rng_below(agent_rng *r, uint32_t n);
/* The generator of one decision: seed, salt and the root's log length. */
agent_rng agent_rng_for(uint64_t seed, uint64_t salt, gk_play *root);

/* A copy of the root that runs the env's hooks; NULL on no memory (the
** root's error then says so). */
gk_play *agent_copy_new(gk_play *root, const gk_agent_env *env);
/* Refills copy with the root's position and determinizes it. */
int agent_copy_fill(gk_play *copy, gk_play *root, const gk_agent_env *env, agent_rng *rng);
/* Reseeds the copy's game generator and reshuffles every stack. */
void agent_determinize(gk_play *copy, agent_rng *rng);
/* Tells the host that copy is the one its hooks should look at now. */
void agent_refilled(gk_play *copy, const gk_agent_env *env);
/* Copies a failed copy's message onto the root and returns st. */
int agent_fail(gk_play *root, gk_play *copy, int st);

/* What each of the root's n moves is worth to the mover: the best lead
** in position value through the rest of its own decisions this turn (up
** to depth decisions), looked at in a determinized copy (greedy.c). */
int agent_move_leads(gk_play *root, const gk_agent_env *env, agent_rng *rng,
                     const gk_agent_eval *eval, int depth, double *leads, int n);

/* The memo of one decision's candidates (agent_memo.c): the final points
** of features a candidate move leaves alone, worked out once, and the
** base's held features (agent_eval.c), from which each candidate's are
** derived. */
enum { AGENT_MEMO_HELD = 64, AGENT_MEMO_ENTRIES = 64, AGENT_MEMO_SLOTS = 128,
       AGENT_MEMO_ADJACENT = 1024, AGENT_MEMO_TOUCHED = 9 * GK_MAX_SEGMENTS,
       AGENT_MEMO_NONE = -1, AGENT_MEMO_UNKNOWN = -2 };

typedef struct agent_memo_entry {
  int32_t root, points;
  bool known;             /* points worked out */
  int8_t reach;           /* what its kind's final formula reads (agent_memo.c) */
  int first_adjacent;     /* the features beside it in the base, in */
  int n_adjacent;         /* adjacent[]; -1: not yet listed */
  uint64_t beside[4];     /* their bits as in the touched filter */
} agent_memo_entry;

typedef struct agent_memo {
  gk_play *base;          /* the position every candidate starts from */
  int base_log;           /* its log length and node count */
  int32_t base_nodes;
  bool usable;            /* the bound position: the memo may answer for it */
  bool figures_moved;     /* ... its move deployed, moved or returned one */
  bool placed;            /* ... its move placed a tile, at: */
  int32_t placed_x, placed_y;
  int n_touched;          /* ... and the base's features its move may change */
  int32_t touched[AGENT_MEMO_TOUCHED];
  uint64_t filter[4];     /* a bit per hash of each touched root */
  int8_t reach[GK_MAX_KINDS]; /* per kind: see kind_reach; -1 unknown */
  int8_t conditional[GK_MAX_KINDS]; /* per kind: agent_eval.c; -1 unknown */
  bool held_known;        /* the base's held features (agent_eval.c) */
  int n_held;
  int32_t held_root[AGENT_MEMO_HELD];
  int32_t held_first[AGENT_MEMO_HELD]; /* the lowest figure on each */
  int held_count[AGENT_MEMO_HELD][GK_MAX_PLAYERS];
  uint32_t held_leaders[AGENT_MEMO_HELD]; /* by figure count */
  int8_t held_entry[AGENT_MEMO_HELD]; /* its points entry, AGENT_MEMO_NONE, or unknown */
  int n_entries;
  agent_memo_entry entries[AGENT_MEMO_ENTRIES];
  int8_t slot[AGENT_MEMO_SLOTS]; /* entries by a hash of the root; -1 free */
  int n_adjacent;
  int32_t adjacent[AGENT_MEMO_ADJACENT];
  int answered;           /* points answered from entries (for checks) */
} agent_memo;

/* Starts a memo for the candidates of base (which must not change while
** the memo is used). */
void agent_memo_init(agent_memo *m, gk_play *base);
/* Binds the position after one move from the base (a copy of the base
** with one move applied): what agent_memo_points may answer for it. */
void agent_memo_bind(agent_memo *m, gk_play *after);
/* Whether the bound move may have changed the base's feature root. */
bool agent_memo_touched(const agent_memo *m, int32_t root);
/* The final formula points of root (a root in after), as
** gk_play_formula_points(after, root, GK_WHEN_FINAL) gives them. m may be
** NULL. */
int32_t agent_memo_points(agent_memo *m, gk_play *after, int32_t root);
/* The base's held features are listed (n_held): none has its entry yet. */
void agent_memo_held_known(agent_memo *m);
/* agent_memo_points for the base's held feature i, which the bound move
** left untouched. */
int32_t agent_memo_held_points(agent_memo *m, gk_play *after, int i);
/* gk_agent_values with a memo bound to play (or NULL). */
int agent_values(gk_play *play, const gk_agent_eval *eval, agent_memo *memo, double *out);
/* Whether the held features the memo bound to play derives (if it can)
** differ from those listed afresh: roots, order or figure counts (for
** checks). */
bool agent_held_differs(gk_play *play, agent_memo *memo);

/* Whether the rules score more at the end than the features' formulas
** (systems, counter majorities, figures that score by themselves). */
bool agent_final_extra_declared(const gk_play *play);
/* Adds weight * what that scoring would give each player if the game
** ended now to out. Spends `spent`: runs that scoring in it, so only a
** copy about to be refilled or freed may be passed. */
int agent_add_final_extra(gk_play *spent, double weight, double *out);
/* The same for a position that must stay as it is (a copy is spent). */
int agent_add_final_extra_of(gk_play *play, double weight, double *out);

/* The informed playout policy (playout_policy.c): the best move by the
** lead right after it among `sample` random ones (0: all), or with odds
** random_below / 2^64 a random one. */
typedef struct agent_policy {
  const gk_agent_env *env;
  const gk_agent_eval *eval;
  uint64_t random_below;
  int sample;
} agent_policy;

/* The index of the move the policy picks in p, looked at in scratch (a
** copy of the same rules); a negative status with p's error set. */
int agent_policy_index(gk_play *p, gk_play *scratch, const agent_policy *policy, agent_rng *rng);

/* The look-ahead playout policy (policy_follow.c): every move valued one
** ply deep, then the `follow` best of those after which the mover decides
** again this turn valued by their best follow-up, as greedy does; with
** odds random_below / 2^64 a random move. Looked at in scratch and
** scratch2; the index, or a negative status with p's error set. */
int agent_follow_index(gk_play *p, gk_play *scratch, gk_play *scratch2,
                       const agent_policy *policy, int follow, agent_rng *rng);

/* Value of the player `me` in values[]: its value minus the best other's. */
double agent_lead(const double *values, int players, int me);

#endif
