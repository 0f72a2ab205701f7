/* Bad input: invalid tile definitions, garbage arguments to every public
** function, life-cycle errors. Nothing may crash; every int-returning
** call reports a negative status and a readable message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"


static gk_rules *small_rules(void) {
  gk_rules *r = gk_rules_new(NULL);
  assert_non_null(r);
  assert_int_equal(gk_rules_add_kind(r, "road", GK_CLOSE_PORTS, 0), 0);
  assert_int_equal(gk_rules_add_kind(r, "field", GK_CLOSE_NEVER, 0), 1);
  assert_int_equal(gk_rules_add_attr(r, "w", GK_MERGE_SUM), 0);
  return r;
}

/* Adds a tile and expects failure with all the given words in the
** message; checks the rules did not change. */
static void expect_bad_tile(gk_rules *r, const gk_tile_def *d, const char *w1,
                            const char *w2) {
  int before = gk_rules_tile_count(r);
  int rc = gk_rules_add_tile(r, d);
  if (rc >= 0) fail_msg("tile %s accepted", d->id ? d->id : "(null)");
  const char *msg = gk_rules_error(r);
  assert_non_null(msg);
  if (w1 && !strstr(msg, w1)) fail_msg("message \"%s\" lacks \"%s\"", msg, w1);
  if (w2 && !strstr(msg, w2)) fail_msg("message \"%s\" lacks \"%s\"", msg, w2);
  assert_int_equal(gk_rules_tile_count(r), before);
  if (d->id) assert_int_equal(gk_rules_find_tile(r, d->id), -1);
}

static void test_invalid_tiles(void **state) {
  (void)state;
  gk_rules *r = small_rules();
  gk_tile_def d;
  char err[128];
  /* port NNE covered twice */
  assert_int_equal(fx_tile_from_spec(r, "dup7", "road:N,S field:NNE,#E,SSE "
                                     "field:SSW,#W,NNW,NNE", &d, err, sizeof err), 0);
  expect_bad_tile(r, &d, "dup7", "NNE");
  /* port WSW covered by none */
  assert_int_equal(fx_tile_from_spec(r, "hole9", "road:N,S field:NNE,#E,SSE "
                                     "field:SSW,W,NNW", &d, err, sizeof err), 0);
  expect_bad_tile(r, &d, "hole9", "WSW");
  /* unknown kind */
  assert_int_equal(fx_tile_from_spec(r, "kind5", "road:N,S field:NNE,#E,SSE "
                                     "field:SSW,#W,NNW", &d, err, sizeof err), 0);
  d.segments[1].kind = 17;
  expect_bad_tile(r, &d, "kind5", NULL);
  d.segments[1].kind = -1;
  expect_bad_tile(r, &d, "kind5", NULL);
  /* adjacency to a missing segment */
  assert_int_equal(fx_tile_from_spec(r, "adj3", "road:N,S field:NNE,#E,SSE>0 "
                                     "field:SSW,#W,NNW", &d, err, sizeof err), 0);
  d.segments[1].adjacent |= 1u << 5;
  expect_bad_tile(r, &d, "adj3", NULL);
  /* adjacency to itself */
  d.segments[1].adjacent = 1u << 1;
  int rc = gk_rules_add_tile(r, &d);
  if (rc >= 0) print_message("note: self-adjacency accepted\n");
  /* too many / too few segments */
  assert_int_equal(fx_tile_from_spec(r, "many", "road:N,S field:NNE,#E,SSE "
                                     "field:SSW,#W,NNW", &d, err, sizeof err), 0);
  d.n_segments = GK_MAX_SEGMENTS + 1;
  expect_bad_tile(r, &d, "many", NULL);
  d.n_segments = -1;
  expect_bad_tile(r, &d, "many", NULL);
  d.n_segments = 0;
  expect_bad_tile(r, &d, "many", NULL);
  /* attributes: unknown id, too many */
  assert_int_equal(fx_tile_from_spec(r, "attr", "road:N,S+w=3 field:NNE,#E,SSE "
                                     "field:SSW,#W,NNW", &d, err, sizeof err), 0);
  d.segments[0].attrs[0].attr = 9;
  expect_bad_tile(r, &d, "attr", NULL);
  d.segments[0].attrs[0].attr = 0;
  d.segments[0].n_attrs = GK_MAX_SEG_ATTRS + 1;
  expect_bad_tile(r, &d, "attr", NULL);
  d.segments[0].n_attrs = -1;
  expect_bad_tile(r, &d, "attr", NULL);
  /* ports beyond bit 11 */
  assert_int_equal(fx_tile_from_spec(r, "bits", "road:N,S field:NNE,#E,SSE "
                                     "field:SSW,#W,NNW", &d, err, sizeof err), 0);
  d.segments[0].ports |= 1u << 12;
  expect_bad_tile(r, &d, "bits", NULL);
  /* bad tag bit */
  assert_int_equal(fx_tile_from_spec(r, "tag", "road:N,S field:NNE,#E,SSE "
                                     "field:SSW,#W,NNW", &d, err, sizeof err), 0);
  d.tags = 1ull << 40;
  expect_bad_tile(r, &d, "tag", NULL);
  /* ids: NULL, empty, too long, duplicate */
  d.tags = 0;
  d.id = NULL;
  expect_bad_tile(r, &d, NULL, NULL);
  d.id = "";
  expect_bad_tile(r, &d, NULL, NULL);
  char longid[GK_NAME_MAX + 8];
  memset(longid, 'x', sizeof longid - 1);
  longid[sizeof longid - 1] = '\0';
  d.id = longid;
  expect_bad_tile(r, &d, NULL, NULL);
  d.id = "ok";
  assert_true(gk_rules_add_tile(r, &d) >= 0);
  int n = gk_rules_tile_count(r);
  assert_true(gk_rules_add_tile(r, &d) < 0);
  assert_int_equal(gk_rules_tile_count(r), n);
  assert_true(gk_rules_add_tile(r, NULL) < 0);
  assert_true(gk_rules_add_tile(NULL, &d) < 0);
  gk_rules_free(r);
}

