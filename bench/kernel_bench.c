/*
** kernel_bench.c: random playouts of the 72-tile base deck through the
** kernel alone: feature tracking, figure placement and completion
** detection, but no scoring rules (those belong to the rules layer and
** are measured by `meeple bench`).
**
** Usage: meeple-kernel-bench [--games N] [--seed S]
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base_fixture.h"
#include "gk.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The playout's own choices use a private generator, so the kernel's RNG
** (and its log) only sees what the game itself draws. */
static uint64_t pick_state = 88172645463325252ull;
static uint32_t pick(uint32_t n) {
  pick_state ^= pick_state << 13;
  pick_state ^= pick_state >> 7;
  pick_state ^= pick_state << 17;
  return (uint32_t)(((pick_state >> 32) * (uint64_t)n) >> 32);
}

typedef struct totals {
  long placements, listings, legal_moves, deployed, closed;
} totals;

static double listing_seconds;

/* The start position, made once: the start tile placed, the other 71
** tiles stacked in order. Each game clones it, reseeds and shuffles,
** which plays exactly like a fresh game with that seed. */
static gk_game *template;

static gk_game *new_game(const gk_rules *r, const base_ids *ids, uint64_t seed) {
  if (!template) {
    template = gk_game_new(r, 2, 0);
    if (!template) return NULL;
    gk_place_fixed(template, ids->tile['D' - 'A'], 0, 0, 0, NULL);
    for (int i = 0; i < BASE_TILE_TYPES; i++)
      gk_stack_add(template, ids->stack, ids->tile[i], base_fixture_counts[i] - (i == 'D' - 'A'));
  }
  gk_game *g = gk_game_clone(template);
  if (!g) return NULL;
  gk_rng_reseed(g, seed);
  gk_stack_shuffle(g, ids->stack);
  return g;
}

/* Resets a game kept from the previous playout to the start position:
** a copy into memory it already owns, no allocation. */
static gk_game *reset_game(gk_game *g, uint64_t seed, const base_ids *ids) {
  if (gk_game_copy(g, template)) return NULL;
  gk_rng_reseed(g, seed);
  gk_stack_shuffle(g, ids->stack);
  return g;
}

/* One game. With timed set, every listing is timed on its own (the
** caller subtracts the clock's own cost). */
static gk_game *playout(const gk_rules *r, const base_ids *ids, uint64_t seed,
                        int timed, totals *t, gk_game *reuse) {
  gk_game *g = reuse ? reset_game(reuse, seed, ids) : new_game(r, ids, seed);
  if (!g) return NULL;
  gk_placement moves[512];
  int player = 0;
  for (;;) {
    /* draw until a tile fits; a random placement needs only the count and
    ** the chosen one, not the whole list */
    int type, n = 0;
    gk_placement m;
    do {
      type = gk_stack_draw(g, ids->stack);
      if (type < 0) break;
      n = gk_pick_placement(g, type, (uint32_t)(pick_state >> 32), &m);
      pick((uint32_t)2); /* advance the playout's generator */
      if (n == 0) gk_discard(g, type);
    } while (n == 0);
    if (type < 0) break;
    if (timed) {
      double a = now();
      n = gk_legal_placements(g, type, moves, 512);
      listing_seconds += now() - a;
    }
    t->listings++;
    t->legal_moves += n;
    gk_place_report rep;
    gk_place_tile(g, type, m.x, m.y, m.rot, &rep);
    t->placements++;
    /* A follower on a random unoccupied feature of the new tile, or none. */
    int32_t spots[GK_MAX_SEGMENTS];
    int n_spots = 0;
    for (int k = 0; k < rep.n_features; k++)
      if (gk_feature_figures(g, rep.feature[k], NULL, 0) == 0) spots[n_spots++] = rep.feature[k];
    int choice = (int)pick((uint32_t)n_spots + 1);
    if (choice < n_spots && gk_supply(g, player, ids->follower) > 0) {
      gk_figure_deploy(g, player, ids->follower, (gk_location){GK_AT_NODE, spots[choice], 0});
      t->deployed++;
    }
    for (int c = 0; c < rep.n_closed; c++) {
      int figs[64];
      int nf = gk_feature_figures(g, rep.closed[c], figs, 64);
      for (int i = 0; i < nf; i++) gk_figure_return(g, figs[i]);
      t->closed++;
    }
    player ^= 1;
  }
  return g;
}

