/*
** test_cap_token_pool.c: token pools (gk_flow_add_token_pool): the
** declaration's refusals, and a pool's first token drawn at the end of
** the turn its figure arrives, from a bag no turn draws from.
**
** The base rules plus a stack "bag" of tokens (base tiles: a token's
** worth is its pennant sum), a phase "tend" after place_figure with the
** actions "grow" and "cash", and a reason "pool"; the pool's figure is
** the follower. (Its play is exercised end to end by the Hills & Sheep
** scenarios, tests/scenarios/hills_sheep/, whose flock it is.)
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"
#include "gk_flow.h"

typedef struct pool_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int bag;
  gk_token_pool_rule rule;
} pool_rules;

/* The rules and an open flow with the phase and actions; the rule not
** declared yet. */
static void pool_open(pool_rules *x) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  x->bag = gk_rules_add_stack(r, "bag");
  int reason = gk_rules_add_reason(r, "pool");
  assert_true(x->bag >= 0 && reason >= 0);
  assert_int_equal(base_fixture_ids(r, &x->ids), 0);
  gk_flow *f = base_fixture_flow_open(r, &x->ids);
  assert_non_null(f);
  int phase = gk_flow_add_phase(f, "tend", GK_PHASE_PLACE_FIGURE);
  int grow = gk_flow_add_action(f, "grow"), cash = gk_flow_add_action(f, "cash");
  assert_true(phase >= 0 && grow >= 0 && cash >= 0);
  x->rule = (gk_token_pool_rule){.figure = x->ids.follower, .stack = x->bag, .phase = phase,
                                 .grow = grow, .cash = cash, .value = x->ids.pennant,
                                 .bust = -1, .reason = reason};
  x->rules = r;
  x->flow = f;
}

static void pool_free(pool_rules *x) {
  gk_flow_free(x->flow);
  gk_rules_free(x->rules);
}

static void refused(gk_flow *f, const gk_token_pool_rule *bad) {
  assert_int_equal(gk_flow_add_token_pool(f, bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "token_pool: malformed rule"));
}

static void test_token_pool_refusals(void **state) {
  (void)state;
  pool_rules x;
  pool_open(&x);
  gk_flow *f = x.flow;
  gk_token_pool_rule bad = x.rule;
  bad.figure = 31;
  refused(f, &bad);
  bad = x.rule;
  bad.stack = 7;
  refused(f, &bad);
  bad = x.rule;
  bad.phase = GK_PHASE_PLACE_FIGURE; /* not a custom phase */
  refused(f, &bad);
  bad = x.rule;
  bad.cash = bad.grow; /* one action for both */
  refused(f, &bad);
  bad = x.rule;
  bad.grow = 30;
  refused(f, &bad);
  bad = x.rule;
  bad.value = 63;
  refused(f, &bad);
  bad = x.rule;
  bad.bust = 63;
  refused(f, &bad);
  bad = x.rule;
  bad.reason = -1;
  refused(f, &bad);
  assert_int_equal(gk_flow_add_token_pool(f, NULL), GK_EINVAL);
  assert_int_equal(gk_flow_add_token_pool(f, &x.rule), GK_OK);
  assert_int_equal(gk_flow_add_token_pool(f, &x.rule), GK_EINVAL); /* one per flow */
  assert_non_null(strstr(gk_flow_error(f), "token_pool: one per flow"));
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  assert_int_equal(gk_flow_add_token_pool(f, &x.rule), GK_ESTATE); /* frozen */
  pool_free(&x);
}

/* Plays the first draw and placement, deploys a follower if the tile
** offers one (the pool's phase has nothing to ask on turn 1), and ends the
** turn; returns whether a follower stayed on the board. */
static bool first_turn(gk_play *p, const gk_game *g, int follower) {
  gk_move m[512];
  bool deployed = false;
  int turn = gk_play_turn(p);
  while (gk_play_turn(p) == turn && !gk_play_over(p)) {
    int n = gk_play_moves(p, m, 512);
    assert_true(n > 0 && n <= 512);
    int pick = 0;
    if (gk_play_phase(p) == GK_PHASE_PLACE_FIGURE)
      for (int i = 0; i < n; i++)
        if (m[i].type == GK_MOVE_DEPLOY && m[i].figure_kind == follower) { pick = i; deployed = true; break; }
    assert_int_equal(gk_play_apply(p, &m[pick]), GK_OK);
  }
  return deployed && gk_supply(g, 0, follower) == 6;
}

/* A follower that arrives draws its pool's first token from the bag at
** the end of its turn; the draw stack is left alone. */
static void test_token_pool_first_token(void **state) {
  (void)state;
  int drawn = 0;
  for (uint64_t seed = 1; seed <= 20 && !drawn; seed++) {
    pool_rules x;
    pool_open(&x);
    assert_int_equal(gk_flow_add_token_pool(x.flow, &x.rule), GK_OK);
    assert_int_equal(gk_flow_freeze(x.flow), GK_OK);
    gk_game *g = gk_game_new(x.rules, 2, seed);
    assert_non_null(g);
    assert_int_equal(base_fixture_start(g), GK_OK);
    assert_int_equal(base_fixture_fill_stack(g), GK_OK);
    assert_int_equal(gk_stack_add(g, x.bag, x.ids.tile['C' - 'A'], 3), GK_OK);
    gk_play *p = gk_play_new(x.flow, g, NULL);
    assert_non_null(p);
    assert_int_equal(gk_play_start(p), GK_OK);
    int main_before = gk_stack_size(g, x.ids.stack);
    bool stayed = first_turn(p, g, x.ids.follower);
    assert_int_equal(gk_stack_size(g, x.ids.stack), main_before - 1); /* one turn's draw */
    assert_int_equal(gk_stack_size(g, x.bag), stayed ? 2 : 3);
    drawn += stayed;
    gk_play_free(p);
    pool_free(&x);
  }
  assert_true(drawn > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_token_pool_refusals),
      cmocka_unit_test(test_token_pool_first_token),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
