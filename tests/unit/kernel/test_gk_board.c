/* Board: frontier, holes, corners, neighbours, unbounded growth. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"

static gk_rules *BASE, *TINY;
static base_ids ID;
static int TA;  /* tiny all-"a" tile */

static int setup(void **state) {
  (void)state;
  BASE = base_fixture_rules(NULL);
  if (!BASE || base_fixture_ids(BASE, &ID)) return -1;
  TINY = gk_rules_new(NULL);
  if (!TINY || gk_rules_add_kind(TINY, "a", GK_CLOSE_PORTS, 0) < 0) return -1;
  TA = fx_add_tile(TINY, "A", "a:#N,#E,#S,#W");
  if (TA < 0 || gk_rules_freeze(TINY) < 0) return -1;
  return 0;
}

static int teardown(void **state) {
  (void)state;
  gk_rules_free(BASE);
  gk_rules_free(TINY);
  return 0;
}

static int has_cell(const gk_cell *c, int n, int x, int y) {
  int hits = 0;
  for (int i = 0; i < n; i++) hits += c[i].x == x && c[i].y == y;
  return hits;
}

static void test_frontier_and_holes(void **state) {
  (void)state;
  gk_game *g = gk_game_new(TINY, 2, 1);
  gk_cell c[64];
  assert_int_equal(gk_frontier(g, c, 64), 0);
  assert_int_equal(gk_holes(g, c, 64), 0);
  assert_int_equal(gk_place_fixed(g, TA, 0, 0, 0, NULL), 0);
  assert_int_equal(gk_frontier(g, c, 64), 4);
  assert_int_equal(has_cell(c, 4, 0, -1), 1);
  assert_int_equal(has_cell(c, 4, 1, 0), 1);
  assert_int_equal(has_cell(c, 4, 0, 1), 1);
  assert_int_equal(has_cell(c, 4, -1, 0), 1);
  /* cap smaller than the count: still the full count, no overrun */
  gk_cell small[2] = {{77, 77}, {77, 77}};
  assert_int_equal(gk_frontier(g, small, 1), 4);
  assert_int_equal(small[1].x, 77);
  /* ring of 8 around (1,1), built from (0,0) */
  static const int ring[7][2] = {{1, 0}, {2, 0}, {2, 1}, {2, 2},
                                 {1, 2}, {0, 2}, {0, 1}};
  for (int i = 0; i < 7; i++)
    assert_int_equal(gk_place_tile(g, TA, ring[i][0], ring[i][1], 0, NULL), 0);
  int n = gk_frontier(g, c, 64);
  assert_int_equal(n, 13);  /* 12 outside (5x5 minus 3x3 minus corners) + hole */
  assert_int_equal(has_cell(c, n, 1, 1), 1);
  assert_int_equal(has_cell(c, n, -1, -1), 0);  /* diagonal only */
  assert_int_equal(has_cell(c, n, 3, 1), 1);
  for (int i = 0; i < n; i++)
    assert_int_equal(gk_tile_at(g, c[i].x, c[i].y), -1);
  assert_int_equal(gk_holes(g, c, 64), 1);
  assert_int_equal(c[0].x, 1);
  assert_int_equal(c[0].y, 1);
  /* a three-sided notch is not a hole */
  assert_int_equal(gk_place_tile(g, TA, 3, 0, 0, NULL), 0);
  assert_int_equal(gk_place_tile(g, TA, 3, 2, 0, NULL), 0);
  assert_int_equal(gk_holes(g, c, 64), 1);
  assert_int_equal(gk_place_tile(g, TA, 4, 0, 0, NULL), 0);
  assert_int_equal(gk_holes(g, c, 64), 1);
  assert_int_equal(gk_place_tile(g, TA, 4, 1, 0, NULL), 0);
  n = gk_holes(g, c, 64);
  assert_int_equal(n, 2);
  assert_int_equal(has_cell(c, n, 3, 1), 1);
  assert_int_equal(has_cell(c, n, 1, 1), 1);
  assert_int_equal(gk_place_tile(g, TA, 1, 1, 0, NULL), 0);
  assert_int_equal(gk_holes(g, c, 64), 1);
  /* a blocked hole is no hole: it leaves the frontier */
  assert_int_equal(gk_block_cell(g, 3, 1), 0);
  assert_int_equal(gk_holes(g, c, 64), 0);
  n = gk_frontier(g, c, 64);
  assert_int_equal(has_cell(c, n, 3, 1), 0);
  /* and the next one still counts: (5, 1), closed by (6, 1) last */
  static const int around51[5][2] = {{5, 0}, {4, 2}, {5, 2}, {6, 0}, {6, 1}};
  for (int i = 0; i < 5; i++) {
    assert_int_equal(gk_holes(g, c, 64), 0);
    assert_int_equal(gk_place_tile(g, TA, around51[i][0], around51[i][1], 0, NULL), 0);
  }
  assert_int_equal(gk_holes(g, c, 64), 1);
  assert_int_equal(c[0].x, 5);
  assert_int_equal(c[0].y, 1);
  assert_int_equal(gk_place_tile(g, TA, 5, 1, 0, NULL), 0);
  assert_int_equal(gk_holes(g, c, 64), 0);
  gk_game_free(g);
}

