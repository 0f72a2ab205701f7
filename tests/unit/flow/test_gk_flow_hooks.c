/*
** test_gk_flow_hooks.c: the turn flow's hooks (flow/hooks.c) on the base
** game (base_flow.h): hooks that notify, veto, transform points, add
** moves and fail (the move rolled back, blobs restored), and the filters
** that keep a hook to some tiles, features and kinds.
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
** Hooks
** ------------------------------------------------------------------- */

typedef struct hook_log {
  int calls[GK_HOOK_COUNT];
  int fail_on;          /* a hook that returns an error, or -1 */
  int veto_x_positive;  /* allow_placements: keep only x <= 0 */
  int double_points;    /* feature_points: x2 */
  int add_action;       /* collect on place_figure: one custom move */
  int action_applied;
  int decide_draw;      /* collect on draw: one custom move this player + 1 decides */
  int decide_figure;    /* add_action's move names this decider (player + 1) */
} hook_log;

static int test_hook(void *ud, gk_play *p, gk_hook_call *c) {
  hook_log *h = ud;
  h->calls[c->hook]++;
  if (c->hook == h->fail_on) {
    gk_play_set_error(p, "hook %d failed on purpose", c->hook);
    return GK_EINVAL;
  }
  switch (c->hook) {
    case GK_HOOK_ALLOW_PLACEMENTS:
      if (h->veto_x_positive) {
        int kept = 0;
        for (int i = 0; i < c->n_moves; i++)
          if (c->moves[i].x <= 0) c->moves[kept++] = c->moves[i];
        c->n_moves = kept;
      }
      break;
    case GK_HOOK_FEATURE_POINTS:
      if (h->double_points) c->value *= 2;
      break;
    case GK_HOOK_COLLECT:
      if (h->add_action && c->phase == GK_PHASE_PLACE_FIGURE && c->n_moves < c->cap_moves) {
        c->moves[c->n_moves++] = (gk_move){.type = GK_MOVE_ACTION, .action = 0, .arg = {7, 0, 0, 0}};
        c->decider = h->decide_figure;
      }
      if (h->decide_draw && c->phase == GK_PHASE_DRAW && c->n_moves < c->cap_moves) {
        c->moves[c->n_moves++] = (gk_move){.type = GK_MOVE_ACTION, .action = 0, .arg = {9, 0, 0, 0}};
        c->decider = h->decide_draw;
      }
      break;
    case GK_HOOK_APPLY:
      h->action_applied++;
      break;
    default:
      break;
  }
  return GK_OK;
}

static void test_notify_hooks_fire(void **state) {
  (void)state;
  hook_log h = {.fail_on = -1};
  gk_hooks hooks = {&h, (1u << GK_HOOK_TURN_BEGIN) | (1u << GK_HOOK_TILE_PLACED) |
                            (1u << GK_HOOK_TURN_END) | (1u << GK_HOOK_FINAL_SCORING),
                    0, test_hook, 0};
  gk_play *p = new_play(3, 2, &hooks);
  assert_int_equal(gk_play_random_game(p), GK_OK);
  int turns = gk_play_turn(p);
  assert_int_equal(h.calls[GK_HOOK_TURN_BEGIN], turns);
  assert_int_equal(h.calls[GK_HOOK_TURN_END], turns);
  assert_int_equal(h.calls[GK_HOOK_TILE_PLACED], gk_tile_count(gk_play_game(p)) - 1);
  assert_int_equal(h.calls[GK_HOOK_FINAL_SCORING], 1);
  assert_int_equal(h.calls[GK_HOOK_FEATURE_POINTS], 0); /* not asked for: not called */
  gk_play_free(p);
}

static void test_allow_hook_vetoes(void **state) {
  (void)state;
  hook_log h = {.fail_on = -1, .veto_x_positive = 1};
  gk_hooks hooks = {&h, 1u << GK_HOOK_ALLOW_PLACEMENTS, 0, test_hook, 0};
  gk_play *p = new_play(5, 2, &hooks);
  for (int i = 0; i < 60 && !gk_play_over(p); i++) {
    if (gk_play_phase(p) == GK_PHASE_PLACE_TILE) {
      gk_move m[512];
      int n = gk_play_moves(p, m, 512);
      for (int k = 0; k < n; k++) assert_true(m[k].x <= 0);
    }
    assert_int_equal(gk_play_random_move(p), GK_OK);
  }
  for (int t = 0; t < gk_tile_count(gk_play_game(p)); t++) {
    gk_placed_tile pt;
    gk_tile_info(gk_play_game(p), t, &pt);
    assert_true(pt.x <= 0);
  }
  gk_play_free(p);
}

