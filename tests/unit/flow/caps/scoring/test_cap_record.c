/*
** test_cap_record.c: records (gk_flow_add_record): the player who
** completes the largest feature of a kind so far holds a counter, and
** scores for it.
**
** The base game plus a counter "crown" and a record on cities. The start
** tile D at 0,0 has a city to the north; a fixed G at 3,0 turned once (a
** city north and south) and a fixed E at 3,1 (a city north) make a city
** of two tiles open to the north. The stack is E, E: player 0 closes the
** start tile's city with the first (2 tiles), player 1 the other with
** the second (3 tiles), and the game ends. Nobody has a follower on
** either city, so every point is the record's.
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

typedef struct record_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int crown, reason;
} record_rules;

static void record_game_rules(record_rules *x, const gk_record_rule *points) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  x->crown = gk_rules_add_counter(r, "crown");
  x->reason = gk_rules_add_reason(r, "crown");
  assert_true(x->crown >= 0 && x->reason >= 0);
  assert_int_equal(base_fixture_ids(r, &x->ids), 0);
  gk_flow *f = base_fixture_flow_open(r, &x->ids);
  assert_non_null(f);
  gk_record_rule rule = *points;
  rule.kind = x->ids.city;
  rule.counter = x->crown;
  rule.reason = x->reason;
  /* malformed declarations are refused, with a message */
  gk_record_rule bad = rule;
  bad.kind = 40;
  assert_int_equal(gk_flow_add_record(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "record: malformed rule"));
  bad = rule;
  bad.counter = 9;
  assert_int_equal(gk_flow_add_record(f, &bad), GK_EINVAL);
  bad = rule;
  bad.reason = -1;
  assert_int_equal(gk_flow_add_record(f, &bad), GK_EINVAL);
  bad = rule;
  bad.final = GK_MAX_POINTS + 1;
  assert_int_equal(gk_flow_add_record(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_record(f, NULL), GK_EINVAL);
  assert_int_equal(gk_flow_add_record(f, &rule), GK_OK);
  /* one record per counter */
  bad = rule;
  bad.kind = x->ids.road;
  assert_int_equal(gk_flow_add_record(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  assert_int_equal(gk_flow_add_record(f, &rule), GK_ESTATE); /* frozen */
  x->rules = r;
  x->flow = f;
}

static void record_free(record_rules *x) {
  gk_flow_free(x->flow);
  gk_rules_free(x->rules);
}

/* tie: the second city is two tiles too (E alone at 3,0). */
static gk_play *record_play(const record_rules *x, bool tie) {
  gk_game *g = gk_game_new(x->rules, 2, 1);
  assert_non_null(g);
  assert_int_equal(base_fixture_start(g), GK_OK);
  if (tie) {
    assert_int_equal(gk_place_fixed(g, x->ids.tile['E' - 'A'], 3, 0, 0, NULL), GK_OK);
  } else {
    assert_int_equal(gk_place_fixed(g, x->ids.tile['G' - 'A'], 3, 0, 1, NULL), GK_OK);
    assert_int_equal(gk_place_fixed(g, x->ids.tile['E' - 'A'], 3, 1, 0, NULL), GK_OK);
  }
  assert_int_equal(gk_stack_add(g, x->ids.stack, x->ids.tile['E' - 'A'], 2), GK_OK);
  gk_play *p = gk_play_new(x->flow, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  return p;
}

/* Draws (or passes) up to the tile placement, places the tile at x,y
** turned rot, then passes up to the next turn or the end. */
static void play_turn(gk_play *p, int32_t at_x, int32_t at_y, int rot) {
  gk_move m[256];
  while (gk_play_phase(p) != GK_PHASE_PLACE_TILE) {
    int n = gk_play_moves(p, m, 256);
    assert_true(n > 0 && n <= 256);
    assert_true(m[0].type == GK_MOVE_DRAW || m[0].type == GK_MOVE_PASS);
    assert_int_equal(gk_play_apply(p, &m[0]), GK_OK);
  }
  int n = gk_play_moves(p, m, 256);
  assert_true(n > 0 && n <= 256);
  int pick = -1;
  for (int i = 0; i < n; i++)
    if (m[i].type == GK_MOVE_PLACE && m[i].x == at_x && m[i].y == at_y && m[i].rot == rot) pick = i;
  assert_true(pick >= 0);
  assert_int_equal(gk_play_apply(p, &m[pick]), GK_OK);
  int player = gk_play_player(p);
  while (!gk_play_over(p) && gk_play_player(p) == player && gk_play_phase(p) != GK_PHASE_DRAW) {
    n = gk_play_moves(p, m, 256);
    int pass = -1;
    for (int i = 0; i < n && pass < 0; i++)
      if (m[i].type == GK_MOVE_PASS) pass = i;
    assert_true(pass >= 0);
    assert_int_equal(gk_play_apply(p, &m[pass]), GK_OK);
  }
}

static int32_t crown(gk_play *p, const record_rules *x, int player) {
  return gk_counter_get(gk_play_game(p), player, x->crown);
}

/* The holder moves to the larger city's completer; at the end it scores
** final_each per completed city plus final. */
static void test_record_holder_and_final(void **state) {
  (void)state;
  record_rules x;
  record_game_rules(&x, &(gk_record_rule){.final_each = 2, .final = 10});
  gk_play *p = record_play(&x, false);
  assert_int_equal(crown(p, &x, 0), 0);
  play_turn(p, 0, -1, 2); /* player 0 closes the start city: 2 tiles */
  gk_game *g = gk_play_game(p);
  assert_int_equal(gk_feature_closed(g, gk_node(g, gk_tile_at(g, 0, 0), 0)), 1);
  assert_int_equal(crown(p, &x, 0), 1);
  assert_int_equal(crown(p, &x, 1), 0);
  play_turn(p, 3, -1, 2); /* player 1 closes the other: 3 tiles */
  int32_t other = gk_node(g, gk_tile_at(g, 3, 0), 0);
  assert_int_equal(gk_feature_closed(g, other), 1);
  assert_int_equal(gk_feature_tiles(g, other), 3);
  assert_int_equal(crown(p, &x, 0), 0);
  assert_int_equal(crown(p, &x, 1), 1);
  assert_true(gk_play_over(p));
  /* two completed cities: 2 x 2 + 10 to the holder, nothing to player 0 */
  assert_int_equal(gk_player_score(g, 0), 0);
  assert_int_equal(gk_player_score(g, 1), 14);
  gk_play_free(p);
  record_free(&x);
}

/* each_closed pays the holder as the part's scoring began: the first
** city pays nobody, the second its holder before it changed hands. */
static void test_record_each_closed(void **state) {
  (void)state;
  record_rules x;
  record_game_rules(&x, &(gk_record_rule){.each_closed = 3});
  gk_play *p = record_play(&x, false);
  play_turn(p, 0, -1, 2);
  gk_game *g = gk_play_game(p);
  assert_int_equal(gk_player_score(g, 0), 0);
  play_turn(p, 3, -1, 2);
  assert_int_equal(crown(p, &x, 1), 1);
  assert_true(gk_play_over(p));
  assert_int_equal(gk_player_score(g, 0), 3);
  assert_int_equal(gk_player_score(g, 1), 0);
  gk_play_free(p);
  record_free(&x);
}

/* A city no larger than the record leaves it with its holder: the same
** game with the second city closed first (3 tiles, player 0), then the
** start tile's (2 tiles, player 1). */
static void test_record_smaller_keeps(void **state) {
  (void)state;
  record_rules x;
  record_game_rules(&x, &(gk_record_rule){.final_each = 1});
  gk_play *p = record_play(&x, false);
  play_turn(p, 3, -1, 2);
  play_turn(p, 0, -1, 2);
  assert_int_equal(crown(p, &x, 0), 1);
  assert_int_equal(crown(p, &x, 1), 0);
  assert_true(gk_play_over(p));
  assert_int_equal(gk_player_score(gk_play_game(p), 0), 2);
  gk_play_free(p);
  record_free(&x);
}

/* A city as large as the record leaves it with its holder. */
static void test_record_tie_keeps(void **state) {
  (void)state;
  record_rules x;
  record_game_rules(&x, &(gk_record_rule){.final_each = 1});
  gk_play *p = record_play(&x, true);
  play_turn(p, 0, -1, 2);
  play_turn(p, 3, -1, 2);
  gk_game *g = gk_play_game(p);
  assert_int_equal(gk_feature_tiles(g, gk_node(g, gk_tile_at(g, 3, 0), 0)), 2);
  assert_int_equal(gk_feature_closed(g, gk_node(g, gk_tile_at(g, 3, 0), 0)), 1);
  assert_int_equal(crown(p, &x, 0), 1);
  assert_int_equal(crown(p, &x, 1), 0);
  assert_true(gk_play_over(p));
  assert_int_equal(gk_player_score(g, 0), 2);
  gk_play_free(p);
  record_free(&x);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_record_holder_and_final),
      cmocka_unit_test(test_record_each_closed),
      cmocka_unit_test(test_record_smaller_keeps),
      cmocka_unit_test(test_record_tie_keeps),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
