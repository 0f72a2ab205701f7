/* Edge matching: same kind, cross-kind match without join, wildcard
** sides, legality (touching, occupied, blocked). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"

typedef struct fx {
  gk_rules *r;
  int ka, kb, kc, kw;
  int A, B, C, WB, AB, HALF, WW;
} fx;

static fx F;

static int setup(void **state) {
  (void)state;
  gk_rules *r = F.r = gk_rules_new(NULL);
  if (!r) return -1;
  F.ka = gk_rules_add_kind(r, "a", GK_CLOSE_PORTS, 0);
  F.kb = gk_rules_add_kind(r, "b", GK_CLOSE_PORTS, 0);
  F.kc = gk_rules_add_kind(r, "c", GK_CLOSE_PORTS, 0);
  F.kw = gk_rules_add_kind(r, "w", GK_CLOSE_PORTS, GK_KIND_WILDCARD);
  if (F.ka < 0 || F.kb < 0 || F.kc < 0 || F.kw < 0) return -1;
  if (gk_rules_set_match(r, F.ka, F.kc, GK_MATCH) < 0) return -1;
  F.A = fx_add_tile(r, "A", "a:#N,#E,#S,#W");
  F.B = fx_add_tile(r, "B", "b:#N,#E,#S,#W");
  F.C = fx_add_tile(r, "C", "c:#N,#E,#S,#W");
  F.WB = fx_add_tile(r, "WB", "w:#W b:#N,#E,#S");   /* wildcard west side */
  F.AB = fx_add_tile(r, "AB", "a:#N,#S,#W b:#E");
  F.HALF = fx_add_tile(r, "HALF", "a:NNW,N,#E,#S,#W b:NNE");
  F.WW = fx_add_tile(r, "WW", "w:#N,#E,#S,#W");
  if (F.A < 0 || F.B < 0 || F.C < 0 || F.WB < 0 || F.AB < 0 || F.HALF < 0 ||
      F.WW < 0)
    return -1;
  return gk_rules_freeze(r) < 0 ? -1 : 0;
}

static int teardown(void **state) {
  (void)state;
  gk_rules_free(F.r);
  return 0;
}

static int32_t node_at(gk_game *g, int x, int y, int port) {
  int32_t n = gk_node_at_port(g, x, y, port);
  assert_true(n >= 0);
  return n;
}

static struct gk_feature_info finfo(gk_game *g, int32_t node) {
  struct gk_feature_info fi;
  assert_int_equal(gk_feature_get(g, node, &fi), 0);
  return fi;
}

static void test_kind_table(void **state) {
  (void)state;
  gk_rules *r = F.r;
  assert_int_equal(gk_rules_kinds_match(r, F.ka, F.ka), 1);
  assert_int_equal(gk_rules_kinds_join(r, F.ka, F.ka), 1);
  assert_int_equal(gk_rules_kinds_match(r, F.ka, F.kb), 0);
  assert_int_equal(gk_rules_kinds_join(r, F.ka, F.kb), 0);
  /* cross-kind match without join, symmetric */
  assert_int_equal(gk_rules_kinds_match(r, F.ka, F.kc), 1);
  assert_int_equal(gk_rules_kinds_match(r, F.kc, F.ka), 1);
  assert_int_equal(gk_rules_kinds_join(r, F.ka, F.kc), 0);
  assert_int_equal(gk_rules_kinds_join(r, F.kc, F.ka), 0);
  assert_int_equal(gk_rules_kinds_match(r, F.kb, F.kc), 0);
  /* a wildcard matches anything and joins nothing else */
  assert_int_equal(gk_rules_kinds_match(r, F.kw, F.ka), 1);
  assert_int_equal(gk_rules_kinds_match(r, F.kb, F.kw), 1);
  assert_int_equal(gk_rules_kinds_join(r, F.kw, F.ka), 0);
  assert_int_equal(gk_rules_kinds_join(r, F.kb, F.kw), 0);
  /* bad ids */
  assert_true(gk_rules_kinds_match(r, F.ka, 99) < 0);
  assert_true(gk_rules_kinds_match(r, -1, F.ka) < 0);
  assert_true(gk_rules_kinds_join(r, 64, F.ka) < 0);
}

