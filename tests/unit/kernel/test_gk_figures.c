/* Figures: deploy / move / return, supply, figures on merged features,
** majority, scores and the ledger. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"


static gk_location at_node(int32_t n) { return (gk_location){GK_AT_NODE, n, 0}; }

static void test_deploy_return_move(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 3, 1);
  assert_int_equal(base_fixture_start(g), 0);
  int32_t city = gk_node_at_port(g, 0, 0, GK_N), road = gk_node_at_port(g, 0, 0, GK_E);
  for (int p = 0; p < 3; p++) assert_int_equal(gk_supply(g, p, FX_IDS.follower), 7);
  assert_int_equal(gk_supply(g, -1, FX_IDS.follower), 0);
  assert_true(gk_figure_count(g) >= 0);
  int f = gk_figure_deploy(g, 1, FX_IDS.follower, at_node(city));
  assert_true(f >= 0);
  assert_int_equal(gk_supply(g, 1, FX_IDS.follower), 6);
  assert_int_equal(gk_supply(g, 0, FX_IDS.follower), 7);
  struct gk_figure_info fi;
  assert_int_equal(gk_figure_get(g, f, &fi), 0);
  assert_int_equal(fi.kind, FX_IDS.follower);
  assert_int_equal(fi.owner, 1);
  assert_int_equal(fi.at.where, GK_AT_NODE);
  assert_int_equal(fi.at.a, city);
  int out[8];
  assert_int_equal(gk_feature_figures(g, city, out, 8), 1);
  assert_int_equal(out[0], f);
  assert_int_equal(gk_feature_figures(g, road, out, 8), 0);
  struct gk_feature_info fe;
  assert_int_equal(gk_feature_get(g, city, &fe), 0);
  assert_int_equal(fe.figures, 1);
  /* move to the road */
  assert_int_equal(gk_figure_move(g, f, at_node(road)), 0);
  assert_int_equal(gk_feature_figures(g, city, out, 8), 0);
  assert_int_equal(gk_feature_figures(g, road, out, 8), 1);
  assert_int_equal(gk_supply(g, 1, FX_IDS.follower), 6);
  /* move to a corner, a tile, a cell */
  gk_location corner = {GK_AT_CORNER, 1, 1}, tile = {GK_AT_TILE, 0, 0},
              cell = {GK_AT_CELL, 5, -3};
  assert_int_equal(gk_figure_move(g, f, corner), 0);
  assert_int_equal(gk_figures_at(g, corner, out, 8), 1);
  assert_int_equal(gk_feature_figures(g, road, out, 8), 0);
  assert_int_equal(gk_figure_move(g, f, tile), 0);
  assert_int_equal(gk_figures_at(g, tile, out, 8), 1);
  assert_int_equal(gk_figures_at(g, corner, out, 8), 0);
  assert_int_equal(gk_figure_move(g, f, cell), 0);
  assert_int_equal(gk_figures_at(g, cell, out, 8), 1);
  assert_int_equal(out[0], f);
  gk_location cell2 = {GK_AT_CELL, 5, -4};
  assert_int_equal(gk_figures_at(g, cell2, out, 8), 0);
  /* return */
  assert_int_equal(gk_figure_return(g, f), 0);
  assert_int_equal(gk_supply(g, 1, FX_IDS.follower), 7);
  assert_int_equal(gk_figure_get(g, f, &fi), 0);
  assert_int_equal(fi.at.where, GK_AT_SUPPLY);
  assert_int_equal(gk_figures_at(g, cell, out, 8), 0);
  /* deploy all 7, the 8th fails with EEMPTY and changes nothing */
  for (int i = 0; i < 7; i++)
    assert_true(gk_figure_deploy(g, 2, FX_IDS.follower, at_node(road)) >= 0);
  assert_int_equal(gk_supply(g, 2, FX_IDS.follower), 0);
  size_t len;
  unsigned char *snap = fx_serialize(g, &len);
  assert_int_equal(gk_figure_deploy(g, 2, FX_IDS.follower, at_node(city)), GK_EEMPTY);
  assert_true(fx_state_is(g, snap, len));
  free(snap);
  assert_int_equal(gk_feature_figures(g, road, out, 8), 7);
  for (int i = 1; i < 7; i++) assert_true(out[i - 1] < out[i]);
  assert_int_equal(gk_feature_figures(g, road, out, 3), 7);  /* counts past cap */
  /* bad locations / ids */
  assert_true(gk_figure_deploy(g, 0, FX_IDS.follower, at_node(9999)) < 0);
  assert_true(gk_figure_deploy(g, 0, FX_IDS.follower, (gk_location){GK_AT_TILE, 5, 0}) < 0);
  assert_true(gk_figure_deploy(g, 0, FX_IDS.follower, (gk_location){42, 0, 0}) < 0);
  assert_true(gk_figure_deploy(g, 3, FX_IDS.follower, at_node(road)) < 0);
  assert_true(gk_figure_deploy(g, 0, 5, at_node(road)) < 0);
  assert_true(gk_figure_move(g, 999, at_node(road)) < 0);
  assert_true(gk_figure_return(g, -1) < 0);
  assert_int_equal(gk_supply(g, 0, FX_IDS.follower), 7);
  /* out of the game */
  int f0 = gk_figure_deploy(g, 0, FX_IDS.follower, at_node(city));
  assert_int_equal(gk_figure_move(g, f0, (gk_location){GK_AT_OUT, 0, 0}), 0);
  assert_int_equal(gk_supply(g, 0, FX_IDS.follower), 6);
  assert_int_equal(gk_feature_figures(g, city, out, 8), 0);
  gk_game_free(g);
}