/* deploy_kinds: the deploy veto is asked only on turns that offer a
** figure of a kind it names. */
static void test_deploy_veto_narrowed_by_kind(void **state) {
  (void)state;
  hook_log all = {.fail_on = -1}, none = {.fail_on = -1}, followers = {.fail_on = -1};
  gk_hooks h_all = {&all, 1u << GK_HOOK_ALLOW_DEPLOYS, 0, test_hook, 0};
  gk_hooks h_none = {&none, 1u << GK_HOOK_ALLOW_DEPLOYS, 0, test_hook, 1u << 31};
  gk_hooks h_followers = {&followers, 1u << GK_HOOK_ALLOW_DEPLOYS, 0, test_hook,
                          1u << IDS.follower};
  gk_play *a = new_play(11, 2, &h_all);
  gk_play *b = new_play(11, 2, &h_none);
  gk_play *c = new_play(11, 2, &h_followers);
  assert_int_equal(gk_play_random_game(a), GK_OK);
  assert_int_equal(gk_play_random_game(b), GK_OK);
  assert_int_equal(gk_play_random_game(c), GK_OK);
  assert_true(all.calls[GK_HOOK_ALLOW_DEPLOYS] > 10);
  assert_int_equal(none.calls[GK_HOOK_ALLOW_DEPLOYS], 0);       /* no such figure offered */
  assert_true(followers.calls[GK_HOOK_ALLOW_DEPLOYS] > 0);
  assert_true(followers.calls[GK_HOOK_ALLOW_DEPLOYS] <= all.calls[GK_HOOK_ALLOW_DEPLOYS]);
  /* a veto that allows everything changes nothing: the same game */
  assert_int_equal(gk_player_score(gk_play_game(a), 0), gk_player_score(gk_play_game(b), 0));
  assert_int_equal(gk_player_score(gk_play_game(a), 1), gk_player_score(gk_play_game(b), 1));
  gk_play_free(a);
  gk_play_free(b);
  gk_play_free(c);
}

static void test_transform_doubles_points(void **state) {
  (void)state;
  hook_log h = {.fail_on = -1, .double_points = 1};
  gk_hooks hooks = {&h, 1u << GK_HOOK_FEATURE_POINTS, 0, test_hook, 0};
  gk_play *plain = new_play(11, 2, NULL), *doubled = new_play(11, 2, &hooks);
  gk_play_random_game(plain);
  gk_play_random_game(doubled);
  /* same moves (the hook changes no choice), every score doubled */
  for (int pl = 0; pl < 2; pl++)
    assert_int_equal(gk_player_score(gk_play_game(doubled), pl),
                     2 * gk_player_score(gk_play_game(plain), pl));
  assert_true(h.calls[GK_HOOK_FEATURE_POINTS] > 0);
  gk_play_free(plain);
  gk_play_free(doubled);
}

static void test_collect_adds_a_move(void **state) {
  (void)state;
  hook_log h = {.fail_on = -1, .add_action = 1};
  gk_hooks hooks = {&h, (1u << GK_HOOK_COLLECT) | (1u << GK_HOOK_APPLY), 0, test_hook, 0};
  gk_play *p = new_play(13, 2, &hooks);
  gk_move m[512];
  int n = gk_play_moves(p, m, 512);
  assert_int_equal(gk_play_apply(p, &m[0]), GK_OK); /* the tile */
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_FIGURE);
  n = gk_play_moves(p, m, 512);
  gk_move action = {.type = GK_MOVE_ACTION, .action = 0, .arg = {7, 0, 0, 0}};
  int found = 0;
  for (int i = 0; i < n; i++) found += gk_move_equal(&m[i], &action);
  assert_int_equal(found, 1);
  assert_int_equal(gk_play_apply(p, &action), GK_OK);
  assert_int_equal(h.action_applied, 1);
  gk_play_free(p);
}

