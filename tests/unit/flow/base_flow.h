/*
** base_flow.h: the base game's rules and frozen flow (the C fixture
** declares what scripts/base.lua declares), set up once per program, and
** plays over them; shared by the flow tests on the plain base game
** (include after cmocka.h).
*/
#ifndef BASE_FLOW_H
#define BASE_FLOW_H

#include "base_fixture.h"
#include "gk_flow.h"

static gk_rules *RULES;
static gk_flow *FLOW;
static base_ids IDS;

static int setup(void **state) {
  (void)state;
  RULES = base_fixture_rules_unfrozen(NULL);
  if (!RULES || base_fixture_ids(RULES, &IDS)) return -1;
  FLOW = base_fixture_flow(RULES, &IDS);
  return FLOW ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  gk_flow_free(FLOW);
  gk_rules_free(RULES);
  return 0;
}

static inline gk_play *new_play(uint64_t seed, int players, const gk_hooks *hooks) {
  gk_game *g = base_fixture_new_game(RULES, players, seed);
  assert_non_null(g);
  gk_play *p = gk_play_new(FLOW, g, hooks);
  assert_non_null(p);
  gk_play_seed_agent(p, seed);
  assert_int_equal(gk_play_start(p), GK_OK);
  return p;
}

static inline long serialize(gk_play *p, unsigned char **out) {
  gk_game *g = gk_play_game(p);
  long n = gk_game_serialize(g, NULL, 0);
  *out = malloc((size_t)n);
  assert_int_equal(gk_game_serialize(g, *out, (size_t)n), n);
  return n;
}

#endif
