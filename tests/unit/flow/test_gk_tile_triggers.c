/*
** test_gk_tile_triggers.c: three capabilities that placing a tagged tile
** sets off, on the base game built in C:
**   deploy_anywhere (gk_flow_add_deploy_anywhere): after a TRIG tile, a
**     follower onto any open feature of another tile;
**   evict (gk_flow_add_evict): after a TRIG tile, a follower on the feature
**     of its segment with attribute "mark" sent home;
**   set_aside (gk_flow_add_set_aside): a stack held until a TRIG tile.
**
** The board: E at 0,0 (city N, field), E turned at 0,-1 (city S: the two
** close a city), B at 1,0 (cloister, field); player 1's follower on that
** cloister. TRIG is a city N-S with the tag "trig" and "mark" on its
** city, a field on each side.
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
  int trig, blocker, other, aside, action, mark;
} world;

enum { DEPLOY_ANYWHERE, EVICT, SET_ASIDE };

/* The rules with TRIG, a blocks_tile figure, another figure kind and a
** second stack; the flow open for the capability under test. */
static gk_flow *open_world(world *w) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  gk_figure_spec one = {0, 1}, mine = {1, 0};
  w->blocker = gk_rules_add_figure_kind(r, "blocker", &one);
  w->other = gk_rules_add_figure_kind(r, "other", &mine);
  w->aside = gk_rules_add_stack(r, "aside");
  w->mark = gk_rules_add_attr(r, "mark", GK_MERGE_SUM);
  int tag = gk_rules_add_tag(r, "trig");
  gk_tile_def def;
  char err[160];
  assert_int_equal(fx_tile_from_spec(r, "TRIG", "city:#N,#S+mark field:#E>0 field:#W>0", &def, err, sizeof err), 0);
  def.tags = 1ull << tag;
  w->trig = gk_rules_add_tile(r, &def);
  assert_int_equal(base_fixture_ids(r, &w->id), 0);
  gk_flow *f = base_fixture_flow_open(r, &w->id);
  assert_non_null(f);
  gk_figure_rule blocks = {.blocks_tile = 1};
  assert_int_equal(gk_flow_set_figure(f, w->blocker, &blocks), GK_OK);
  w->action = gk_flow_add_action(f, "trig");
  w->rules = r;
  w->flow = f;
  return f;
}

static void unbuild(world *w) {
  gk_flow_free(w->flow);
  gk_rules_free(w->rules);
}

static int deploy_at(gk_game *g, int player, int kind, int32_t x, int32_t y, int seg) {
  int f = base_fixture_deploy_at(g, player, kind, x, y, seg);
  assert_true(f >= 0);
  return f;
}