static void test_match_join_flag_sets_match(void **state) {
  (void)state;
  /* GK_JOIN given alone: a join implies a match (or the call is
  ** rejected); either way the table must stay consistent. */
  gk_rules *r = gk_rules_new(NULL);
  int x = gk_rules_add_kind(r, "x", GK_CLOSE_PORTS, 0);
  int y = gk_rules_add_kind(r, "y", GK_CLOSE_PORTS, 0);
  int z = gk_rules_add_kind(r, "z", GK_CLOSE_PORTS, 0);
  assert_int_equal(gk_rules_set_match(r, x, y, GK_MATCH | GK_JOIN), 0);
  assert_int_equal(gk_rules_kinds_match(r, y, x), 1);
  assert_int_equal(gk_rules_kinds_join(r, y, x), 1);
  int rc = gk_rules_set_match(r, x, z, GK_JOIN);
  if (rc >= 0) assert_int_equal(gk_rules_kinds_match(r, x, z), 1);
  else assert_int_equal(gk_rules_kinds_join(r, x, z), 0);
  /* unsetting */
  assert_int_equal(gk_rules_set_match(r, x, y, 0), 0);
  assert_int_equal(gk_rules_kinds_match(r, x, y), 0);
  assert_int_equal(gk_rules_kinds_join(r, x, y), 0);
  assert_true(gk_rules_set_match(r, x, 17, GK_MATCH) < 0);
  gk_rules_free(r);
}

static void test_can_place_basic(void **state) {
  (void)state;
  gk_game *g = gk_game_new(F.r, 2, 1);
  assert_non_null(g);
  /* empty board: nothing touches anything */
  assert_int_equal(gk_can_place(g, F.A, 0, 0, 0), 0);
  assert_int_equal(gk_place_tile(g, F.A, 0, 0, 0, NULL), GK_EILLEGAL);
  assert_int_equal(gk_tile_count(g), 0);
  assert_int_equal(gk_place_fixed(g, F.A, 0, 0, 0, NULL), 0);
  assert_int_equal(gk_tile_count(g), 1);
  /* same kind */
  for (int rot = 0; rot < 4; rot++) {
    assert_int_equal(gk_can_place(g, F.A, 1, 0, rot), 1);
    assert_int_equal(gk_can_place(g, F.B, 1, 0, rot), 0);
    assert_int_equal(gk_can_place(g, F.C, 0, -1, rot), 1);  /* a~c match */
  }
  /* must share a side */
  assert_int_equal(gk_can_place(g, F.A, 2, 0, 0), 0);
  assert_int_equal(gk_can_place(g, F.A, 1, 1, 0), 0);   /* corner only */
  assert_int_equal(gk_can_place(g, F.A, -1, -1, 0), 0);
  assert_int_equal(gk_can_place(g, F.A, 1000, 0, 0), 0);
  /* occupied */
  assert_int_equal(gk_can_place(g, F.A, 0, 0, 0), 0);
  assert_true(gk_place_fixed(g, F.A, 0, 0, 0, NULL) < 0);
  assert_int_equal(gk_tile_count(g), 1);
  /* bad args */
  assert_true(gk_can_place(g, F.A, 1, 0, 4) < 0);
  assert_true(gk_can_place(g, F.A, 1, 0, -1) < 0);
  assert_true(gk_can_place(g, 99, 1, 0, 0) < 0);
  assert_true(gk_can_place(g, -1, 1, 0, 0) < 0);
  /* illegal placement is refused and changes nothing */
  size_t len;
  unsigned char *before = fx_serialize(g, &len);
  assert_non_null(before);
  assert_int_equal(gk_place_tile(g, F.B, 1, 0, 0, NULL), GK_EILLEGAL);
  assert_int_equal(gk_place_tile(g, F.A, 5, 5, 0, NULL), GK_EILLEGAL);
  assert_true(gk_game_error(g)[0] != '\0');
  assert_true(fx_state_is(g, before, len));
  free(before);
  /* a tile touching two placed tiles must match both */
  assert_int_equal(gk_place_tile(g, F.A, 1, 0, 0, NULL), 0);
  assert_int_equal(gk_place_fixed(g, F.B, 2, 1, 0, NULL), 0);
  /* cell (1,1): N faces A (a), E faces B (b) */
  assert_int_equal(gk_can_place(g, F.A, 1, 1, 0), 0);
  assert_int_equal(gk_can_place(g, F.B, 1, 1, 0), 0);
  assert_int_equal(gk_can_place(g, F.AB, 1, 1, 0), 1);  /* b on E */
  assert_int_equal(gk_can_place(g, F.AB, 1, 1, 1), 0);  /* b on S */
  assert_int_equal(gk_can_place(g, F.AB, 1, 1, 3), 0);  /* b on N */
  assert_int_equal(gk_can_place(g, F.WW, 1, 1, 0), 1);  /* wildcards all round */
  gk_game_free(g);
}