static void test_registration_errors(void **state) {
  (void)state;
  gk_rules *r = small_rules();
  /* duplicates, bad names, bad enums */
  assert_int_equal(gk_rules_add_kind(r, "road", GK_CLOSE_PORTS, 0), GK_EINVAL);
  assert_true(gk_rules_error(r)[0] != '\0');
  assert_true(gk_rules_add_kind(r, NULL, GK_CLOSE_PORTS, 0) < 0);
  assert_true(gk_rules_add_kind(r, "", GK_CLOSE_PORTS, 0) < 0);
  assert_true(gk_rules_add_kind(r, "k", 7, 0) < 0);
  assert_true(gk_rules_add_kind(r, "k", GK_CLOSE_PORTS, 0x80) < 0);
  assert_true(gk_rules_add_attr(r, "w", GK_MERGE_SUM) < 0);
  assert_true(gk_rules_add_attr(r, "v", 9) < 0);
  assert_true(gk_rules_add_figure_kind(r, "f", NULL) < 0);
  gk_figure_spec neg = {-1, 0};
  assert_true(gk_rules_add_figure_kind(r, "f", &neg) < 0);
  assert_true(gk_rules_set_match(r, 0, 55, GK_MATCH) < 0);
  assert_true(gk_rules_set_match(r, 0, 1, 0x100) < 0);
  char longname[GK_NAME_MAX + 2];
  memset(longname, 'n', sizeof longname - 1);
  longname[sizeof longname - 1] = '\0';
  assert_true(gk_rules_add_stack(r, longname) < 0);
  longname[GK_NAME_MAX] = '\0';
  assert_true(gk_rules_add_stack(r, longname) >= 0);   /* exactly 47 is fine */
  assert_int_equal(gk_rules_kind_count(r), 2);
  /* limits */
  char nm[16];
  int last = 0;
  for (int i = 0; i < GK_MAX_STACKS + 2; i++) {
    snprintf(nm, sizeof nm, "s%d", i);
    last = gk_rules_add_stack(r, nm);
  }
  assert_true(last < 0);
  assert_int_equal(gk_rules_stack_count(r), GK_MAX_STACKS);
  /* games need frozen rules */
  assert_null(gk_game_new(r, 2, 1));
  assert_int_equal(gk_rules_frozen(r), 0);
  /* freeze: then every registration is GK_ESTATE */
  assert_int_equal(gk_rules_freeze(r), 0);
  assert_int_equal(gk_rules_freeze(r), 0);  /* idempotent */
  assert_int_equal(gk_rules_frozen(r), 1);
  gk_figure_spec fs = {1, 0};
  assert_int_equal(gk_rules_add_kind(r, "z", GK_CLOSE_PORTS, 0), GK_ESTATE);
  assert_int_equal(gk_rules_set_match(r, 0, 1, GK_MATCH), GK_ESTATE);
  assert_int_equal(gk_rules_add_attr(r, "z", GK_MERGE_SUM), GK_ESTATE);
  assert_int_equal(gk_rules_add_tag(r, "z"), GK_ESTATE);
  assert_int_equal(gk_rules_add_figure_kind(r, "z", &fs), GK_ESTATE);
  assert_int_equal(gk_rules_add_stack(r, "z"), GK_ESTATE);
  assert_int_equal(gk_rules_add_reason(r, "z"), GK_ESTATE);
  gk_tile_def d;
  char err[64];
  assert_int_equal(fx_tile_from_spec(r, "late", "field:#N,#E,#S,#W", &d, err,
                                     sizeof err), 0);
  assert_int_equal(gk_rules_add_tile(r, &d), GK_ESTATE);
  assert_true(gk_rules_error(r)[0] != '\0');
  /* bad players */
  assert_null(gk_game_new(FX_RULES, 0, 1));
  assert_null(gk_game_new(FX_RULES, GK_MAX_PLAYERS + 1, 1));
  assert_null(gk_game_new(NULL, 2, 1));
  gk_game *g = gk_game_new(FX_RULES, GK_MAX_PLAYERS, 1);
  assert_non_null(g);
  gk_game_free(g);
  gk_rules_free(r);
}

