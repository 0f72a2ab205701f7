/*
** test_gk_log.c: the game's store (gk_log.c): per-player counters, added
** to, refused out of range, kept by serialize, clone and replay (on the
** rules of unit/flow/extended.h, which declare one).
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

static void test_counters_in_state(void **state) {
  (void)state;
  extended_rules x;
  extended(&x);
  assert_int_equal(gk_rules_freeze(x.rules), GK_OK);
  gk_game *g = gk_game_new(x.rules, 3, 9);
  assert_int_equal(gk_counter_add(g, 1, x.coats, 4), GK_OK);
  assert_int_equal(gk_counter_add(g, 1, x.coats, -1), GK_OK);
  assert_int_equal(gk_counter_get(g, 1, x.coats), 3);
  assert_int_equal(gk_counter_add(g, 5, x.coats, 1), GK_EINVAL);
  assert_int_equal(gk_counter_add(g, 0, 7, 1), GK_EINVAL);
  /* serialized, cloned and replayed with the game */
  long n = gk_game_serialize(g, NULL, 0);
  unsigned char *buf = malloc((size_t)n);
  gk_game_serialize(g, buf, (size_t)n);
  char err[128];
  gk_game *back = gk_game_deserialize(x.rules, buf, (size_t)n, err, sizeof err);
  assert_non_null(back);
  assert_int_equal(gk_counter_get(back, 1, x.coats), 3);
  gk_game *copy = gk_game_clone(g);
  assert_int_equal(gk_counter_get(copy, 1, x.coats), 3);
  gk_game *fresh = gk_game_new(x.rules, 3, 9);
  gk_event ev[16];
  int ne = gk_log_count(g);
  for (int i = 0; i < ne; i++) gk_log_event(g, i, &ev[i]);
  assert_int_equal(gk_replay(fresh, ev, ne), ne);
  assert_int_equal(gk_counter_get(fresh, 1, x.coats), 3);
  free(buf);
  gk_game_free(back);
  gk_game_free(copy);
  gk_game_free(fresh);
  gk_game_free(g);
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_counters_in_state),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
