/*
** test_cap_companion.c: a neutral figure next to a follower
** (gk_flow_add_companion) and a figure that keeps deploys off its tile
** (gk_figure_rule.blocks_tile), on the base game built in C.
**
** The board of PD-EX-06 (princess-dragon.md): A at -1,0 and U at 0,0,
** a road ending west, with player 0's follower on U's road. The stack is
** forced. Player 0 lays a cloister B south of U and moves the companion
** next to the follower; player 1 lays B north; player 0's turn begins
** (+1), then A at 1,0 closes the three-tile road (3, +3 for the
** companion).
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
  int fairy, dragon, reason, action;
} world;

static void build(world *w, bool final, bool blocks) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  gk_figure_spec one = {0, 1};
  w->fairy = gk_rules_add_figure_kind(r, "fairy", &one);
  w->dragon = gk_rules_add_figure_kind(r, "dragon", &one);
  w->reason = gk_rules_add_reason(r, "fairy");
  assert_int_equal(base_fixture_ids(r, &w->id), 0);
  gk_flow *f = base_fixture_flow_open(r, &w->id);
  assert_non_null(f);
  w->action = gk_flow_add_action(f, "fairy");
  gk_figure_rule dragon = {.blocks_tile = blocks};
  assert_int_equal(gk_flow_set_figure(f, w->dragon, &dragon), GK_OK);
  gk_companion_rule c = {.figure = w->fairy, .action = w->action, .n_follows = 1,
                         .follows = {(uint8_t)w->id.follower}, .turn_points = 1,
                         .scored_points = 3, .scored_final = final, .reason = w->reason};
  /* malformed rules are refused, with a message */
  gk_companion_rule bad = c;
  bad.follows[0] = (uint8_t)w->fairy;
  assert_int_equal(gk_flow_add_companion(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "companion"));
  bad = c;
  bad.action = 99;
  assert_int_equal(gk_flow_add_companion(f, &bad), GK_EINVAL);
  bad = c;
  bad.n_follows = 0;
  assert_int_equal(gk_flow_add_companion(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_companion(f, &c), GK_OK);
  assert_int_equal(gk_flow_add_companion(f, &c), GK_EINVAL); /* one per game */
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  w->rules = r;
  w->flow = f;
}

