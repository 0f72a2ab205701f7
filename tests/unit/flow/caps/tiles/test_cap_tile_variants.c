/*
** test_cap_tile_variants.c: a drawn tile played as one of its variants
** (gk_flow_add_tile_variants).
**
** The base game, a variant "E2" of the city cap E (the same edges, another
** type), a counter "uses" and a limit of 1 with two players. The stack is
** forced to draw U, E, E, E: U has no variant, so its turn draws at once;
** each E offers E2's placements before the draw until its player has used
** their one variant. Playing E2 takes the E out of the stack and counts.
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

typedef struct variant_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int e, e2, u, uses;
} variant_rules;

static void variant_game_rules(variant_rules *x) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  x->e2 = fx_add_tile(r, "E2", base_fixture_specs['E' - 'A']);
  x->uses = gk_rules_add_counter(r, "uses");
  assert_true(x->e2 >= 0 && x->uses >= 0);
  assert_int_equal(base_fixture_ids(r, &x->ids), 0);
  x->e = x->ids.tile['E' - 'A'];
  x->u = x->ids.tile['U' - 'A'];
  gk_flow *f = base_fixture_flow_open(r, &x->ids);
  assert_non_null(f);
  /* malformed declarations are refused, with a message */
  gk_tile_variants_rule v = {.counter = x->uses, .limit = {5, 1, 1, 1, 1, 1, 1, 1}, .n = 1};
  v.tile[0] = x->e;
  v.variant[0] = x->e;
  assert_int_equal(gk_flow_add_tile_variants(f, &v), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "tile_variants: malformed rule"));
  v.variant[0] = x->e2;
  v.counter = 99;
  assert_int_equal(gk_flow_add_tile_variants(f, &v), GK_EINVAL);
  v.counter = x->uses;
  v.n = 0;
  assert_int_equal(gk_flow_add_tile_variants(f, &v), GK_EINVAL);
  v.n = 1;
  v.limit[3] = -1;
  assert_int_equal(gk_flow_add_tile_variants(f, &v), GK_EINVAL);
  v.limit[3] = 1;
  assert_int_equal(gk_flow_add_tile_variants(f, &v), GK_OK);
  assert_int_equal(gk_flow_add_tile_variants(f, &v), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "declared twice"));
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  x->rules = r;
  x->flow = f;
}

static gk_play *variant_play(const variant_rules *x) {
  gk_game *g = gk_game_new(x->rules, 2, 1);
  assert_non_null(g);
  assert_int_equal(base_fixture_start(g), GK_OK);
  const int order[4] = {x->u, x->e, x->e, x->e};
  assert_int_equal(gk_stack_add(g, x->ids.stack, x->e, 3), GK_OK);
  assert_int_equal(gk_stack_add(g, x->ids.stack, x->u, 1), GK_OK);
  assert_int_equal(gk_stack_force(g, x->ids.stack, order, 4), GK_OK);
  gk_play *p = gk_play_new(x->flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  return p;
}

/* Passes (or plays the first placement) until the play waits in the draw
** phase or the place-tile phase of the next turn. */
static void to_next_turn(gk_play *p) {
  gk_move m[256];
  int turn = gk_play_turn(p);
  while (!gk_play_over(p)) {
    int ph = gk_play_phase(p);
    if (gk_play_turn(p) != turn && (ph == GK_PHASE_DRAW || ph == GK_PHASE_PLACE_TILE)) return;
    int n = gk_play_moves(p, m, 256);
    assert_true(n > 0);
    int pick = 0;
    for (int i = 0; i < n; i++)
      if (m[i].type == GK_MOVE_PASS) pick = i;
    assert_int_equal(gk_play_apply(p, &m[pick]), GK_OK);
  }
}

static void test_variant_instead_of_the_draw(void **state) {
  (void)state;
  variant_rules x;
  variant_game_rules(&x);
  gk_play *p = variant_play(&x);
  gk_game *g = gk_play_game(p);
  gk_move m[256];

  /* turn 1: U has no variant: no choice, the tile is drawn at once */
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_TILE);
  int n = gk_play_moves(p, m, 256);
  assert_true(n > 0);
  assert_int_equal(m[0].tile, x.u);
  assert_int_equal(gk_play_apply(p, &m[0]), GK_OK);
  to_next_turn(p);

  /* turn 2: E on top: E2's placements, then the draw */
  int player = gk_play_player(p);
  assert_int_equal(gk_play_phase(p), GK_PHASE_DRAW);
  n = gk_play_moves(p, m, 256);
  int placements = gk_legal_placements(g, x.e2, NULL, 0);
  assert_true(placements > 0);
  assert_int_equal(n, placements + 1);
  for (int i = 0; i < placements; i++) {
    assert_int_equal(m[i].type, GK_MOVE_PLACE);
    assert_int_equal(m[i].tile, x.e2);
  }
  assert_int_equal(m[n - 1].type, GK_MOVE_DRAW);
  assert_int_equal(gk_play_why(p, &m[0]), GK_WHY_LEGAL);
  gk_move plain = m[0];
  plain.tile = x.e;
  assert_int_equal(gk_play_why(p, &plain), GK_WHY_DRAW_FIRST);
  assert_int_equal(gk_play_apply(p, &plain), GK_EILLEGAL);
  /* played: the E leaves the stack, the counter counts it */
  assert_int_equal(gk_stack_size(g, x.ids.stack), 3);
  gk_move v = m[0];
  assert_int_equal(gk_play_apply(p, &v), GK_OK);
  assert_int_equal(gk_stack_size(g, x.ids.stack), 2);
  assert_int_equal(gk_stack_count(g, x.ids.stack, x.e), 2);
  assert_int_equal(gk_counter_get(g, player, x.uses), 1);
  gk_placed_tile t;
  assert_int_equal(gk_tile_info(g, gk_tile_at(g, v.x, v.y), &t), GK_OK);
  assert_int_equal(t.type, x.e2);
  to_next_turn(p);

  /* turn 3: the other player, none used: offered; the draw chosen */
  assert_int_not_equal(gk_play_player(p), player);
  assert_int_equal(gk_play_phase(p), GK_PHASE_DRAW);
  n = gk_play_moves(p, m, 256);
  assert_int_equal(m[n - 1].type, GK_MOVE_DRAW);
  assert_int_equal(gk_play_apply(p, &m[n - 1]), GK_OK);
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_TILE);
  assert_int_equal(gk_counter_get(g, gk_play_player(p), x.uses), 0);
  n = gk_play_moves(p, m, 256);
  assert_int_equal(m[0].tile, x.e);
  assert_int_equal(gk_play_apply(p, &m[0]), GK_OK);
  assert_int_equal(gk_stack_size(g, x.ids.stack), 1);
  to_next_turn(p);

  /* turn 4: the first player used their one (limit 1 with 2 players): no
  ** choice, the E is drawn; its variant is refused where E may go */
  assert_int_equal(gk_play_player(p), player);
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_TILE);
  n = gk_play_moves(p, m, 256);
  assert_true(n > 0);
  assert_int_equal(m[0].tile, x.e);
  gk_move late = m[0];
  late.tile = x.e2;
  assert_int_equal(gk_play_why(p, &late), GK_WHY_NOT_IN_HAND);
  assert_int_equal(gk_play_apply(p, &late), GK_EILLEGAL);
  gk_play_free(p); /* and its game */
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_variant_instead_of_the_draw),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