/* The board above; the stack holds `first` then `second`. */
static gk_play *start(world *w, int first, int second, bool blocked) {
  gk_game *g = gk_game_new(w->rules, 2, 1);
  assert_non_null(g);
  const int E = w->id.tile['E' - 'A'], B = w->id.tile['B' - 'A'];
  assert_int_equal(gk_place_fixed(g, E, 0, 0, 0, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, E, 0, -1, 2, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, B, 1, 0, 0, NULL), GK_OK);
  deploy_at(g, 1, w->id.follower, 1, 0, 0);
  if (blocked)
    assert_true(gk_figure_deploy(g, -1, w->blocker, (gk_location){GK_AT_TILE, gk_tile_at(g, 1, 0), 0}) >= 0);
  const int order[2] = {first, second};
  for (int i = 0; i < 2; i++) assert_int_equal(gk_stack_add(g, w->id.stack, order[i], 1), GK_OK);
  assert_int_equal(gk_stack_force(g, w->id.stack, order, 2), GK_OK);
  gk_play *p = gk_play_new(w->flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  return p;
}

static void apply(gk_play *p, gk_move m) { assert_int_equal(gk_play_apply(p, &m), GK_OK); }

static gk_move place(int tile, int32_t x, int32_t y, int rot) {
  return (gk_move){.type = GK_MOVE_PLACE, .tile = tile, .x = x, .y = y, .rot = rot};
}

static gk_move act(const world *w, int32_t x, int32_t y, int seg, int k) {
  return (gk_move){.type = GK_MOVE_ACTION, .action = w->action, .arg = {x, y, seg, k}};
}

static bool same(gk_move a, gk_move b) { return gk_move_equal(&a, &b) != 0; }

/* The action moves now listed, into out[8]; their count. */
static int actions(gk_play *p, gk_move out[8]) {
  gk_move m[64];
  int n = gk_play_moves(p, m, 64), found = 0;
  assert_true(n >= 0 && n <= 64);
  for (int i = 0; i < n; i++)
    if (m[i].type == GK_MOVE_ACTION && found < 8) out[found++] = m[i];
  return found;
}

static gk_figure_info figure(gk_play *p, int f) {
  gk_figure_info fi;
  assert_int_equal(gk_figure_get(gk_play_game(p), f, &fi), GK_OK);
  return fi;
}

/* {==================================================================
** deploy_anywhere
** =================================================================== */

static void build_deploy_anywhere(world *w) {
  gk_flow *f = open_world(w);
  gk_deploy_anywhere_rule x = {.action = w->action, .tiles = {1ull << gk_rules_find_tag(w->rules, "trig"), 0, 0},
                               .n_figures = 2, .figures = {(uint8_t)w->other, (uint8_t)w->id.follower}};
  gk_deploy_anywhere_rule bad = x;
  bad.tiles.tags = 0; /* it needs tiles */
  assert_int_equal(gk_flow_add_deploy_anywhere(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "deploy_anywhere"));
  bad = x;
  bad.figures[1] = (uint8_t)w->other; /* twice */
  assert_int_equal(gk_flow_add_deploy_anywhere(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_deploy_anywhere(f, &x), GK_OK);
  assert_int_equal(gk_flow_add_deploy_anywhere(f, &x), GK_EINVAL); /* one per game */
  assert_int_equal(gk_flow_freeze(f), GK_OK);
}

/* Player 0 lays TRIG at -1,0: the open fields of the other tiles take a
** follower (figure 2 of the rule; "other" has no rule to stand on
** anything); the closed city and player 1's cloister do not. */
static void deploy_anywhere(bool blocked) {
  world w;
  build_deploy_anywhere(&w);
  gk_play *p = start(&w, w.trig, w.id.tile['B' - 'A'], blocked);
  apply(p, place(w.trig, -1, 0, 0)); /* its city N-S, facing no tile */
  gk_move m[8];
  int n = actions(p, m);
  assert_int_equal(n, blocked ? 2 : 3);
  assert_true(same(m[0], act(&w, 0, 0, 2, 2)));
  assert_true(same(m[1], act(&w, 0, -1, 2, 2)));
  if (!blocked) assert_true(same(m[2], act(&w, 1, 0, 2, 2)));
  gk_move closed = act(&w, 0, 0, 1, 2), taken = act(&w, 1, 0, 1, 2);
  assert_int_equal(gk_play_apply(p, &closed), GK_EILLEGAL);
  assert_int_equal(gk_play_apply(p, &taken), GK_EILLEGAL);
  gk_game *g = gk_play_game(p);
  int before = gk_supply(g, 0, w.id.follower);
  apply(p, m[1]);
  assert_int_equal(gk_supply(g, 0, w.id.follower), before - 1);
  int f = gk_figure_count(g) - 1;
  while (f >= 0 && (figure(p, f).owner != 0 || figure(p, f).at.where != GK_AT_NODE)) f--;
  assert_true(f >= 0);
  assert_int_equal(figure(p, f).at.a, gk_node(g, gk_tile_at(g, 0, -1), 1));
  /* player 1 lays a plain tile: nothing anywhere */
  assert_int_equal(gk_play_player(p), 1);
  apply(p, place(w.id.tile['B' - 'A'], 2, 0, 0));
  assert_int_equal(actions(p, m), 0);
  gk_play_free(p);
  unbuild(&w);
}

static void test_deploy_anywhere(void **state) {
  (void)state;
  deploy_anywhere(false);
}

static void test_deploy_anywhere_skips_a_blocked_tile(void **state) {
  (void)state;
  deploy_anywhere(true);
}

/* }================================================================== */

/* {==================================================================
** evict
** =================================================================== */

/* Here E at 0,0 holds player 1's knight in its city, and B at 1,-1 player
** 0's farmer; TRIG at 0,-1 extends the city with its marked segment, and
** its unmarked east field joins the farmer's field. */
static void test_evict(void **state) {
  (void)state;
  world w;
  gk_flow *f = open_world(&w);
  gk_evict_rule x = {.action = w.action, .tiles = {1ull << gk_rules_find_tag(w.rules, "trig"), 0, 0},
                     .figures = 1u << w.id.follower, .attr = w.mark};
  gk_evict_rule bad = x;
  bad.figures = 0;
  assert_int_equal(gk_flow_add_evict(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "evict"));
  assert_int_equal(gk_flow_add_evict(f, &x), GK_OK);
  assert_int_equal(gk_flow_add_evict(f, &x), GK_EINVAL); /* one per game */
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  gk_game *g = gk_game_new(w.rules, 2, 1);
  assert_non_null(g);
  const int E = w.id.tile['E' - 'A'], B = w.id.tile['B' - 'A'];
  assert_int_equal(gk_place_fixed(g, E, 0, 0, 0, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, B, 1, -1, 0, NULL), GK_OK);
  int knight = deploy_at(g, 1, w.id.follower, 0, 0, 0);   /* in the city */
  int other = deploy_at(g, 1, w.other, 0, 0, 0);          /* not a rule's kind */
  int farmer = deploy_at(g, 0, w.id.follower, 1, -1, 1);  /* a field TRIG's field joins */
  const int order[2] = {w.trig, B};
  for (int i = 0; i < 2; i++) assert_int_equal(gk_stack_add(g, w.id.stack, order[i], 1), GK_OK);
  assert_int_equal(gk_stack_force(g, w.id.stack, order, 2), GK_OK);
  gk_play *p = gk_play_new(w.flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  apply(p, place(w.trig, 0, -1, 0)); /* its marked city S joins the knight's */
  gk_move m[8];
  assert_int_equal(actions(p, m), 1); /* the knight only, where it stands */
  assert_true(same(m[0], act(&w, 0, 0, 1, 0)));
  gk_move field = act(&w, 1, -1, 2, 0);
  assert_int_equal(gk_play_apply(p, &field), GK_EILLEGAL);
  apply(p, m[0]);
  assert_int_equal(figure(p, knight).at.where, GK_AT_SUPPLY);
  assert_int_equal(figure(p, other).at.where, GK_AT_NODE);
  assert_int_equal(figure(p, farmer).at.where, GK_AT_NODE);
  /* a plain tile offers nothing */
  apply(p, place(B, 2, -1, 0));
  assert_int_equal(actions(p, m), 0);
  gk_play_free(p);
  unbuild(&w);
}

/* }================================================================== */

/* {==================================================================
** set_aside
** =================================================================== */

static void test_set_aside(void **state) {
  (void)state;
  world w;
  gk_flow *f = open_world(&w);
  gk_tile_filter until = {1ull << gk_rules_find_tag(w.rules, "trig"), 0, 0}, none = {0, 0, 0};
  assert_int_equal(gk_flow_add_set_aside(f, w.aside, &none), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "set_aside"));
  assert_int_equal(gk_flow_add_set_aside(f, 99, &until), GK_EINVAL);
  assert_int_equal(gk_flow_add_set_aside(f, w.aside, &until), GK_OK);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  gk_game *g = gk_game_new(w.rules, 2, 1);
  assert_non_null(g);
  const int B = w.id.tile['B' - 'A'], U = w.id.tile['U' - 'A'];
  assert_int_equal(gk_place_fixed(g, B, 0, 0, 0, NULL), GK_OK);
  const int order[3] = {B, w.trig, B};
  assert_int_equal(gk_stack_add(g, w.id.stack, B, 2), GK_OK);
  assert_int_equal(gk_stack_add(g, w.id.stack, w.trig, 1), GK_OK);
  assert_int_equal(gk_stack_force(g, w.id.stack, order, 3), GK_OK);
  assert_int_equal(gk_stack_add(g, w.aside, U, 4), GK_OK);
  gk_play *p = gk_play_new(w.flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  /* a plain tile: the stack still waits, and no turn draws from it */
  apply(p, place(B, 1, 0, 0));
  apply(p, (gk_move){.type = GK_MOVE_PASS});
  assert_int_equal(gk_stack_size(g, w.aside), 4);
  assert_int_equal(gk_stack_size(g, w.id.stack), 1);
  /* TRIG: its four tiles go into the draw stack */
  apply(p, place(w.trig, -1, 0, 0));
  assert_int_equal(gk_stack_size(g, w.aside), 0);
  assert_int_equal(gk_stack_size(g, w.id.stack), 5);
  assert_int_equal(gk_stack_count(g, w.id.stack, U), 4);
  gk_play_free(p);
  unbuild(&w);
}

/* }================================================================== */

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_deploy_anywhere),
      cmocka_unit_test(test_deploy_anywhere_skips_a_blocked_tile),
      cmocka_unit_test(test_evict),
      cmocka_unit_test(test_set_aside),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
