/*
** test_cap_gain.c: counters gained on completing a feature and a final
** majority of a counter (gk_flow_add_gain, gk_flow_add_majority): the
** pennants of closed cities are gained as "coats", and the most coats
** at the end scores 10; in the same games a term that counts only with a
** given figure (the helper's) pays. The rules and games: extended.h.
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

#include "extended.h"

static void test_gain(void **state) {
  (void)state;
  extended_counts c;
  extended_games(CHECK_GAIN, &c);
  assert_true(c.coats_total > 100); /* pennants were gained */
  assert_true(c.helper_bonus > 0);  /* the helper's term paid */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gain),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
