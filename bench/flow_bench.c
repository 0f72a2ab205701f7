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

static gk_flow *base_flow(gk_rules *r, const base_ids *id) {
  gk_flow *f = gk_flow_new(r);
  gk_figure_rule follower = {.on_kinds = (1ull << id->city) | (1ull << id->road) |
                                         (1ull << id->field) | (1ull << id->cloister),
                             .group = 1, .blocked_by = 1, .strength = 1};
  gk_flow_set_figure(f, id->follower, &follower);
  gk_formula road = {1, {{GK_TERM_TILE, 0, 1}}};
  gk_formula city = {2, {{GK_TERM_TILE, 0, 2}, {GK_TERM_ATTR, id->pennant, 2}}};
  gk_formula city_end = {2, {{GK_TERM_TILE, 0, 1}, {GK_TERM_ATTR, id->pennant, 1}}};
  gk_formula cloister = {1, {{GK_TERM_BLOCK, 0, 1}}};
  gk_formula field = {1, {{GK_TERM_ADJACENT_CLOSED, id->city, 3}}};
  gk_flow_set_scoring(f, id->road, GK_WHEN_CLOSED, &road, id->r_road, 0);
  gk_flow_set_scoring(f, id->road, GK_WHEN_FINAL, &road, id->r_road, 0);
  gk_flow_set_scoring(f, id->city, GK_WHEN_CLOSED, &city, id->r_city, 0);
  gk_flow_set_scoring(f, id->city, GK_WHEN_FINAL, &city_end, id->r_city, 0);
  gk_flow_set_scoring(f, id->cloister, GK_WHEN_CLOSED, &cloister, id->r_cloister, 0);
  gk_flow_set_scoring(f, id->cloister, GK_WHEN_FINAL, &cloister, id->r_cloister, 0);
  gk_flow_set_scoring(f, id->field, GK_WHEN_FINAL, &field, id->r_field, GK_SCORE_KEEP_FIGURES);
  gk_flow_set_stack(f, id->stack);
  if (gk_flow_freeze(f)) {
    fprintf(stderr, "flow: %s\n", gk_flow_error(f));
    exit(1);
  }
  return f;
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
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  base_ids id;
  if (!r || base_fixture_ids(r, &id)) return 1;
  gk_flow *f = base_flow(r, &id);
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
