/*
** test_cap_relocate.c: figures that move on after scoring
** (gk_flow_add_relocate): after its feature is scored the cart moves to
** an open, empty feature it reaches, or back to the supply; refused when
** malformed. The game and its checks: hand_game.h (shared by the five
** capabilities it plays together).
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

static void test_relocate(void **state) {
  (void)state;
  hand_counts c;
  hand_games(CHECK_RELOCATE, &c);
  assert_true(c.moves_on > 5);
  assert_true(c.others_decide > 0); /* the decider was checked where it matters */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_relocate),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