int main(int argc, char **argv) {
  long games = 20000;
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--games") && i + 1 < argc) games = atol(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf("usage: meeple-kernel-bench [--games N] [--seed S]\n"
             "Random base-deck playouts through the kernel alone.\n");
      return 0;
    } else {
      fprintf(stderr, "meeple-kernel-bench: unknown argument '%s' (try --help)\n", argv[i]);
      return 2;
    }
  }
  if (games < 10) {
    fprintf(stderr, "meeple-kernel-bench: --games must be at least 10\n");
    return 2;
  }
  gk_rules *r = base_fixture_rules(NULL);
  base_ids ids;
  if (!r || base_fixture_ids(r, &ids)) {
    fprintf(stderr, "meeple-kernel-bench: could not build the base rules\n");
    return 1;
  }

  totals t = {0};
  /* One game object serves every playout, reset from the start
  ** position each time (a game per playout, allocated and freed, costs
  ** about a tenth more). The machine is shared, so the best of three
  ** runs is the figure that measures the code. */
  gk_game *game = new_game(r, &ids, seed);
  double base_time = 0;
  for (int run = 0; run < 3; run++) {
    totals tr = {0};
    double t0 = now();
    for (long i = 0; i < games; i++) playout(r, &ids, seed + (uint64_t)i, 0, &tr, game);
    double dt = now() - t0;
    if (run == 0 || dt < base_time) base_time = dt;
    t = tr;
  }

  /* Listing cost: each call timed alone, in real game positions (cold
  ** after each placement, as in play), less the clock's own cost. */
  totals t2 = {0};
  long timing_games = games / 4;
  for (long i = 0; i < timing_games; i++) playout(r, &ids, seed + (uint64_t)i, 1, &t2, game);
  enum { CLOCK_SAMPLES = 1000000 };
  double clock_total = 0;
  for (int i = 0; i < CLOCK_SAMPLES; i++) {
    double a = now();
    clock_total += now() - a;
  }
  double per_clock = clock_total / CLOCK_SAMPLES;
  double listing_us = (listing_seconds / (double)t2.listings - per_clock) * 1e6;

  /* State size and clone cost on a finished game. */
  gk_game *g = playout(r, &ids, seed, 0, &t2, NULL);
  size_t bytes = gk_game_size(g);
  enum { CLONES = 20000 };
  double t0 = now();
  for (int i = 0; i < CLONES; i++) gk_game_free(gk_game_clone(g));
  double clone_us = (now() - t0) / CLONES * 1e6;
  gk_game_free(g);

  printf("kernel playouts (72-tile base deck, 2 players, no scoring rules, best of 3 runs)\n");
  printf("  games              %ld\n", games);
  printf("  playouts/s         %.0f\n", (double)games / base_time);
  printf("  placements/s       %.0f\n", (double)t.placements / base_time);
  printf("  legal moves/turn   %.1f\n", (double)t.legal_moves / (double)t.listings);
  printf("  listing            %.3f us per legal-placement listing\n", listing_us);
  printf("  followers/game     %.1f deployed, %.1f features closed\n",
         (double)t.deployed / games, (double)t.closed / games);
  printf("  state              %zu bytes per finished game\n", bytes);
  printf("  clone              %.2f us\n", clone_us);
  gk_game_free(game);
  gk_game_free(template);
  gk_rules_free(r);
  return 0;
}