/* Rules queries with garbage. */
static void test_rules_queries_garbage(void **state) {
  (void)state;
  gk_rules *r = FX_RULES;
  static const int bad[] = {-1, -1000, 99, 64, 1 << 30};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int b = bad[i];
    assert_null(gk_rules_kind_name(r, b));
    assert_null(gk_rules_attr_name(r, b));
    assert_null(gk_rules_tag_name(r, b));
    assert_null(gk_rules_figure_kind_name(r, b));
    assert_null(gk_rules_stack_name(r, b));
    assert_null(gk_rules_reason_name(r, b));
    assert_null(gk_rules_tile(r, b));
    assert_true(gk_rules_kind_completion(r, b) < 0);
    assert_true(gk_rules_attr_op(r, b) < 0);
    gk_figure_spec fs;
    assert_true(gk_rules_figure_spec(r, b, &fs) < 0);
    assert_true(gk_rules_kinds_match(r, b, 0) < 0);
    assert_true(gk_rules_kinds_join(r, 0, b) < 0);
    assert_int_equal(gk_rules_unique_rotations(r, b), 0);
    assert_true(gk_rules_segment_at_port(r, b, 0, 0) < 0);
  }
  assert_true(gk_rules_figure_spec(r, 0, NULL) < 0);
  assert_int_equal(gk_rules_find_kind(r, "nope"), -1);
  assert_int_equal(gk_rules_find_kind(r, NULL), -1);
  assert_int_equal(gk_rules_find_attr(r, NULL), -1);
  assert_int_equal(gk_rules_find_tag(r, NULL), -1);
  assert_int_equal(gk_rules_find_figure_kind(r, NULL), -1);
  assert_int_equal(gk_rules_find_stack(r, NULL), -1);
  assert_int_equal(gk_rules_find_reason(r, NULL), -1);
  assert_int_equal(gk_rules_find_tile(r, NULL), -1);
  assert_int_equal(gk_rules_find_tile(r, "Z"), -1);
  /* NULL rules */
  assert_true(gk_rules_kind_count(NULL) < 0 || gk_rules_kind_count(NULL) == 0);
  assert_null(gk_rules_kind_name(NULL, 0));
  assert_null(gk_rules_tile(NULL, 0));
  assert_int_equal(gk_rules_find_kind(NULL, "city"), -1);
  assert_true(gk_rules_freeze(NULL) < 0);
  assert_true(gk_rules_add_kind(NULL, "x", GK_CLOSE_PORTS, 0) < 0);
  assert_true(gk_rules_segment_at_port(NULL, 0, 0, 0) < 0);
  assert_non_null(gk_rules_error(NULL));
  gk_rules_free(NULL);
  assert_int_equal(gk_rules_fingerprint(NULL), 0);
}