static void unbuild(world *w) {
  gk_flow_free(w->flow);
  gk_rules_free(w->rules);
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

/* Tile-placed hook of the blocking test: the dragon lands on every tile
** laid (as a volcano's dragon would). */
static int land_dragon(void *ud, gk_play *play, gk_hook_call *c) {
  const world *w = ud;
  if (c->hook != GK_HOOK_TILE_PLACED) return GK_OK;
  gk_game *g = gk_play_game(play);
  gk_location at = {GK_AT_TILE, gk_play_placed(play), 0};
  for (int f = 0; f < gk_figure_count(g); f++) {
    gk_figure_info fi;
    gk_figure_get(g, f, &fi);
    if (fi.kind == w->dragon && fi.at.where != GK_AT_SUPPLY) return gk_figure_move(g, f, at);
  }
  int f = gk_figure_deploy(g, -1, w->dragon, at);
  return f < 0 ? f : GK_OK;
}

static gk_play *start(world *w, const int *order, int n, bool dragon) {
  gk_game *g = gk_game_new(w->rules, 2, 1);
  assert_non_null(g);
  const base_ids *id = &w->id;
  assert_int_equal(gk_place_fixed(g, id->tile['A' - 'A'], -1, 0, 3, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, id->tile['U' - 'A'], 0, 0, 1, NULL), GK_OK);
  gk_location on_road = {GK_AT_NODE, road_at(g, w, 0, 0), 0};
  assert_true(gk_figure_deploy(g, 0, id->follower, on_road) >= 0);
  for (int i = 0; i < n; i++) assert_int_equal(gk_stack_add(g, id->stack, order[i], 1), GK_OK);
  assert_int_equal(gk_stack_force(g, id->stack, order, n), GK_OK);
  gk_hooks hooks = {.ud = w, .present = 1u << GK_HOOK_TILE_PLACED, .call = land_dragon};
  gk_play *p = gk_play_new(w->flow, g, dragon ? &hooks : NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  return p;
}

static void place(gk_play *p, int tile, int32_t x, int32_t y, int rot) {
  gk_move m = {.type = GK_MOVE_PLACE, .tile = tile, .x = x, .y = y, .rot = rot};
  assert_int_equal(gk_play_apply(p, &m), GK_OK);
}

static void pass(gk_play *p) {
  gk_move m = {.type = GK_MOVE_PASS};
  assert_int_equal(gk_play_apply(p, &m), GK_OK);
}

/* The companion moves listed now, and the deploys. */
static int count_moves(gk_play *p, int type, gk_move *first) {
  gk_move m[64];
  int n = gk_play_moves(p, m, 64), found = 0;
  for (int i = 0; i < n; i++)
    if (m[i].type == type && found++ == 0 && first) *first = m[i];
  return found;
}

static void test_moves_and_pays(void **state) {
  (void)state;
  world w;
  build(&w, false, false);
  const int B = w.id.tile['B' - 'A'], A = w.id.tile['A' - 'A'];
  gk_play *p = start(&w, (const int[]){B, B, A}, 3, false);
  gk_game *g = gk_play_game(p);
  place(p, B, 0, 1, 0);
  /* one companion move, next to the follower on U's road (x, y, seg+1) */
  gk_move move;
  assert_int_equal(count_moves(p, GK_MOVE_ACTION, &move), 1);
  assert_int_equal(move.action, w.action);
  int32_t road = road_at(g, &w, 0, 0);
  assert_int_equal(move.arg[0], 0);
  assert_int_equal(move.arg[1], 0);
  assert_int_equal(gk_node(g, gk_tile_at(g, 0, 0), move.arg[2] - 1), road);
  assert_true(count_moves(p, GK_MOVE_DEPLOY, NULL) > 0); /* deploys stay */
  assert_int_equal(gk_play_apply(p, &move), GK_OK);
  assert_int_equal(gk_player_score(g, 0), 0); /* paid at the turn's start */
  /* player 1 has no follower: nothing to move next to; no point */
  place(p, B, 0, -1, 0);
  assert_int_equal(count_moves(p, GK_MOVE_ACTION, NULL), 0);
  pass(p);
  assert_int_equal(gk_player_score(g, 0), 1);
  assert_int_equal(gk_player_score(g, 1), 0);
  /* already next to the only follower: no move to offer */
  place(p, A, 1, 0, 1);
  assert_int_equal(count_moves(p, GK_MOVE_ACTION, NULL), 0);
  pass(p);
  /* road of 3 tiles: 3, and 3 for the companion */
  assert_int_equal(gk_player_score(g, 0), 7);
  assert_true(gk_play_over(p));
  gk_play_free(p);
  unbuild(&w);
}

/* The game ends with the follower's road open: the final scoring pays
** the road (2 tiles), and the companion's 3 only with scored_final. */
static void final_scoring(bool final, int32_t expected) {
  world w;
  build(&w, final, false);
  const int B = w.id.tile['B' - 'A'];
  gk_play *p = start(&w, (const int[]){B, B}, 2, false);
  gk_game *g = gk_play_game(p);
  place(p, B, 0, 1, 0);
  gk_move move;
  assert_int_equal(count_moves(p, GK_MOVE_ACTION, &move), 1);
  assert_int_equal(gk_play_apply(p, &move), GK_OK);
  place(p, B, 0, -1, 0);
  pass(p);
  assert_true(gk_play_over(p));
  assert_int_equal(gk_player_score(g, 0), expected);
  gk_play_free(p);
  unbuild(&w);
}

static void test_final_not_paid(void **state) {
  (void)state;
  final_scoring(false, 2);
}

static void test_final_paid(void **state) {
  (void)state;
  final_scoring(true, 5);
}

/* A dragon that blocks its tile lands on each tile laid: no deploy is
** offered there (the companion still is); without blocks_tile, they are. */
static void blocked(bool blocks) {
  world w;
  build(&w, false, blocks);
  const int B = w.id.tile['B' - 'A'];
  gk_play *p = start(&w, (const int[]){B, B}, 2, true);
  place(p, B, 0, 1, 0);
  assert_int_equal(count_moves(p, GK_MOVE_DEPLOY, NULL) > 0, !blocks);
  assert_int_equal(count_moves(p, GK_MOVE_ACTION, NULL), 1);
  if (blocks) {
    gk_game *g = gk_play_game(p);
    int t = gk_tile_at(g, 0, 1);
    gk_move d = {.type = GK_MOVE_DEPLOY, .figure_kind = w.id.follower,
                 .at = {GK_AT_NODE, gk_node(g, t, 0), 0}};
    assert_int_equal(gk_play_apply(p, &d), GK_EILLEGAL);
    assert_int_equal(gk_play_why(p, &d), GK_WHY_VETOED);
  }
  gk_play_free(p);
  unbuild(&w);
}

static void test_blocks_tile(void **state) {
  (void)state;
  blocked(true);
}

static void test_no_block_without_flag(void **state) {
  (void)state;
  blocked(false);
}

/* The companion's moves wait in the list's lazy tail (a node each, the
** move made when asked): listed in order with the pass last, carried by
** a clone and a copy, and played by index the same in each. With the
** dragon's hook present the move runs guarded, which writes the tail
** out before keeping the list. */
static void same_moves(gk_play *a, gk_play *b) {
  gk_move ma[64], mb[64];
  int n = gk_play_moves(a, ma, 64);
  assert_int_equal(gk_play_moves(b, mb, 64), n);
  for (int i = 0; i < n; i++) assert_true(gk_move_equal(&ma[i], &mb[i]));
}

static void lazy_tail(bool hooked) {
  world w;
  build(&w, false, false);
  const int B = w.id.tile['B' - 'A'];
  gk_play *p = start(&w, (const int[]){B, B}, 2, hooked);
  place(p, B, 0, 1, 0);
  gk_move m[64];
  int n = gk_play_moves(p, m, 64);
  assert_true(n >= 3);
  assert_int_equal(m[n - 1].type, GK_MOVE_PASS);
  assert_int_equal(m[n - 2].type, GK_MOVE_ACTION); /* the companion's, after the deploys */
  gk_play *c = gk_play_clone(p);
  assert_non_null(c);
  same_moves(p, c);
  gk_play *d = gk_play_clone(p);
  assert_non_null(d);
  pass(d); /* another position, then copied over */
  assert_int_equal(gk_play_copy_from(d, p), GK_OK);
  same_moves(p, d);
  assert_int_equal(gk_play_apply_index(p, n - 2), GK_OK);
  assert_int_equal(gk_play_apply_index(c, n - 2), GK_OK);
  assert_int_equal(gk_play_apply_index(d, n - 2), GK_OK);
  int32_t road = road_at(gk_play_game(p), &w, 0, 0);
  gk_play *all[] = {p, c, d};
  for (int i = 0; i < 3; i++) {
    gk_figure_info fi;
    gk_game *g = gk_play_game(all[i]);
    int fairy = -1;
    for (int f = 0; f < gk_figure_count(g) && fairy < 0; f++)
      if (gk_figure_get(g, f, &fi) == GK_OK && fi.owner < 0 && fi.at.where == GK_AT_NODE) fairy = f;
    assert_true(fairy >= 0);
    assert_int_equal(fi.at.a, road); /* next to the follower */
    if (i) same_moves(p, all[i]);
  }
  gk_play_free(d);
  gk_play_free(c);
  gk_play_free(p);
  unbuild(&w);
}

static void test_lazy_tail(void **state) {
  (void)state;
  lazy_tail(false);
}

static void test_lazy_tail_guarded(void **state) {
  (void)state;
  lazy_tail(true);
}

/* A script moves the follower off its segment onto its own tile (a
** castle keeps its knight so): the companion, on that tile, is still
** next to it and pays at its owner's turn. A follower moved onto another
** tile leaves it with nobody, as one sent home does. */
static void moved_off_segment(bool same_tile, int32_t expected) {
  world w;
  build(&w, false, false);
  const int B = w.id.tile['B' - 'A'];
  gk_play *p = start(&w, (const int[]){B, B, B}, 3, false);
  gk_game *g = gk_play_game(p);
  place(p, B, 0, 1, 0);
  gk_move move;
  assert_int_equal(count_moves(p, GK_MOVE_ACTION, &move), 1);
  assert_int_equal(gk_play_apply(p, &move), GK_OK);
  int32_t road = road_at(g, &w, 0, 0);
  int out[4];
  int follower = -1;
  int n = gk_feature_figures(g, road, out, 4);
  for (int i = 0; i < n; i++) {
    gk_figure_info fi;
    assert_int_equal(gk_figure_get(g, out[i], &fi), GK_OK);
    if (fi.owner == 0) follower = out[i];
  }
  assert_true(follower >= 0);
  int32_t to = gk_tile_at(g, same_tile ? 0 : -1, 0);
  assert_int_equal(gk_figure_move(g, follower, (gk_location){GK_AT_TILE, to, 0}), GK_OK);
  place(p, B, 0, -1, 0);
  pass(p);
  assert_int_equal(gk_player_score(g, 0), expected); /* +1 at player 0's turn, or none */
  assert_int_equal(gk_player_score(g, 1), 0);
  gk_play_free(p);
  unbuild(&w);
}

static void test_follower_kept_on_its_tile(void **state) {
  (void)state;
  moved_off_segment(true, 1);
}

static void test_follower_moved_to_another_tile(void **state) {
  (void)state;
  moved_off_segment(false, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_moves_and_pays),
      cmocka_unit_test(test_final_not_paid),
      cmocka_unit_test(test_final_paid),
      cmocka_unit_test(test_blocks_tile),
      cmocka_unit_test(test_no_block_without_flag),
      cmocka_unit_test(test_lazy_tail),
      cmocka_unit_test(test_lazy_tail_guarded),
      cmocka_unit_test(test_follower_kept_on_its_tile),
      cmocka_unit_test(test_follower_moved_to_another_tile),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
