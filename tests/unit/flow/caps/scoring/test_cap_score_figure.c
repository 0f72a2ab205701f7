/*
** test_cap_score_figure.c: a figure's own final score
** (gk_flow_add_score_figure): each shed scores 4 per completed city
** beside it at the end (0 too); refused for a `when` other than final.
** The game and its checks: hand_game.h (shared by the five capabilities
** it plays together).
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

#include "hand_game.h"

static void test_score_figure(void **state) {
  (void)state;
  hand_counts c;
  hand_games(CHECK_SCORE_FIGURE, &c);
  assert_true(c.shed_final > 20);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_score_figure),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
