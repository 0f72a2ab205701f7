/* Placement enumeration against a brute-force oracle over 1,000 random
** base games (seeds 1..1000). The oracle keeps its own board, scans every
** empty cell of the bounding box + 1 and every unique rotation, and
** checks port matching itself from the rules' tables (it never calls
** gk_can_place, gk_tile_at or the frontier).
**
** Every turn of every game is checked (about 1.5 s under ASan), as is
** gk_has_placement. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"

enum { R = 80, W = 2 * R + 1 };

typedef struct oracle {
  const gk_rules *rules;
  int n_types;
  /* kind at each board-orientation port for each type and rotation */
  int kind[32][4][12];
  unsigned uniq[32];
  int8_t cell_type[W][W]; /* -1 empty */
  int8_t cell_rot[W][W];
  int x0, y0, x1, y1;      /* bounding box of placed tiles */
  int n;
} oracle;

static oracle O;
static gk_rules *BASE;
static base_ids ID;

static int setup(void **state) {
  (void)state;
  BASE = base_fixture_rules(NULL);
  if (!BASE || base_fixture_ids(BASE, &ID)) return -1;
  O.rules = BASE;
  O.n_types = gk_rules_tile_count(BASE);
  for (int t = 0; t < O.n_types; t++) {
    const gk_tile_def *d = gk_rules_tile(BASE, t);
    O.uniq[t] = gk_rules_unique_rotations(BASE, t);
    for (int rot = 0; rot < 4; rot++)
      for (int p = 0; p < 12; p++) {
        int s = gk_rules_segment_at_port(BASE, t, rot, p);
        if (s < 0) return -1;
        O.kind[t][rot][p] = d->segments[s].kind;
      }
  }
  return 0;
}

static int teardown(void **state) {
  (void)state;
  gk_rules_free(BASE);
  return 0;
}

static void oracle_reset(void) {
  memset(O.cell_type, -1, sizeof O.cell_type);
  O.n = 0;
}

static void oracle_put(int type, int x, int y, int rot) {
  assert_true(x > -R && x < R && y > -R && y < R);
  assert_int_equal(O.cell_type[y + R][x + R], -1);
  O.cell_type[y + R][x + R] = (int8_t)type;
  O.cell_rot[y + R][x + R] = (int8_t)rot;
  if (O.n++ == 0) {
    O.x0 = O.x1 = x;
    O.y0 = O.y1 = y;
  } else {
    if (x < O.x0) O.x0 = x;
    if (x > O.x1) O.x1 = x;
    if (y < O.y0) O.y0 = y;
    if (y > O.y1) O.y1 = y;
  }
}

static int oracle_at(int x, int y) {
  if (x <= -R || x >= R || y <= -R || y >= R) return -1;
  return O.cell_type[y + R][x + R];
}

static int cmp_pl(const void *a, const void *b) {
  const gk_placement *p = a, *q = b;
  if (p->y != q->y) return p->y < q->y ? -1 : 1;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  return (p->rot > q->rot) - (p->rot < q->rot);
}

/* Side offsets N, E, S, W. */
static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};

static int oracle_fits(int type, int x, int y, int rot) {
  int touching = 0;
  for (int side = 0; side < 4; side++) {
    int nx = x + DX[side], ny = y + DY[side];
    int nt = oracle_at(nx, ny);
    if (nt < 0) continue;
    touching++;
    int nrot = O.cell_rot[ny + R][nx + R];
    for (int i = 0; i < 3; i++) {
      int p = 3 * side + i;
      /* the facing port: opposite side, mirrored position */
      int q = 3 * ((side + 2) % 4) + (2 - i);
      if (gk_rules_kinds_match(O.rules, O.kind[type][rot][p],
                               O.kind[nt][nrot][q]) != 1)
        return 0;
    }
  }
  return touching > 0;
}

static int oracle_list(int type, gk_placement *out, int cap) {
  int n = 0;
  for (int y = O.y0 - 1; y <= O.y1 + 1; y++)
    for (int x = O.x0 - 1; x <= O.x1 + 1; x++) {
      if (oracle_at(x, y) >= 0) continue;
      for (int rot = 0; rot < 4; rot++) {
        if (!(O.uniq[type] & (1u << rot))) continue;
        if (oracle_fits(type, x, y, rot)) {
          assert_true(n < cap);
          out[n++] = (gk_placement){x, y, rot};
        }
      }
    }
  qsort(out, (size_t)n, sizeof *out, cmp_pl);
  return n;
}

