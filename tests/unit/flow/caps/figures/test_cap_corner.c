/*
** test_cap_corner.c: corner figures (gk_figure_rule.corner): a shed goes
** on the placed tile's field, at a corner where four tiles meet. The game
** and its checks: hand_game.h (shared by the five capabilities it plays
** together).
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

static void test_corner(void **state) {
  (void)state;
  hand_counts c;
  hand_games(CHECK_CORNER, &c);
  assert_true(c.sheds > 50);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_corner),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