/* The base rules (unfrozen) plus a "dragon" (one neutral figure) and a
** "big" (one per player and two neutral ones). */
static gk_rules *rules_with_neutrals(int *kd, int *kb) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  gk_figure_spec dragon = {0, 1}, big = {1, 2};
  *kd = gk_rules_add_figure_kind(r, "dragon", &dragon);
  *kb = gk_rules_add_figure_kind(r, "big", &big);
  assert_true(*kd >= 0 && *kb >= 0);
  return r;
}

static void test_neutral_figures(void **state) {
  (void)state;
  int kd, kb;
  gk_rules *r = rules_with_neutrals(&kd, &kb);
  gk_figure_spec back;
  assert_int_equal(gk_rules_figure_spec(r, kb, &back), 0);
  assert_int_equal(back.per_player, 1);
  assert_int_equal(back.neutral, 2);
  assert_int_equal(gk_rules_freeze(r), 0);
  gk_game *g = gk_game_new(r, 2, 1);
  assert_int_equal(gk_supply(g, -1, kd), 1);
  assert_int_equal(gk_supply(g, 0, kd), 0);
  assert_int_equal(gk_supply(g, -1, kb), 2);
  assert_int_equal(gk_supply(g, 1, kb), 1);
  int f = gk_figure_deploy(g, -1, kd, (gk_location){GK_AT_CELL, 0, 0});
  assert_true(f >= 0);
  struct gk_figure_info fi;
  assert_int_equal(gk_figure_get(g, f, &fi), 0);
  assert_int_equal(fi.owner, -1);
  assert_int_equal(fi.kind, kd);
  assert_int_equal(gk_figure_deploy(g, -1, kd, (gk_location){GK_AT_CELL, 0, 0}), GK_EEMPTY);
  assert_int_equal(gk_figure_deploy(g, 0, kd, (gk_location){GK_AT_CELL, 0, 0}), GK_EEMPTY);
  gk_game_free(g);
  gk_rules_free(r);
}