enum { CAP = 4096 };
static gk_placement KERN[CAP], ORAC[CAP];

static void compare(gk_game *g, int type, uint64_t seed, int turn) {
  int n = gk_legal_placements(g, type, KERN, CAP);
  int sized = gk_legal_placements(g, type, NULL, 0);
  assert_int_equal(n, sized);
  assert_true(n >= 0 && n <= CAP);
  qsort(KERN, (size_t)n, sizeof *KERN, cmp_pl);
  int m = oracle_list(type, ORAC, CAP);
  if (n != m || memcmp(KERN, ORAC, sizeof *KERN * (size_t)n) != 0) {
    int i = 0;
    while (i < n && i < m && cmp_pl(&KERN[i], &ORAC[i]) == 0) i++;
    fail_msg("seed %llu turn %d tile %s: kernel lists %d placements, oracle %d; "
             "first difference at %d: kernel (%d,%d,r%d) oracle (%d,%d,r%d)",
             (unsigned long long)seed, turn, gk_rules_tile(BASE, type)->id, n, m,
             i, i < n ? KERN[i].x : 0, i < n ? KERN[i].y : 0,
             i < n ? KERN[i].rot : -1, i < m ? ORAC[i].x : 0,
             i < m ? ORAC[i].y : 0, i < m ? ORAC[i].rot : -1);
  }
  for (int i = 1; i < n; i++) assert_true(cmp_pl(&KERN[i - 1], &KERN[i]) < 0);
}

static int CHECKED, SKIPPED, DISCARDS;

static void play(uint64_t seed, int every) {
  gk_game *g = gk_game_new(BASE, 2, seed);
  assert_non_null(g);
  oracle_reset();
  assert_int_equal(base_fixture_start(g), 0);
  oracle_put(ID.tile['D' - 'A'], 0, 0, 0);
  assert_int_equal(base_fixture_fill_stack(g), 0);
  for (int turn = 0;; turn++) {
    int type = gk_stack_draw(g, ID.stack);
    if (type == GK_EEMPTY) break;
    assert_true(type >= 0);
    int has = gk_has_placement(g, type);
    int check = (turn % every) == 0 || has == 0;
    if (check) {
      compare(g, type, seed, turn);
      CHECKED++;
    } else {
      SKIPPED++;
    }
    if (!has) {
      if (!check) compare(g, type, seed, turn);
      assert_int_equal(oracle_list(type, ORAC, CAP), 0);
      assert_int_equal(gk_discard(g, type), 0);
      DISCARDS++;
      continue;
    }
    int n = gk_legal_placements(g, type, KERN, CAP);
    assert_true(n > 0);
    gk_placement p = KERN[gk_rng_below(g, (uint32_t)n)];
    assert_int_equal(gk_can_place(g, type, p.x, p.y, p.rot), 1);
    if (gk_place_tile(g, type, p.x, p.y, p.rot, NULL) != 0)
      fail_msg("seed %llu: place failed: %s", (unsigned long long)seed,
               gk_game_error(g));
    oracle_put(type, p.x, p.y, p.rot);
  }
  assert_int_equal(gk_tile_count(g), O.n);
  assert_int_equal(gk_tile_count(g) + gk_discard_count(g), 72);
  gk_game_free(g);
}

static void test_oracle_1000_games(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 1000; seed++) play(seed, 1);
  print_message("checked %d turns, skipped %d, %d unplaceable draws\n", CHECKED,
                SKIPPED, DISCARDS);
  assert_true(CHECKED > 1000 * 60);
  assert_int_equal(SKIPPED, 0);
}

