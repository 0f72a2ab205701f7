/* Oriented tiles (GK_TILE_ORIENTED): every rotation a placement of its
** own, even where the segments look the same; the default still merges
** same-looking rotations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"

#define ALL_FIELD "field:#N,#E,#S,#W"
#define STRAIGHT "road:N,S field:NNE,#E,SSE field:SSW,#W,NNW"

typedef struct world {
  gk_rules *r;
  int plain, arrow, road, road_o;
} world;

static int add(gk_rules *r, const char *id, const char *spec, unsigned flags) {
  gk_tile_def d;
  char err[128];
  if (fx_tile_from_spec(r, id, spec, &d, err, sizeof err)) return -1;
  d.flags = flags;
  return gk_rules_add_tile(r, &d);
}

/* The same four shapes, each oriented or not as `orient` says (bit 0
** the all-field tile, bit 1 the straight road). */
static gk_rules *make(world *w, unsigned orient) {
  gk_rules *r = gk_rules_new(NULL);
  assert_non_null(r);
  assert_true(gk_rules_add_kind(r, "road", GK_CLOSE_PORTS, 0) >= 0);
  assert_true(gk_rules_add_kind(r, "field", GK_CLOSE_NEVER, 0) >= 0);
  w->r = r;
  w->plain = add(r, "plain", ALL_FIELD, 0);
  w->arrow = add(r, "arrow", ALL_FIELD, (orient & 1) ? GK_TILE_ORIENTED : 0);
  w->road = add(r, "road", STRAIGHT, 0);
  w->road_o = add(r, "road_o", STRAIGHT, (orient & 2) ? GK_TILE_ORIENTED : 0);
  assert_true(w->plain >= 0 && w->arrow >= 0 && w->road >= 0 && w->road_o >= 0);
  assert_int_equal(gk_rules_freeze(r), 0);
  return r;
}

static void test_unique_rotations(void **state) {
  (void)state;
  world w;
  make(&w, 3);
  assert_int_equal(gk_rules_unique_rotations(w.r, w.plain), 0x1);
  assert_int_equal(gk_rules_unique_rotations(w.r, w.arrow), 0xF);
  assert_int_equal(gk_rules_unique_rotations(w.r, w.road), 0x3);
  assert_int_equal(gk_rules_unique_rotations(w.r, w.road_o), 0xF);
  assert_int_equal(gk_rules_tile(w.r, w.arrow)->flags, GK_TILE_ORIENTED);
  assert_int_equal(gk_rules_tile(w.r, w.plain)->flags, 0);
  gk_rules_free(w.r);
}

/* rotations seen at cell (x, y) among the listed placements */
static unsigned rots_at(const gk_placement *p, int n, int x, int y) {
  unsigned m = 0;
  for (int i = 0; i < n; i++)
    if (p[i].x == x && p[i].y == y) m |= 1u << p[i].rot;
  return m;
}

/* Beside one all-field tile, the oriented all-field tile has four legal
** placements per cell, the plain one a single one; the listing, the
** count, the i-th placement and gk_can_place agree. */
static void test_placements(void **state) {
  (void)state;
  world w;
  make(&w, 3);
  gk_game *g = gk_game_new(w.r, 2, 1);
  assert_non_null(g);
  assert_int_equal(gk_place_fixed(g, w.plain, 0, 0, 0, NULL), 0);
  gk_placement p[64];
  int n = gk_legal_placements(g, w.arrow, p, 64);
  assert_int_equal(n, 16);
  assert_int_equal(gk_count_placements(g, w.arrow), 16);
  const int cells[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
  for (int c = 0; c < 4; c++) {
    assert_int_equal(rots_at(p, n, cells[c][0], cells[c][1]), 0xF);
    for (int rot = 0; rot < 4; rot++)
      assert_int_equal(gk_can_place(g, w.arrow, cells[c][0], cells[c][1], rot), 1);
  }
  for (int i = 0; i < n; i++) {
    gk_placement q;
    assert_int_equal(gk_placement_at(g, w.arrow, i, &q), 0);
    assert_memory_equal(&q, &p[i], sizeof q);
  }
  n = gk_legal_placements(g, w.plain, p, 64);
  assert_int_equal(n, 4);
  for (int c = 0; c < 4; c++)
    assert_int_equal(rots_at(p, n, cells[c][0], cells[c][1]), 0x1);
  /* a straight road east of a field (its road must run north-south):
  ** r0 alone plain, r0 and r2 oriented */
  n = gk_legal_placements(g, w.road, p, 64);
  assert_int_equal(rots_at(p, n, 1, 0), 0x1);
  n = gk_legal_placements(g, w.road_o, p, 64);
  assert_int_equal(rots_at(p, n, 1, 0), 0x5);
  /* the rotation placed is the one kept */
  assert_int_equal(gk_place_tile(g, w.arrow, 1, 0, 3, NULL), 0);
  gk_placed_tile t;
  assert_int_equal(gk_tile_info(g, gk_tile_at(g, 1, 0), &t), 0);
  assert_int_equal(t.type, w.arrow);
  assert_int_equal(t.rot, 3);
  gk_game_free(g);
  gk_rules_free(w.r);
}

/* The flag is part of the rules' fingerprint (a save made with it does
** not load without it); the same rules give the same fingerprint. */
static void test_fingerprint(void **state) {
  (void)state;
  world a, b, c;
  make(&a, 0);
  make(&b, 1);
  make(&c, 0);
  assert_true(gk_rules_fingerprint(a.r) != gk_rules_fingerprint(b.r));
  assert_true(gk_rules_fingerprint(a.r) == gk_rules_fingerprint(c.r));
  gk_rules_free(a.r);
  gk_rules_free(b.r);
  gk_rules_free(c.r);
}

/* Unknown flag bits are refused with a message naming the tile; the
** rules are unchanged. */
static void test_bad_flags(void **state) {
  (void)state;
  gk_rules *r = gk_rules_new(NULL);
  assert_true(gk_rules_add_kind(r, "field", GK_CLOSE_NEVER, 0) >= 0);
  assert_int_equal(add(r, "odd", ALL_FIELD, 1u << 5), GK_EINVAL);
  assert_non_null(strstr(gk_rules_error(r), "tile odd"));
  assert_non_null(strstr(gk_rules_error(r), "flag"));
  assert_int_equal(gk_rules_tile_count(r), 0);
  assert_int_equal(gk_rules_find_tile(r, "odd"), -1);
  gk_rules_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_unique_rotations),
    cmocka_unit_test(test_placements),
    cmocka_unit_test(test_fingerprint),
    cmocka_unit_test(test_bad_flags),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
