/*
** test_cap_square_count.c: square counts (gk_flow_add_square_count): a
** figure on a marked segment of a completed feature scores what the 3x3
** square around its tile holds.
**
** The base game plus an attribute "lookout" and a tile LOOK: a city to
** the north marked lookout=2 (the points per thing counted), fields
** around. Start tile D at 0,0 (its city north); fixed around 0,-1:
** cloisters B at 1,-1 (player 1's monk on it) and -1,-2, an all-city C
** with a pennant at 1,-2; far away a road U at 5,5 (player 0's follower on
** it). Player 0 places LOOK at 0,-1 turned twice (city south) and deploys
** on its city, which closes it (2 tiles, 4 points): the follower scores
** 2 per thing the rule counts in the square around 0,-1. Scores are read
** when player 1's turn begins (a second LOOK waits in the stack).
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

typedef struct square_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int lookout, reason, look;
} square_rules;

static void square_game_rules(square_rules *x, gk_square_count_rule rule) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  assert_int_equal(base_fixture_ids(r, &x->ids), 0);
  x->lookout = gk_rules_add_attr(r, "lookout", GK_MERGE_SUM);
  x->reason = gk_rules_add_reason(r, "lookout");
  x->look = fx_add_tile(r, "LOOK", "city:#N+lookout=2 field:#E,#S,#W>0");
  assert_true(x->lookout >= 0 && x->reason >= 0 && x->look >= 0);
  gk_flow *f = base_fixture_flow_open(r, &x->ids);
  assert_non_null(f);
  rule.attr = x->lookout;
  rule.kinds = 1ull << x->ids.city;
  rule.scorers = 1u << x->ids.follower;
  rule.reason = x->reason;
  /* malformed declarations are refused, with a message */
  gk_square_count_rule bad = rule;
  bad.attr = 60;
  assert_int_equal(gk_flow_add_square_count(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "square_count: malformed rule"));
  bad = rule;
  bad.kinds = 0;
  assert_int_equal(gk_flow_add_square_count(f, &bad), GK_EINVAL);
  bad = rule;
  bad.scorers = 0;
  assert_int_equal(gk_flow_add_square_count(f, &bad), GK_EINVAL);
  bad = rule;
  bad.count = 9;
  assert_int_equal(gk_flow_add_square_count(f, &bad), GK_EINVAL);
  bad = rule;
  bad.count = GK_SQUARE_TILES;
  bad.arg = 40; /* no such kind */
  assert_int_equal(gk_flow_add_square_count(f, &bad), GK_EINVAL);
  bad = rule;
  bad.count = GK_SQUARE_FIGURES;
  bad.figures = 0;
  assert_int_equal(gk_flow_add_square_count(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_square_count(f, NULL), GK_EINVAL);
  assert_int_equal(gk_flow_add_square_count(f, &rule), GK_OK);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  assert_int_equal(gk_flow_add_square_count(f, &rule), GK_ESTATE); /* frozen */
  x->rules = r;
  x->flow = f;
}

static void square_free(square_rules *x) {
  gk_flow_free(x->flow);
  gk_rules_free(x->rules);
}

static int tile_of(const square_rules *x, char letter) { return x->ids.tile[letter - 'A']; }

