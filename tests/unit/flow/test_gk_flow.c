/*
** test_gk_flow.c: the turn flow's core on the base game (base_flow.h):
** invariants over 2,000 random games, closed features between placing
** and scoring, determinism, clones and copies, a game reused after its
** play, illegal moves refused, a formula term. The hooks are tested in
** test_gk_flow_hooks.c, each capability in caps/<group>/test_cap_<name>.c.
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

#include "base_flow.h"

/* {------------------------------------------------------------------
** Invariants after every move of 2,000 random games
** ------------------------------------------------------------------- */

static void check_figures_conserved(gk_game *g, int players) {
  int on_board = 0, in_supply = 0;
  for (int f = 0; f < gk_figure_count(g); f++) {
    gk_figure_info fi;
    assert_int_equal(gk_figure_get(g, f, &fi), GK_OK);
    if (fi.at.where == GK_AT_SUPPLY) in_supply++;
    else on_board++;
  }
  int supply = 0;
  for (int p = 0; p < players; p++) supply += gk_supply(g, p, IDS.follower);
  assert_int_equal(supply, in_supply);
  assert_int_equal(on_board + in_supply, 7 * players);
}

/* After scoring, nothing stands on a closed feature: whoever stood there
** was scored and returned. */
static void check_no_figure_on_closed(gk_game *g) {
  for (int f = 0; f < gk_figure_count(g); f++) {
    gk_figure_info fi;
    gk_figure_get(g, f, &fi);
    if (fi.at.where == GK_AT_NODE) assert_int_equal(gk_feature_closed(g, fi.at.a), 0);
  }
}

static void test_invariants_2000_games(void **state) {
  (void)state;
  long games_with_points = 0;
  for (uint64_t seed = 1; seed <= 2000; seed++) {
    int players = 2 + (int)(seed % 4);
    gk_play *p = new_play(seed, players, NULL);
    gk_game *g = gk_play_game(p);
    int32_t last[GK_MAX_PLAYERS] = {0};
    int moves = 0;
    while (!gk_play_over(p)) {
      assert_int_equal(gk_play_random_move(p), GK_OK);
      moves++;
      check_figures_conserved(g, players);
      for (int pl = 0; pl < players; pl++) {
        assert_true(gk_player_score(g, pl) >= last[pl]); /* never decreases */
        last[pl] = gk_player_score(g, pl);
      }
      if (gk_play_phase(p) == GK_PHASE_PLACE_TILE || gk_play_over(p)) check_no_figure_on_closed(g);
    }
    assert_true(moves >= 71);
    /* every closed feature was scored once: no (feature, player) twice
    ** among the scores of closed features */
    int n = gk_ledger_count(g);
    for (int i = 0; i < n; i++) {
      gk_ledger_entry a;
      gk_ledger_get(g, i, &a);
      for (int j = i + 1; j < n; j++) {
        gk_ledger_entry b;
        gk_ledger_get(g, j, &b);
        if (a.feature == b.feature && a.player == b.player && a.turn != b.turn)
          fail_msg("seed %llu: feature %d scored for player %d in turns %d and %d",
                   (unsigned long long)seed, a.feature, a.player, a.turn, b.turn);
      }
    }
    /* final scoring leaves no follower but farmers */
    for (int f = 0; f < gk_figure_count(g); f++) {
      gk_figure_info fi;
      gk_figure_get(g, f, &fi);
      if (fi.at.where == GK_AT_NODE) assert_int_equal(gk_feature_kind(g, fi.at.a), IDS.field);
      else assert_int_equal(fi.at.where, GK_AT_SUPPLY);
    }
    games_with_points += gk_ledger_count(g) > 0;
    gk_play_free(p);
  }
  assert_true(games_with_points > 1900); /* the games really were played */
}

/* gk_play_closed lists closed, distinct roots between placing and scoring,
** and nothing once the score phase has run. */
static void test_closed_between_place_and_score(void **state) {
  (void)state;
  long listed = 0;
  for (uint64_t seed = 1; seed <= 300; seed++) {
    gk_play *p = new_play(seed, 2, NULL);
    gk_game *g = gk_play_game(p);
    assert_int_equal(gk_play_closed(p, NULL, 0), 0);
    while (!gk_play_over(p)) {
      assert_int_equal(gk_play_random_move(p), GK_OK);
      int32_t roots[GK_REPORT_MAX];
      int n = gk_play_closed(p, roots, GK_REPORT_MAX);
      assert_true(n >= 0 && n <= GK_REPORT_MAX);
      assert_int_equal(gk_play_closed(p, NULL, 0), n);
      if (gk_play_phase(p) == GK_PHASE_PLACE_TILE) assert_int_equal(n, 0);
      for (int i = 0; i < n; i++) {
        assert_int_equal(gk_feature_root(g, roots[i]), roots[i]);
        assert_true(gk_feature_closed(g, roots[i]) == 1);
        for (int j = 0; j < i; j++) assert_true(roots[i] != roots[j]);
      }
      listed += n;
    }
    gk_play_free(p);
  }
  /* features really were closed and listed (random agents run out of
  ** followers early, and with none to deploy the flow scores at once) */
  if (listed < 300) fail_msg("only %ld listed", listed);
  assert_int_equal(gk_play_closed(NULL, NULL, 0), GK_EINVAL);
  gk_play *p = new_play(1, 2, NULL);
  assert_int_equal(gk_play_closed(p, NULL, -1), GK_EINVAL);
  assert_int_equal(gk_play_closed(p, NULL, 3), GK_EINVAL);
  gk_play_free(p);
}

