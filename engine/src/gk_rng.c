/*
** gk_rng.c: xoshiro256** seeded by splitmix64. Same seed, same numbers,
** on every machine: only 64-bit integer arithmetic.
*/
#include "gk_internal.h"

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void gki_rng_seed(uint64_t s[4], uint64_t seed) {
  uint64_t x = seed;
  for (int i = 0; i < 4; i++) s[i] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

uint64_t gki_rng_raw(gk_game *g) {
  uint64_t *s = g->rng;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/* Lemire's multiply-shift with rejection: unbiased, usually one draw.
** *draws counts the raw numbers it took. */
static uint32_t below(gk_game *g, uint32_t n, int *draws) {
  if (n <= 1) return 0;
  uint64_t m = (uint64_t)(uint32_t)(gki_rng_raw(g) >> 32) * n;
  (*draws)++;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t threshold = (uint32_t)(-n) % n;
    while (low < threshold) {
      m = (uint64_t)(uint32_t)(gki_rng_raw(g) >> 32) * n;
      (*draws)++;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

uint32_t gki_rng_raw_below(gk_game *g, uint32_t n) {
  int draws = 0;
  return below(g, n, &draws);
}

/* The rules layer's draws are logged as a count, so a replay advances the
** generator by the same amount. */
static void log_draws(gk_game *g, int draws) {
  if (draws <= 0) return;
  if (g->n_log > 0 && g->log[g->n_log - 1].type == GK_EV_RNG) {
    g->log[g->n_log - 1].a += draws;
    return;
  }
  /* Every successful action leaves a spare slot (gki_log_reserve). */
  assert(g->n_log < g->cap_log);
  gki_log_push(g, GK_EV_RNG, draws, 0, 0, 0, 0);
  gki_log_reserve(g, 0); /* restore the spare if memory allows */
}

uint64_t gk_rng_next(gk_game *g) {
  if (!g) return 0;
  log_draws(g, 1);
  return gki_rng_raw(g);
}

uint32_t gk_rng_below(gk_game *g, uint32_t n) {
  if (!g || n <= 1) return 0;
  int draws = 0;
  uint32_t v = below(g, n, &draws);
  log_draws(g, draws);
  return v;
}

void gk_rng_get_state(const gk_game *g, uint64_t out[4]) {
  if (g && out) memcpy(out, g->rng, sizeof g->rng);
}

void gk_rng_set_state(gk_game *g, const uint64_t in[4]) {
  if (g && in) memcpy(g->rng, in, sizeof g->rng);
}

void gk_rng_reseed(gk_game *g, uint64_t seed) {
  if (!g) return;
  gki_rng_seed(g->rng, seed);
  memcpy(g->rng0, g->rng, sizeof g->rng0);
}