/* A collector names who decides its moves (an auction's bidder): the
** list is that player's (gk_play_decider), the active player unchanged;
** the next list is the active player's again. */
static void test_collect_names_the_decider(void **state) {
  (void)state;
  hook_log h = {.fail_on = -1, .decide_draw = 2};
  gk_hooks hooks = {&h, (1u << GK_HOOK_COLLECT) | (1u << GK_HOOK_APPLY), 0, test_hook, 0};
  gk_play *p = new_play(13, 2, &hooks);
  assert_int_equal(gk_play_phase(p), GK_PHASE_DRAW);
  assert_int_equal(gk_play_player(p), 0);
  assert_int_equal(gk_play_decider(p), 1);
  gk_move draw = {.type = GK_MOVE_DRAW};
  assert_int_equal(gk_play_apply(p, &draw), GK_OK);
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_TILE);
  assert_int_equal(gk_play_decider(p), 0); /* the placement: the active player's */
  /* a copy keeps who decides */
  gk_play_free(p);
  p = new_play(13, 2, &hooks);
  gk_play *copy = gk_play_clone(p);
  assert_non_null(copy);
  assert_int_equal(gk_play_decider(copy), 1);
  gk_play_free(copy);
  gk_play_free(p);
  assert_int_equal(gk_play_decider(NULL), GK_EINVAL);
}

/* One list, one decider: a collector naming another player beside the
** active player's deploys, or no player at all, fails the move that asked
** (nothing changed). */
static void test_collect_decider_refused(void **state) {
  (void)state;
  int bad[2] = {2, 5}; /* player 1 beside player 0's deploys; no player 5 of 2 */
  const char *why[2] = {"one list, one decider", "is no player"};
  for (int k = 0; k < 2; k++) {
    hook_log h = {.fail_on = -1, .add_action = 1, .decide_figure = bad[k]};
    gk_hooks hooks = {&h, (1u << GK_HOOK_COLLECT) | (1u << GK_HOOK_APPLY), 0, test_hook, 0};
    gk_play *p = new_play(13, 2, &hooks);
    gk_move m[512];
    gk_play_moves(p, m, 512);
    assert_int_equal(gk_play_apply(p, &m[0]), GK_EINVAL);
    assert_non_null(strstr(gk_play_error(p), why[k]));
    assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_TILE); /* unchanged */
    gk_play_free(p);
  }
  /* naming the active player itself is no conflict */
  hook_log h = {.fail_on = -1, .add_action = 1, .decide_figure = 1};
  gk_hooks hooks = {&h, (1u << GK_HOOK_COLLECT) | (1u << GK_HOOK_APPLY), 0, test_hook, 0};
  gk_play *p = new_play(13, 2, &hooks);
  gk_move m[512];
  gk_play_moves(p, m, 512);
  assert_int_equal(gk_play_apply(p, &m[0]), GK_OK);
  assert_int_equal(gk_play_decider(p), 0);
  gk_play_free(p);
}

/* A hook that fails half-way through a move leaves the game exactly as
** it was before the move. */
static void test_failing_hook_rolls_back(void **state) {
  (void)state;
  hook_log h = {.fail_on = GK_HOOK_TILE_PLACED};
  gk_hooks hooks = {&h, 1u << GK_HOOK_TILE_PLACED, 0, test_hook, 0};
  gk_play *p = new_play(17, 2, &hooks);
  unsigned char *before;
  long n = serialize(p, &before);
  int phase = gk_play_phase(p);
  gk_move m[512];
  gk_play_moves(p, m, 512);
  assert_int_equal(gk_play_apply(p, &m[0]), GK_EINVAL);
  assert_non_null(strstr(gk_play_error(p), "failed on purpose"));
  unsigned char *after;
  long k = serialize(p, &after);
  assert_int_equal(n, k);
  assert_memory_equal(before, after, (size_t)n);
  assert_int_equal(gk_play_phase(p), phase);
  /* and the game goes on once the hook behaves */
  h.fail_on = -1;
  assert_int_equal(gk_play_apply(p, &m[0]), GK_OK);
  free(before);
  free(after);
  gk_play_free(p);
}

/* Blobs are kept lazily, just before a move's first hook: a hook that
** writes a blob and a later hook of the same move that fails leave the
** blobs as they were; a move whose hooks all succeed keeps the writes. */
typedef struct blob_hook {
  int fail_on;   /* hook that fails after the blob write, or -1 */
  int writes;
} blob_hook;

