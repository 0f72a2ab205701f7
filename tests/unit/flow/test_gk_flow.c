/*
** test_gk_flow.c: the turn flow on the base game (the C fixture declares
** what scripts/base.lua declares): invariants over 2,000 random games,
** hooks that veto, add moves, transform points and fail, determinism.
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

static gk_rules *RULES;
static gk_flow *FLOW;
static base_ids IDS;

static int setup(void **state) {
  (void)state;
  RULES = base_fixture_rules_unfrozen(NULL);
  if (!RULES || base_fixture_ids(RULES, &IDS)) return -1;
  FLOW = base_fixture_flow(RULES, &IDS);
  return FLOW ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  gk_flow_free(FLOW);
  gk_rules_free(RULES);
  return 0;
}

static gk_play *new_play(uint64_t seed, int players, const gk_hooks *hooks) {
  gk_game *g = base_fixture_new_game(RULES, players, seed);
  assert_non_null(g);
  gk_play *p = gk_play_new(FLOW, g, hooks);
  assert_non_null(p);
  gk_play_seed_agent(p, seed);
  assert_int_equal(gk_play_start(p), GK_OK);
  return p;
}

static long serialize(gk_play *p, unsigned char **out) {
  gk_game *g = gk_play_game(p);
  long n = gk_game_serialize(g, NULL, 0);
  *out = malloc((size_t)n);
  assert_int_equal(gk_game_serialize(g, *out, (size_t)n), n);
  return n;
}

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
      if (h->add_action && c->phase == GK_PHASE_PLACE_FIGURE && c->n_moves < c->cap_moves)
        c->moves[c->n_moves++] = (gk_move){.type = GK_MOVE_ACTION, .action = 0, .arg = {7, 0, 0, 0}};
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

/* {------------------------------------------------------------------
** Declared capabilities: counters gained on completion, final counter
** majorities, extra parts, terms that count only with a given figure.
** ------------------------------------------------------------------- */

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

