/* Geometry: ports, rotation, symmetric rotations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"

static int setup(void **state) {
  gk_rules *r = base_fixture_rules(NULL);
  if (!r) return -1;
  *state = r;
  return 0;
}

static int teardown(void **state) {
  gk_rules_free(*state);
  return 0;
}

static void test_port_names(void **state) {
  (void)state;
  static const char *const names[12] = {"NNW", "N", "NNE", "ENE", "E", "ESE",
                                        "SSE", "S", "SSW", "WSW", "W", "WNW"};
  for (int p = 0; p < GK_PORT_COUNT; p++) {
    const char *n = gk_port_name(p);
    assert_non_null(n);
    assert_string_equal(n, names[p]);
    assert_int_equal(gk_port_from_name(n), p);
  }
  assert_null(gk_port_name(-1));
  assert_null(gk_port_name(12));
  assert_null(gk_port_name(1000));
  assert_int_equal(gk_port_from_name("XYZ"), -1);
  assert_int_equal(gk_port_from_name(""), -1);
  assert_int_equal(gk_port_from_name("NN"), -1);
  assert_int_equal(gk_port_from_name("NNWX"), -1);
  assert_int_equal(gk_port_from_name(NULL), -1);
  assert_int_equal(GK_NNE, 2);
  assert_int_equal(GK_WNW, 11);
  assert_int_equal(GK_SIDE_PORTS(GK_SIDE_E), (1u << GK_ENE) | (1u << GK_E) | (1u << GK_ESE));
}

static void test_port_opposite(void **state) {
  (void)state;
  /* Facing ports across a side: the west half of my north side faces
  ** the west half of the neighbour's south side, and so on. */
  static const int expect[12] = {
    GK_SSW, GK_S, GK_SSE,   /* NNW N NNE */
    GK_WNW, GK_W, GK_WSW,   /* ENE E ESE */
    GK_NNE, GK_N, GK_NNW,   /* SSE S SSW */
    GK_ESE, GK_E, GK_ENE,   /* WSW W WNW */
  };
  for (int p = 0; p < 12; p++) {
    assert_int_equal(gk_port_opposite(p), expect[p]);
    assert_int_equal(gk_port_opposite(gk_port_opposite(p)), p);
  }
  assert_true(gk_port_opposite(-1) < 0);
  assert_true(gk_port_opposite(12) < 0);
}

static int canonical_segment(const gk_tile_def *d, int port) {
  for (int s = 0; s < d->n_segments; s++)
    if (d->segments[s].ports & (1u << port)) return s;
  return -1;
}

/* For every tile, rotation and port: turning by rot moves port p to
** (p + 3*rot) mod 12. */
static void test_rotation_all_tiles(void **state) {
  gk_rules *r = *state;
  for (int t = 0; t < gk_rules_tile_count(r); t++) {
    const gk_tile_def *d = gk_rules_tile(r, t);
    assert_non_null(d);
    for (int rot = 0; rot < 4; rot++)
      for (int p = 0; p < 12; p++) {
        int seg = gk_rules_segment_at_port(r, t, rot, (p + 3 * rot) % 12);
        assert_int_equal(seg, canonical_segment(d, p));
        assert_true(seg >= 0);
      }
  }
}

static int seg_kind(gk_rules *r, int t, int rot, int port) {
  int s = gk_rules_segment_at_port(r, t, rot, port);
  if (s < 0) return -1;
  return gk_rules_tile(r, t)->segments[s].kind;
}

