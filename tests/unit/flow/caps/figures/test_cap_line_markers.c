/*
** test_cap_line_markers.c: neutral markers that advance along a line
** after each scored feature (gk_flow_add_line_markers), on the base game.
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
#include "followers.h"

/* {------------------------------------------------------------------
** Line markers: the base game plus two neutral markers starting in
** column 0 that advance west (dir -1 along x) after each scored feature,
** +4 per marker in a scoring leader's column, roads and cities swept.
** ------------------------------------------------------------------- */

typedef struct line_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int marker, reason, action;
} line_rules;

static void line_game_rules(line_rules *x, int order) {
  x->rules = base_fixture_rules_unfrozen(NULL);
  assert_non_null(x->rules);
  gk_figure_spec spec = {0, 2};
  x->marker = gk_rules_add_figure_kind(x->rules, "marker", &spec);
  x->reason = gk_rules_add_reason(x->rules, "line");
  assert_int_equal(base_fixture_ids(x->rules, &x->ids), 0);
  const base_ids *id = &x->ids;
  gk_flow *f = flow_with_followers(x->rules, id);
  gk_figure_rule marker = {.group = 2, .stays = 1};
  assert_int_equal(gk_flow_set_figure(f, x->marker, &marker), GK_OK);
  gk_formula road = {1, {{GK_TERM_TILE, 0, 1, 0, 0}}};
  gk_formula city = {1, {{GK_TERM_TILE, 0, 2, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_CLOSED, &road, id->r_road, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id->city, GK_WHEN_CLOSED, &city, id->r_city, 0), GK_OK);
  gk_formula cloister = {1, {{GK_TERM_BLOCK, 0, 1, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->cloister, GK_WHEN_CLOSED, &cloister, id->r_cloister, 0), GK_OK);
  x->action = gk_flow_add_action(f, "pick");
  gk_line_markers_rule lr = {.figure = x->marker, .axis = 0, .dir = -1, .bonus = 4, .bonus_reason = x->reason,
                     .sweep_kinds = (1ull << id->road) | (1ull << id->city), .order = order,
                     .order_action = x->action, .n_start = 2, .start = {{0, 0}, {0, 0}}};
  /* malformed rules are refused, and there is one set of markers */
  gk_line_markers_rule bad = lr;
  bad.dir = 2;
  assert_int_equal(gk_flow_add_line_markers(f, &bad), GK_EINVAL);
  bad = lr, bad.order = GK_LINE_ORDER_CHOOSE, bad.order_action = 7;
  assert_int_equal(gk_flow_add_line_markers(f, &bad), GK_EINVAL);
  bad = lr, bad.figure = 99;
  assert_int_equal(gk_flow_add_line_markers(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_line_markers(f, &lr), GK_OK);
  assert_int_equal(gk_flow_add_line_markers(f, &lr), GK_EINVAL);
  gk_flow_set_stack(f, id->stack);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  assert_int_equal(gk_flow_add_line_markers(f, &lr), GK_ESTATE);
  x->flow = f;
}

/* The rearmost marker's column (largest x: they advance west). */
static int32_t rear_x(gk_game *g, int marker, int *placed) {
  int32_t rear = INT32_MIN;
  *placed = 0;
  for (int f = 0; f < gk_figure_count(g); f++) {
    gk_figure_info fi;
    gk_figure_get(g, f, &fi);
    if (fi.kind != marker || fi.at.where != GK_AT_CELL) continue;
    (*placed)++;
    assert_true(gk_tile_at(g, fi.at.a, fi.at.b) >= 0); /* always on a tile */
    if (fi.at.a > rear) rear = fi.at.a;
  }
  return rear;
}

static void test_line_markers(void **state) {
  (void)state;
  for (int order = GK_LINE_ORDER_PLACED; order <= GK_LINE_ORDER_CHOOSE; order++) {
    line_rules x;
    line_game_rules(&x, order);
    long moved = 0, swept = 0, bonuses = 0, choices = 0;
    for (uint64_t seed = 1; seed <= 150; seed++) {
      gk_game *g = base_fixture_new_game(x.rules, 3, seed);
      gk_play *p = gk_play_new(x.flow, g, NULL);
      gk_play_seed_agent(p, seed);
      assert_int_equal(gk_play_start(p), GK_OK);
      int placed;
      int32_t rear = rear_x(g, x.marker, &placed);
      assert_int_equal(placed, 2); /* both on their start cell from the first turn */
      assert_int_equal(rear, 0);
      while (!gk_play_over(p)) {
        if (gk_play_phase(p) == GK_PHASE_SCORE) {
          /* waiting in the score phase: only when the player chooses */
          assert_int_equal(order, GK_LINE_ORDER_CHOOSE);
          gk_move m[64];
          int n = gk_play_moves(p, m, 64);
          assert_true(n >= 2);
          for (int i = 0; i < n; i++) {
            assert_int_equal(m[i].type, GK_MOVE_ACTION);
            assert_int_equal(m[i].action, x.action);
            int tile = gk_tile_at(g, m[i].arg[0], m[i].arg[1]);
            assert_true(tile >= 0);
            int32_t node = gk_node(g, tile, m[i].arg[2] - 1);
            gk_feature_info fi;
            assert_int_equal(gk_feature_get(g, node, &fi), GK_OK);
            assert_true(fi.closed && fi.figures > 0);
          }
          choices++;
        }
        /* followers on open roads and cities before the move */
        int standing[64], n_standing = 0;
        for (int f = 0; f < gk_figure_count(g) && n_standing < 64; f++) {
          gk_figure_info fi;
          gk_figure_get(g, f, &fi);
          if (fi.owner < 0 || fi.at.where != GK_AT_NODE) continue;
          int kind = gk_feature_kind(g, fi.at.a);
          if ((kind == x.ids.road || kind == x.ids.city) && !gk_feature_closed(g, fi.at.a))
            standing[n_standing++] = f;
        }
        int ledger = gk_ledger_count(g);
        assert_int_equal(gk_play_random_move(p), GK_OK);
        int32_t now = rear_x(g, x.marker, &placed);
        assert_int_equal(placed, 2);
        assert_true(now <= rear);            /* markers never go back east */
        int scored = 0;
        for (int i = ledger; i < gk_ledger_count(g); i++) {
          gk_ledger_entry e;
          gk_ledger_get(g, i, &e);
          if (e.reason == x.reason) {
            /* 4 per marker in the leader's column: 1 or 2 of them */
            assert_true(e.points == 4 || e.points == 8);
            bonuses++;
          } else if (e.feature >= 0) {
            scored++;
          }
        }
        /* one column per scored feature, at most */
        assert_true(rear - now <= scored + (gk_play_phase(p) == GK_PHASE_SCORE));
        if (now < rear) {
          moved++;
          /* those east of the line went home, though their feature is open */
          for (int i = 0; i < n_standing; i++) {
            gk_figure_info before;
            gk_figure_get(g, standing[i], &before);
            if (before.at.where == GK_AT_SUPPLY) swept++;
          }
          /* the sweep: no follower on a road or city east of the rear marker */
          for (int f = 0; f < gk_figure_count(g); f++) {
            gk_figure_info fi;
            gk_figure_get(g, f, &fi);
            if (fi.owner < 0 || fi.at.where != GK_AT_NODE) continue;
            int kind = gk_feature_kind(g, fi.at.a);
            if (kind != x.ids.road && kind != x.ids.city) continue;
            gk_placed_tile ti;
            gk_tile_info(g, gk_node_tile(g, fi.at.a), &ti);
            assert_true(ti.x <= now);
          }
        }
        rear = now;
      }
      gk_play_free(p);
    }
    print_message("order %d: moved %ld, swept %ld, bonuses %ld, choices %ld\n", order, moved, swept, bonuses, choices);
    assert_true(moved > 50);    /* the markers did advance, often */
    assert_true(bonuses > 20);  /* and paid */
    assert_true(swept > 50);    /* followers on open features went home */
    if (order == GK_LINE_ORDER_CHOOSE) assert_true(choices > 0);
    gk_flow_free(x.flow);
    gk_rules_free(x.rules);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_line_markers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
