/* The placement queries without the dense table. gk_rules_freeze builds
** the table [type][key] only while (side classes + 1)^4 * types stays
** within a 4 MiB limit; past it every query (can_place, listing,
** counting, picking, has_placement, holes) takes a second, slower code
** path that the base game never reaches. Here a tile set with over 45
** side classes forces that path, and a small tile set with the same
** kinds keeps the table, so the same checks run on both paths:
**
**  - every query agrees with an oracle that matches ports itself from
**    the tile definitions and the live board (gk_tile_at, gk_tile_info),
**  - the frontier and the holes agree with a scan of the bounding box.
**
** A freeze that built the table anyway would make the slow path
** untested silently, so a counting allocator checks which path each
** tile set gets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gk.h"

/* GK_ROTMASK_TABLE_MAX in engine/src/gk_internal.h, which tests cannot
** include. */
#define KERNEL_TABLE_LIMIT (4ull << 20)

enum {
  N_KINDS = 6,
  MAX_TYPES = 16,
  N_TRIPLES = N_KINDS * N_KINDS * N_KINDS,
  CELL_CAP = 4096,
  PLACEMENT_CAP = 4 * CELL_CAP
};

/* Kinds sit on a ring and match themselves and their two ring
** neighbours: half of all kind pairs match, so a side fits one side in
** eight, which leaves most cells with few legal rotations and some with
** none, and the matching is not transitive. */
static int ring_neighbours(int a, int b) {
  int d = (a - b + N_KINDS) % N_KINDS;
  return d == 1 || d == N_KINDS - 1;
}

/* Side pattern p read clockwise: the kinds on the three ports of one
** side. The stride is prime to N_TRIPLES, so distinct patterns give
** distinct triples, spread over all kinds. */
static void pattern_kinds(int pattern, int kinds[3]) {
  int t = (pattern * 97 + 13) % N_TRIPLES;
  kinds[0] = t / (N_KINDS * N_KINDS);
  kinds[1] = t / N_KINDS % N_KINDS;
  kinds[2] = t % N_KINDS;
}

typedef struct alloc_probe {
  int watching;
  size_t largest;  /* largest block asked for while watching */
} alloc_probe;

static void *probe_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  alloc_probe *probe = ud;
  (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  if (probe->watching && nsize > probe->largest) probe->largest = nsize;
  return realloc(ptr, nsize);
}

typedef struct tile_set {
  gk_rules *rules;
  alloc_probe probe;
  int n_types;
  int side_classes;  /* distinct kind triples on any side, counted here */
  int kind[MAX_TYPES][4][GK_PORT_COUNT];  /* at each board port */
  unsigned unique_rotations[MAX_TYPES];
} tile_set;

/* Tiles with one segment per port, so that each side carries the kind
** triple of its pattern. */
static void build_tile_set(tile_set *ts, const int (*sides)[4], int n_types) {
  assert_true(n_types <= MAX_TYPES);
  memset(ts, 0, sizeof *ts);
  gk_allocator alloc = {probe_alloc, &ts->probe};
  gk_rules *r = ts->rules = gk_rules_new(&alloc);
  assert_non_null(r);
  for (int k = 0; k < N_KINDS; k++) {
    char name[8] = {'k', (char)('0' + k), '\0'};
    assert_int_equal(gk_rules_add_kind(r, name, GK_CLOSE_PORTS, 0), k);
  }
  for (int a = 0; a < N_KINDS; a++)
    for (int b = a + 1; b < N_KINDS; b++)
      if (ring_neighbours(a, b))
        assert_int_equal(gk_rules_set_match(r, a, b, GK_MATCH), GK_OK);
  for (int t = 0; t < n_types; t++) {
    char id[8] = {'T', (char)('A' + t), '\0'};
    gk_tile_def def = {.id = id, .n_segments = GK_PORT_COUNT};
    for (int side = 0; side < 4; side++) {
      int kinds[3];
      pattern_kinds(sides[t][side], kinds);
      for (int i = 0; i < 3; i++) {
        gk_segment_def *seg = &def.segments[3 * side + i];
        seg->kind = kinds[i];
        seg->ports = (uint16_t)(1u << (3 * side + i));
      }
    }
    if (gk_rules_add_tile(r, &def) != t) fail_msg("%s", gk_rules_error(r));
  }
  ts->probe.watching = 1;
  if (gk_rules_freeze(r) != GK_OK) fail_msg("%s", gk_rules_error(r));
  ts->probe.watching = 0;

  ts->n_types = n_types;
  int seen[N_TRIPLES] = {0};
  for (int t = 0; t < n_types; t++) {
    const gk_tile_def *def = gk_rules_tile(r, t);
    ts->unique_rotations[t] = gk_rules_unique_rotations(r, t);
    for (int rot = 0; rot < 4; rot++)
      for (int p = 0; p < GK_PORT_COUNT; p++) {
        int seg = gk_rules_segment_at_port(r, t, rot, p);
        assert_true(seg >= 0);
        ts->kind[t][rot][p] = def->segments[seg].kind;
      }
    for (int rot = 0; rot < 4; rot++)
      for (int side = 0; side < 4; side++) {
        const int *k = &ts->kind[t][rot][3 * side];
        int triple = (k[0] * N_KINDS + k[1]) * N_KINDS + k[2];
        ts->side_classes += !seen[triple];
        seen[triple] = 1;
      }
  }
}

