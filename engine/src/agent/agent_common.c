/*
** agent_common.c: the agents' generator and their determinized copies of
** the position.
**
** Invariant: a copy is filled from the root only through
** agent_copy_fill, which reshuffles every stack and reseeds the game's
** generator from the agent's, before anything is played in it.
*/
#include "agent/agent_internal.h"

uint64_t agent_rng_next(agent_rng *r) {
  uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint32_t agent_rng_below(agent_rng *r, uint32_t n) {
  return (uint32_t)(((agent_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

agent_rng agent_rng_for(uint64_t seed, uint64_t salt, gk_play *root) {
  agent_rng r = {seed};
  r.s = agent_rng_next(&r) ^ salt;
  r.s = agent_rng_next(&r) ^ (uint64_t)gk_log_count(gk_play_game(root));
  agent_rng_next(&r);
  return r;
}

void agent_refilled(gk_play *copy, const gk_agent_env *env) {
  if (env && env->refilled) env->refilled(env->ud, copy);
}

gk_play *agent_copy_new(gk_play *root, const gk_agent_env *env) {
  gk_play *copy = gk_play_clone(root);
  if (!copy) {
    gk_play_set_error(root, "agent: out of memory copying the position");
    return NULL;
  }
  if (env && env->hooks) {
    gk_play_set_hooks(copy, env->hooks);
    gk_play_set_hook_filters(copy, env->filters);
  }
  return copy;
}

void agent_determinize(gk_play *copy, agent_rng *rng) {
  gk_game *g = gk_play_game(copy);
  gk_rng_reseed(g, agent_rng_next(rng));
  int stacks = gk_rules_stack_count(gk_game_rules(g));
  for (int s = 0; s < stacks; s++)
    if (gk_stack_size(g, s) > 1) gk_stack_shuffle(g, s);
}

int agent_copy_fill(gk_play *copy, gk_play *root, const gk_agent_env *env, agent_rng *rng) {
  int st = gk_play_copy_from(copy, root);
  if (st < 0) return agent_fail(root, copy, st);
  agent_determinize(copy, rng);
  agent_refilled(copy, env);
  return GK_OK;
}

int agent_fail(gk_play *root, gk_play *copy, int st) {
  if (copy != root) gk_play_set_error(root, "%s", gk_play_error(copy));
  return st;
}

double agent_lead(const double *values, int players, int me) {
  double best = 0;
  int any = 0;
  for (int p = 0; p < players; p++)
    if (p != me && (!any || values[p] > best)) {
      best = values[p];
      any = 1;
    }
  return values[me] - best;
}
