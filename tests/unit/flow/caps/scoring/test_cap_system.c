/*
** test_cap_system.c: systems of features (gk_flow_add_system), scored
** at the end against the test's own walk, and a figure blocked across a
** system (gk_figure_rule.blocked_across), on the base game plus wardens.
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
** Systems of features, blocked_across
** ------------------------------------------------------------------- */

typedef struct warden_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int warden, r_sys;
} warden_rules;

/* The base game plus 3 wardens a player, on cities, one per city; with
** across, one per system of cities and fields; with a system rule, each
** system of cities and fields holding a warden scores at the end: 1 per
** pennant, 2 per city, and 5 more if it has a pennant. */
static void wardens(warden_rules *x, bool across, bool system) {
  x->rules = base_fixture_rules_unfrozen(NULL);
  assert_non_null(x->rules);
  gk_figure_spec spec = {3, 0};
  x->warden = gk_rules_add_figure_kind(x->rules, "warden", &spec);
  x->r_sys = gk_rules_add_reason(x->rules, "system");
  assert_int_equal(base_fixture_ids(x->rules, &x->ids), 0);
  const base_ids *id = &x->ids;
  gk_flow *f = flow_with_followers(x->rules, id);
  gk_figure_rule warden = {.on_kinds = 1ull << id->city, .group = 2, .blocked_by = 2,
                           .blocked_across = across ? (1ull << id->city) | (1ull << id->field) : 0};
  assert_int_equal(gk_flow_set_figure(f, x->warden, &warden), GK_OK);
  gk_figure_rule bad = warden;
  bad.blocked_across = 1ull << 40;
  assert_int_equal(gk_flow_set_figure(f, x->warden, &bad), GK_EINVAL);
  if (system) {
    gk_system_rule sr = {.kinds = (1ull << id->city) | (1ull << id->field), .figure = x->warden,
                         .reason = x->r_sys, .n_terms = 3,
                         .terms = {{GK_TERM_ATTR, id->pennant, 1, 0},
                                   {GK_TERM_FEATURES, id->city, 2, 0},
                                   {GK_TERM_CONST, 0, 5, id->pennant + 1}}};
    assert_int_equal(gk_flow_add_system(f, &sr), GK_OK);
    gk_system_rule wrong = sr;
    wrong.terms[0].term = GK_TERM_TILE; /* not a system term */
    assert_int_equal(gk_flow_add_system(f, &wrong), GK_EINVAL);
    wrong = sr;
    wrong.figure = 99;
    assert_int_equal(gk_flow_add_system(f, &wrong), GK_EINVAL);
  }
  gk_flow_set_stack(f, id->stack);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  x->flow = f;
}

/* The roots of the city-and-field system around node (test's own walk). */
static int system_of(gk_game *g, const base_ids *id, int32_t node, int32_t *out, int cap) {
  int n = 0;
  out[n++] = gk_feature_root(g, node);
  for (int i = 0; i < n; i++) {
    int32_t adj[256];
    int k = gk_feature_adjacent(g, out[i], adj, 256);
    for (int j = 0; j < k && j < 256; j++) {
      int kind = gk_feature_kind(g, adj[j]);
      if (kind != id->city && kind != id->field) continue;
      bool seen = false;
      for (int m = 0; m < n && !seen; m++) seen = out[m] == adj[j];
      if (!seen && n < cap) out[n++] = adj[j];
    }
  }
  return n;
}

/* Wardens standing in the system of figure f. */
static int wardens_with(gk_game *g, const warden_rules *x, int f) {
  gk_figure_info fi;
  gk_figure_get(g, f, &fi);
  int32_t sys[1024];
  int n = system_of(g, &x->ids, fi.at.a, sys, 1024), count = 0;
  for (int o = 0; o < gk_figure_count(g); o++) {
    gk_figure_info oi;
    gk_figure_get(g, o, &oi);
    if (oi.kind != x->warden || oi.at.where != GK_AT_NODE) continue;
    for (int i = 0; i < n; i++) count += gk_feature_root(g, oi.at.a) == sys[i];
  }
  return count;
}