/* gk_figure_range: each owner's figures of a kind are consecutive ids,
** every figure is in exactly one owner's range, and a deploy takes one of
** its own range; bad arguments are refused. */
static void test_figure_ranges(void **state) {
  (void)state;
  int kd, kb;
  gk_rules *r = rules_with_neutrals(&kd, &kb);
  assert_int_equal(gk_rules_freeze(r), 0);
  gk_game *g = gk_game_new(r, 3, 1);
  int n_figs = gk_figure_count(g), seen[64] = {0};
  assert_true(n_figs > 0 && n_figs <= 64);
  int kinds[3] = {FX_IDS.follower, kd, kb};
  for (int k = 0; k < 3; k++)
    for (int owner = -1; owner < 3; owner++) {
      int first = -7, n = gk_figure_range(g, owner, kinds[k], &first);
      assert_int_equal(n, gk_supply(g, owner, kinds[k])); /* all in supply yet */
      for (int f = first; f < first + n; f++) {
        struct gk_figure_info fi;
        assert_int_equal(gk_figure_get(g, f, &fi), 0);
        assert_int_equal(fi.owner, owner);
        assert_int_equal(fi.kind, kinds[k]);
        seen[f]++;
      }
    }
  for (int f = 0; f < n_figs; f++) assert_int_equal(seen[f], 1);
  int first, n = gk_figure_range(g, 2, kb, &first);
  assert_int_equal(n, 1);
  assert_int_equal(gk_figure_deploy(g, 2, kb, (gk_location){GK_AT_CELL, 0, 0}), first);
  assert_int_equal(gk_figure_range(g, 2, kb, &first), 1); /* fixed, wherever they stand */
  assert_int_equal(gk_figure_range(g, 3, kb, &first), GK_EINVAL);
  assert_int_equal(gk_figure_range(g, -2, kb, &first), GK_EINVAL);
  assert_int_equal(gk_figure_range(g, 0, 99, &first), GK_EINVAL);
  assert_int_equal(gk_figure_range(g, 0, kb, NULL), GK_EINVAL);
  assert_int_equal(gk_figure_range(NULL, 0, kb, &first), GK_EINVAL);
  gk_game_free(g);
  gk_rules_free(r);
}