static void test_neighbours(void **state) {
  (void)state;
  gk_game *g = gk_game_new(TINY, 2, 1);
  assert_int_equal(gk_place_fixed(g, TA, 0, 0, 0, NULL), 0);   /* tile 0 */
  assert_int_equal(gk_place_tile(g, TA, 1, 0, 0, NULL), 0);    /* tile 1 */
  assert_int_equal(gk_place_tile(g, TA, 1, 1, 0, NULL), 0);    /* tile 2 */
  assert_int_equal(gk_place_tile(g, TA, 0, -1, 0, NULL), 0);   /* tile 3 */
  int o4[4], o8[8];
  /* around (0,1): N=(0,0) E=(1,1) S=- W=- */
  assert_int_equal(gk_neighbours4(g, 0, 1, o4), 2);
  assert_int_equal(o4[0], 0);
  assert_int_equal(o4[1], 2);
  assert_int_equal(o4[2], -1);
  assert_int_equal(o4[3], -1);
  /* around (0,0): N=3, NE=-, E=1, SE=2, S=-, SW=-, W=-, NW=- */
  assert_int_equal(gk_neighbours8(g, 0, 0, o8), 3);
  static const int want8[8] = {3, -1, 1, 2, -1, -1, -1, -1};
  for (int i = 0; i < 8; i++) assert_int_equal(o8[i], want8[i]);
  /* around (1,-1): S=(1,0) W=(0,-1) SW=(0,0) */
  assert_int_equal(gk_neighbours8(g, 1, -1, o8), 3);
  static const int want8b[8] = {-1, -1, -1, -1, 1, 0, 3, -1};
  for (int i = 0; i < 8; i++) assert_int_equal(o8[i], want8b[i]);
  assert_int_equal(gk_neighbours4(g, 1, -1, o4), 2);
  assert_int_equal(o4[2], 1);
  assert_int_equal(o4[3], 3);
  assert_int_equal(gk_neighbours4(g, 100, 100, o4), 0);
  assert_int_equal(gk_tile_at(g, 1, 1), 2);
  assert_int_equal(gk_tile_at(g, 2, 2), -1);
  gk_game_free(g);
}

static int same_pair(int32_t a, int32_t b, int32_t x, int32_t y) {
  return (a == x && b == y) || (a == y && b == x);
}

static void test_corners(void **state) {
  (void)state;
  gk_game *g = gk_game_new(BASE, 2, 1);
  assert_int_equal(base_fixture_start(g), 0);  /* D at (0,0) */
  int32_t city = gk_node_at_port(g, 0, 0, GK_N);
  int32_t road = gk_node_at_port(g, 0, 0, GK_E);
  int32_t nfield = gk_node_at_port(g, 0, 0, GK_ENE);
  int32_t sfield = gk_node_at_port(g, 0, 0, GK_S);
  assert_true(city >= 0 && road >= 0 && nfield >= 0 && sfield >= 0);
  int32_t o[8];
  /* vertex (0,0) = NW corner of D: D is the SE cell; ports NNW, WNW */
  assert_int_equal(gk_corner_nodes(g, 0, 0, o), 1);
  for (int i = 0; i < 6; i++) assert_int_equal(o[i], -1);
  assert_true(same_pair(o[6], o[7], city, nfield));
  /* vertex (1,0) = NE corner of D: D is the SW cell; NNE, ENE */
  assert_int_equal(gk_corner_nodes(g, 1, 0, o), 1);
  assert_true(same_pair(o[4], o[5], city, nfield));
  assert_int_equal(o[0], -1);
  assert_int_equal(o[2], -1);
  assert_int_equal(o[6], -1);
  /* vertex (1,1) = SE corner of D: D is the NW cell; ESE, SSE */
  assert_int_equal(gk_corner_nodes(g, 1, 1, o), 1);
  assert_true(same_pair(o[0], o[1], sfield, sfield));
  for (int i = 2; i < 8; i++) assert_int_equal(o[i], -1);
  /* vertex (0,1) = SW corner of D: D is the NE cell; SSW, WSW */
  assert_int_equal(gk_corner_nodes(g, 0, 1, o), 1);
  assert_true(same_pair(o[2], o[3], sfield, sfield));
  /* a second tile: V at (1,0) turned so its road W meets D's road */
  int V = ID.tile['V' - 'A'];
  assert_int_equal(gk_place_tile(g, V, 1, 0, 0, NULL), 0);
  int32_t vsmall = gk_node_at_port(g, 1, 0, GK_SSW);
  int32_t vbig = gk_node_at_port(g, 1, 0, GK_N);
  assert_int_equal(gk_corner_nodes(g, 1, 1, o), 2);
  assert_true(same_pair(o[0], o[1], sfield, sfield));
  assert_true(same_pair(o[2], o[3], vsmall, vsmall));  /* NE cell = (1,0) */
  assert_int_equal(gk_corner_nodes(g, 1, 0, o), 2);
  assert_true(same_pair(o[4], o[5], city, nfield));   /* SW cell = (0,0) */
  assert_true(same_pair(o[6], o[7], vbig, vbig));     /* SE cell = (1,0) */
  assert_int_equal(gk_corner_nodes(g, 10, 10, o), 0);
  gk_game_free(g);
}

