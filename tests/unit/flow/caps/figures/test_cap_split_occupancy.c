/*
** test_cap_split_occupancy.c: segments with an attribute split a feature
** into parts claimed one by one (gk_split_occupancy_rule).
**
** The base game plus an attribute "square" and a SQUARE tile at 0,0: one
** road segment over its four sides that carries it (a market square the
** streets meet at). Player 2's follower stands on the north street
** (a straight road at 0,-1). Player 1 extends that street at 0,-2: its
** road is taken, no move; player 2 lays a straight east of the square:
** the east street is free, so "action street 1 0 1 0" puts a follower on
** it though the road as a whole is occupied.
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
  int square, straight, action, attr;
} square_rules;

static void square_game_rules(square_rules *x) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  x->attr = gk_rules_add_attr(r, "square", GK_MERGE_ANY);
  assert_true(x->attr >= 0);
  x->square = fx_add_tile(r, "SQUARE",
                          "road:N,E,S,W+square field:NNE,ENE field:ESE,SSE field:SSW,WSW "
                          "field:WNW,NNW");
  x->straight = fx_add_tile(r, "STRAIGHT", "road:N,S field:NNW,#W,SSW field:NNE,#E,SSE");
  assert_true(x->square >= 0 && x->straight >= 0);
  assert_int_equal(base_fixture_ids(r, &x->ids), 0);
  gk_flow *f = base_fixture_flow_open(r, &x->ids);
  assert_non_null(f);
  x->action = gk_flow_add_action(f, "street");
  assert_true(x->action >= 0);
  gk_split_occupancy_rule rule = {.action = x->action, .figure = x->ids.follower, .attr = x->attr};
  /* malformed declarations are refused, with a message */
  gk_split_occupancy_rule bad = rule;
  bad.action = 9; /* no such action */
  assert_int_equal(gk_flow_add_split_occupancy(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "split_occupancy: malformed rule"));
  bad = rule;
  bad.figure = 30; /* no such figure kind */
  assert_int_equal(gk_flow_add_split_occupancy(f, &bad), GK_EINVAL);
  bad = rule;
  bad.attr = 50; /* no such attribute */
  assert_int_equal(gk_flow_add_split_occupancy(f, &bad), GK_EINVAL);
  bad = rule;
  bad.attr = -1;
  assert_int_equal(gk_flow_add_split_occupancy(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_split_occupancy(f, NULL), GK_EINVAL);
  assert_int_equal(gk_flow_add_split_occupancy(f, &rule), GK_OK);
  assert_int_equal(gk_flow_add_split_occupancy(f, &rule), GK_EINVAL); /* one per game */
  assert_non_null(strstr(gk_flow_error(f), "declared twice"));
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  assert_int_equal(gk_flow_add_split_occupancy(f, &rule), GK_ESTATE); /* frozen */
  x->rules = r;
  x->flow = f;
}

/* The square at 0,0, player 2's follower on a straight at 0,-1, and a
** stack of three straights (the game goes on after the second). */
static gk_play *square_play(const square_rules *x) {
  gk_game *g = gk_game_new(x->rules, 2, 1);
  assert_non_null(g);
  assert_int_equal(gk_place_fixed(g, x->square, 0, 0, 0, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, x->straight, 0, -1, 0, NULL), GK_OK);
  assert_true(base_fixture_deploy_at(g, 1, x->ids.follower, 0, -1, 0) >= 0);
  const int order[3] = {x->straight, x->straight, x->straight};
  assert_int_equal(gk_stack_add(g, x->ids.stack, x->straight, 3), GK_OK);
  assert_int_equal(gk_stack_force(g, x->ids.stack, order, 3), GK_OK);
  gk_play *p = gk_play_new(x->flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  return p;
}

/* Draws (if need be) and places the straight at x, y, rot. */
static void place_straight(gk_play *p, const square_rules *x, int32_t at_x, int32_t at_y, int rot) {
  if (gk_play_phase(p) == GK_PHASE_DRAW) {
    gk_move d = {.type = GK_MOVE_DRAW};
    assert_int_equal(gk_play_apply(p, &d), GK_OK);
  }
  gk_move m = {.type = GK_MOVE_PLACE, .tile = x->straight, .x = at_x, .y = at_y, .rot = rot};
  assert_int_equal(gk_play_apply(p, &m), GK_OK);
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_FIGURE);
}

/* How many of the part's moves are listed; whether a deploy onto the
** placed tile's road is (it never is: the road is occupied). */
static int street_moves(gk_play *p, const square_rules *x, gk_move *found) {
  gk_move m[64];
  int n = gk_play_moves(p, m, 64), k = 0;
  assert_true(n > 0 && n <= 64);
  for (int i = 0; i < n; i++)
    if (m[i].type == GK_MOVE_ACTION && m[i].action == x->action) found[k++] = m[i];
  return k;
}

static void test_a_free_street_of_a_taken_road(void **state) {
  (void)state;
  square_rules x;
  square_game_rules(&x);
  gk_play *p = square_play(&x);
  gk_game *g = gk_play_game(p);
  /* player 1 extends the north street: taken, nothing offered */
  place_straight(p, &x, 0, -2, 0);
  gk_move found[8];
  assert_int_equal(street_moves(p, &x, found), 0);
  gk_move illegal = {.type = GK_MOVE_ACTION, .action = x.action, .arg = {0, -2, 1, 0}};
  assert_int_equal(gk_play_apply(p, &illegal), GK_EILLEGAL);
  gk_move pass = {.type = GK_MOVE_PASS};
  assert_int_equal(gk_play_apply(p, &pass), GK_OK);
  /* player 2 opens the east street: free, one move onto its road */
  place_straight(p, &x, 1, 0, 1);
  assert_int_equal(street_moves(p, &x, found), 1);
  assert_int_equal(found[0].arg[0], 1);
  assert_int_equal(found[0].arg[1], 0);
  assert_int_equal(found[0].arg[2], 1);
  assert_int_equal(found[0].arg[3], 0);
  int before = gk_supply(g, 1, x.ids.follower);
  assert_int_equal(gk_play_apply(p, &found[0]), GK_OK);
  assert_int_equal(gk_supply(g, 1, x.ids.follower), before - 1);
  /* both followers now stand on the one road */
  int32_t node = gk_node(g, gk_tile_at(g, 1, 0), 0);
  assert_true(node >= 0);
  int figs[8];
  assert_int_equal(gk_feature_figures(g, node, figs, 8), 2);
  gk_play_free(p);
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_a_free_street_of_a_taken_road),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