/* Two separately occupied roads joined by a tile: both figures stand on
** the merged feature; majority with ties and strengths. */
static void test_figures_after_merge_and_majority(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 3, 1);
  int U = FX_IDS.tile['U' - 'A'];
  assert_int_equal(base_fixture_start(g), 0);                 /* road E-W */
  assert_int_equal(gk_place_fixed(g, U, 2, 0, 1, NULL), 0);   /* road E-W */
  int32_t r0 = gk_node_at_port(g, 0, 0, GK_E), r2 = gk_node_at_port(g, 2, 0, GK_W);
  int fa = gk_figure_deploy(g, 0, FX_IDS.follower, at_node(r0));
  int fb = gk_figure_deploy(g, 1, FX_IDS.follower, at_node(r2));
  assert_true(fa >= 0 && fb >= 0);
  int out[8];
  assert_int_equal(gk_feature_figures(g, r0, out, 8), 1);
  gk_place_report rep;
  assert_int_equal(gk_place_tile(g, U, 1, 0, 1, &rep), 0);
  assert_int_equal(gk_feature_root(g, r0), gk_feature_root(g, r2));
  assert_int_equal(gk_feature_figures(g, r0, out, 8), 2);
  assert_int_equal(out[0], fa < fb ? fa : fb);
  assert_int_equal(out[1], fa < fb ? fb : fa);
  int32_t mid = gk_node_at_port(g, 1, 0, GK_E);
  assert_int_equal(gk_feature_figures(g, mid, out, 8), 2);
  struct gk_feature_info fe;
  assert_int_equal(gk_feature_get(g, mid, &fe), 0);
  assert_int_equal(fe.figures, 2);

  int32_t one[GK_MAX_FIGURE_KINDS], zero[GK_MAX_FIGURE_KINDS];
  for (int i = 0; i < GK_MAX_FIGURE_KINDS; i++) one[i] = 1, zero[i] = 0;
  uint32_t lead = 0;
  /* 1:1 tie: both lead */
  assert_int_equal(gk_majority(g, r0, one, NULL, &lead), 1);
  assert_int_equal(lead, 0x3u);
  /* player 0 adds a second follower: 2:1 */
  int fc = gk_figure_deploy(g, 0, FX_IDS.follower, at_node(mid));
  assert_true(fc >= 0);
  lead = 0;
  assert_int_equal(gk_majority(g, r0, one, NULL, &lead), 2);
  assert_int_equal(lead, 0x1u);
  /* per-figure: player 0's figures count 0 -> player 1 leads alone */
  int nfig = gk_figure_count(g);
  int32_t *byfig = malloc(sizeof *byfig * (size_t)nfig);
  for (int i = 0; i < nfig; i++) byfig[i] = -1;
  byfig[fa] = 0;
  byfig[fc] = 0;
  lead = 0;
  assert_int_equal(gk_majority(g, r0, one, byfig, &lead), 1);
  assert_int_equal(lead, 0x2u);
  /* per-figure strength 3 for player 1's figure */
  byfig[fa] = -1;
  byfig[fc] = -1;
  byfig[fb] = 3;
  lead = 0;
  assert_int_equal(gk_majority(g, r0, one, byfig, &lead), 3);
  assert_int_equal(lead, 0x2u);
  /* everything strength 0: nobody leads */
  assert_int_equal(gk_majority(g, r0, zero, NULL, &lead), 0);
  /* three-way tie with player 2 */
  assert_true(gk_figure_deploy(g, 2, FX_IDS.follower, at_node(mid)) >= 0);
  assert_true(gk_figure_deploy(g, 2, FX_IDS.follower, at_node(mid)) >= 0);
  assert_true(gk_figure_deploy(g, 1, FX_IDS.follower, at_node(mid)) >= 0);
  lead = 0;
  assert_int_equal(gk_majority(g, r0, one, NULL, &lead), 2);
  assert_int_equal(lead, 0x7u);
  /* a feature with no figures */
  int32_t cty = gk_node_at_port(g, 0, 0, GK_N);
  assert_int_equal(gk_majority(g, cty, one, NULL, &lead), 0);
  /* neutral figures never lead */
  free(byfig);
  gk_game_free(g);
}