static uint64_t table_bytes(const tile_set *ts) {
  uint64_t base = (uint64_t)ts->side_classes + 1;
  return base * base * base * base * (uint64_t)ts->n_types;
}

/* {------------------------------------------------------------------
** Oracles
** ------------------------------------------------------------------- */

static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};

static int occupied(const gk_game *g, int32_t x, int32_t y) {
  return gk_tile_at(g, x, y) >= 0;
}

static int occupied_sides(const gk_game *g, int32_t x, int32_t y) {
  int n = 0;
  for (int side = 0; side < 4; side++) n += occupied(g, x + DX[side], y + DY[side]);
  return n;
}

/* Legal iff the cell is free, touches a tile, and every port facing a
** tile carries a kind that matches the kind across it. */
static int oracle_fits(const tile_set *ts, const gk_game *g, int type, int32_t x,
                       int32_t y, int rot) {
  if (occupied(g, x, y) || gk_cell_blocked(g, x, y)) return 0;
  int touching = 0;
  for (int side = 0; side < 4; side++) {
    int tile = gk_tile_at(g, x + DX[side], y + DY[side]);
    if (tile < 0) continue;
    touching = 1;
    gk_placed_tile there;
    assert_int_equal(gk_tile_info(g, tile, &there), GK_OK);
    for (int p = 3 * side; p < 3 * side + 3; p++) {
      int theirs = ts->kind[there.type][there.rot][gk_port_opposite(p)];
      if (gk_rules_kinds_match(ts->rules, ts->kind[type][rot][p], theirs) != 1) return 0;
    }
  }
  return touching;
}

typedef struct box { int32_t x0, y0, x1, y1; } box;

static box tile_box(const gk_game *g) {
  gk_placed_tile t;
  assert_int_equal(gk_tile_info(g, 0, &t), GK_OK);
  box b = {t.x, t.y, t.x, t.y};
  for (int i = 1; i < gk_tile_count(g); i++) {
    assert_int_equal(gk_tile_info(g, i, &t), GK_OK);
    if (t.x < b.x0) b.x0 = t.x;
    if (t.x > b.x1) b.x1 = t.x;
    if (t.y < b.y0) b.y0 = t.y;
    if (t.y > b.y1) b.y1 = t.y;
  }
  return b;
}

static gk_cell FRONTIER[CELL_CAP], HOLES[CELL_CAP], EXPECTED_HOLES[CELL_CAP];
static gk_placement LISTED[PLACEMENT_CAP], EXPECTED[PLACEMENT_CAP];

