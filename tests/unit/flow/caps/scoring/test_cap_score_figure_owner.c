/*
** test_cap_score_figure_owner.c: figures that score by themselves at the end
** (gk_flow_add_score_figure), each of them or once per owner and feature
** (gk_flow_score_figure_once_per_owner), on the base game built in C.
**
** A "post" (two per player, strength 0, no majority) scores 1 per tile of
** the feature it stands on at the end. A at -1,0 and U at 0,0 make an
** open road of two tiles; player 0 has both posts on it, player 1 one.
** One cloister tile is played, then the final scoring: each post scores
** 2 (player 0: 4), or each owner once (player 0: 2).
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
  int post, reason;
} world;

static void build(world *w, bool once) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  gk_figure_spec two = {2, 0};
  w->post = gk_rules_add_figure_kind(r, "post", &two);
  w->reason = gk_rules_add_reason(r, "post");
  assert_true(w->post >= 0 && w->reason >= 0);
  assert_int_equal(base_fixture_ids(r, &w->id), 0);
  gk_flow *f = base_fixture_flow_open(r, &w->id);
  assert_non_null(f);
  /* nothing declared for the kind yet: refused, with a message */
  assert_int_equal(gk_flow_score_figure_once_per_owner(f, w->post), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "score_figure"));
  gk_formula per_tile = {1, {{GK_TERM_TILE, 0, 1, 0, 0}}};
  assert_int_equal(gk_flow_add_score_figure(f, w->post, GK_WHEN_FINAL, &per_tile, w->reason), GK_OK);
  assert_int_equal(gk_flow_score_figure_once_per_owner(f, w->id.follower), GK_EINVAL);
  if (once) assert_int_equal(gk_flow_score_figure_once_per_owner(f, w->post), GK_OK);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  assert_int_equal(gk_flow_score_figure_once_per_owner(f, w->post), GK_ESTATE); /* frozen */
  w->rules = r;
  w->flow = f;
}

/* The road node of the tile at x,y. */
static int32_t road_at(gk_game *g, const world *w, int32_t x, int32_t y) {
  int t = gk_tile_at(g, x, y);
  for (int s = 0; s < 8; s++) {
    int32_t n = gk_node(g, t, s);
    if (n >= 0 && gk_feature_kind(g, n) == w->id.road) return n;
  }
  fail();
  return -1;
}

static void final_scores(bool once, int32_t expect0, int32_t expect1, int expect_entries) {
  world w;
  build(&w, once);
  const base_ids *id = &w.id;
  gk_game *g = gk_game_new(w.rules, 2, 1);
  assert_non_null(g);
  assert_int_equal(gk_place_fixed(g, id->tile['A' - 'A'], -1, 0, 3, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, id->tile['U' - 'A'], 0, 0, 1, NULL), GK_OK);
  gk_location on_road = {GK_AT_NODE, road_at(g, &w, 0, 0), 0};
  gk_location west = {GK_AT_NODE, road_at(g, &w, -1, 0), 0};
  assert_true(gk_figure_deploy(g, 0, w.post, on_road) >= 0);
  assert_true(gk_figure_deploy(g, 0, w.post, west) >= 0); /* the same road, another tile */
  assert_true(gk_figure_deploy(g, 1, w.post, on_road) >= 0);
  const int B = id->tile['B' - 'A'];
  assert_int_equal(gk_stack_add(g, id->stack, B, 1), GK_OK);
  gk_play *p = gk_play_new(w.flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  gk_move place = {.type = GK_MOVE_PLACE, .tile = B, .x = 0, .y = 1, .rot = 0};
  assert_int_equal(gk_play_apply(p, &place), GK_OK);
  gk_move pass = {.type = GK_MOVE_PASS};
  assert_int_equal(gk_play_apply(p, &pass), GK_OK);
  assert_true(gk_play_over(p));
  assert_int_equal(gk_player_score(g, 0), expect0);
  assert_int_equal(gk_player_score(g, 1), expect1);
  int entries = 0;
  for (int e = 0; e < gk_ledger_count(g); e++) {
    gk_ledger_entry le;
    assert_int_equal(gk_ledger_get(g, e, &le), GK_OK);
    if (le.reason == w.reason) entries++;
  }
  assert_int_equal(entries, expect_entries);
  gk_play_free(p);
  gk_flow_free(w.flow);
  gk_rules_free(w.rules);
}

static void test_each_figure_scores(void **state) {
  (void)state;
  final_scores(false, 4, 2, 3);
}

static void test_once_per_owner(void **state) {
  (void)state;
  final_scores(true, 2, 2, 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_each_figure_scores),
      cmocka_unit_test(test_once_per_owner),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