static void test_score_and_ledger(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 1);
  assert_int_equal(base_fixture_start(g), 0);
  int32_t city = gk_node_at_port(g, 0, 0, GK_N);
  int32_t root = gk_feature_root(g, city);
  assert_int_equal(gk_game_set_turn(g, 5, 1), 0);
  assert_int_equal(gk_game_turn(g), 5);
  assert_int_equal(gk_game_player(g), 1);
  assert_int_equal(gk_ledger_count(g), 0);
  assert_int_equal(gk_player_score(g, 1), 0);
  assert_int_equal(gk_score(g, 1, 4, FX_IDS.r_city, root), 0);
  assert_int_equal(gk_game_set_turn(g, 6, 0), 0);
  assert_int_equal(gk_score(g, 0, 3, FX_IDS.r_field, -1), 0);
  assert_int_equal(gk_score(g, 1, 9, FX_IDS.r_cloister, -1), 0);
  assert_int_equal(gk_ledger_count(g), 3);
  struct gk_ledger_entry e;
  assert_int_equal(gk_ledger_get(g, 0, &e), 0);
  assert_int_equal(e.player, 1);
  assert_int_equal(e.points, 4);
  assert_int_equal(e.reason, FX_IDS.r_city);
  assert_int_equal(e.feature, root);
  assert_int_equal(e.kind, FX_IDS.city);
  assert_int_equal(e.turn, 5);
  assert_int_equal(gk_ledger_get(g, 1, &e), 0);
  assert_int_equal(e.player, 0);
  assert_int_equal(e.points, 3);
  assert_int_equal(e.reason, FX_IDS.r_field);
  assert_int_equal(e.feature, -1);
  assert_int_equal(e.kind, -1);
  assert_int_equal(e.turn, 6);
  assert_int_equal(gk_player_score(g, 1), 13);
  assert_int_equal(gk_player_score(g, 0), 3);
  /* logged */
  gk_event ev;
  assert_int_equal(gk_log_event(g, gk_log_count(g) - 1, &ev), 0);
  assert_int_equal(ev.type, GK_EV_SCORE);
  assert_int_equal(ev.a, 1);
  assert_int_equal(ev.b, 9);
  assert_int_equal(ev.c, FX_IDS.r_cloister);
  /* bad arguments change nothing */
  size_t len;
  unsigned char *snap = fx_serialize(g, &len);
  assert_true(gk_score(g, 2, 1, FX_IDS.r_city, -1) < 0);
  assert_true(gk_score(g, -1, 1, FX_IDS.r_city, -1) < 0);
  assert_true(gk_score(g, 0, 1, 99, -1) < 0);
  assert_true(gk_score(g, 0, 1, FX_IDS.r_city, 12345) < 0);
  assert_true(gk_ledger_get(g, 3, &e) < 0);
  assert_true(gk_ledger_get(g, -1, &e) < 0);
  assert_true(gk_player_score(g, 7) < 0 || gk_player_score(g, 7) == 0);
  assert_true(fx_state_is(g, snap, len));
  free(snap);
  gk_game_free(g);
}

/* In random games the ledger sums to the player scores and the
** supplies plus placed figures add up to 7 each. */
static void test_random_game_bookkeeping(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 30; seed++) {
    gk_game *g = base_fixture_new_game(FX_RULES, 4, seed);
    int rc;
    while ((rc = base_fixture_play_turn(g, &FX_IDS)) >= 0) {}
    assert_int_equal(rc, GK_EEMPTY);
    int32_t sum[4] = {0};
    for (int i = 0; i < gk_ledger_count(g); i++) {
      struct gk_ledger_entry e;
      assert_int_equal(gk_ledger_get(g, i, &e), 0);
      assert_true(e.player >= 0 && e.player < 4);
      sum[e.player] += e.points;
      if (i) {
        struct gk_ledger_entry p;
        gk_ledger_get(g, i - 1, &p);
        assert_true(p.turn <= e.turn);
      }
    }
    int on_board[4] = {0};
    for (int f = 0; f < gk_figure_count(g); f++) {
      struct gk_figure_info fi;
      assert_int_equal(gk_figure_get(g, f, &fi), 0);
      if (fi.at.where == GK_AT_NODE) {
        on_board[fi.owner]++;
        /* nobody stands on a closed road/city: they were scored */
        struct gk_feature_info fe;
        assert_int_equal(gk_feature_get(g, fi.at.a, &fe), 0);
        if (fe.kind == FX_IDS.road || fe.kind == FX_IDS.city || fe.kind == FX_IDS.cloister)
          assert_int_equal(fe.closed, 0);
      }
    }
    for (int p = 0; p < 4; p++) {
      assert_int_equal(gk_player_score(g, p), sum[p]);
      assert_int_equal(gk_supply(g, p, FX_IDS.follower) + on_board[p], 7);
    }
    gk_game_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_deploy_return_move),
    cmocka_unit_test(test_neutral_figures),
    cmocka_unit_test(test_figure_ranges),
    cmocka_unit_test(test_figures_after_merge_and_majority),
    cmocka_unit_test(test_score_and_ledger),
    cmocka_unit_test(test_random_game_bookkeeping),
  };
  return cmocka_run_group_tests(tests, base_fixture_group_setup, base_fixture_group_teardown);
}