/* Checks gk_frontier and gk_holes against a scan of the box around the
** tiles; leaves the frontier in FRONTIER and returns its size. */
static int check_frontier_and_holes(const gk_game *g, int *holes_out) {
  box b = tile_box(g);
  int32_t w = b.x1 - b.x0 + 3, h = b.y1 - b.y0 + 3;
  /* 1: a frontier cell not yet listed, 2: listed */
  uint8_t *mark = calloc((size_t)(w * h), 1);
  assert_non_null(mark);
  int expected_frontier = 0, expected_holes = 0;
  for (int32_t y = b.y0 - 1; y <= b.y1 + 1; y++)
    for (int32_t x = b.x0 - 1; x <= b.x1 + 1; x++) {
      if (occupied(g, x, y) || gk_cell_blocked(g, x, y)) continue;
      int sides = occupied_sides(g, x, y);
      if (!sides) continue;
      mark[(y - b.y0 + 1) * w + (x - b.x0 + 1)] = 1;
      expected_frontier++;
      expected_holes += sides == 4;
    }

  int n = gk_frontier(g, FRONTIER, CELL_CAP);
  if (n != expected_frontier)
    fail_msg("gk_frontier counts %d cells, the box scan %d", n, expected_frontier);
  assert_true(n <= CELL_CAP);
  int n_expected_holes = 0;
  for (int i = 0; i < n; i++) {
    gk_cell c = FRONTIER[i];
    assert_true(c.x >= b.x0 - 1 && c.x <= b.x1 + 1 && c.y >= b.y0 - 1 && c.y <= b.y1 + 1);
    uint8_t *m = &mark[(c.y - b.y0 + 1) * w + (c.x - b.x0 + 1)];
    if (*m != 1) fail_msg("frontier lists (%d,%d), which is not a frontier cell or came twice", c.x, c.y);
    *m = 2;
    if (occupied_sides(g, c.x, c.y) == 4) EXPECTED_HOLES[n_expected_holes++] = c;
  }
  free(mark);

  /* holes are listed in frontier order */
  int holes = gk_holes(g, HOLES, CELL_CAP);
  if (holes != expected_holes)
    fail_msg("gk_holes counts %d holes, the box scan %d", holes, expected_holes);
  assert_int_equal(holes, n_expected_holes);
  assert_memory_equal(HOLES, EXPECTED_HOLES, sizeof *HOLES * (size_t)holes);
  assert_int_equal(gk_holes(g, NULL, 0), holes);
  *holes_out = holes;
  return n;
}

static int placement_index(uint32_t r, int n) {
  return (int)(((uint64_t)r * (uint64_t)n) >> 32);
}

/* Every placement query for one type against the oracle; returns the
** number of listed placements. */
static int check_type(const tile_set *ts, gk_game *g, int type, int n_frontier) {
  int expected = 0;
  for (int i = 0; i < n_frontier; i++) {
    gk_cell c = FRONTIER[i];
    for (int rot = 0; rot < 4; rot++) {
      int fits = oracle_fits(ts, g, type, c.x, c.y, rot);
      int can = gk_can_place(g, type, c.x, c.y, rot);
      if (can != fits)
        fail_msg("type %d at (%d,%d) rot %d: can_place %d, oracle %d", type, c.x, c.y,
                 rot, can, fits);
      /* symmetric rotations are listed once, as the first of their class */
      if (fits && (ts->unique_rotations[type] >> rot & 1))
        EXPECTED[expected++] = (gk_placement){c.x, c.y, rot};
    }
  }

  int n = gk_legal_placements(g, type, NULL, 0);
  if (n != expected) fail_msg("type %d: %d placements listed, oracle %d", type, n, expected);
  assert_true(n < PLACEMENT_CAP);
  /* room for four rotations per cell, exactly enough, and too little */
  assert_int_equal(gk_legal_placements(g, type, LISTED, PLACEMENT_CAP), n);
  assert_memory_equal(LISTED, EXPECTED, sizeof *LISTED * (size_t)n);
  memset(LISTED, 0xAB, sizeof *LISTED * (size_t)(n + 1));
  assert_int_equal(gk_legal_placements(g, type, LISTED, n), n);
  assert_memory_equal(LISTED, EXPECTED, sizeof *LISTED * (size_t)n);
  int half = n / 2;
  memset(LISTED, 0xAB, sizeof *LISTED * (size_t)(n + 1));
  assert_int_equal(gk_legal_placements(g, type, LISTED, half), n);
  assert_memory_equal(LISTED, EXPECTED, sizeof *LISTED * (size_t)half);
  assert_int_equal(LISTED[half].x, (int32_t)0xABABABAB);

  assert_int_equal(gk_has_placement(g, type), n > 0);
  assert_int_equal(gk_count_placements(g, type), n);
  gk_placement at;
  if (n > 0) {
    const int probes[] = {0, n - 1, half, (int)gk_rng_below(g, (uint32_t)n),
                          (int)gk_rng_below(g, (uint32_t)n)};
    for (size_t k = 0; k < sizeof probes / sizeof probes[0]; k++) {
      assert_int_equal(gk_placement_at(g, type, probes[k], &at), GK_OK);
      assert_memory_equal(&at, &EXPECTED[probes[k]], sizeof at);
    }
  }
  assert_int_equal(gk_placement_at(g, type, n, &at), GK_EINVAL);

  const uint32_t picks[] = {0, 0xFFFFFFFFu, (uint32_t)gk_rng_next(g)};
  for (size_t k = 0; k < sizeof picks / sizeof picks[0]; k++) {
    assert_int_equal(gk_pick_placement(g, type, picks[k], &at), n);
    if (n > 0) assert_memory_equal(&at, &EXPECTED[placement_index(picks[k], n)], sizeof at);
  }
  return n;
}