/* A side matches port by port: a side that is a, a, b does not fit a
** side that is a, a, a. */
static void test_per_port_matching(void **state) {
  (void)state;
  gk_game *g = gk_game_new(F.r, 2, 1);
  assert_int_equal(gk_place_fixed(g, F.A, 0, 0, 0, NULL), 0);
  /* HALF's north side is a,a,b: not below A's south side (a,a,a) */
  assert_int_equal(gk_can_place(g, F.HALF, 0, 1, 0), 0);
  /* turned so the b port is elsewhere, it fits */
  assert_int_equal(gk_can_place(g, F.HALF, 0, 1, 2), 1);
  gk_game_free(g);
}

static void test_wildcard_side(void **state) {
  (void)state;
  gk_game *g = gk_game_new(F.r, 2, 1);
  assert_int_equal(gk_place_fixed(g, F.A, 0, 0, 0, NULL), 0);
  /* WB rot 0: wildcard west faces A; rot 2: b west faces A */
  assert_int_equal(gk_can_place(g, F.WB, 1, 0, 0), 1);
  assert_int_equal(gk_can_place(g, F.WB, 1, 0, 2), 0);
  assert_int_equal(gk_can_place(g, F.WB, -1, 0, 2), 1);  /* wildcard east */
  gk_place_report rep;
  memset(&rep, 0, sizeof rep);
  assert_int_equal(gk_place_tile(g, F.WB, 1, 0, 0, &rep), 0);
  int32_t a = node_at(g, 0, 0, GK_N);
  int32_t w = node_at(g, 1, 0, GK_W);
  int32_t b = node_at(g, 1, 0, GK_E);
  /* joins nothing */
  assert_int_not_equal(gk_feature_root(g, a), gk_feature_root(g, w));
  assert_int_not_equal(gk_feature_root(g, b), gk_feature_root(g, w));
  assert_int_equal(rep.n_merges, 0);
  struct gk_feature_info fa = finfo(g, a), fw = finfo(g, w), fb = finfo(g, b);
  /* closes the ports it touches on both tiles */
  assert_int_equal(fa.open_ports, 9);
  assert_int_equal(fa.tiles, 1);
  assert_int_equal(fa.segments, 1);
  assert_int_equal(fw.open_ports, 0);
  assert_int_equal(fb.open_ports, 9);
  assert_int_equal(fb.kind, F.kb);
  /* b continues normally beyond the wildcard */
  assert_int_equal(gk_place_tile(g, F.B, 2, 0, 0, NULL), 0);
  assert_int_equal(gk_feature_root(g, b), gk_feature_root(g, node_at(g, 2, 0, GK_N)));
  assert_int_equal(finfo(g, b).open_ports, 9 + 12 - 6);
  /* a wildcard next to a wildcard */
  assert_int_equal(gk_place_fixed(g, F.WB, 0, 5, 0, NULL), 0);
  assert_int_equal(gk_can_place(g, F.WW, -1, 5, 0), 1);
  assert_int_equal(gk_place_tile(g, F.WW, -1, 5, 0, NULL), 0);
  assert_int_not_equal(gk_feature_root(g, node_at(g, 0, 5, GK_W)),
                       gk_feature_root(g, node_at(g, -1, 5, GK_E)));
  assert_int_equal(finfo(g, node_at(g, 0, 5, GK_W)).open_ports, 0);
  assert_int_equal(finfo(g, node_at(g, -1, 5, GK_E)).open_ports, 9);
  gk_game_free(g);
}

