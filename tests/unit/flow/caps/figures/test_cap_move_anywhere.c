/*
** test_cap_move_anywhere.c: neutral figures put or moved onto any open
** feature of some kinds after some tiles, never two on one feature
** (gk_flow_add_move_anywhere), on the base game built in C.
**
** A straight road (U) at 0,0; a stack of MAGIC tiles (straight roads
** tagged magic). Player 0 lays one at 0,1: one open road, so the magic
** phase offers it to each figure ({1, anchor} and {2, anchor}, the
** anchor on 0,0, the smaller y); the first figure goes there and marks
** its segment. Player 1 lays one at 0,-1: the only road holds a figure,
** so the one move left takes that figure off the board, and its mark
** goes with it. The declaration's refusals come first.
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
  int one, two, mark, magic, action, phase;
} world;

/* A straight road tile (U) with a tag. */
static int tagged_road(gk_rules *r, const char *id, const char *tag) {
  gk_tile_def def;
  char err[160];
  assert_int_equal(fx_tile_from_spec(r, id, base_fixture_specs['U' - 'A'], &def, err, sizeof err), 0);
  int t = gk_rules_add_tag(r, tag);
  assert_true(t >= 0);
  def.tags = 1ull << t;
  return gk_rules_add_tile(r, &def);
}

static void build(world *w) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  gk_figure_spec neutral = {0, 1};
  w->one = gk_rules_add_figure_kind(r, "one", &neutral);
  w->two = gk_rules_add_figure_kind(r, "two", &neutral);
  w->mark = gk_rules_add_attr(r, "mark", GK_MERGE_SUM);
  w->magic = tagged_road(r, "MAGIC", "magic");
  assert_true(w->one >= 0 && w->two >= 0 && w->mark >= 0 && w->magic >= 0);
  assert_int_equal(base_fixture_ids(r, &w->id), 0);
  gk_flow *f = base_fixture_flow_open(r, &w->id);
  assert_non_null(f);
  w->action = gk_flow_add_action(f, "magic");
  w->phase = gk_flow_add_phase(f, "magic", GK_PHASE_PLACE_TILE);
  gk_move_anywhere_rule x = {.phase = w->phase, .action = w->action,
                             .tiles = {1ull << gk_rules_find_tag(r, "magic"), 0, 0},
                             .kinds = 1ull << w->id.road, .n_figures = 2,
                             .figures = {(uint8_t)w->one, (uint8_t)w->two}, .marks = {w->mark, -1}};
  /* malformed rules are refused, with a message */
  gk_move_anywhere_rule bad = x;
  bad.phase = GK_PHASE_SCORE;
  assert_int_equal(gk_flow_add_move_anywhere(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "move_anywhere: malformed rule"));
  bad = x;
  bad.kinds = 0;
  assert_int_equal(gk_flow_add_move_anywhere(f, &bad), GK_EINVAL);
  bad = x;
  bad.marks[0] = 60; /* no such attribute */
  assert_int_equal(gk_flow_add_move_anywhere(f, &bad), GK_EINVAL);
  bad = x;
  bad.figures[1] = (uint8_t)w->one; /* twice the same kind */
  assert_int_equal(gk_flow_add_move_anywhere(f, &bad), GK_EINVAL);
  bad = x;
  bad.tiles.tags = 0; /* after no tile */
  assert_int_equal(gk_flow_add_move_anywhere(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_move_anywhere(f, NULL), GK_EINVAL);
  assert_int_equal(gk_flow_add_move_anywhere(f, &x), GK_OK);
  assert_int_equal(gk_flow_add_move_anywhere(f, &x), GK_EINVAL); /* one per game */
  assert_non_null(strstr(gk_flow_error(f), "declared twice"));
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  w->rules = r;
  w->flow = f;
}

/* The road segment of the tile at x, y, as a node. */
static int32_t road_node(const world *w, gk_game *g, int32_t x, int32_t y) {
  int32_t t = gk_tile_at(g, x, y);
  for (int s = 0; s < GK_MAX_SEGMENTS; s++) {
    int32_t n = gk_node(g, t, s);
    if (n >= 0 && gk_node_kind(g, n) == w->id.road) return n;
  }
  return -1;
}

static void draw_and_place(gk_play *p, const world *w, int32_t x, int32_t y) {
  gk_move d = {.type = GK_MOVE_DRAW};
  if (gk_play_phase(p) == GK_PHASE_DRAW) assert_int_equal(gk_play_apply(p, &d), GK_OK);
  gk_move m = {.type = GK_MOVE_PLACE, .tile = w->magic, .x = x, .y = y, .rot = 0};
  assert_int_equal(gk_play_apply(p, &m), GK_OK);
  assert_int_equal(gk_play_phase(p), w->phase);
}

static void test_put_then_taken_off(void **state) {
  (void)state;
  world w;
  build(&w);
  gk_game *g = gk_game_new(w.rules, 2, 1);
  assert_non_null(g);
  assert_int_equal(gk_place_fixed(g, w.id.tile['U' - 'A'], 0, 0, 0, NULL), GK_OK);
  const int order[2] = {w.magic, w.magic};
  assert_int_equal(gk_stack_add(g, w.id.stack, w.magic, 2), GK_OK);
  assert_int_equal(gk_stack_force(g, w.id.stack, order, 2), GK_OK);
  gk_play *p = gk_play_new(w.flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  draw_and_place(p, &w, 0, 1);
  gk_move m[8];
  int32_t start = road_node(&w, g, 0, 0);
  int seg = gk_node_segment(g, start) + 1;
  assert_int_equal(gk_play_moves(p, m, 8), 2); /* one road, two figures; no pass */
  for (int i = 0; i < 2; i++) {
    assert_int_equal(m[i].type, GK_MOVE_ACTION);
    assert_int_equal(m[i].arg[0], i + 1);
    assert_int_equal(m[i].arg[1], 0);
    assert_int_equal(m[i].arg[2], 0); /* the anchor: 0,0 before 0,1 */
    assert_int_equal(m[i].arg[3], seg);
  }
  assert_int_equal(gk_play_apply(p, &m[0]), GK_OK);
  int figs[4];
  assert_int_equal(gk_feature_figures(g, start, figs, 4), 1);
  assert_int_equal(gk_node_attr(g, start, w.mark), 1);
  gk_move pass = {.type = GK_MOVE_PASS};
  assert_int_equal(gk_play_apply(p, &pass), GK_OK);
  /* the only road holds the figure: nowhere to go, it leaves */
  draw_and_place(p, &w, 0, -1);
  assert_int_equal(gk_play_moves(p, m, 8), 1);
  assert_int_equal(m[0].arg[0], 1);
  assert_int_equal(m[0].arg[3], 0);
  assert_int_equal(gk_play_apply(p, &m[0]), GK_OK);
  assert_int_equal(gk_feature_figures(g, start, figs, 4), 0);
  assert_int_equal(gk_node_attr(g, start, w.mark), 0);
  gk_play_free(p);
  gk_flow_free(w.flow);
  gk_rules_free(w.rules);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_put_then_taken_off),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