/* }------------------------------------------------------------------ */

typedef struct play_stats {
  int placed;          /* legal placements through gk_place_tile */
  int holes_made;      /* cells surrounded on purpose */
  int holes_filled;
  int hole_checks;     /* checks that saw at least one hole */
  int max_holes;
  int empty_listings;  /* types checked with no legal placement */
  int max_listed;
} play_stats;

enum { STEPS = 240, SURROUND_EVERY = 12, FILL_EVERY = 37, ALL_TYPES_EVERY = 4 };

static void place_any(const tile_set *ts, gk_game *g, int32_t x, int32_t y) {
  int type = (int)gk_rng_below(g, (uint32_t)ts->n_types);
  if (gk_place_fixed(g, type, x, y, (int)gk_rng_below(g, 4), NULL) != GK_OK)
    fail_msg("place_fixed at (%d,%d): %s", x, y, gk_game_error(g));
}

/* Random play rarely closes a cell on four sides, since a tile must fit
** every neighbour; fixed tiles around a frontier cell make a hole. */
static int surround_random_cell(const tile_set *ts, gk_game *g, int n_frontier) {
  gk_cell c = FRONTIER[gk_rng_below(g, (uint32_t)n_frontier)];
  if (occupied_sides(g, c.x, c.y) == 4) return 0;
  for (int side = 0; side < 4; side++)
    if (!occupied(g, c.x + DX[side], c.y + DY[side]))
      place_any(ts, g, c.x + DX[side], c.y + DY[side]);
  return 1;
}

static play_stats play(const tile_set *ts, uint64_t seed) {
  play_stats st = {0};
  gk_game *g = gk_game_new(ts->rules, 2, seed);
  assert_non_null(g);
  place_any(ts, g, 0, 0);
  for (int step = 0; step < STEPS; step++) {
    int holes;
    int n_frontier = check_frontier_and_holes(g, &holes);
    assert_true(n_frontier > 0);
    st.hole_checks += holes > 0;
    if (holes > st.max_holes) st.max_holes = holes;

    /* checking every type each step costs too much under sanitizers;
    ** the type placed below is always checked */
    int first = (int)gk_rng_below(g, (uint32_t)ts->n_types), chosen = -1;
    for (int k = 0; k < ts->n_types; k++) {
      int type = (first + k) % ts->n_types;
      int n = -1;
      if (chosen < 0 || step % ALL_TYPES_EVERY == 0) {
        n = check_type(ts, g, type, n_frontier);
        st.empty_listings += n == 0;
        if (n > st.max_listed) st.max_listed = n;
      }
      if (chosen < 0 && n > 0) chosen = type;
    }
    assert_true(chosen >= 0);
    gk_placement p;
    assert_true(gk_pick_placement(g, chosen, (uint32_t)gk_rng_next(g), &p) > 0);
    if (gk_place_tile(g, chosen, p.x, p.y, p.rot, NULL) != GK_OK)
      fail_msg("place_tile: %s", gk_game_error(g));
    st.placed++;

    if (step % SURROUND_EVERY == 0) {
      n_frontier = check_frontier_and_holes(g, &holes);
      st.holes_made += surround_random_cell(ts, g, n_frontier);
    }
    if (step % FILL_EVERY == 0) {
      n_frontier = check_frontier_and_holes(g, &holes);
      if (holes > 0) {
        gk_cell hole = HOLES[gk_rng_below(g, (uint32_t)holes)];
        place_any(ts, g, hole.x, hole.y);
        st.holes_filled++;
      }
    }
  }
  gk_game_free(g);
  return st;
}

