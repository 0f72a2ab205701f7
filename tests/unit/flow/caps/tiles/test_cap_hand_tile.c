/*
** test_cap_hand_tile.c: a tile held in hand (gk_flow_add_hand_tile):
** placed from hand only into a hole, by a player holding the token, which
** it uses; the end round runs until no holder can play; refused when
** malformed or declared twice. The game and its checks: hand_game.h
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

static void test_hand_tile(void **state) {
  (void)state;
  hand_counts c;
  hand_games(CHECK_HAND, &c);
  assert_true(c.from_hand > 50);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_hand_tile),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
