/*
** test_cap_extra_part.c: extra parts of a turn (gk_flow_add_extra_part):
** a tile extending a road with the mover's follower earns a second
** part, never a third; refused when malformed. The rules and games:
** extended.h.
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

static void test_extra_part(void **state) {
  (void)state;
  extended_counts c;
  extended_games(CHECK_EXTRA_PART, &c);
  assert_true(c.second_parts > 300); /* the rule fired, often */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_extra_part),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