static int blob_writer(void *ud, gk_play *p, gk_hook_call *c) {
  blob_hook *h = ud;
  char text[32];
  int n = snprintf(text, sizeof text, "write %d of hook %d", ++h->writes, c->hook);
  assert_int_equal(gk_blob_set(gk_play_game(p), 3, text, (size_t)n), GK_OK);
  if (c->hook == h->fail_on) {
    gk_play_set_error(p, "hook %d failed on purpose", c->hook);
    return GK_EINVAL;
  }
  return GK_OK;
}

static void test_failing_hook_restores_blobs(void **state) {
  (void)state;
  blob_hook h = {.fail_on = GK_HOOK_COLLECT};
  /* tile_placed writes and succeeds, then collect (place_figure) writes
  ** and fails: both writes go */
  gk_hooks hooks = {&h, (1u << GK_HOOK_TILE_PLACED) | (1u << GK_HOOK_COLLECT),
                    1ull << GK_PHASE_PLACE_FIGURE, blob_writer, 0};
  gk_play *p = new_play(23, 2, &hooks);
  assert_int_equal(gk_blob_set(gk_play_game(p), 3, "before", 6), GK_OK);
  assert_int_equal(gk_blob_set(gk_play_game(p), 5, "other", 5), GK_OK);
  unsigned char *before;
  long n = serialize(p, &before);
  gk_move m[512];
  gk_play_moves(p, m, 512);
  assert_int_equal(gk_play_apply(p, &m[0]), GK_EINVAL);
  assert_int_equal(h.writes, 2);
  unsigned char *after;
  long k = serialize(p, &after);
  assert_int_equal(n, k);
  assert_memory_equal(before, after, (size_t)n);
  size_t len;
  const char *b = gk_blob_get(gk_play_game(p), 3, &len);
  assert_int_equal(len, 6);
  assert_memory_equal(b, "before", 6);
  /* a move whose hooks succeed keeps what they wrote */
  h.fail_on = -1;
  assert_int_equal(gk_play_apply(p, &m[0]), GK_OK);
  b = gk_blob_get(gk_play_game(p), 3, &len);
  assert_true(len > 6 && memcmp(b, "write 4", 7) == 0);
  free(before);
  free(after);
  gk_play_free(p);
}

/* {------------------------------------------------------------------
** Hook filters
** ------------------------------------------------------------------- */

typedef struct filter_log {
  int placed, collected, points;
  int bad; /* calls the filters should have kept away */
} filter_log;

static bool type_has_pennant(int type) {
  const gk_tile_def *d = gk_rules_tile(RULES, type);
  for (int s = 0; s < d->n_segments; s++)
    for (int a = 0; a < d->segments[s].n_attrs; a++)
      if (d->segments[s].attrs[a].attr == IDS.pennant && d->segments[s].attrs[a].value) return true;
  return false;
}

static int filter_hook(void *ud, gk_play *p, gk_hook_call *c) {
  filter_log *h = ud;
  gk_game *g = gk_play_game(p);
  if (c->hook == GK_HOOK_TILE_PLACED) {
    h->placed++;
    gk_placed_tile pt;
    gk_tile_info(g, c->report->tile, &pt);
    if (!type_has_pennant(pt.type)) h->bad++;
  } else if (c->hook == GK_HOOK_COLLECT) {
    h->collected++;
    gk_placed_tile pt;
    if (gk_play_placed(p) < 0 || c->phase != GK_PHASE_PLACE_FIGURE) h->bad++;
    else if (gk_tile_info(g, gk_play_placed(p), &pt) == GK_OK && !type_has_pennant(pt.type)) h->bad++;
  } else if (c->hook == GK_HOOK_FEATURE_POINTS) {
    h->points++;
    if (gk_feature_attr(g, c->feature, IDS.pennant) == 0) h->bad++;
  }
  return GK_OK;
}