/* gk_can_place agrees with the listed placements on every cell of the
** box for a few games (including non-unique rotations: a rotation is
** legal iff its symmetry class representative is listed). */
/* gk_count_placements, gk_placement_at and gk_pick_placement agree with
** the full listing, for every tile type, over real positions. */
static void test_random_choice_agrees(void **state) {
  (void)state;
  gk_placement list[1024];
  for (uint64_t seed = 1; seed <= 60; seed++) {
    gk_game *g = base_fixture_new_game(BASE, 2, seed);
    assert_non_null(g);
    for (int turn = 0; turn < 60; turn++) {
      for (int t = 0; t < O.n_types; t++) {
        int n = gk_legal_placements(g, t, list, 1024);
        assert_int_equal(gk_count_placements(g, t), n);
        for (int i = 0; i < n; i++) {
          gk_placement at;
          assert_int_equal(gk_placement_at(g, t, i, &at), GK_OK);
          assert_memory_equal(&at, &list[i], sizeof at);
        }
        gk_placement none;
        assert_int_equal(gk_placement_at(g, t, n, &none), GK_EINVAL);
        static const uint32_t rs[] = {0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 123456789u};
        for (size_t k = 0; k < sizeof rs / sizeof rs[0]; k++) {
          gk_placement picked;
          assert_int_equal(gk_pick_placement(g, t, rs[k], &picked), n);
          if (n > 0) {
            int idx = (int)(((uint64_t)rs[k] * (uint64_t)n) >> 32);
            assert_memory_equal(&picked, &list[idx], sizeof picked);
          }
        }
      }
      int type = gk_stack_draw_placeable(g, ID.stack);
      if (type < 0) break;
      gk_placement m;
      int n = gk_pick_placement(g, type, (uint32_t)(seed * 2654435761u + (uint64_t)turn * 40503u), &m);
      assert_true(n > 0);
      gk_place_report rep;
      assert_int_equal(gk_place_tile(g, type, m.x, m.y, m.rot, &rep), GK_OK);
      /* the report names each segment's feature */
      gk_placed_tile pt;
      assert_int_equal(gk_tile_info(g, rep.tile, &pt), GK_OK);
      for (int s = 0; s < pt.n_segments; s++) {
        assert_true(rep.feature_of[s] < rep.n_features);
        assert_int_equal(rep.feature[rep.feature_of[s]], gk_feature_root(g, gk_node(g, rep.tile, s)));
      }
    }
    gk_game_free(g);
  }
}

static void test_can_place_agrees(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 5; seed++) {
    gk_game *g = base_fixture_new_game(BASE, 2, seed);
    for (int k = 0; k < 40; k++)
      assert_true(base_fixture_play_turn(g, &ID) >= 0);
    int32_t minx = 0, maxx = 0, miny = 0, maxy = 0;
    for (int t = 0; t < gk_tile_count(g); t++) {
      gk_placed_tile pt;
      assert_int_equal(gk_tile_info(g, t, &pt), 0);
      if (pt.x < minx) minx = pt.x;
      if (pt.x > maxx) maxx = pt.x;
      if (pt.y < miny) miny = pt.y;
      if (pt.y > maxy) maxy = pt.y;
    }
    for (int type = 0; type < 24; type++) {
      int n = gk_legal_placements(g, type, KERN, CAP);
      for (int32_t y = miny - 2; y <= maxy + 2; y++)
        for (int32_t x = minx - 2; x <= maxx + 2; x++)
          for (int rot = 0; rot < 4; rot++) {
            int can = gk_can_place(g, type, x, y, rot);
            assert_true(can == 0 || can == 1);
            /* representative of rot's class: the first rotation with the
            ** same segment layout */
            int rep = rot;
            for (int q = 0; q < rot; q++) {
              int same = 1;
              for (int p = 0; p < 12 && same; p++)
                same = O.kind[type][q][p] == O.kind[type][rot][p];
              if (same && (gk_rules_unique_rotations(BASE, type) & (1u << q))) {
                rep = q;
                break;
              }
            }
            int listed = 0;
            for (int i = 0; i < n; i++)
              listed += KERN[i].x == x && KERN[i].y == y && KERN[i].rot == rep;
            if (can != listed)
              fail_msg("seed %llu type %d (%d,%d) rot %d: can_place %d listed %d",
                       (unsigned long long)seed, type, x, y, rot, can, listed);
          }
      assert_int_equal(gk_has_placement(g, type), n > 0);
    }
    gk_game_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_oracle_1000_games),
    cmocka_unit_test(test_can_place_agrees),
    cmocka_unit_test(test_random_choice_agrees),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