/* {------------------------------------------------------------------
** Determinism and clones
** ------------------------------------------------------------------- */

static void test_same_seed_same_game(void **state) {
  (void)state;
  gk_play *a = new_play(42, 3, NULL), *b = new_play(42, 3, NULL);
  assert_int_equal(gk_play_random_game(a), GK_OK);
  assert_int_equal(gk_play_random_game(b), GK_OK);
  unsigned char *sa, *sb;
  long na = serialize(a, &sa), nb = serialize(b, &sb);
  assert_int_equal(na, nb);
  assert_memory_equal(sa, sb, (size_t)na);
  gk_play *c = new_play(43, 3, NULL);
  gk_play_random_game(c);
  unsigned char *sc;
  long nc = serialize(c, &sc);
  assert_true(nc != na || memcmp(sa, sc, (size_t)na) != 0);
  free(sa);
  free(sb);
  free(sc);
  gk_play_free(a);
  gk_play_free(b);
  gk_play_free(c);
}

static void test_clone_plays_on_alone(void **state) {
  (void)state;
  gk_play *a = new_play(7, 2, NULL);
  for (int i = 0; i < 20; i++) gk_play_random_move(a);
  unsigned char *before;
  long n = serialize(a, &before);
  gk_play *b = gk_play_clone(a);
  assert_int_equal(gk_play_random_game(b), GK_OK);
  unsigned char *after;
  long m = serialize(a, &after);
  assert_int_equal(n, m);
  assert_memory_equal(before, after, (size_t)n);
  assert_true(gk_play_over(b) && !gk_play_over(a));
  free(before);
  free(after);
  gk_play_free(a);
  gk_play_free(b);
}

static void assert_same_state(gk_play *a, gk_play *b) {
  unsigned char *sa, *sb;
  long na = serialize(a, &sa), nb = serialize(b, &sb);
  assert_int_equal(na, nb);
  assert_memory_equal(sa, sb, (size_t)na);
  free(sa);
  free(sb);
}

/* gk_play_copy_from copies into the destination's own buffers: from a
** finished game (larger buffers) and into a fresh one (smaller), the copy
** equals the source, and plays on exactly as the source does. */
static void test_copy_from_plays_on_as_source(void **state) {
  (void)state;
  gk_play *a = new_play(7, 2, NULL);
  for (int i = 0; i < 20; i++) gk_play_random_move(a);
  gk_play *big = new_play(99, 2, NULL), *small = new_play(5, 2, NULL);
  assert_int_equal(gk_play_random_game(big), GK_OK);
  gk_play *dst[2] = {big, small};
  for (int k = 0; k < 2; k++) {
    assert_int_equal(gk_play_copy_from(dst[k], a), GK_OK);
    assert_same_state(dst[k], a);
    assert_int_equal(gk_play_moves(dst[k], NULL, 0), gk_play_moves(a, NULL, 0));
  }
  gk_play *c = gk_play_clone(a);
  for (int k = 0; k < 2; k++) {
    gk_play_seed_agent(dst[k], 11);
    assert_int_equal(gk_play_random_game(dst[k]), GK_OK);
  }
  gk_play_seed_agent(c, 11);
  assert_int_equal(gk_play_random_game(c), GK_OK);
  assert_same_state(big, c);
  assert_same_state(small, c);
  assert_false(gk_play_over(a));
  /* a finished game copied back into the play it came from */
  assert_int_equal(gk_play_copy_from(a, c), GK_OK);
  assert_true(gk_play_over(a));
  assert_same_state(a, c);
  gk_play_free(a);
  gk_play_free(big);
  gk_play_free(small);
  gk_play_free(c);
}

/* gk_play_release frees the play and hands the game back: a host can
** play many games in one game object, copying a prepared one into it. */
static void test_play_release_reuses_game(void **state) {
  (void)state;
  gk_game *templ = base_fixture_new_game(RULES, 2, 31);
  assert_non_null(templ);
  gk_game *g = gk_game_clone(templ);
  assert_non_null(g);
  int32_t first[2] = {0, 0};
  for (int round = 0; round < 2; round++) {
    assert_int_equal(gk_game_copy(g, templ), GK_OK);
    gk_play *p = gk_play_new(FLOW, g, NULL);
    assert_non_null(p);
    gk_play_seed_agent(p, 5);
    assert_int_equal(gk_play_start(p), GK_OK);
    assert_int_equal(gk_play_random_game(p), GK_OK);
    assert_ptr_equal(gk_play_release(p), g);
    /* the game outlives its play, and the same seed gives the same game */
    for (int pl = 0; pl < 2; pl++) {
      if (round == 0) first[pl] = gk_player_score(g, pl);
      else assert_int_equal(gk_player_score(g, pl), first[pl]);
    }
    assert_true(gk_tile_count(g) > gk_tile_count(templ));
  }
  assert_null(gk_play_release(NULL));
  gk_game_free(g);
  gk_game_free(templ);
}

