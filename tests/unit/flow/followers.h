/*
** followers.h: a flow with the base game's followers, shared by the flow
** tests that declare their own rules (include after cmocka.h).
*/
#ifndef FOLLOWERS_H
#define FOLLOWERS_H

#include "base_fixture.h"
#include "gk_flow.h"

/* A flow for these rules with the base game's followers declared: on
** every base kind, group 1, blocked by group 1, strength 1. */
static gk_flow *flow_with_followers(gk_rules *r, const base_ids *id) {
  gk_flow *f = gk_flow_new(r);
  assert_non_null(f);
  gk_figure_rule follower = {.on_kinds = (1ull << id->city) | (1ull << id->road) |
                                         (1ull << id->field) | (1ull << id->cloister),
                             .group = 1, .blocked_by = 1, .strength = 1};
  assert_int_equal(gk_flow_set_figure(f, id->follower, &follower), GK_OK);
  return f;
}

#endif