/* The square around 0,-1 and player 0's turn; player 0's score after it
** (player 1's in *other_player). */
static int32_t play_look(const square_rules *x, int32_t *other_player) {
  gk_game *g = gk_game_new(x->rules, 2, 1);
  assert_non_null(g);
  assert_int_equal(base_fixture_start(g), GK_OK);
  assert_int_equal(gk_place_fixed(g, tile_of(x, 'B'), 1, -1, 0, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, tile_of(x, 'B'), -1, -2, 0, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, tile_of(x, 'C'), 1, -2, 0, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, tile_of(x, 'U'), 5, 5, 0, NULL), GK_OK);
  /* player 1's follower on the cloister at 1,-1 (in the square), player
  ** 0's on the road of U (outside it) */
  assert_true(base_fixture_deploy_at(g, 1, x->ids.follower, 1, -1, 0) >= 0);
  assert_true(base_fixture_deploy_at(g, 0, x->ids.follower, 5, 5, 0) >= 0);
  assert_int_equal(gk_stack_add(g, x->ids.stack, x->look, 2), GK_OK);
  gk_play *p = gk_play_new(x->flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  gk_move m[512];
  while (gk_play_phase(p) != GK_PHASE_PLACE_TILE) {
    assert_true(gk_play_moves(p, m, 512) > 0);
    assert_int_equal(gk_play_apply(p, &m[0]), GK_OK);
  }
  gk_move place = {.type = GK_MOVE_PLACE, .tile = x->look, .x = 0, .y = -1, .rot = 2};
  assert_int_equal(gk_play_apply(p, &place), GK_OK);
  /* player 0 deploys on LOOK's city (segment 0), which closes it */
  int n = gk_play_moves(p, m, 512);
  int pick = -1;
  for (int i = 0; i < n; i++)
    if (m[i].type == GK_MOVE_DEPLOY && m[i].figure_kind == x->ids.follower &&
        m[i].at.where == GK_AT_NODE && gk_node_segment(g, m[i].at.a) == 0 &&
        gk_node_tile(g, m[i].at.a) == gk_tile_at(g, 0, -1))
      pick = i;
  assert_true(pick >= 0);
  assert_int_equal(gk_play_apply(p, &m[pick]), GK_OK);
  while (!gk_play_over(p) && gk_play_player(p) == 0) {
    n = gk_play_moves(p, m, 512);
    int pass = -1;
    for (int i = 0; i < n && pass < 0; i++)
      if (m[i].type == GK_MOVE_PASS) pass = i;
    if (pass < 0) break;
    assert_int_equal(gk_play_apply(p, &m[pass]), GK_OK);
  }
  int32_t score = gk_player_score(g, 0);
  *other_player = gk_player_score(g, 1);
  gk_play_free(p);
  return score;
}

/* The base ids, from rules built once for the purpose. */
static base_ids ids(void) {
  gk_rules *r = base_fixture_rules(NULL);
  assert_non_null(r);
  base_ids out;
  assert_int_equal(base_fixture_ids(r, &out), 0);
  gk_rules_free(r);
  return out;
}

/* The city is 2 tiles, no pennant: 4 points (2 a tile) plus the count. */
static void check_count(gk_square_count_rule rule, int32_t count) {
  square_rules x;
  square_game_rules(&x, rule);
  int32_t other = -1;
  assert_int_equal(play_look(&x, &other), 4 + 2 * count);
  assert_int_equal(other, 0);
  square_free(&x);
}

static void test_square_segments(void **state) {
  (void)state;
  /* the two cloisters B at 1,-1 and -1,-2 */
  check_count((gk_square_count_rule){.count = GK_SQUARE_SEGMENTS, .arg = ids().cloister, .unless = -1}, 2);
}

static void test_square_tiles(void **state) {
  (void)state;
  base_ids id = ids();
  /* tiles with a city: LOOK, D, C (U is far away) */
  check_count((gk_square_count_rule){.count = GK_SQUARE_TILES, .arg = id.city, .unless = -1}, 3);
  /* unless pennant: C's city has one, so C does not count */
  check_count((gk_square_count_rule){.count = GK_SQUARE_TILES, .arg = id.city, .unless = id.pennant}, 2);
  /* tiles with a road: D (U is outside the square) */
  check_count((gk_square_count_rule){.count = GK_SQUARE_TILES, .arg = id.road, .unless = -1}, 1);
}

static void test_square_attr(void **state) {
  (void)state;
  /* C's pennant */
  check_count((gk_square_count_rule){.count = GK_SQUARE_ATTR, .arg = ids().pennant, .unless = -1}, 1);
}

static void test_square_figures(void **state) {
  (void)state;
  /* player 0's own follower on LOOK and player 1's on the cloister at
  ** 1,-1; not player 0's on U, outside the square */
  check_count((gk_square_count_rule){.count = GK_SQUARE_FIGURES, .figures = 1u << ids().follower,
                                     .unless = -1},
              2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_square_segments),
      cmocka_unit_test(test_square_tiles),
      cmocka_unit_test(test_square_attr),
      cmocka_unit_test(test_square_figures),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