/* Every game function with bad ids and out-of-range values. */
static void test_game_garbage(void **state) {
  (void)state;
  gk_game *g = base_fixture_new_game(FX_RULES, 2, 1);
  assert_non_null(g);
  for (int i = 0; i < 10; i++) assert_true(base_fixture_play_turn(g, &FX_IDS) >= 0);
  size_t len;
  unsigned char *snap = fx_serialize(g, &len);
  assert_non_null(snap);
  int bad_count = 0;
#define EXPECT_NEG(expr)                                                   \
  do {                                                                     \
    long _v = (long)(expr);                                                \
    if (_v >= 0) {                                                         \
      print_message("accepted: %s -> %ld\n", #expr, _v);                  \
      bad_count++;                                                         \
    } else if (gk_game_error(g)[0] == '\0') {                              \
      print_message("no message: %s\n", #expr);                            \
      bad_count++;                                                         \
    }                                                                      \
  } while (0)
  int out4[4], out8[8], iout[8];
  int32_t o8[8], nodes[8];
  gk_cell cells[4];
  gk_placement pl[4];
  gk_placed_tile pt;
  gk_feature_info fi;
  gk_figure_info gi;
  gk_ledger_entry le;
  gk_event ev;
  int32_t strength[GK_MAX_FIGURE_KINDS] = {1};
  uint32_t lead;
  int D = FX_IDS.tile['D' - 'A'];
  int nn = gk_node_count(g);
  int nt = gk_tile_count(g);
  EXPECT_NEG(gk_game_set_turn(g, 0, 2));
  EXPECT_NEG(gk_game_set_turn(g, 0, -5));
  EXPECT_NEG(gk_stack_add(g, -1, D, 1));
  EXPECT_NEG(gk_stack_add(g, 8, D, 1));
  EXPECT_NEG(gk_stack_add(g, FX_IDS.stack, -1, 1));
  EXPECT_NEG(gk_stack_add(g, FX_IDS.stack, 24, 1));
  EXPECT_NEG(gk_stack_add(g, FX_IDS.stack, D, -3));
  EXPECT_NEG(gk_stack_shuffle(g, 3));
  EXPECT_NEG(gk_stack_size(g, -1));
  EXPECT_NEG(gk_stack_count(g, FX_IDS.stack, 100));
  EXPECT_NEG(gk_stack_count(g, 100, D));
  EXPECT_NEG(gk_stack_peek(g, FX_IDS.stack, 1000));
  EXPECT_NEG(gk_stack_peek(g, FX_IDS.stack, -1));
  EXPECT_NEG(gk_stack_draw(g, 5));
  EXPECT_NEG(gk_stack_take(g, FX_IDS.stack, 77));
  EXPECT_NEG(gk_stack_put_back(g, FX_IDS.stack, 77, GK_PUT_TOP));
  EXPECT_NEG(gk_stack_put_back(g, FX_IDS.stack, D, (gk_put_where)9));
  EXPECT_NEG(gk_stack_force(g, FX_IDS.stack, NULL, 2));
  EXPECT_NEG(gk_stack_force(g, FX_IDS.stack, out4, -1));
  int badtypes[2] = {D, 99};
  EXPECT_NEG(gk_stack_force(g, FX_IDS.stack, badtypes, 2));
  EXPECT_NEG(gk_discard(g, -2));
  EXPECT_NEG(gk_stack_draw_placeable(g, -1));
  EXPECT_NEG(gk_tile_info(g, nt, &pt));
  EXPECT_NEG(gk_tile_info(g, 0, NULL));
  EXPECT_NEG(gk_can_place(g, 99, 1, 1, 0));
  EXPECT_NEG(gk_can_place(g, D, 1, 1, 9));
  EXPECT_NEG(gk_legal_placements(g, -1, pl, 4));
  EXPECT_NEG(gk_legal_placements(g, D, NULL, 4));
  EXPECT_NEG(gk_legal_placements(g, D, pl, -1));
  EXPECT_NEG(gk_has_placement(g, 24));
  EXPECT_NEG(gk_place_tile(g, -1, 0, 0, 0, NULL));
  EXPECT_NEG(gk_place_tile(g, D, 0, 0, 0, NULL));        /* occupied */
  EXPECT_NEG(gk_place_tile(g, D, 5000, 5000, 0, NULL));  /* not touching */
  EXPECT_NEG(gk_place_tile(g, D, 0, 1, -1, NULL));
  EXPECT_NEG(gk_place_fixed(g, D, 0, 0, 0, NULL));
  EXPECT_NEG(gk_place_fixed(g, 30, 90, 90, 0, NULL));
  EXPECT_NEG(gk_place_fixed(g, D, 90, 90, 4, NULL));
  EXPECT_NEG(gk_place_fixed(g, D, INT32_MAX, INT32_MIN, 0, NULL));
  EXPECT_NEG(gk_block_cell(g, INT32_MIN, 0));
  EXPECT_NEG(gk_neighbours4(g, 0, 0, NULL));
  EXPECT_NEG(gk_neighbours8(g, 0, 0, NULL));
  EXPECT_NEG(gk_frontier(g, NULL, 4));
  EXPECT_NEG(gk_frontier(g, cells, -1));
  EXPECT_NEG(gk_holes(g, NULL, 3));
  EXPECT_NEG(gk_corner_nodes(g, 0, 0, NULL));
  EXPECT_NEG(gk_node(g, nt, 0));
  EXPECT_NEG(gk_node(g, 0, 15));
  EXPECT_NEG(gk_node(g, -1, 0));
  EXPECT_NEG(gk_node_at_port(g, 0, 0, 12));
  EXPECT_NEG(gk_node_at_port(g, 0, 0, -1));
  EXPECT_NEG(gk_node_tile(g, nn));
  EXPECT_NEG(gk_node_segment(g, -1));
  EXPECT_NEG(gk_node_kind(g, nn + 100));
  EXPECT_NEG(gk_feature_root(g, nn));
  EXPECT_NEG(gk_feature_root(g, -7));
  EXPECT_NEG(gk_feature_get(g, nn, &fi));
  EXPECT_NEG(gk_feature_get(g, 0, NULL));
  EXPECT_NEG(gk_feature_tiles(g, nn));
  EXPECT_NEG(gk_feature_nodes(g, nn, nodes, 8));
  EXPECT_NEG(gk_feature_nodes(g, 0, NULL, 8));
  EXPECT_NEG(gk_feature_adjacent(g, -1, nodes, 8));
  EXPECT_NEG(gk_features(g, NULL, 5));
  EXPECT_NEG(gk_figure_get(g, -1, &gi));
  EXPECT_NEG(gk_figure_get(g, 10000, &gi));
  EXPECT_NEG(gk_figure_get(g, 0, NULL));
  EXPECT_NEG(gk_supply(g, 2, FX_IDS.follower));
  EXPECT_NEG(gk_supply(g, -2, FX_IDS.follower));
  EXPECT_NEG(gk_supply(g, 0, 9));
  EXPECT_NEG(gk_figure_deploy(g, 0, FX_IDS.follower, (gk_location){GK_AT_NODE, nn, 0}));
  EXPECT_NEG(gk_figure_deploy(g, 0, FX_IDS.follower, (gk_location){GK_AT_TILE, nt, 0}));
  EXPECT_NEG(gk_figure_deploy(g, 0, FX_IDS.follower, (gk_location){-3, 0, 0}));
  EXPECT_NEG(gk_figure_move(g, -1, (gk_location){GK_AT_CELL, 0, 0}));
  EXPECT_NEG(gk_figure_return(g, 1 << 20));
  EXPECT_NEG(gk_feature_figures(g, nn, iout, 8));
  EXPECT_NEG(gk_figures_at(g, (gk_location){99, 0, 0}, iout, 8));
  EXPECT_NEG(gk_figures_at(g, (gk_location){GK_AT_CELL, 0, 0}, NULL, 8));
  EXPECT_NEG(gk_majority(g, nn, strength, NULL, &lead));
  EXPECT_NEG(gk_majority(g, 0, NULL, NULL, &lead));
  EXPECT_NEG(gk_score(g, 5, 1, FX_IDS.r_road, -1));
  EXPECT_NEG(gk_score(g, 0, 1, 50, -1));
  EXPECT_NEG(gk_score(g, 0, 1, FX_IDS.r_road, nn));
  EXPECT_NEG(gk_ledger_get(g, 1000, &le));
  EXPECT_NEG(gk_ledger_get(g, 0, NULL));
  EXPECT_NEG(gk_log_event(g, -1, &ev));
  EXPECT_NEG(gk_log_event(g, 1 << 28, &ev));
  EXPECT_NEG(gk_log_event(g, 0, NULL));
  EXPECT_NEG(gk_replay(g, NULL, 3));
  EXPECT_NEG(gk_replay(g, &ev, -1));
  EXPECT_NEG(gk_blob_set(g, GK_MAX_BLOBS, "x", 1));
  EXPECT_NEG(gk_blob_set(g, -1, "x", 1));
  EXPECT_NEG(gk_blob_set(g, 0, NULL, 5));
  EXPECT_NEG(gk_game_serialize(g, NULL, 100));
  (void)out8;
  (void)o8;
  /* nothing above changed the game */
  assert_true(fx_state_is(g, snap, len));
  free(snap);
  /* NULL game: no crash, negative/NULL/0 */
  assert_true(gk_game_players(NULL) < 0 || gk_game_players(NULL) == 0);
  assert_non_null(gk_game_error(NULL));
  assert_null(gk_game_rules(NULL));
  assert_null(gk_game_clone(NULL));
  gk_game_free(NULL);
  assert_int_equal(gk_game_size(NULL), 0);
  assert_int_equal(gk_rng_next(NULL), 0);
  assert_int_equal(gk_rng_below(NULL, 5), 0);
  assert_true(gk_tile_at(NULL, 0, 0) < 0);
  assert_true(gk_tile_count(NULL) <= 0);
  assert_true(gk_can_place(NULL, 0, 0, 0, 0) < 0);
  assert_true(gk_place_tile(NULL, 0, 0, 0, 0, NULL) < 0);
  assert_true(gk_stack_draw(NULL, 0) < 0);
  assert_true(gk_neighbours4(NULL, 0, 0, out4) < 0);
  assert_true(gk_feature_root(NULL, 0) < 0);
  assert_true(gk_figure_deploy(NULL, 0, 0, (gk_location){0, 0, 0}) < 0);
  assert_true(gk_score(NULL, 0, 0, 0, -1) < 0);
  assert_true(gk_log_count(NULL) <= 0);
  assert_true(gk_replay(NULL, &ev, 0) < 0);
  assert_true(gk_blob_set(NULL, 0, "x", 1) < 0);
  assert_true(gk_game_serialize(NULL, NULL, 0) < 0);
  size_t bl = 5;
  assert_null(gk_blob_get(NULL, 0, &bl));
  assert_null(gk_blob_get(g, 99, &bl));
  assert_true(gk_port_opposite(99) < 0);
  if (bad_count) fail_msg("%d calls accepted garbage or gave no message", bad_count);
  gk_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_invalid_tiles),
    cmocka_unit_test(test_registration_errors),
    cmocka_unit_test(test_rules_queries_garbage),
    cmocka_unit_test(test_game_garbage),
  };
  return cmocka_run_group_tests(tests, base_fixture_group_setup, base_fixture_group_teardown);
}