/* Filters keep the hooks to tiles and features with a pennant. */
static void test_hook_filters(void **state) {
  (void)state;
  gk_tile_filter pennant = {0, 1ull << IDS.pennant, 0}, none = {0, 0, 0};
  assert_int_equal(gk_flow_tile_matches(FLOW, IDS.tile['C' - 'A'], &pennant), 1);
  assert_int_equal(gk_flow_tile_matches(FLOW, IDS.tile['G' - 'A'], &pennant), 0);
  assert_int_equal(gk_flow_tile_matches(FLOW, IDS.tile['G' - 'A'], &none), 1);
  assert_true(gk_flow_tile_matches(FLOW, 999, &pennant) < 0);
  assert_true(gk_flow_tile_matches(FLOW, 0, NULL) < 0);
  long placed = 0, expected = 0, collected = 0, points = 0;
  for (uint64_t seed = 1; seed <= 30; seed++) {
    filter_log h = {0};
    gk_hooks hooks = {&h, (1u << GK_HOOK_TILE_PLACED) | (1u << GK_HOOK_COLLECT) |
                              (1u << GK_HOOK_FEATURE_POINTS),
                      1ull << GK_PHASE_PLACE_FIGURE, filter_hook, 0};
    gk_hook_filters f = {.placed_tiles = pennant, .collect_filtered = 1ull << GK_PHASE_PLACE_FIGURE,
                         .collect_tiles = pennant, .points_attrs = 1ull << IDS.pennant};
    gk_game *g = base_fixture_new_game(RULES, 2, seed);
    gk_play *p = gk_play_new(FLOW, g, &hooks);
    gk_play_set_hook_filters(p, &f);
    gk_play_seed_agent(p, seed);
    assert_int_equal(gk_play_start(p), GK_OK);
    /* a clone keeps the filters */
    gk_play *c = gk_play_clone(p);
    assert_int_equal(gk_play_random_game(c), GK_OK);
    assert_int_equal(gk_play_random_game(p), GK_OK);
    assert_int_equal(h.bad, 0);
    for (int t = 1; t < gk_tile_count(g); t++) { /* tile 0: the start tile, placed before */
      gk_placed_tile pt;
      gk_tile_info(g, t, &pt);
      expected += type_has_pennant(pt.type);
    }
    placed += h.placed;
    collected += h.collected;
    points += h.points;
    gk_play_free(c);
    gk_play_free(p);
  }
  assert_true(expected > 0 && placed == 2 * expected);                      /* p and its clone */
  assert_true(collected > 0 && collected <= placed);
  assert_true(points > 0);
}

typedef struct kinds_log {
  int roads, others;
} kinds_log;

static int kinds_hook(void *ud, gk_play *p, gk_hook_call *c) {
  kinds_log *h = ud;
  if (c->hook == GK_HOOK_FEATURE_POINTS) {
    if (gk_feature_kind(gk_play_game(p), c->feature) == IDS.road) h->roads++;
    else h->others++;
  }
  return GK_OK;
}

/* points_kinds: the points hook is called for roads only, never for the
** other kinds (which then score as with no hook). */
static void test_points_kinds_filter(void **state) {
  (void)state;
  kinds_log h = {0};
  gk_hooks hooks = {&h, 1u << GK_HOOK_FEATURE_POINTS, 0, kinds_hook, 0};
  gk_hook_filters f = {.points_kinds = 1ull << IDS.road};
  for (uint64_t seed = 1; seed <= 10; seed++) {
    gk_game *g = base_fixture_new_game(RULES, 2, seed);
    gk_play *p = gk_play_new(FLOW, g, &hooks);
    gk_play_set_hook_filters(p, &f);
    gk_play_seed_agent(p, seed);
    assert_int_equal(gk_play_start(p), GK_OK);
    assert_int_equal(gk_play_random_game(p), GK_OK);
    gk_play_free(p);
  }
  assert_true(h.roads > 0);
  assert_int_equal(h.others, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_notify_hooks_fire),
      cmocka_unit_test(test_allow_hook_vetoes),
      cmocka_unit_test(test_deploy_veto_narrowed_by_kind),
      cmocka_unit_test(test_transform_doubles_points),
      cmocka_unit_test(test_collect_adds_a_move),
      cmocka_unit_test(test_collect_names_the_decider),
      cmocka_unit_test(test_collect_decider_refused),
      cmocka_unit_test(test_failing_hook_rolls_back),
      cmocka_unit_test(test_failing_hook_restores_blobs),
      cmocka_unit_test(test_hook_filters),
      cmocka_unit_test(test_points_kinds_filter),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
