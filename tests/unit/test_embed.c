/*
** test_embed.c: the embedding API (meeple.h) from C: games with their
** real outcomes, and every refusal at the border (bad settings, unknown
** games, illegal moves, hostile scripts) as a message, never a crash.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "meeple.h"

static char err[512];

static meeple_game *load(int players, uint64_t seed, const char *const *rules) {
  meeple_options o = MEEPLE_OPTIONS_INIT;
  o.path = getenv("MEEPLE_ROOT");
  o.players = players;
  o.seed = seed;
  o.rules = rules;
  return meeple_load(&o, err, sizeof err);
}

static void play_out(meeple_game *g) {
  while (meeple_over(g) == 0) assert_true(meeple_random_move(g) >= 0);
}

static void test_a_seed_is_a_game(void **state) {
  meeple_game *a = load(2, 9, NULL), *b = load(2, 9, NULL);
  assert_non_null(a);
  assert_non_null(b);
  play_out(a);
  play_out(b);
  int32_t sa[MEEPLE_MAX_PLAYERS], sb[MEEPLE_MAX_PLAYERS];
  assert_int_equal(meeple_scores(a, sa, MEEPLE_MAX_PLAYERS), 2);
  assert_int_equal(meeple_scores(b, sb, MEEPLE_MAX_PLAYERS), 2);
  assert_memory_equal(sa, sb, sizeof(int32_t) * 2);
  assert_true(sa[0] + sa[1] > 0);
  assert_int_equal(meeple_move_count(a), 0);
  assert_true(meeple_random_move(a) < 0);
  assert_string_equal(meeple_error(a), "the game is over");
  meeple_free(a);
  meeple_free(b);
}

static void test_moves_and_clone(void **state) {
  meeple_game *g = load(3, 2, NULL);
  assert_non_null(g);
  assert_int_equal(meeple_players(g), 3);
  assert_int_equal(meeple_player(g), 1);
  char name[128];
  assert_true(meeple_move_name(g, 1, name, sizeof name) > 0);
  meeple_game *c = meeple_clone(g);
  assert_non_null(c);
  assert_true(meeple_apply_text(g, name) >= 0);
  assert_true(meeple_apply(c, 1) >= 0);
  assert_int_equal(meeple_move_count(g), meeple_move_count(c));
  play_out(c);
  assert_int_equal(meeple_over(g), 0);
  meeple_free(g); /* the clone outlives it */
  size_t len = 0;
  char *rec = meeple_record(c, &len);
  assert_non_null(rec);
  meeple_game *r = meeple_replay(rec, len, getenv("MEEPLE_ROOT"), err, sizeof err);
  assert_non_null(r);
  assert_int_equal(meeple_over(r), 1);
  free(rec);
  meeple_free(r);
  meeple_free(c);
}

static void test_refusals(void **state) {
  meeple_game *g = load(2, 1, NULL);
  int n = meeple_move_count(g);
  assert_true(meeple_apply(g, n) < 0);
  assert_non_null(strstr(meeple_error(g), "not legal now"));
  assert_true(meeple_apply(g, -5) < 0);
  assert_true(meeple_apply_text(g, "place Z 1,1 r0") < 0);
  assert_non_null(strstr(meeple_error(g), "is not a legal move now"));
  assert_true(meeple_apply_text(g, NULL) < 0);
  assert_true(meeple_step(g, 999, NULL) < 0);
  assert_int_equal(meeple_move_count(g), n); /* nothing changed */
  meeple_observation *o = malloc(sizeof *o);
  assert_int_equal(meeple_observe(g, o), 0);
  assert_int_equal(o->status[3], n);
  assert_int_equal(o->status[0], 1);
  free(o);
  meeple_free(g);
  meeple_free(NULL);

  assert_null(meeple_load(NULL, err, sizeof err));
  meeple_options bad = MEEPLE_OPTIONS_INIT;
  const char *opts[] = {"no_equals_sign", NULL};
  bad.options = opts;
  assert_null(meeple_load(&bad, err, sizeof err));
  assert_non_null(strstr(err, "key=value"));
  bad.options = NULL;
  bad.game = "nope";
  bad.path = getenv("MEEPLE_ROOT");
  assert_null(meeple_load(&bad, err, sizeof err));
  assert_non_null(strstr(err, "no script 'nope'"));
  assert_null(load(9, 1, NULL));
  assert_non_null(strstr(err, "is for 2 to"));
  const char *hostile[] = {"tests/fixtures/embed/hostile.lua", NULL};
  char path[4096];
  snprintf(path, sizeof path, "%s/tests/fixtures/embed/hostile.lua", getenv("MEEPLE_ROOT"));
  hostile[0] = path;
  assert_null(load(2, 1, hostile));
  assert_non_null(strstr(err, "hostile.lua:2:"));
  assert_null(meeple_replay(NULL, 0, NULL, err, sizeof err));
  assert_null(meeple_replay("{}", 2, NULL, err, sizeof err));
  assert_non_null(strstr(err, "not a meeple game record"));
}

static void test_simulate(void **state) {
  meeple_options o = MEEPLE_OPTIONS_INIT;
  o.path = getenv("MEEPLE_ROOT");
  o.players = 3;
  int32_t out[10 * MEEPLE_MAX_PLAYERS];
  assert_int_equal(meeple_simulate(&o, 10, 5, out, err, sizeof err), 3);
  int total = 0;
  for (int i = 0; i < 30; i++) total += out[i];
  assert_true(total > 0);
  assert_true(meeple_simulate(&o, -1, 5, out, err, sizeof err) < 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_a_seed_is_a_game),
    cmocka_unit_test(test_moves_and_clone),
    cmocka_unit_test(test_refusals),
    cmocka_unit_test(test_simulate),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
