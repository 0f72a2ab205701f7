/*
** test_cap_score_meeting.c: scoring when figures meet
** (gk_flow_add_score_meeting): a shed scores the farmers it meets and
** sends them home, so once a part is over no farmer is left beside a
** shed; refused when malformed. The game and its checks: hand_game.h
** (shared by the five capabilities it plays together).
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

static void test_score_meeting(void **state) {
  (void)state;
  hand_counts c;
  hand_games(CHECK_MEET, &c);
  assert_true(c.met > 5);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_score_meeting),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
