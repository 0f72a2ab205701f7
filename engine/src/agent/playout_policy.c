/*
** playout_policy.c: the informed playout policy of the MCTS agent. At
** each decision of a playout the mover, with probability 1 - epsilon,
** plays the move whose position value (agent_eval.c) right after it
** gives the best lead (ties: a random one of them) among `sample` moves
** drawn at random (all of them when there are no more, or sample is 0);
** otherwise a uniformly random move. Random playouts score about a fifth of what players do
** and spend figures aimlessly, so their results say little about the
** move under test; this policy keeps playouts near real play.
**
** Each candidate is played in one scratch copy of the play, put back
** between candidates by its journal (gk_play_rewind) rather than copied
** again.
**
** Invariant: the move is looked at in the scratch play only; the play
** being played out is left as it was, and the host is pointed back at it
** before returning.
*/
#include "agent/agent_internal.h"

/* The lead move i of p gives its mover, looked at in scratch, which is a
** tracked copy of p (the first candidate) or holds the move before. */
static int lead_after(gk_play *p, gk_play *scratch, const gk_agent_env *env,
                      const gk_agent_eval *eval, agent_memo *memo, int i, bool first,
                      double *lead) {
  int st = first ? gk_play_copy_tracked(scratch, p) : gk_play_rewind(scratch, p);
  if (st < 0) return st;
  agent_refilled(scratch, env);
  st = gk_play_apply_index(scratch, i);
  if (st < 0) return st;
  double values[GK_MAX_PLAYERS];
  agent_memo_bind(memo, scratch);
  agent_values(scratch, eval, memo, values);
  *lead = agent_lead(values, gk_game_players(gk_play_game(p)), gk_play_decider(p));
  return GK_OK;
}

static uint32_t gcd(uint32_t a, uint32_t b) {
  while (b) {
    uint32_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* A stride in [1, n) sharing no factor with n (1 when n is 2). */
static uint32_t stride_prime_to(int n, agent_rng *rng) {
  if (n <= 2) return 1;
  uint32_t s = 1 + agent_rng_below(rng, (uint32_t)n - 1);
  while (gcd(s, (uint32_t)n) != 1) s = s % ((uint32_t)n - 1) + 1;
  return s;
}

/* A move played without a look: the memo carries nothing past it. */
static int unlooked(const agent_policy *policy, int i) {
  if (policy->memo) agent_memo_decided(policy->memo, false);
  return i;
}

int agent_policy_index(gk_play *p, gk_play *scratch, const agent_policy *policy, agent_rng *rng) {
  int n = gk_play_moves(p, NULL, 0);
  if (n <= 1) return unlooked(policy, n == 1 ? 0 : gk_play_random_index(p));
  if (agent_rng_next(rng) < policy->random_below)
    return unlooked(policy, (int)agent_rng_below(rng, (uint32_t)n));
  int k = policy->sample > 0 && policy->sample < n ? policy->sample : n;
  /* k distinct moves: i walks a random rotation of the list with a
  ** stride prime to n, so any k of the n can come first */
  uint32_t start = agent_rng_below(rng, (uint32_t)n), stride = stride_prime_to(n, rng);
  double best = -1e300;
  int pick = 0, st = GK_OK;
  uint32_t ties = 0;
  agent_memo local, *memo = policy->memo ? policy->memo : &local;
  if (policy->memo)
    agent_memo_start(memo, p); /* with what the last decision's pick left */
  else
    agent_memo_init(memo, p);
  for (int j = 0; j < k && st == GK_OK; j++) {
    int i = k == n ? j : (int)((start + (uint64_t)stride * (uint32_t)j) % (uint32_t)n);
    double v;
    st = lead_after(p, scratch, policy->env, policy->eval, memo, i, j == 0, &v);
    if (st < 0) break;
    if (v > best) {
      best = v;
      pick = i;
      ties = 1;
      agent_memo_picked(memo, scratch);
    } else if (v == best && agent_rng_below(rng, ++ties) == 0) {
      pick = i;
      agent_memo_picked(memo, scratch);
    }
  }
  agent_memo_decided(memo, st == GK_OK);
  gk_play_untrack(scratch);
  agent_refilled(p, policy->env);
  if (st < 0) {
    gk_play_set_error(p, "%s", gk_play_error(scratch));
    return st;
  }
  return pick;
}
