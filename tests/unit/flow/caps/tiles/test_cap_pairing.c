/*
** test_cap_pairing.c: tiles of two sorts paired one to one with a
** neighbour of the other sort (gk_flow_add_pairing), on the base game
** built in C.
**
** Cloisters (B) at 0,0 and 2,0; a stack of SHRINE tiles (a B tagged
** shrine): the first sort is the shrines, the second the tiles with a
** cloister. A shrine drawn is not offered at 1,0 or 1,1 (next to two
** cloisters) but is at -1,0 (next to one). Once it stands at -1,0, the
** next shrine is not offered next to the cloister at 0,0 (it has its
** shrine), but is at -2,0 (a shrine by a shrine) and by the free
** cloister at 2,0. The declaration's refusals come first.
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

typedef struct world {
  gk_rules *rules;
  gk_flow *flow;
  base_ids id;
  int shrine;
} world;

static void build(world *w) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  gk_tile_def def;
  char err[160];
  assert_int_equal(fx_tile_from_spec(r, "SHRINE", base_fixture_specs['B' - 'A'], &def, err, sizeof err), 0);
  int tag = gk_rules_add_tag(r, "shrine");
  assert_true(tag >= 0);
  def.tags = 1ull << tag;
  w->shrine = gk_rules_add_tile(r, &def);
  assert_true(w->shrine >= 0);
  assert_int_equal(base_fixture_ids(r, &w->id), 0);
  gk_flow *f = base_fixture_flow_open(r, &w->id);
  assert_non_null(f);
  gk_pairing_rule x = {.a = {1ull << tag, 0, 0}, .b = {0, 0, 1ull << w->id.cloister},
                       .rival_kind = w->id.cloister};
  /* malformed rules are refused, with a message */
  gk_pairing_rule bad = x;
  bad.a.tags = 0; /* an empty sort */
  assert_int_equal(gk_flow_add_pairing(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "pairing: malformed rule"));
  bad = x;
  bad.rival_kind = 60; /* no such kind */
  assert_int_equal(gk_flow_add_pairing(f, &bad), GK_EINVAL);
  bad = x;
  bad.b.kinds = 1ull << 40;
  assert_int_equal(gk_flow_add_pairing(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_pairing(f, NULL), GK_EINVAL);
  assert_int_equal(gk_flow_add_pairing(f, &x), GK_OK);
  assert_int_equal(gk_flow_add_pairing(f, &x), GK_EINVAL); /* one per game */
  assert_non_null(strstr(gk_flow_error(f), "declared twice"));
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  w->rules = r;
  w->flow = f;
}

/* Whether the part's placements include one at x, y. */
static bool offered(gk_play *p, int32_t x, int32_t y) {
  gk_move m[256];
  int n = gk_play_moves(p, m, 256);
  assert_true(n > 0 && n <= 256);
  for (int i = 0; i < n; i++)
    if (m[i].type == GK_MOVE_PLACE && m[i].x == x && m[i].y == y) return true;
  return false;
}

static void test_one_to_one(void **state) {
  (void)state;
  world w;
  build(&w);
  gk_game *g = gk_game_new(w.rules, 2, 1);
  assert_non_null(g);
  assert_int_equal(gk_place_fixed(g, w.id.tile['B' - 'A'], 0, 0, 0, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, w.id.tile['B' - 'A'], 2, 0, 0, NULL), GK_OK);
  const int order[3] = {w.shrine, w.shrine, w.shrine};
  assert_int_equal(gk_stack_add(g, w.id.stack, w.shrine, 3), GK_OK);
  assert_int_equal(gk_stack_force(g, w.id.stack, order, 3), GK_OK);
  gk_play *p = gk_play_new(w.flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_TILE);
  assert_false(offered(p, 1, 0)); /* next to two cloisters */
  assert_false(offered(p, 1, 1));
  assert_true(offered(p, -1, 0)); /* next to one */
  assert_true(offered(p, 3, 0));
  gk_move m = {.type = GK_MOVE_PLACE, .tile = w.shrine, .x = -1, .y = 0, .rot = 0};
  assert_int_equal(gk_play_apply(p, &m), GK_OK);
  gk_move pass = {.type = GK_MOVE_PASS};
  assert_int_equal(gk_play_apply(p, &pass), GK_OK);
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_TILE);
  assert_false(offered(p, 0, 1));   /* that cloister already has its shrine */
  assert_false(offered(p, -1, 1));  /* likewise */
  assert_true(offered(p, -2, 0));   /* a shrine by a shrine, no cloister near */
  assert_true(offered(p, 3, 0));    /* the other cloister is free */
  gk_play_free(p);
  gk_flow_free(w.flow);
  gk_rules_free(w.rules);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_one_to_one),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