/* Hand-checked spot values for D (city N, road E-W) and J (city N, road
** E->S) in all four rotations. */
static void test_rotation_hand_checked(void **state) {
  gk_rules *r = *state;
  int city = gk_rules_find_kind(r, "city"), road = gk_rules_find_kind(r, "road"),
      field = gk_rules_find_kind(r, "field");
  int D = base_fixture_tile(r, 'D'), J = base_fixture_tile(r, 'J');
  /* D rot 0: city N, road E and W, field S. */
  assert_int_equal(seg_kind(r, D, 0, GK_N), city);
  assert_int_equal(seg_kind(r, D, 0, GK_E), road);
  assert_int_equal(seg_kind(r, D, 0, GK_W), road);
  assert_int_equal(seg_kind(r, D, 0, GK_S), field);
  /* rot 1 (90 cw): city E, road N and S, field W. */
  assert_int_equal(seg_kind(r, D, 1, GK_ENE), city);
  assert_int_equal(seg_kind(r, D, 1, GK_E), city);
  assert_int_equal(seg_kind(r, D, 1, GK_ESE), city);
  assert_int_equal(seg_kind(r, D, 1, GK_N), road);
  assert_int_equal(seg_kind(r, D, 1, GK_S), road);
  assert_int_equal(seg_kind(r, D, 1, GK_W), field);
  assert_int_equal(seg_kind(r, D, 1, GK_NNW), field);
  assert_int_equal(seg_kind(r, D, 1, GK_NNE), field);
  /* the field between city and road ends up NNE + SSE */
  assert_int_equal(gk_rules_segment_at_port(r, D, 1, GK_NNE),
                   gk_rules_segment_at_port(r, D, 1, GK_SSE));
  assert_int_not_equal(gk_rules_segment_at_port(r, D, 1, GK_NNE),
                       gk_rules_segment_at_port(r, D, 1, GK_NNW));
  /* rot 2: city S; rot 3: city W */
  assert_int_equal(seg_kind(r, D, 2, GK_S), city);
  assert_int_equal(seg_kind(r, D, 2, GK_N), field);
  assert_int_equal(seg_kind(r, D, 3, GK_W), city);
  assert_int_equal(seg_kind(r, D, 3, GK_E), field);
  assert_int_equal(seg_kind(r, D, 3, GK_N), road);
  /* J rot 0: road E and S; rot 1: road S and W; rot 2: W and N; rot 3: N, E */
  static const int roads[4][2] = {{GK_E, GK_S}, {GK_S, GK_W}, {GK_W, GK_N},
                                  {GK_N, GK_E}};
  for (int rot = 0; rot < 4; rot++) {
    int a = gk_rules_segment_at_port(r, J, rot, roads[rot][0]);
    int b = gk_rules_segment_at_port(r, J, rot, roads[rot][1]);
    assert_int_equal(a, b);
    assert_int_equal(seg_kind(r, J, rot, roads[rot][0]), road);
    int n_road = 0;
    for (int p = 0; p < 12; p++) n_road += seg_kind(r, J, rot, p) == road;
    assert_int_equal(n_road, 2);
  }
  /* bad arguments */
  assert_true(gk_rules_segment_at_port(r, D, 4, GK_N) < 0);
  assert_true(gk_rules_segment_at_port(r, D, -1, GK_N) < 0);
  assert_true(gk_rules_segment_at_port(r, D, 0, 12) < 0);
  assert_true(gk_rules_segment_at_port(r, 999, 0, GK_N) < 0);
  /* the cloister of B covers no port */
  int B = base_fixture_tile(r, 'B');
  for (int p = 0; p < 12; p++)
    assert_int_equal(seg_kind(r, B, 0, p), field);
}

static void test_unique_rotations(void **state) {
  gk_rules *r = *state;
  struct { char t; unsigned mask; } cases[] = {
    {'C', 0x1}, {'B', 0x1}, {'X', 0x1}, {'U', 0x3}, {'H', 0x3}, {'F', 0x3},
    {'G', 0x3}, {'D', 0xF}, {'A', 0xF}, {'E', 0xF}, {'I', 0xF}, {'J', 0xF},
    {'V', 0xF}, {'W', 0xF}, {'M', 0xF}, {'L', 0xF},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    unsigned got = gk_rules_unique_rotations(r, base_fixture_tile(r, cases[i].t));
    if (got != cases[i].mask)
      fail_msg("tile %c: unique rotations 0x%x, expected 0x%x", cases[i].t,
               got, cases[i].mask);
  }
}

