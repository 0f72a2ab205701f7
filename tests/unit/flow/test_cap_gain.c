/*
** test_cap_gain.c: counters gained on completing a feature and a final
** majority of a counter (gk_flow_add_gain, gk_flow_add_majority), in the
** same games as an extra part of a turn (cap_extra_part) and a term that
** counts only with a given figure (extended.h).
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
#include "extended.h"

/* {------------------------------------------------------------------
** Declared capabilities: counters gained on completion, final counter
** majorities, extra parts, terms that count only with a given figure.
** ------------------------------------------------------------------- */

static void test_declared_capabilities(void **state) {
  (void)state;
  extended_rules x;
  extended(&x);
  long second_parts = 0, coats_total = 0, helper_bonus = 0;
  for (uint64_t seed = 1; seed <= 300; seed++) {
    gk_game *g = base_fixture_new_game(x.rules, 2, seed);
    gk_play *p = gk_play_new(x.flow, g, NULL);
    gk_play_seed_agent(p, seed);
    assert_int_equal(gk_play_start(p), GK_OK);
    int32_t pennants_closed[2] = {0, 0};
    while (!gk_play_over(p)) {
      int part = gk_play_part(p), player = gk_play_player(p), phase = gk_play_phase(p);
      assert_true(part == 1 || part == 2); /* never a third part */
      if (part == 2 && phase == GK_PHASE_PLACE_TILE) second_parts++;
      int ledger_before = gk_ledger_count(g);
      assert_int_equal(gk_play_random_move(p), GK_OK);
      /* cities scored by this move gave their pennants to the mover */
      for (int i = ledger_before; i < gk_ledger_count(g); i++) {
        gk_ledger_entry e;
        gk_ledger_get(g, i, &e);
        if (e.reason == x.ids.r_road && e.points > gk_feature_tiles(g, e.feature)) helper_bonus++;
      }
      (void)player;
    }
    int32_t best = 0;
    for (int pl = 0; pl < 2; pl++) {
      coats_total += gk_counter_get(g, pl, x.coats);
      if (gk_counter_get(g, pl, x.coats) > best) best = gk_counter_get(g, pl, x.coats);
      pennants_closed[pl] = gk_counter_get(g, pl, x.coats);
    }
    /* the majority paid 10 to each player holding the most */
    for (int pl = 0; pl < 2; pl++) {
      int32_t paid = 0;
      for (int i = 0; i < gk_ledger_count(g); i++) {
        gk_ledger_entry e;
        gk_ledger_get(g, i, &e);
        if (e.reason == x.coats_reason && e.player == pl) paid += e.points;
      }
      assert_int_equal(paid, best > 0 && pennants_closed[pl] == best ? 10 : 0);
    }
    gk_play_free(p);
  }
  assert_true(second_parts > 300);   /* the rule fired, often */
  assert_true(coats_total > 100);    /* pennants were gained */
  assert_true(helper_bonus > 0);     /* the helper's term paid */
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_declared_capabilities),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
