/*
** extended.h: the base game plus counters gained on completion, a final
** counter majority, an extra part of a turn and a term counting a figure
** (extended()), shared by test_cap_gain.c and kernel/test_gk_log.c
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
  gk_flow_set_stack(f, id->stack);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  x->flow = f;
}

#endif