static void assert_play_was_searching(const play_stats *st) {
  print_message("placed %d, holes made %d filled %d, steps with holes %d (max %d), "
                "empty listings %d, largest listing %d\n",
                st->placed, st->holes_made, st->holes_filled, st->hole_checks,
                st->max_holes, st->empty_listings, st->max_listed);
  assert_int_equal(st->placed, STEPS);
  assert_true(st->holes_made >= STEPS / SURROUND_EVERY / 2);
  assert_true(st->hole_checks >= STEPS / 2);
  assert_true(st->max_holes >= 3);
  assert_true(st->empty_listings > 0);
  assert_true(st->max_listed >= 20);
}

/* {------------------------------------------------------------------
** Tile sets
** ------------------------------------------------------------------- */

enum { MANY_PATTERNS = 52, MANY_PLAIN = MANY_PATTERNS / 4 };

static tile_set MANY, FEW;

/* Each set ends with a four-fold and a two-fold symmetric tile, so that
** rotations listed once are exercised on both paths. */
enum { FOUR_FOLD = 0x1, TWO_FOLD = 0x3 };

static int setup(void **state) {
  (void)state;
  int many[MANY_PLAIN + 2][4] = {[MANY_PLAIN] = {0, 0, 0, 0}, [MANY_PLAIN + 1] = {1, 2, 1, 2}};
  for (int t = 0; t < MANY_PLAIN; t++)
    for (int side = 0; side < 4; side++) many[t][side] = 4 * t + side;
  build_tile_set(&MANY, (const int(*)[4])many, MANY_PLAIN + 2);
  static const int few[][4] = {{0, 1, 2, 3}, {4, 5, 0, 1}, {2, 4, 1, 5}, {3, 3, 0, 4},
                               {5, 2, 2, 0}, {1, 4, 3, 5}, {0, 0, 0, 0}, {1, 2, 1, 2}};
  build_tile_set(&FEW, few, (int)(sizeof few / sizeof few[0]));
  return 0;
}

static int teardown(void **state) {
  (void)state;
  gk_rules_free(MANY.rules);
  gk_rules_free(FEW.rules);
  return 0;
}

static void test_many_side_classes_have_no_table(void **state) {
  (void)state;
  assert_int_equal(MANY.side_classes, MANY_PATTERNS);
  assert_true(table_bytes(&MANY) > KERNEL_TABLE_LIMIT);
  /* the table would be one block of table_bytes; freeze asked for none
  ** near that size */
  assert_true(MANY.probe.largest < KERNEL_TABLE_LIMIT / 64);
  assert_int_equal(MANY.unique_rotations[MANY.n_types - 2], FOUR_FOLD);
  assert_int_equal(MANY.unique_rotations[MANY.n_types - 1], TWO_FOLD);
}

static void test_few_side_classes_have_table(void **state) {
  (void)state;
  assert_true(FEW.side_classes <= 8);
  assert_true(table_bytes(&FEW) <= KERNEL_TABLE_LIMIT);
  assert_true(FEW.probe.largest >= table_bytes(&FEW));
  assert_int_equal(FEW.unique_rotations[FEW.n_types - 2], FOUR_FOLD);
  assert_int_equal(FEW.unique_rotations[FEW.n_types - 1], TWO_FOLD);
}

static void test_slow_path_agrees_with_oracles(void **state) {
  (void)state;
  play_stats st = play(&MANY, 0x5EED);
  assert_play_was_searching(&st);
}

static void test_table_path_agrees_with_oracles(void **state) {
  (void)state;
  play_stats st = play(&FEW, 0x5EED);
  assert_play_was_searching(&st);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_many_side_classes_have_no_table),
    cmocka_unit_test(test_few_side_classes_have_table),
    cmocka_unit_test(test_slow_path_agrees_with_oracles),
    cmocka_unit_test(test_table_path_agrees_with_oracles),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
