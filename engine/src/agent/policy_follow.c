/*
** policy_follow.c: a playout policy that plays like the greedy agent. A
** move valued only by the position right after it misjudges a tile whose
** worth is the figure the mover may put on it next (an unclaimed city
** counts for nothing until a figure stands on it): so every move is
** valued one ply deep, and the `follow` best of those
** after which the mover decides again this turn are valued again by
** their best follow-up. The cost is the one-ply pass plus about `follow`
** small figure decisions.
**
** Each candidate is played in a copy put back between candidates by its
** write journal (gk_play_copy_tracked, gk_play_rewind), as in
** playout_policy.c, rather than copied again.
**
** Invariant: moves are looked at in scratch and scratch2 only; p is left
** as it was, and the host is pointed back at it before returning.
*/
#include <stdlib.h>

#include "agent/agent_internal.h"

enum { FOLLOW_MAX = 16 };

/* The lead each of p's n moves gives its mover right after it, looked
** at in scratch, and (again may be NULL) whether the mover decides again
** this turn after it; a negative status with p's error set. scratch is
** left tracked from p (the caller untracks it). */
static int one_ply_leads(gk_play *p, gk_play *scratch, const gk_agent_env *env,
                         const gk_agent_eval *eval, double *leads, unsigned char *again, int n) {
  int players = gk_game_players(gk_play_game(p)), me = gk_play_decider(p), st = GK_OK;
  agent_memo memo;
  agent_memo_init(&memo, p);
  for (int i = 0; i < n && st == GK_OK; i++) {
    st = i == 0 ? gk_play_copy_tracked(scratch, p) : gk_play_rewind(scratch, p);
    if (st < 0) break;
    agent_refilled(scratch, env);
    st = gk_play_apply_index(scratch, i);
    if (st < 0) break;
    double values[GK_MAX_PLAYERS];
    agent_memo_bind(&memo, scratch);
    agent_values(scratch, eval, &memo, values);
    leads[i] = agent_lead(values, players, me);
    if (again)
      again[i] = !gk_play_over(scratch) && gk_play_decider(scratch) == me &&
                 gk_play_turn(scratch) == gk_play_turn(p);
  }
  agent_refilled(p, env);
  if (st < 0) gk_play_set_error(p, "%s", gk_play_error(scratch));
  return st < 0 ? st : GK_OK;
}

/* The best lead among the follow-ups of move i of p; scratch is tracked
** from p. */
static int best_follow_up(gk_play *p, gk_play *scratch, gk_play *scratch2,
                          const agent_policy *policy, int i, double *lead) {
  int st = gk_play_rewind(scratch, p);
  if (st >= 0) {
    agent_refilled(scratch, policy->env);
    st = gk_play_apply_index(scratch, i);
  }
  if (st < 0) {
    gk_play_set_error(p, "%s", gk_play_error(scratch));
    return st;
  }
  int m = gk_play_moves(scratch, NULL, 0);
  if (m <= 0) return GK_OK; /* keep the one-ply lead */
  double *leads = malloc(sizeof(double) * (size_t)m);
  if (!leads) {
    gk_play_set_error(p, "mcts: out of memory");
    return GK_ENOMEM;
  }
  st = one_ply_leads(scratch, scratch2, policy->env, policy->eval, leads, NULL, m);
  gk_play_untrack(scratch2);
  if (st < 0) gk_play_set_error(p, "%s", gk_play_error(scratch));
  for (int j = 0; j < m && st >= 0; j++)
    if (j == 0 || leads[j] > *lead) *lead = leads[j];
  free(leads);
  return st < 0 ? st : GK_OK;
}

/* The indices of the k best leads among those with again[i] set. */
static int top_again(const double *leads, const unsigned char *again, int n, int k, int *top) {
  int t = 0;
  for (int i = 0; i < n; i++) {
    if (!again[i]) continue;
    int j = t < k ? t++ : k;
    if (j == k && leads[i] <= leads[top[k - 1]]) continue;
    if (j == k) j = k - 1;
    while (j > 0 && leads[top[j - 1]] < leads[i]) {
      top[j] = top[j - 1];
      j--;
    }
    top[j] = i;
  }
  return t;
}

/* The best lead, ties broken at random. */
static int pick_best(const double *leads, int n, agent_rng *rng) {
  int pick = 0;
  uint32_t ties = 1;
  for (int i = 1; i < n; i++) {
    if (leads[i] > leads[pick]) {
      pick = i;
      ties = 1;
    } else if (leads[i] == leads[pick] && agent_rng_below(rng, ++ties) == 0) {
      pick = i;
    }
  }
  return pick;
}

int agent_follow_index(gk_play *p, gk_play *scratch, gk_play *scratch2,
                       const agent_policy *policy, int follow, agent_rng *rng) {
  int n = gk_play_moves(p, NULL, 0);
  if (n <= 1) return n == 1 ? 0 : gk_play_random_index(p);
  if (agent_rng_next(rng) < policy->random_below) return (int)agent_rng_below(rng, (uint32_t)n);
  double *leads = malloc((sizeof(double) + 1) * (size_t)n);
  if (!leads) {
    gk_play_set_error(p, "mcts: out of memory");
    return GK_ENOMEM;
  }
  unsigned char *again = (unsigned char *)(leads + n);
  int top[FOLLOW_MAX];
  int st = one_ply_leads(p, scratch, policy->env, policy->eval, leads, again, n);
  int k = st < 0 ? 0 : top_again(leads, again, n, follow < FOLLOW_MAX ? follow : FOLLOW_MAX, top);
  for (int j = 0; j < k && st >= 0; j++)
    st = best_follow_up(p, scratch, scratch2, policy, top[j], &leads[top[j]]);
  gk_play_untrack(scratch);
  agent_refilled(p, policy->env);
  int pick = st < 0 ? st : pick_best(leads, n, rng);
  free(leads);
  return pick;
}
