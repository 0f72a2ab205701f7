/*
** test_cap_turns.c: how a joined chain may turn (gk_flow_add_turns).
**
** A "water" kind, a spring laid at 0,0 opening south, and a stack of
** curves and straights that must join the water. Heading south, a curve
** at the open end turned twice (rotation 2) goes west: a right turn;
** turned three times (rotation 3) it goes east: a left turn. The stack
** is forced to draw curve, curve, straight, curve; the test follows the
** river and checks which placements each rule offers.
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

enum { NONE = 0 }; /* no turn rule: joins only */

typedef struct chain_rules {
  gk_rules *rules;
  gk_flow *flow;
  int stack, spring, curve, straight;
} chain_rules;

static void chain_game_rules(chain_rules *x, int rule) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  int water = gk_rules_add_kind(r, "water", GK_CLOSE_PORTS, 0);
  x->spring = fx_add_tile(r, "SPRING", "water:S field:#N,#E,#W,SSE,SSW");
  x->curve = fx_add_tile(r, "CURVE", "water:S,E field:#N,#W,ENE,ESE,SSE,SSW");
  x->straight = fx_add_tile(r, "STRAIGHT", "water:N,S field:NNW,NNE,#E,SSE,SSW,#W");
  x->stack = gk_rules_add_stack(r, "chain");
  assert_true(water >= 0 && x->spring >= 0 && x->curve >= 0 && x->straight >= 0 && x->stack >= 0);
  gk_flow *f = gk_flow_new(r);
  assert_non_null(f);
  /* malformed declarations are refused, with a message */
  assert_int_equal(gk_flow_add_turns(f, x->stack, GK_TURNS_ALTERNATE), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "joins no kind"));
  assert_int_equal(gk_flow_add_joins(f, x->stack, water), GK_OK);
  assert_int_equal(gk_flow_add_turns(f, x->stack, (gk_turn_rule)7), GK_EINVAL);
  assert_int_equal(gk_flow_add_turns(f, 99, GK_TURNS_ALTERNATE), GK_EINVAL);
  if (rule != NONE) assert_int_equal(gk_flow_add_turns(f, x->stack, (gk_turn_rule)rule), GK_OK);
  assert_int_equal(gk_flow_set_stack(f, x->stack), GK_OK);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  x->rules = r;
  x->flow = f;
}

static gk_play *chain_play(const chain_rules *x) {
  gk_game *g = gk_game_new(x->rules, 2, 1);
  assert_non_null(g);
  assert_int_equal(gk_place_fixed(g, x->spring, 0, 0, 0, NULL), GK_OK);
  const int order[4] = {x->curve, x->curve, x->straight, x->curve};
  assert_int_equal(gk_stack_add(g, x->stack, x->curve, 3), GK_OK);
  assert_int_equal(gk_stack_add(g, x->stack, x->straight, 1), GK_OK);
  assert_int_equal(gk_stack_force(g, x->stack, order, 4), GK_OK);
  gk_play *p = gk_play_new(x->flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  return p;
}

/* Plays draws and passes up to the next tile placement; its moves. */
static int next_placements(gk_play *p, gk_move *m, int cap) {
  while (!gk_play_over(p) && gk_play_phase(p) != GK_PHASE_PLACE_TILE) {
    int n = gk_play_moves(p, m, cap);
    int pick = -1;
    for (int i = 0; i < n && pick < 0; i++)
      if (m[i].type == GK_MOVE_DRAW || m[i].type == GK_MOVE_PASS) pick = i;
    assert_true(pick >= 0);
    assert_int_equal(gk_play_apply(p, &m[pick]), GK_OK);
  }
  assert_false(gk_play_over(p));
  return gk_play_moves(p, m, cap);
}

/* The placements offered, as x,y,rot, in order (at most 8). */
static int offered(gk_play *p, int32_t out[][3]) {
  gk_move m[64];
  int n = next_placements(p, m, 64);
  assert_true(n >= 0 && n <= 8);
  for (int i = 0; i < n; i++) {
    assert_int_equal(m[i].type, GK_MOVE_PLACE);
    out[i][0] = m[i].x, out[i][1] = m[i].y, out[i][2] = m[i].rot;
  }
  return n;
}

static bool has(int32_t got[][3], int n, int32_t x, int32_t y, int32_t rot) {
  for (int i = 0; i < n; i++)
    if (got[i][0] == x && got[i][1] == y && got[i][2] == rot) return true;
  return false;
}

static void place(gk_play *p, int tile, int32_t at_x, int32_t at_y, int rot) {
  gk_move m = {.type = GK_MOVE_PLACE, .tile = tile, .x = at_x, .y = at_y, .rot = rot};
  assert_int_equal(gk_play_apply(p, &m), GK_OK);
}

/* Curve right at 0,1 (now heading west), curve left at -1,1 (heading
** south), a straight at -1,2: what may the last curve at -1,3 do? And
** may the second curve turn right again? */
static void follow_river(int rule, bool second_right, bool last_left, bool last_right) {
  chain_rules x;
  chain_game_rules(&x, rule);
  gk_play *p = chain_play(&x);
  int32_t got[8][3];
  int n = offered(p, got);
  /* only at the open end, either way */
  assert_int_equal(n, 2);
  assert_true(has(got, n, 0, 1, 2) && has(got, n, 0, 1, 3));
  place(p, x.curve, 0, 1, 2);
  n = offered(p, got); /* heading west: rotation 0 turns left, 3 right */
  assert_true(has(got, n, -1, 1, 0));
  assert_int_equal(has(got, n, -1, 1, 3), second_right);
  assert_int_equal(n, second_right ? 2 : 1);
  place(p, x.curve, -1, 1, 0);
  n = offered(p, got);
  assert_true(n >= 1 && has(got, n, -1, 2, 0));
  place(p, x.straight, -1, 2, 0);
  n = offered(p, got);
  assert_int_equal(has(got, n, -1, 3, 3), last_left);
  assert_int_equal(has(got, n, -1, 3, 2), last_right);
  assert_int_equal(n, (int)last_left + (int)last_right);
  /* the refused placement is illegal, with the reason the kernel gives */
  if (!last_left) {
    gk_move left = {.type = GK_MOVE_PLACE, .tile = x.curve, .x = -1, .y = 3, .rot = 3};
    assert_int_equal(gk_play_apply(p, &left), GK_EILLEGAL);
    assert_int_equal(gk_play_why(p, &left), GK_WHY_VETOED);
  }
  gk_play_free(p); /* and its game */
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}

static void test_joins_only_turns_freely(void **state) {
  (void)state;
  follow_river(NONE, true, true, true);
}

/* alternate: the straight between does not count, so the last curve
** may not turn left again (the second curve turned left). */
static void test_alternate(void **state) {
  (void)state;
  follow_river(GK_TURNS_ALTERNATE, false, false, true);
}

/* alternate_adjacent: the straight resets it, either way is fine. */
static void test_alternate_adjacent(void **state) {
  (void)state;
  follow_river(GK_TURNS_ALTERNATE_ADJACENT, false, true, true);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_joins_only_turns_freely),
      cmocka_unit_test(test_alternate),
      cmocka_unit_test(test_alternate_adjacent),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
