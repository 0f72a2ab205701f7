/*
** agent.c: the random agent: uniformly random legal moves from a
** generator of its own.
**
** Invariant: the agent's stream (agent_rng) is separate from the game's
** RNG, so a game replayed from its moves draws the same tiles.
*/
#include "flow/flow_internal.h"

static uint32_t agent_below(gk_play *p, uint32_t n) {
  /* xorshift64*: the agent's own stream */
  uint64_t x = p->agent_rng;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  p->agent_rng = x;
  return (uint32_t)(((x * 0x2545F4914F6CDD1Dull) >> 32) * (uint64_t)n >> 32);
}

int gk_play_random_index(gk_play *p) {
  if (!p) return GK_EINVAL;
  if (p->phase == GK_PHASE_GAME_OVER || p->n_moves == 0) return GK_EILLEGAL;
  return (int)agent_below(p, (uint32_t)p->n_moves);
}

int gk_play_random_move(gk_play *p) {
  int i = gk_play_random_index(p);
  return i < 0 ? i : gk_play_apply_index(p, i);
}

int gk_play_random_game(gk_play *p) {
  if (!p) return GK_EINVAL;
  while (p->phase != GK_PHASE_GAME_OVER) {
    int st = gk_play_random_move(p);
    if (st < 0) return st;
  }
  return GK_OK;
}
