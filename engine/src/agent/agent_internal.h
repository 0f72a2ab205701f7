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

/* Value of the player `me` in values[]: its value minus the best other's. */
double agent_lead(const double *values, int players, int me);

#endif
