/*
** test_cap_walker.c: a neutral figure that lands on some tiles and walks
** after others, sending figures home (gk_flow_add_walker), on the base
** game built in C.
**
** Cloisters (B, all field around) at 0,0 1,0 2,0 and 0,1; player 1's
** follower on 1,0, player 0's on 2,0 and a spared figure of player 1 on
** 2,0; an avoided figure on 0,1. Player 0 lays a landing tile at -1,0
** (the walker lands), player 1 a walking tile at -1,1: the walk goes
** from -1,0, player 1 first (east or south), then player 0 (only east:
** 0,1 is avoided, -1,0 entered), then player 1 onto 2,0, a dead end.
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
  int walker, avoided, spared, land, walk, action, phase;
} world;

/* A cloister tile (B) with a tag. */
static int tagged_cloister(gk_rules *r, const char *id, const char *tag) {
  gk_tile_def def;
  char err[160];
  assert_int_equal(fx_tile_from_spec(r, id, base_fixture_specs['B' - 'A'], &def, err, sizeof err), 0);
  int t = gk_rules_add_tag(r, tag);
  assert_true(t >= 0);
  def.tags = 1ull << t;
  return gk_rules_add_tile(r, &def);
}

static void build(world *w, int steps) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  gk_figure_spec one = {0, 1}, mine = {1, 0};
  w->walker = gk_rules_add_figure_kind(r, "walker", &one);
  w->avoided = gk_rules_add_figure_kind(r, "avoided", &one);
  w->spared = gk_rules_add_figure_kind(r, "spared", &mine);
  w->land = tagged_cloister(r, "LAND", "land");
  w->walk = tagged_cloister(r, "WALK", "walk");
  assert_int_equal(base_fixture_ids(r, &w->id), 0);
  gk_flow *f = base_fixture_flow_open(r, &w->id);
  assert_non_null(f);
  w->action = gk_flow_add_action(f, "walk");
  w->phase = gk_flow_add_phase(f, "walk", GK_PHASE_PLACE_FIGURE);
  gk_walker_rule x = {.figure = w->walker, .lands = {1ull << gk_rules_find_tag(r, "land"), 0, 0},
                      .walks = {1ull << gk_rules_find_tag(r, "walk"), 0, 0}, .steps = steps,
                      .phase = w->phase, .action = w->action, .avoids = 1u << w->avoided,
                      .spares = 1u << w->spared};
  /* malformed rules are refused, with a message */
  gk_walker_rule bad = x;
  bad.phase = GK_PHASE_SCORE;
  assert_int_equal(gk_flow_add_walker(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "walker"));
  bad = x;
  bad.steps = GK_MAX_WALK_STEPS + 1;
  assert_int_equal(gk_flow_add_walker(f, &bad), GK_EINVAL);
  bad = x;
  bad.spares = 1u << 31;
  assert_int_equal(gk_flow_add_walker(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_walker(f, &x), GK_OK);
  assert_int_equal(gk_flow_add_walker(f, &x), GK_EINVAL); /* one per game */
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  w->rules = r;
  w->flow = f;
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

typedef struct board {
  gk_play *play;
  int mine1, mine0, spared; /* player 1's follower, player 0's, the spared one */
} board;

static board start(world *w) {
  gk_game *g = gk_game_new(w->rules, 2, 1);
  assert_non_null(g);
  const int B = w->id.tile['B' - 'A'];
  const int32_t at[4][2] = {{0, 0}, {1, 0}, {2, 0}, {0, 1}};
  for (int i = 0; i < 4; i++) assert_int_equal(gk_place_fixed(g, B, at[i][0], at[i][1], 0, NULL), GK_OK);
  board b;
  b.mine1 = deploy_at(g, 1, w->id.follower, 1, 0, 0);
  b.mine0 = deploy_at(g, 0, w->id.follower, 2, 0, 1);
  b.spared = deploy_at(g, 1, w->spared, 2, 0, 1); /* the field: it stays at the end */
  deploy_at(g, -1, w->avoided, 0, 1, 0);
  const int order[2] = {w->land, w->walk};
  for (int i = 0; i < 2; i++) assert_int_equal(gk_stack_add(g, w->id.stack, order[i], 1), GK_OK);
  assert_int_equal(gk_stack_force(g, w->id.stack, order, 2), GK_OK);
  b.play = gk_play_new(w->flow, g, NULL);
  assert_non_null(b.play);
  assert_int_equal(gk_play_start(b.play), GK_OK);
  return b;
}

static void apply(gk_play *p, gk_move m) { assert_int_equal(gk_play_apply(p, &m), GK_OK); }

static gk_move walk_move(const world *w, int32_t x, int32_t y, int mover, int step) {
  return (gk_move){.type = GK_MOVE_ACTION, .action = w->action, .arg = {x, y, mover, step}};
}

/* The walker's tile as x, y. */
static void walker_at(gk_game *g, const world *w, int32_t *x, int32_t *y) {
  for (int f = 0; f < gk_figure_count(g); f++) {
    gk_figure_info fi;
    gk_figure_get(g, f, &fi);
    if (fi.kind != w->walker) continue;
    assert_int_equal(fi.at.where, GK_AT_TILE);
    gk_placed_tile pt;
    assert_int_equal(gk_tile_info(g, fi.at.a, &pt), GK_OK);
    *x = pt.x, *y = pt.y;
    return;
  }
  fail();
}

static void walk(int steps) {
  world w;
  build(&w, steps);
  board b = start(&w);
  gk_play *p = b.play;
  gk_game *g = gk_play_game(p);
  int32_t x, y;
  apply(p, (gk_move){.type = GK_MOVE_PLACE, .tile = w.land, .x = -1, .y = 0, .rot = 0});
  walker_at(g, &w, &x, &y);
  assert_true(x == -1 && y == 0); /* landed */
  apply(p, (gk_move){.type = GK_MOVE_PASS});
  apply(p, (gk_move){.type = GK_MOVE_PLACE, .tile = w.walk, .x = -1, .y = 1, .rot = 0});
  assert_int_equal(gk_play_decider(p), 1); /* the deploy: the active player's */
  apply(p, (gk_move){.type = GK_MOVE_PASS});
  /* player 1 (mover 2) first: east or south, in that order */
  gk_move m[8];
  assert_int_equal(gk_play_phase(p), w.phase);
  assert_int_equal(gk_play_player(p), 1);
  assert_int_equal(gk_play_decider(p), 1); /* each step its mover's decision */
  assert_int_equal(gk_play_moves(p, m, 8), 2);
  assert_true(gk_move_equal(&m[0], &(gk_move){.type = GK_MOVE_ACTION, .action = w.action, .arg = {0, 0, 2, 1}}));
  assert_true(gk_move_equal(&m[1], &(gk_move){.type = GK_MOVE_ACTION, .action = w.action, .arg = {-1, 1, 2, 1}}));
  apply(p, m[0]);
  /* player 0: 0,1 is avoided and -1,0 entered: east only */
  assert_int_equal(gk_play_moves(p, m, 8), 1);
  assert_int_equal(gk_play_player(p), 1);
  assert_int_equal(gk_play_decider(p), 0); /* player 0 decides in player 1's turn */
  assert_true(gk_move_equal(&m[0], &(gk_move){.type = GK_MOVE_ACTION, .action = w.action, .arg = {1, 0, 1, 2}}));
  gk_move back = walk_move(&w, -1, 0, 1, 2);
  assert_int_equal(gk_play_apply(p, &back), GK_EILLEGAL);
  apply(p, m[0]);
  gk_figure_info fi;
  gk_figure_get(g, b.mine1, &fi);
  assert_int_equal(fi.at.where, GK_AT_SUPPLY); /* sent home */
  if (steps == 2) {
    assert_int_equal(gk_play_phase(p), GK_PHASE_GAME_OVER); /* the walk ended, so did the game */
    gk_figure_get(g, b.mine0, &fi);
    assert_int_equal(fi.at.where, GK_AT_NODE);
  } else {
    assert_int_equal(gk_play_moves(p, m, 8), 1);
    assert_int_equal(gk_play_decider(p), 1);
    apply(p, walk_move(&w, 2, 0, 2, 3));
    /* a dead end: the walk is over before its steps */
    assert_true(gk_play_over(p));
    gk_figure_get(g, b.mine0, &fi);
    assert_int_equal(fi.at.where, GK_AT_SUPPLY);
    gk_figure_get(g, b.spared, &fi);
    assert_int_equal(fi.at.where, GK_AT_NODE); /* spared */
  }
  walker_at(g, &w, &x, &y);
  assert_int_equal(x, steps == 2 ? 1 : 2);
  gk_play_free(p);
  unbuild(&w);
}

static void test_walk_to_dead_end(void **state) {
  (void)state;
  walk(6);
}

static void test_walk_of_two_steps(void **state) {
  (void)state;
  walk(2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_walk_to_dead_end),
      cmocka_unit_test(test_walk_of_two_steps),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