/* A warden goes only where its system holds none (systems may still
** merge later, as river systems do). */
static void test_blocked_across(void **state) {
  (void)state;
  long shared[2] = {0, 0}, deployed[2] = {0, 0};
  for (int across = 0; across <= 1; across++) {
    warden_rules x;
    wardens(&x, across, false);
    for (uint64_t seed = 1; seed <= 40; seed++) {
      gk_game *g = base_fixture_new_game(x.rules, 2, seed);
      gk_play *p = gk_play_new(x.flow, g, NULL);
      gk_play_seed_agent(p, seed);
      assert_int_equal(gk_play_start(p), GK_OK);
      while (!gk_play_over(p)) {
        bool before[64] = {false};
        for (int f = 0; f < gk_figure_count(g) && f < 64; f++) {
          gk_figure_info fi;
          gk_figure_get(g, f, &fi);
          before[f] = fi.at.where == GK_AT_NODE;
        }
        assert_int_equal(gk_play_random_move(p), GK_OK);
        for (int f = 0; f < gk_figure_count(g) && f < 64; f++) {
          gk_figure_info fi;
          gk_figure_get(g, f, &fi);
          if (fi.kind != x.warden || fi.at.where != GK_AT_NODE || before[f]) continue;
          deployed[across]++;
          shared[across] += wardens_with(g, &x, f) > 1;
        }
      }
      gk_play_free(p);
    }
    gk_flow_free(x.flow);
    gk_rules_free(x.rules);
  }
  assert_true(shared[0] > 0);       /* without the rule wardens join a held system */
  assert_int_equal(shared[1], 0);   /* with it never */
  assert_true(deployed[1] > 40);
}

static void test_system(void **state) {
  (void)state;
  warden_rules x;
  wardens(&x, false, true);
  long scored = 0, with_bonus = 0;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    gk_game *g = base_fixture_new_game(x.rules, 2, seed);
    gk_play *p = gk_play_new(x.flow, g, NULL);
    gk_play_seed_agent(p, seed);
    assert_int_equal(gk_play_start(p), GK_OK);
    assert_int_equal(gk_play_random_game(p), GK_OK);
    /* the test's own count: every system with a warden, once */
    int32_t want[2] = {0, 0};
    int32_t done[64];
    int n_done = 0;
    for (int f = 0; f < gk_figure_count(g); f++) {
      gk_figure_info fi;
      gk_figure_get(g, f, &fi);
      if (fi.kind != x.warden || fi.at.where != GK_AT_NODE) continue;
      int32_t sys[1024];
      int n = system_of(g, &x.ids, fi.at.a, sys, 1024);
      bool seen = false;
      for (int i = 0; i < n_done && !seen; i++)
        for (int k = 0; k < n && !seen; k++) seen = done[i] == sys[k];
      if (seen) continue;
      done[n_done++] = sys[0];
      int count[2] = {0, 0}, pennants = 0, cities = 0;
      for (int k = 0; k < n; k++) {
        pennants += gk_feature_attr(g, sys[k], x.ids.pennant);
        cities += gk_feature_kind(g, sys[k]) == x.ids.city;
        int figs[64];
        int nf = gk_feature_figures(g, sys[k], figs, 64);
        for (int i = 0; i < nf; i++) {
          gk_figure_info oi;
          gk_figure_get(g, figs[i], &oi);
          if (oi.kind == x.warden) count[oi.owner]++;
        }
      }
      int32_t pts = pennants + 2 * cities + (pennants ? 5 : 0);
      with_bonus += pennants > 0;
      int best = count[0] > count[1] ? count[0] : count[1];
      for (int pl = 0; pl < 2; pl++)
        if (count[pl] == best) want[pl] += pts;
    }
    int32_t got[2] = {0, 0};
    for (int i = 0; i < gk_ledger_count(g); i++) {
      gk_ledger_entry e;
      gk_ledger_get(g, i, &e);
      if (e.reason == x.r_sys) got[e.player] += e.points;
    }
    assert_int_equal(got[0], want[0]);
    assert_int_equal(got[1], want[1]);
    scored += got[0] + got[1];
    gk_play_free(p);
  }
  assert_true(scored > 100);
  assert_true(with_bonus > 0);
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_blocked_across),
      cmocka_unit_test(test_system),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