/* D at (0,0), then 150 U east and a V, then 149 U north: 300 tiles. */
static void test_long_line(void **state) {
  (void)state;
  gk_game *g = gk_game_new(BASE, 2, 1);
  int U = ID.tile['U' - 'A'], V = ID.tile['V' - 'A'];
  assert_int_equal(base_fixture_start(g), 0);
  for (int x = 1; x <= 150; x++)
    if (gk_place_tile(g, U, x, 0, 1, NULL) != 0)
      fail_msg("U at (%d,0): %s", x, gk_game_error(g));
  assert_int_equal(gk_place_tile(g, V, 151, 0, 1, NULL), 0);  /* road W,N */
  for (int y = -1; y >= -149; y--)
    if (gk_place_tile(g, U, 151, y, 0, NULL) != 0)
      fail_msg("U at (151,%d): %s", y, gk_game_error(g));
  assert_int_equal(gk_tile_count(g), 301);
  assert_int_equal(gk_tile_at(g, 151, -149), 300);
  assert_int_equal(gk_tile_at(g, 75, 0), 75);
  assert_int_equal(gk_tile_at(g, 150, -1), -1);
  int32_t road = gk_node_at_port(g, 0, 0, GK_E);
  struct gk_feature_info fi;
  assert_int_equal(gk_feature_get(g, road, &fi), 0);
  assert_int_equal(fi.tiles, 301);
  assert_int_equal(fi.segments, 301);
  assert_int_equal(fi.open_ports, 2);
  assert_int_equal(gk_feature_root(g, road),
                   gk_feature_root(g, gk_node_at_port(g, 151, -149, GK_N)));
  /* the grid keeps working at the far end */
  assert_int_equal(gk_can_place(g, U, 151, -150, 0), 1);
  assert_int_equal(gk_can_place(g, U, 151, -150, 1), 0);
  gk_placement *pl = malloc(sizeof *pl * 4096);
  int n = gk_legal_placements(g, U, pl, 4096);
  assert_true(n > 0 && n <= 4096);
  int found = 0;
  for (int i = 0; i < n; i++)
    found += pl[i].x == 151 && pl[i].y == -150 && pl[i].rot == 0;
  assert_int_equal(found, 1);
  free(pl);
  gk_cell *c = malloc(sizeof *c * 2048);
  n = gk_frontier(g, c, 2048);
  /* 151 on each side of the horizontal arm minus the corner shared, the
  ** two ends, the vertical arm's sides; count exactly: */
  /* horizontal arm x=0..151 at y=0: above y=-1 for x=0..150 (151 cells),
  ** below y=1 for x=0..151 (152), west end (-1,0), east (152,0).
  ** vertical arm x=151, y=-1..-149: west x=150 for y=-2..-149 (148; y=-1
  ** is already counted), east x=152 for y=-1..-149 (149), north end. */
  assert_int_equal(n, 151 + 152 + 1 + 1 + 148 + 149 + 1);
  free(c);
  gk_game_free(g);
}