static void test_illegal_move_refused(void **state) {
  (void)state;
  gk_play *p = new_play(19, 2, NULL);
  gk_move bogus = {.type = GK_MOVE_PLACE, .tile = gk_play_tile(p), .x = 50, .y = 50, .rot = 0};
  assert_int_equal(gk_play_apply(p, &bogus), GK_EILLEGAL);
  gk_move pass = {.type = GK_MOVE_PASS};
  assert_int_equal(gk_play_apply(p, &pass), GK_EILLEGAL); /* not in place_tile */
  assert_int_equal(gk_play_apply_index(p, 10000), GK_EILLEGAL);
  /* gk_play_why names the check that refuses each, and changes nothing */
  assert_int_equal(gk_play_why(p, &bogus), GK_WHY_ISOLATED);
  assert_int_equal(gk_play_why(p, &pass), GK_WHY_PHASE);
  gk_move first;
  assert_int_equal(gk_play_moves(p, &first, 1) > 0, 1);
  assert_int_equal(gk_play_why(p, &first), GK_WHY_LEGAL);
  gk_placed_tile start;
  assert_int_equal(gk_tile_info(gk_play_game(p), 0, &start), GK_OK);
  gk_move onto = {.type = GK_MOVE_PLACE, .tile = gk_play_tile(p), .x = start.x, .y = start.y};
  assert_int_equal(gk_play_why(p, &onto), GK_WHY_TAKEN);
  gk_move deploy = {.type = GK_MOVE_DEPLOY, .figure_kind = IDS.follower, .at = {GK_AT_NODE, 0, 0}};
  assert_int_equal(gk_play_why(p, &deploy), GK_WHY_PHASE);
  assert_string_equal(gk_why_name(GK_WHY_NEEDS_OWN), "needs_own");
  assert_null(gk_why_name(GK_WHY_COUNT));
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_TILE);
  gk_play_free(p);
}

/* max(0, a - b): an attribute no tile has never takes points away. */
static void test_attr_over_term(void **state) {
  (void)state;
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  int none = gk_rules_add_attr(r, "none", GK_MERGE_SUM);
  base_ids id;
  assert_int_equal(base_fixture_ids(r, &id), 0);
  gk_flow *f = gk_flow_new(r);
  gk_formula over = {1, {{GK_TERM_ATTR_OVER, GK_ATTR_PAIR(id.pennant, none), 3, 0, 0}}};
  gk_formula under = {1, {{GK_TERM_ATTR_OVER, GK_ATTR_PAIR(none, id.pennant), 3, 0, 0}}};
  gk_formula bad = {1, {{GK_TERM_ATTR_OVER, GK_ATTR_PAIR(id.pennant, 60), 3, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id.city, GK_WHEN_CLOSED, &over, id.r_city, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id.city, GK_WHEN_FINAL, &under, id.r_city, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id.road, GK_WHEN_FINAL, &bad, id.r_road, 0), GK_EINVAL);
  gk_flow_set_stack(f, id.stack);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  gk_game *g = base_fixture_new_game(r, 2, 5);
  gk_play *p = gk_play_new(f, g, NULL);
  gk_play_seed_agent(p, 5);
  assert_int_equal(gk_play_start(p), GK_OK);
  int checked = 0;
  while (!gk_play_over(p) && checked < 5) {
    assert_int_equal(gk_play_random_move(p), GK_OK);
    int32_t roots[512];
    int n = gk_features(g, roots, 512);
    for (int i = 0; i < n && i < 512; i++) {
      if (gk_feature_kind(g, roots[i]) != id.city) continue;
      int32_t pen = gk_feature_attr(g, roots[i], id.pennant);
      assert_int_equal(gk_play_formula_points(p, roots[i], GK_WHEN_CLOSED), 3 * pen);
      assert_int_equal(gk_play_formula_points(p, roots[i], GK_WHEN_FINAL), 0);
      checked += pen > 0;
    }
  }
  assert_true(checked > 0);
  gk_play_free(p);
  gk_flow_free(f);
  gk_rules_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_invariants_2000_games),
      cmocka_unit_test(test_closed_between_place_and_score),
      cmocka_unit_test(test_same_seed_same_game),
      cmocka_unit_test(test_copy_from_plays_on_as_source),
      cmocka_unit_test(test_clone_plays_on_alone),
      cmocka_unit_test(test_play_release_reuses_game),
      cmocka_unit_test(test_illegal_move_refused),
      cmocka_unit_test(test_attr_over_term),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