/* Two tiles that differ only in an attribute value are not symmetric
** the same way as tiles that differ in nothing: a band with a pennant is
** still 2-fold symmetric; a tile whose halves carry different
** attributes is not. */
static void test_unique_rotations_attrs(void **state) {
  (void)state;
  gk_rules *r = gk_rules_new(NULL);
  assert_non_null(r);
  assert_true(gk_rules_add_kind(r, "road", GK_CLOSE_PORTS, 0) >= 0);
  assert_true(gk_rules_add_kind(r, "field", GK_CLOSE_NEVER, 0) >= 0);
  assert_true(gk_rules_add_attr(r, "w", GK_MERGE_SUM) >= 0);
  int same = fx_add_tile(r, "same", "road:N road:S field:NNE,#E,SSE field:SSW,#W,NNW");
  int diff = fx_add_tile(r, "diff", "road:N+w=2 road:S field:NNE,#E,SSE field:SSW,#W,NNW");
  int one = fx_add_tile(r, "one", "field:#N,#E,#S,#W");
  assert_true(same >= 0 && diff >= 0 && one >= 0);
  assert_int_equal(gk_rules_freeze(r), 0);
  assert_int_equal(gk_rules_unique_rotations(r, same), 0x3);
  assert_int_equal(gk_rules_unique_rotations(r, diff), 0xF);
  assert_int_equal(gk_rules_unique_rotations(r, one), 0x1);
  gk_rules_free(r);
}

/* The whole box: 72 tiles, 79 city edges on 44 tiles, 94 road edges,
** 288 edges (base.md 1.1). Checks the fixture against the published
** statistics through the kernel's stored definitions. */
static void test_base_edge_statistics(void **state) {
  gk_rules *r = *state;
  base_ids ids;
  assert_int_equal(base_fixture_ids(r, &ids), 0);
  assert_int_equal(gk_rules_tile_count(r), 24);
  int tiles = 0, city_edges = 0, city_tiles = 0, road_edges = 0,
      field_edges = 0, pennants = 0, cloisters = 0;
  for (int i = 0; i < 24; i++) {
    int t = ids.tile[i], n = base_fixture_counts[i];
    tiles += n;
    const gk_tile_def *d = gk_rules_tile(r, t);
    int ce = 0;
    for (int side = 0; side < 4; side++) {
      int k = seg_kind(r, t, 0, 3 * side + 1);
      if (k == ids.city) ce++;
      else if (k == ids.road) road_edges += n;
      else if (k == ids.field) field_edges += n;
    }
    city_edges += ce * n;
    if (ce) city_tiles += n;
    for (int s = 0; s < d->n_segments; s++) {
      if (d->segments[s].kind == ids.cloister) cloisters += n;
      for (int a = 0; a < d->segments[s].n_attrs; a++)
        if (d->segments[s].attrs[a].attr == ids.pennant)
          pennants += n * d->segments[s].attrs[a].value;
    }
  }
  assert_int_equal(tiles, 72);
  assert_int_equal(city_edges, 79);
  assert_int_equal(city_tiles, 44);
  assert_int_equal(road_edges, 94);
  assert_int_equal(field_edges, 288 - 79 - 94);
  assert_int_equal(pennants, 10);
  assert_int_equal(cloisters, 6);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_port_names),
    cmocka_unit_test(test_port_opposite),
    cmocka_unit_test(test_rotation_all_tiles),
    cmocka_unit_test(test_rotation_hand_checked),
    cmocka_unit_test(test_unique_rotations),
    cmocka_unit_test(test_unique_rotations_attrs),
    cmocka_unit_test(test_base_edge_statistics),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