/* Sparse placements far from the origin. The header promises no
** particular board representation: a tile 1000 cells away must work; a
** tile a million cells away must either work or be refused cleanly. */
static void test_far_coordinates(void **state) {
  (void)state;
  gk_game *g = gk_game_new(TINY, 2, 1);
  assert_int_equal(gk_place_fixed(g, TA, 0, 0, 0, NULL), 0);
  assert_int_equal(gk_place_fixed(g, TA, 1000, -1000, 0, NULL), 0);
  assert_int_equal(gk_place_fixed(g, TA, -1000, 1000, 0, NULL), 0);
  assert_int_equal(gk_tile_at(g, 1000, -1000), 1);
  assert_int_equal(gk_tile_at(g, -1000, 1000), 2);
  assert_int_equal(gk_place_tile(g, TA, 1001, -1000, 0, NULL), 0);
  assert_int_equal(gk_tile_count(g), 4);
  gk_cell c[32];
  assert_int_equal(gk_frontier(g, c, 32), 4 + 4 + 6);
  size_t len;
  unsigned char *before = fx_serialize(g, &len);
  assert_non_null(before);
  int rc = gk_place_fixed(g, TA, 1000000, -1000000, 0, NULL);
  if (rc == 0) {
    assert_int_equal(gk_tile_at(g, 1000000, -1000000), 4);
    assert_int_equal(gk_place_tile(g, TA, 1000000, -999999, 0, NULL), 0);
  } else {
    assert_true(rc == GK_EINVAL || rc == GK_ENOMEM);
    assert_true(gk_game_error(g)[0] != '\0');
    assert_true(fx_state_is(g, before, len));
    print_message("note: far placement refused: %s\n", gk_game_error(g));
  }
  free(before);
  gk_game_free(g);
}

/* Blocked regions: a half-plane and a strip declared with the rules keep
** every placement out, legal listings included, without blocking cells one
** by one; saves reload into the same position. */
static void test_blocked_regions(void **state) {
  (void)state;
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  /* east of the start tile, and the row above it */
  assert_int_equal(gk_rules_block_region(r, 1, GK_UNBOUNDED_MIN, GK_UNBOUNDED_MAX, GK_UNBOUNDED_MAX), 0);
  assert_int_equal(gk_rules_block_region(r, GK_UNBOUNDED_MIN, -1, 0, -1), 1);
  assert_int_equal(gk_rules_block_region(r, 3, 0, 2, 0), GK_EINVAL); /* empty */
  assert_true(strstr(gk_rules_error(r), "empty") != NULL);
  assert_int_equal(gk_rules_region_count(r), 2);
  assert_int_equal(gk_rules_freeze(r), GK_OK);
  assert_int_equal(gk_rules_block_region(r, 0, 0, 0, 0), GK_ESTATE);
  /* the regions are part of what a save must match */
  assert_true(gk_rules_fingerprint(r) != gk_rules_fingerprint(BASE));

  long tiles = 0;
  for (uint64_t seed = 1; seed <= 100; seed++) {
    gk_game *g = base_fixture_new_game(r, 2, seed);
    assert_non_null(g);
    assert_true(gk_cell_blocked(g, 1, 0) == 1);
    assert_true(gk_cell_blocked(g, 500, -9000) == 1);  /* far outside the window */
    assert_true(gk_cell_blocked(g, -7, -1) == 1);
    assert_true(gk_cell_blocked(g, -7, -2) == 0);
    assert_true(gk_cell_blocked(g, 0, 1) == 0);
    assert_int_equal(gk_place_fixed(g, ID.tile['D' - 'A'], 1, 0, 0, NULL), GK_EILLEGAL);
    assert_true(strstr(gk_game_error(g), "blocked") != NULL);
    assert_int_equal(gk_block_cell(g, 2, 2), GK_OK); /* already blocked: nothing to do */
    gk_cell c[256];
    int n = gk_frontier(g, c, 256);
    for (int i = 0; i < n; i++) assert_false(c[i].x >= 1 || (c[i].y == -1 && c[i].x <= 0));
    int st;
    while ((st = base_fixture_play_turn(g, &ID)) >= 0) {}
    assert_int_equal(st, GK_EEMPTY);
    for (int t = 0; t < gk_tile_count(g); t++) {
      gk_placed_tile ti;
      assert_int_equal(gk_tile_info(g, t, &ti), GK_OK);
      assert_false(ti.x >= 1);
      assert_false(ti.y == -1 && ti.x <= 0);
    }
    tiles += gk_tile_count(g);
    size_t len;
    unsigned char *bytes = fx_serialize(g, &len);
    char why[128];
    gk_game *back = gk_game_deserialize(r, bytes, len, why, sizeof why);
    assert_non_null(back);
    assert_true(fx_same_state(g, back));
    assert_null(gk_game_deserialize(BASE, bytes, len, why, sizeof why)); /* other rules: refused */
    assert_true(strstr(why, "fingerprint") != NULL);
    free(bytes);
    gk_game_free(back);
    gk_game_free(g);
  }
  assert_true(tiles > 100 * 20); /* games went on, westward and southward */
  gk_rules_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_frontier_and_holes),
    cmocka_unit_test(test_neighbours),
    cmocka_unit_test(test_corners),
    cmocka_unit_test(test_long_line),
    cmocka_unit_test(test_far_coordinates),
    cmocka_unit_test(test_blocked_regions),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
