/*
** flow_bench.c: whole base games with full rules (farmers and final
** scoring) through the turn flow, random agents, no Lua at all. This is
** the floor under `meeple bench`, which runs the same game from scripts.
**
** Usage: meeple-flow-bench [--games N] [--seed S]
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base_fixture.h"
#include "gk_flow.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  long games = 20000;
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--games") && i + 1 < argc) games = atol(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else {
      printf("usage: meeple-flow-bench [--games N] [--seed S]\n");
      return strcmp(argv[i], "--help") ? 2 : 0;
    }
  }
  if (games < 1) {
    fprintf(stderr, "meeple-flow-bench: --games must be at least 1\n");
    return 2;
  }
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  base_ids id;
  if (!r || base_fixture_ids(r, &id)) return 1;
  gk_flow *f = base_fixture_flow(r, &id);
  if (!f) {
    fprintf(stderr, "flow: could not build the base flow\n");
    return 1;
  }
  long moves = 0, total_points = 0;
  double t0 = now();
  for (long i = 0; i < games; i++) {
    gk_game *g = base_fixture_new_game(r, 2, seed + (uint64_t)i);
    gk_play *p = gk_play_new(f, g, NULL);
    gk_play_seed_agent(p, seed + (uint64_t)i);
    if (gk_play_start(p)) {
      fprintf(stderr, "start: %s\n", gk_play_error(p));
      return 1;
    }
    while (!gk_play_over(p)) {
      if (gk_play_random_move(p)) {
        fprintf(stderr, "move: %s\n", gk_play_error(p));
        return 1;
      }
      moves++;
    }
    total_points += gk_player_score(g, 0) + gk_player_score(g, 1);
    gk_play_free(p);
  }
  double dt = now() - t0;
  printf("base games, 2 players, random agents, full rules, no Lua\n");
  printf("  games/s           %.0f\n", games / dt);
  printf("  moves/s           %.0f\n", moves / dt);
  printf("  mean points/game  %.1f (both players)\n", (double)total_points / games);
  gk_flow_free(f);
  gk_rules_free(r);
  return 0;
}