static void test_cross_kind_match_no_join(void **state) {
  (void)state;
  gk_game *g = gk_game_new(F.r, 2, 1);
  assert_int_equal(gk_place_fixed(g, F.A, 0, 0, 0, NULL), 0);
  gk_place_report rep;
  memset(&rep, 0, sizeof rep);
  assert_int_equal(gk_place_tile(g, F.C, 1, 0, 0, &rep), 0);
  int32_t a = node_at(g, 0, 0, GK_E), c = node_at(g, 1, 0, GK_W);
  assert_int_equal(gk_node_kind(g, a), F.ka);
  assert_int_equal(gk_node_kind(g, c), F.kc);
  assert_int_not_equal(gk_feature_root(g, a), gk_feature_root(g, c));
  assert_int_equal(rep.n_merges, 0);
  assert_int_equal(rep.n_features, 1);
  assert_int_equal(rep.flags[0] & (GK_FEAT_EXTENDED | GK_FEAT_MERGED), 0);
  assert_int_equal(finfo(g, a).tiles, 1);
  assert_int_equal(finfo(g, c).tiles, 1);
  /* The facing ports are no longer open on either side (a tile stands
  ** there; the feature cannot grow through it). */
  assert_int_equal(finfo(g, a).open_ports, 9);
  assert_int_equal(finfo(g, c).open_ports, 9);
  gk_game_free(g);
}

static void test_blocked_cells(void **state) {
  (void)state;
  gk_game *g = gk_game_new(F.r, 2, 1);
  assert_int_equal(gk_place_fixed(g, F.A, 0, 0, 0, NULL), 0);
  assert_int_equal(gk_cell_blocked(g, 0, -1), 0);
  assert_int_equal(gk_block_cell(g, 0, -1), 0);
  assert_int_equal(gk_cell_blocked(g, 0, -1), 1);
  assert_int_equal(gk_cell_blocked(g, 0, 1), 0);
  assert_int_equal(gk_can_place(g, F.A, 0, -1, 0), 0);
  assert_true(gk_place_tile(g, F.A, 0, -1, 0, NULL) < 0);
  assert_true(gk_place_fixed(g, F.A, 0, -1, 0, NULL) < 0);
  assert_int_equal(gk_tile_count(g), 1);
  assert_int_equal(gk_tile_at(g, 0, -1), -1);
  gk_cell cells[16];
  int n = gk_frontier(g, cells, 16);
  assert_int_equal(n, 3);
  for (int i = 0; i < n && i < 16; i++)
    assert_false(cells[i].x == 0 && cells[i].y == -1);
  gk_placement pl[64];
  n = gk_legal_placements(g, F.A, pl, 64);
  assert_int_equal(n, 3);  /* A has one rotation class */
  for (int i = 0; i < n; i++) assert_false(pl[i].x == 0 && pl[i].y == -1);
  /* a blocked cell far away is fine too; blocking an occupied cell is not */
  assert_int_equal(gk_block_cell(g, 50, 50), 0);
  assert_int_equal(gk_cell_blocked(g, 50, 50), 1);
  assert_true(gk_block_cell(g, 0, 0) < 0);
  gk_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_kind_table),
    cmocka_unit_test(test_match_join_flag_sets_match),
    cmocka_unit_test(test_can_place_basic),
    cmocka_unit_test(test_per_port_matching),
    cmocka_unit_test(test_wildcard_side),
    cmocka_unit_test(test_cross_kind_match_no_join),
    cmocka_unit_test(test_blocked_cells),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