static void test_declared_capabilities(void **state) {
  (void)state;
  extended_rules x;
  extended(&x);
  long second_parts = 0, coats_total = 0, helper_bonus = 0;
  for (uint64_t seed = 1; seed <= 300; seed++) {
    gk_game *g = base_fixture_new_game(x.rules, 2, seed);
    gk_play *p = gk_play_new(x.flow, g, NULL);
    gk_play_seed_agent(p, seed);
    assert_int_equal(gk_play_start(p), GK_OK);
    int32_t pennants_closed[2] = {0, 0};
    while (!gk_play_over(p)) {
      int part = gk_play_part(p), player = gk_play_player(p), phase = gk_play_phase(p);
      assert_true(part == 1 || part == 2); /* never a third part */
      if (part == 2 && phase == GK_PHASE_PLACE_TILE) second_parts++;
      int ledger_before = gk_ledger_count(g);
      assert_int_equal(gk_play_random_move(p), GK_OK);
      /* cities scored by this move gave their pennants to the mover */
      for (int i = ledger_before; i < gk_ledger_count(g); i++) {
        gk_ledger_entry e;
        gk_ledger_get(g, i, &e);
        if (e.reason == x.ids.r_road && e.points > gk_feature_tiles(g, e.feature)) helper_bonus++;
      }
      (void)player;
    }
    int32_t best = 0;
    for (int pl = 0; pl < 2; pl++) {
      coats_total += gk_counter_get(g, pl, x.coats);
      if (gk_counter_get(g, pl, x.coats) > best) best = gk_counter_get(g, pl, x.coats);
      pennants_closed[pl] = gk_counter_get(g, pl, x.coats);
    }
    /* the majority paid 10 to each player holding the most */
    for (int pl = 0; pl < 2; pl++) {
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
  assert_true(second_parts > 300);   /* the rule fired, often */
  assert_true(coats_total > 100);    /* pennants were gained */
  assert_true(helper_bonus > 0);     /* the helper's term paid */
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}


/* {------------------------------------------------------------------
** Hand tiles, corner figures, relocation, meeting and per-figure
** scoring: the base game plus a wildcard "H" tile held in hand (a
** token), a "shed" placed on field corners that scores farmers it meets
** and 4 per completed city at the end, and a "cart" that moves on after
** its feature is scored. 200 random games, checked move by move.
** ------------------------------------------------------------------- */

typedef struct hand_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int side, hand_tile, token, cart, shed, r_meet, r_shed, a_decline, a_cart;
} hand_rules;

static void hand_game_rules(hand_rules *x) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  x->side = gk_rules_add_kind(r, "side", GK_CLOSE_NEVER, GK_KIND_WILDCARD);
  x->hand_tile = fx_add_tile(r, "HAND", "cloister:- side:#N,#E,#S,#W>0");
  gk_figure_spec one = {1, 0};
  x->token = gk_rules_add_figure_kind(r, "token", &one);
  x->cart = gk_rules_add_figure_kind(r, "cart", &one);
  x->shed = gk_rules_add_figure_kind(r, "shed", &one);
  x->r_meet = gk_rules_add_reason(r, "meet");
  x->r_shed = gk_rules_add_reason(r, "shed");
  if (x->hand_tile < 0 || x->shed < 0 || x->r_shed < 0 || x->side < 0)
    fail_msg("hand rules: side %d tile %d shed %d reason %d: %s", x->side, x->hand_tile, x->shed,
             x->r_shed, gk_rules_error(r));
  assert_int_equal(base_fixture_ids(r, &x->ids), 0);
  const base_ids *id = &x->ids;
  uint64_t movable = (1ull << id->road) | (1ull << id->city) | (1ull << id->cloister);
  gk_flow *f = flow_with_followers(r, id);
  gk_figure_rule cart = {.on_kinds = movable, .group = 1, .blocked_by = 1, .strength = 1, .stays = 1};
  gk_figure_rule shed = {.on_kinds = 1ull << id->field, .group = 1 | 4, .blocked_by = 4, .stays = 1,
                         .corner = 1};
  assert_int_equal(gk_flow_set_figure(f, x->cart, &cart), GK_OK);
  assert_int_equal(gk_flow_set_figure(f, x->shed, &shed), GK_OK);
  gk_formula road = {1, {{GK_TERM_TILE, 0, 1, 0, 0}}};
  gk_formula city = {1, {{GK_TERM_TILE, 0, 2, 0, 0}}};
  gk_formula cloister = {1, {{GK_TERM_BLOCK, 0, 1, 0, 0}}};
  gk_formula farm = {1, {{GK_TERM_ADJACENT_CLOSED, id->city, 3, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_CLOSED, &road, id->r_road, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id->city, GK_WHEN_CLOSED, &city, id->r_city, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id->cloister, GK_WHEN_CLOSED, &cloister, id->r_cloister, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id->field, GK_WHEN_FINAL, &farm, id->r_field,
                                       GK_SCORE_KEEP_FIGURES), GK_OK);
  x->a_decline = gk_flow_add_action(f, "decline");
  x->a_cart = gk_flow_add_action(f, "cart");
  gk_hand_tile_rule hand = {x->hand_tile, x->token, 1, x->a_decline};
  gk_relocate_rule move_on = {x->cart, GK_REACH_CONNECTED, movable, x->a_cart};
  gk_score_meeting_rule meet = {.figure = x->shed, .placed = {1, {{GK_TERM_ADJACENT_CLOSED, id->city, 3, 0, 0}}},
                       .joined = {1, {{GK_TERM_ADJACENT_CLOSED, id->city, 1, 0, 0}}}, .reason = x->r_meet};
  gk_formula shed_final = {1, {{GK_TERM_ADJACENT_CLOSED, id->city, 4, 0, 0}}};
  /* malformed declarations are refused */
  gk_hand_tile_rule bad_hand = hand;
  bad_hand.decline_action = 9;
  assert_int_equal(gk_flow_add_hand_tile(f, &bad_hand), GK_EINVAL);
  gk_relocate_rule bad_move = move_on;
  bad_move.reach = 7;
  assert_int_equal(gk_flow_add_relocate(f, &bad_move), GK_EINVAL);
  assert_int_equal(gk_flow_add_score_figure(f, x->shed, GK_WHEN_CLOSED, &shed_final, x->r_shed), GK_EINVAL);
  gk_score_meeting_rule bad_meet = meet;
  bad_meet.reason = 999;
  assert_int_equal(gk_flow_add_score_meeting(f, &bad_meet), GK_EINVAL);
  assert_int_equal(gk_flow_add_hand_tile(f, &hand), GK_OK);
  assert_int_equal(gk_flow_add_hand_tile(f, &hand), GK_EINVAL); /* one tile in hand */
  assert_int_equal(gk_flow_add_relocate(f, &move_on), GK_OK);
  assert_int_equal(gk_flow_add_score_meeting(f, &meet), GK_OK);
  assert_int_equal(gk_flow_add_score_figure(f, x->shed, GK_WHEN_FINAL, &shed_final, x->r_shed), GK_OK);
  gk_flow_set_stack(f, id->stack);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  x->rules = r;
  x->flow = f;
}

static bool is_hole(gk_game *g, int32_t x, int32_t y) {
  return gk_tile_at(g, x, y) < 0 && gk_tile_at(g, x, y - 1) >= 0 && gk_tile_at(g, x + 1, y) >= 0 &&
         gk_tile_at(g, x, y + 1) >= 0 && gk_tile_at(g, x - 1, y) >= 0;
}

/* Every feature holding a shed holds no counting figure after a move. */
static void check_no_meeting(gk_game *g, const hand_rules *x) {
  for (int f = 0; f < gk_figure_count(g); f++) {
    gk_figure_info a;
    gk_figure_get(g, f, &a);
    if (a.kind != x->shed || a.at.where != GK_AT_NODE) continue;
    int figs[32];
    int n = gk_feature_figures(g, a.at.a, figs, 32);
    for (int i = 0; i < n && i < 32; i++) {
      gk_figure_info b;
      gk_figure_get(g, figs[i], &b);
      assert_true(b.kind == x->shed || b.kind == x->token);
    }
  }
}

static void test_hand_corner_relocate_meet(void **state) {
  (void)state;
  hand_rules x;
  hand_game_rules(&x);
  long from_hand = 0, sheds = 0, moves_on = 0, met = 0, shed_final = 0, declined = 0;
  for (uint64_t seed = 1; seed <= 200; seed++) {
    gk_game *g = base_fixture_new_game(x.rules, 2, seed);
    gk_play *p = gk_play_new(x.flow, g, NULL);
    gk_play_seed_agent(p, seed);
    assert_int_equal(gk_play_start(p), GK_OK);
    while (!gk_play_over(p)) {
      gk_move m[512];
      int n = gk_play_moves(p, m, 512);
      assert_true(n > 0 && n <= 512);
      int phase = gk_play_phase(p), player = gk_play_player(p);
      for (int i = 0; i < n; i++) {
        if (phase == GK_PHASE_DRAW && m[i].type == GK_MOVE_PLACE) {
          /* from hand: the hand tile, into a hole, by a token holder */
          assert_int_equal(m[i].tile, x.hand_tile);
          assert_true(is_hole(g, m[i].x, m[i].y));
          assert_true(gk_supply(g, player, x.token) == 1);
        }
        if (m[i].type == GK_MOVE_DEPLOY && m[i].figure_kind == x.shed) {
          /* on the placed tile's field, at a corner where four tiles meet */
          assert_int_equal(gk_node_tile(g, m[i].at.a), gk_play_placed(p));
          assert_int_equal(gk_node_kind(g, m[i].at.a), x.ids.field);
        }
        if (phase == GK_PHASE_AFTER_SCORING) {
          assert_int_equal(m[i].type, GK_MOVE_ACTION);
          assert_int_equal(m[i].action, x.a_cart);
          if (m[i].arg[3] == 0) continue; /* back to the supply */
          int tile = gk_tile_at(g, m[i].arg[1], m[i].arg[2]);
          int32_t node = gk_node(g, tile, m[i].arg[3] - 1);
          gk_feature_info fi;
          assert_int_equal(gk_feature_get(g, node, &fi), GK_OK);
          assert_true(!fi.closed && fi.figures == 0 && fi.kind != x.ids.field && fi.kind != x.side);
        }
      }
      if (phase == GK_PHASE_DRAW) {
        bool draw = false;
        for (int i = 0; i < n; i++) draw = draw || m[i].type == GK_MOVE_DRAW;
        assert_true(draw == (gk_stack_size(g, x.ids.stack) > 0));
      }
      int i = gk_play_random_index(p);
      int ledger = gk_ledger_count(g);
      int token_before = gk_supply(g, player, x.token);
      assert_int_equal(gk_play_apply_index(p, i), GK_OK);
      if (m[i].type == GK_MOVE_PLACE && phase == GK_PHASE_DRAW) {
        from_hand++;
        assert_int_equal(gk_supply(g, player, x.token), token_before - 1);
      }
      if (m[i].type == GK_MOVE_ACTION && m[i].action == x.a_decline) declined++;
      if (m[i].type == GK_MOVE_DEPLOY && m[i].figure_kind == x.shed) sheds++;
      if (m[i].type == GK_MOVE_ACTION && m[i].action == x.a_cart && m[i].arg[3]) moves_on++;
      for (int e = ledger; e < gk_ledger_count(g); e++) {
        gk_ledger_entry le;
        gk_ledger_get(g, e, &le);
        if (le.reason == x.r_meet) met++;
        if (le.reason == x.r_shed) {
          /* 0 too: a shed beside no completed city is scored, for nothing */
          assert_true(le.points >= 0 && le.points % 4 == 0);
          shed_final++;
        }
      }
      /* once a part is over, no farmer is left beside a shed */
      if (!gk_play_over(p) && gk_play_placed(p) < 0) check_no_meeting(g, &x);
    }
    /* the end round ran until no holder could play: tokens are used,
    ** declined, or no hole is left */
    int holders = 0;
    for (int pl = 0; pl < 2; pl++) holders += gk_supply(g, pl, x.token);
    gk_cell holes[8];
    assert_true(holders == 0 || gk_holes(g, holes, 8) == 0);
    gk_play_free(p);
  }
  print_message("hand %ld (declined %ld), sheds %ld, met %ld, moved on %ld, shed finals %ld\n",
                from_hand, declined, sheds, met, moves_on, shed_final);
  assert_true(from_hand > 50 && sheds > 50 && met > 5 && moves_on > 5 && shed_final > 20);
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}

static void test_counters_in_state(void **state) {
  (void)state;
  extended_rules x;
  extended(&x);
  assert_int_equal(gk_rules_freeze(x.rules), GK_OK);
  gk_game *g = gk_game_new(x.rules, 3, 9);
  assert_int_equal(gk_counter_add(g, 1, x.coats, 4), GK_OK);
  assert_int_equal(gk_counter_add(g, 1, x.coats, -1), GK_OK);
  assert_int_equal(gk_counter_get(g, 1, x.coats), 3);
  assert_int_equal(gk_counter_add(g, 5, x.coats, 1), GK_EINVAL);
  assert_int_equal(gk_counter_add(g, 0, 7, 1), GK_EINVAL);
  /* serialized, cloned and replayed with the game */
  long n = gk_game_serialize(g, NULL, 0);
  unsigned char *buf = malloc((size_t)n);
  gk_game_serialize(g, buf, (size_t)n);
  char err[128];
  gk_game *back = gk_game_deserialize(x.rules, buf, (size_t)n, err, sizeof err);
  assert_non_null(back);
  assert_int_equal(gk_counter_get(back, 1, x.coats), 3);
  gk_game *copy = gk_game_clone(g);
  assert_int_equal(gk_counter_get(copy, 1, x.coats), 3);
  gk_game *fresh = gk_game_new(x.rules, 3, 9);
  gk_event ev[16];
  int ne = gk_log_count(g);
  for (int i = 0; i < ne; i++) gk_log_event(g, i, &ev[i]);
  assert_int_equal(gk_replay(fresh, ev, ne), ne);
  assert_int_equal(gk_counter_get(fresh, 1, x.coats), 3);
  free(buf);
  gk_game_free(back);
  gk_game_free(copy);
  gk_game_free(fresh);
  gk_game_free(g);
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}


/* {------------------------------------------------------------------
** Hook filters, blocked_across, systems of features
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
      cmocka_unit_test(test_notify_hooks_fire),
      cmocka_unit_test(test_allow_hook_vetoes),
      cmocka_unit_test(test_deploy_veto_narrowed_by_kind),
      cmocka_unit_test(test_transform_doubles_points),
      cmocka_unit_test(test_collect_adds_a_move),
      cmocka_unit_test(test_failing_hook_rolls_back),
      cmocka_unit_test(test_failing_hook_restores_blobs),
      cmocka_unit_test(test_play_release_reuses_game),
      cmocka_unit_test(test_illegal_move_refused),
      cmocka_unit_test(test_declared_capabilities),
      cmocka_unit_test(test_counters_in_state),
      cmocka_unit_test(test_hand_corner_relocate_meet),
      cmocka_unit_test(test_hook_filters),
      cmocka_unit_test(test_points_kinds_filter),
      cmocka_unit_test(test_blocked_across),
      cmocka_unit_test(test_system),
      cmocka_unit_test(test_attr_over_term),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
