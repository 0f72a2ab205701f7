/*
** extended.h: the base game plus counters gained on completion, a final
** counter majority, an extra part of a turn and a term counting a figure
** (extended()), and 300 random games of it (extended_games()); shared by
** test_cap_gain.c, test_cap_extra_part.c and kernel/test_gk_log.c
** (include after cmocka.h).
*/
#ifndef EXTENDED_H
#define EXTENDED_H

#include "followers.h"

typedef struct extended_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int coats, coats_reason, helper;
} extended_rules;

/* The base game plus: completing a city gives its pennants as "coats" to
** the active player; most coats at the end scores 10; a tile extending
** a road with the active player's follower earns a second tile; a
** "helper" figure (strength 0, needs a follower) adds 1 per tile to a
** road's points for the leaders who own one there. */
static void extended(extended_rules *x) {
  x->rules = base_fixture_rules_unfrozen(NULL);
  assert_non_null(x->rules);
  x->coats = gk_rules_add_counter(x->rules, "coats");
  assert_true(x->coats >= 0);
  x->coats_reason = gk_rules_add_reason(x->rules, "coats");
  gk_figure_spec spec = {1, 0};
  x->helper = gk_rules_add_figure_kind(x->rules, "helper", &spec);
  assert_int_equal(base_fixture_ids(x->rules, &x->ids), 0);
  /* base_fixture_flow freezes, so declare on our own flow */
  const base_ids *id = &x->ids;
  gk_flow *f = flow_with_followers(x->rules, id);
  gk_figure_rule helper = {.on_kinds = 1ull << id->road, .group = 2, .needs_own = 1};
  assert_int_equal(gk_flow_set_figure(f, x->helper, &helper), GK_OK);
  gk_formula road = {2, {{GK_TERM_TILE, 0, 1, 0, 0}, {GK_TERM_TILE, 0, 1, x->helper + 1, 0}}};
  gk_formula city = {2, {{GK_TERM_TILE, 0, 2, 0, 0}, {GK_TERM_ATTR, id->pennant, 2, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_CLOSED, &road, id->r_road, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id->city, GK_WHEN_CLOSED, &city, id->r_city, 0), GK_OK);
  assert_int_equal(gk_flow_add_gain(f, id->city, id->pennant, x->coats), GK_OK);
  assert_int_equal(gk_flow_add_majority(f, x->coats, 10, x->coats_reason), GK_OK);
  gk_extra_part_rule twice = {GK_EXTRA_EXTENDS, 1ull << id->road, id->follower, -1, id->stack};
  assert_int_equal(gk_flow_add_extra_part(f, &twice), GK_OK);
  /* malformed declarations are refused */
  gk_extra_part_rule bad = {GK_EXTRA_EXTENDS, 0, -1, -1, id->stack};
  assert_int_equal(gk_flow_add_extra_part(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_gain(f, id->city, 99, x->coats), GK_EINVAL);
  gk_formula wrong = {1, {{GK_TERM_TILE, 0, 1, 99, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_FINAL, &wrong, id->r_road, 0), GK_EINVAL);
  gk_formula far = {1, {{GK_TERM_TOUCHING, GK_KIND_ATTR(60, id->pennant), 1, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_FINAL, &far, id->r_road, 0), GK_EINVAL);
  gk_formula no_attr = {1, {{GK_TERM_TOUCHING, GK_KIND_ATTR(id->city, 60), 1, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_FINAL, &no_attr, id->r_road, 0), GK_EINVAL);
  /* figures on tiles: a mask of figure kinds, none beyond those declared */
  gk_formula no_figure = {1, {{GK_TERM_TILE_FIGURES, 0, 1, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_FINAL, &no_figure, id->r_road, 0), GK_EINVAL);
  gk_formula far_figure = {1, {{GK_TERM_BLOCK_FIGURES, 1 << 30, 1, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_FINAL, &far_figure, id->r_road, 0), GK_EINVAL);
  gk_flow_set_stack(f, id->stack);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  x->flow = f;
}


/* The declarations whose moves extended_games() checks. */
enum {
  CHECK_EXTRA_PART = 1, /* extra_part: a turn has at most two parts */
  CHECK_GAIN = 2        /* gain: the majority paid 10 to each player holding the most */
};

/* What the games did, for a test to check that its rule really fired. */
typedef struct extended_counts {
  long second_parts, coats_total, helper_bonus;
} extended_counts;

/* Plays 300 random games of extended(), checking every move and game for
** the declarations in `check`; counts into *c. */
static inline void extended_games(unsigned check, extended_counts *c) {
  extended_rules x;
  extended(&x);
  *c = (extended_counts){0};
  for (uint64_t seed = 1; seed <= 300; seed++) {
    gk_game *g = base_fixture_new_game(x.rules, 2, seed);
    gk_play *p = gk_play_new(x.flow, g, NULL);
    gk_play_seed_agent(p, seed);
    assert_int_equal(gk_play_start(p), GK_OK);
    int32_t pennants_closed[2] = {0, 0};
    while (!gk_play_over(p)) {
      int part = gk_play_part(p), phase = gk_play_phase(p);
      if (check & CHECK_EXTRA_PART) assert_true(part == 1 || part == 2); /* never a third part */
      if (part == 2 && phase == GK_PHASE_PLACE_TILE) c->second_parts++;
      int ledger_before = gk_ledger_count(g);
      assert_int_equal(gk_play_random_move(p), GK_OK);
      /* roads scored by this move paid the helper's term */
      for (int i = ledger_before; i < gk_ledger_count(g); i++) {
        gk_ledger_entry e;
        gk_ledger_get(g, i, &e);
        if (e.reason == x.ids.r_road && e.points > gk_feature_tiles(g, e.feature)) c->helper_bonus++;
      }
    }
    int32_t best = 0;
    for (int pl = 0; pl < 2; pl++) {
      c->coats_total += gk_counter_get(g, pl, x.coats);
      if (gk_counter_get(g, pl, x.coats) > best) best = gk_counter_get(g, pl, x.coats);
      pennants_closed[pl] = gk_counter_get(g, pl, x.coats);
    }
    /* the majority paid 10 to each player holding the most */
    for (int pl = 0; pl < 2 && (check & CHECK_GAIN); pl++) {
      int32_t paid = 0;
      for (int i = 0; i < gk_ledger_count(g); i++) {
        gk_ledger_entry e;
        gk_ledger_get(g, i, &e);
        if (e.reason == x.coats_reason && e.player == pl) paid += e.points;
      }
      assert_int_equal(paid, best > 0 && pennants_closed[pl] == best ? 10 : 0);
    }
    gk_play_free(p);
  }
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}

#endif
