/* RNG (xoshiro256** seeded through splitmix64) and tile stacks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"


/* {------------------------------------------------------------------
** Reference implementation (Vigna's published splitmix64 and
** xoshiro256**), written independently of the kernel.
** ------------------------------------------------------------------- */
static uint64_t ref_splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint64_t ref_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static void ref_seed(uint64_t s[4], uint64_t seed) {
  uint64_t x = seed;
  for (int i = 0; i < 4; i++) s[i] = ref_splitmix(&x);
}

static uint64_t ref_next(uint64_t s[4]) {
  uint64_t result = ref_rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = ref_rotl(s[3], 45);
  return result;
}
/* }------------------------------------------------------------------ */

static void test_rng_fixed_values(void **state) {
  (void)state;
  /* Hard-coded: any change to the generator or its seeding must fail. */
  static const uint64_t seed1_state[4] = {
    0x910a2dec89025cc1ull, 0xbeeb8da1658eec67ull, 0xf893a2eefb32555eull,
    0x71c18690ee42c90bull};
  static const uint64_t seed1_out[4] = {
    0xb3f2af6d0fc710c5ull, 0x853b559647364ceaull, 0x92f89756082a4514ull,
    0x642e1c7bc266a3a7ull};
  gk_game *g = gk_game_new(FX_RULES, 2, 1);
  assert_non_null(g);
  uint64_t st[4];
  gk_rng_get_state(g, st);
  for (int i = 0; i < 4; i++) assert_int_equal(st[i], seed1_state[i]);
  for (int i = 0; i < 4; i++) assert_int_equal(gk_rng_next(g), seed1_out[i]);
  gk_game_free(g);
  /* and the reference agrees with the hard-coded values */
  uint64_t s[4];
  ref_seed(s, 1);
  for (int i = 0; i < 4; i++) assert_int_equal(s[i], seed1_state[i]);
  for (int i = 0; i < 4; i++) assert_int_equal(ref_next(s), seed1_out[i]);
}

static void test_rng_reference_sequence(void **state) {
  (void)state;
  static const uint64_t seeds[] = {1, 0xDEADBEEFull, 0, 0xFFFFFFFFFFFFFFFFull};
  for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
    gk_game *g = gk_game_new(FX_RULES, 3, seeds[k]);
    uint64_t s[4];
    ref_seed(s, seeds[k]);
    for (int i = 0; i < 8; i++) {
      uint64_t want = ref_next(s), got = gk_rng_next(g);
      if (want != got)
        fail_msg("seed %llx output %d: got %016llx want %016llx",
                 (unsigned long long)seeds[k], i, (unsigned long long)got,
                 (unsigned long long)want);
    }
    /* state round trip */
    uint64_t st[4];
    gk_rng_get_state(g, st);
    for (int i = 0; i < 4; i++) assert_int_equal(st[i], s[i]);
    uint64_t a = gk_rng_next(g), b = gk_rng_next(g);
    gk_rng_set_state(g, st);
    assert_int_equal(gk_rng_next(g), a);
    assert_int_equal(gk_rng_next(g), b);
    gk_game_free(g);
  }
  /* the number of players does not change the stream */
  gk_game *g2 = gk_game_new(FX_RULES, 2, 99), *g5 = gk_game_new(FX_RULES, 5, 99);
  for (int i = 0; i < 16; i++) assert_int_equal(gk_rng_next(g2), gk_rng_next(g5));
  gk_game_free(g2);
  gk_game_free(g5);
}

static void test_rng_below(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 12345);
  static const uint32_t ns[] = {1, 2, 3, 6, 7, 100, 1000, 0x80000001u,
                                0xFFFFFFFFu};
  for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
    for (int i = 0; i < 5000; i++) {
      uint32_t v = gk_rng_below(g, ns[k]);
      if (v >= ns[k]) fail_msg("rng_below(%u) gave %u", ns[k], v);
    }
  /* n = 1 is always 0 */
  for (int i = 0; i < 100; i++) assert_int_equal(gk_rng_below(g, 1), 0);
  /* rough uniformity: chi-square over 10 buckets, 100000 draws; the
  ** 99.999% point of chi2(9) is about 37.9 */
  int cnt[10] = {0};
  for (int i = 0; i < 100000; i++) cnt[gk_rng_below(g, 10)]++;
  double chi = 0;
  for (int i = 0; i < 10; i++) {
    double d = cnt[i] - 10000.0;
    chi += d * d / 10000.0;
  }
  if (chi > 37.9) fail_msg("chi-square %.1f over 10 buckets", chi);
  /* a large odd bound: halves are about equal (a modulo bias would show
  ** up only weakly; mostly checks the high bits are used) */
  int low = 0;
  for (int i = 0; i < 20000; i++) low += gk_rng_below(g, 0xC0000000u) < 0x60000000u;
  assert_true(low > 9500 && low < 10500);
  /* deterministic per seed */
  gk_game *a = gk_game_new(FX_RULES, 2, 5), *b = gk_game_new(FX_RULES, 2, 5);
  for (int i = 0; i < 1000; i++)
    assert_int_equal(gk_rng_below(a, 37), gk_rng_below(b, 37));
  gk_game_free(a);
  gk_game_free(b);
  gk_game_free(g);
}

static void peek_all(gk_game *g, int st, int *out, int n) {
  assert_int_equal(gk_stack_size(g, st), n);
  for (int i = 0; i < n; i++) {
    out[i] = gk_stack_peek(g, st, i);
    assert_true(out[i] >= 0);
  }
  assert_true(gk_stack_peek(g, st, n) < 0);
  assert_true(gk_stack_peek(g, st, -1) < 0);
}

static void test_shuffle_deterministic(void **state) {
  (void)state;
  int a[71], b[71], c[71];
  gk_game *ga = gk_game_new(FX_RULES, 2, 42), *gb = gk_game_new(FX_RULES, 2, 42),
          *gc = gk_game_new(FX_RULES, 2, 43);
  assert_int_equal(base_fixture_fill_stack(ga), 0);
  assert_int_equal(base_fixture_fill_stack(gb), 0);
  assert_int_equal(base_fixture_fill_stack(gc), 0);
  peek_all(ga, FX_IDS.stack, a, 71);
  peek_all(gb, FX_IDS.stack, b, 71);
  peek_all(gc, FX_IDS.stack, c, 71);
  assert_memory_equal(a, b, sizeof a);
  assert_memory_not_equal(a, c, sizeof a);
  /* a permutation of the box minus the start tile */
  for (int i = 0; i < 24; i++) {
    int want = base_fixture_counts[i] - (i == 'D' - 'A');
    assert_int_equal(gk_stack_count(ga, FX_IDS.stack, FX_IDS.tile[i]), want);
    int n = 0;
    for (int k = 0; k < 71; k++) n += a[k] == FX_IDS.tile[i];
    assert_int_equal(n, want);
  }
  /* unshuffled order is the insertion order, and shuffling moved tiles */
  gk_game *gu = gk_game_new(FX_RULES, 2, 42);
  for (int i = 0; i < 24; i++)
    assert_int_equal(gk_stack_add(gu, FX_IDS.stack, FX_IDS.tile[i], 2), 0);
  int u[48];
  peek_all(gu, FX_IDS.stack, u, 48);
  /* Either end may be the top; check adjacency of equal types. */
  for (int k = 0; k < 48; k += 2) assert_int_equal(u[k], u[k + 1]);
  uint64_t s0[4], s1[4];
  gk_rng_get_state(gu, s0);
  assert_int_equal(gk_stack_shuffle(gu, FX_IDS.stack), 0);
  gk_rng_get_state(gu, s1);
  assert_memory_not_equal(s0, s1, sizeof s0);  /* the shuffle used the RNG */
  int v[48];
  peek_all(gu, FX_IDS.stack, v, 48);
  assert_memory_not_equal(u, v, sizeof u);
  gk_game_free(gu);
  gk_game_free(ga);
  gk_game_free(gb);
  gk_game_free(gc);
}

static void test_draw_take_put_back(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 7);
  int st = FX_IDS.stack, A = FX_IDS.tile[0], C = FX_IDS.tile[2], X = FX_IDS.tile[23],
      U = FX_IDS.tile['U' - 'A'];
  assert_int_equal(gk_stack_size(g, st), 0);
  assert_int_equal(gk_stack_draw(g, st), GK_EEMPTY);
  assert_int_equal(gk_stack_add(g, st, A, 3), 0);
  assert_int_equal(gk_stack_add(g, st, C, 1), 0);
  assert_int_equal(gk_stack_add(g, st, U, 2), 0);
  assert_int_equal(gk_stack_shuffle(g, st), 0);
  assert_int_equal(gk_stack_size(g, st), 6);
  assert_int_equal(gk_stack_count(g, st, A), 3);
  assert_int_equal(gk_stack_count(g, st, X), 0);
  /* draw = top */
  int top = gk_stack_peek(g, st, 0), second = gk_stack_peek(g, st, 1);
  assert_int_equal(gk_stack_draw(g, st), top);
  assert_int_equal(gk_stack_size(g, st), 5);
  assert_int_equal(gk_stack_peek(g, st, 0), second);
  /* take: the C wherever it is; the others keep their order */
  if (top == C) assert_int_equal(gk_stack_put_back(g, st, C, GK_PUT_BOTTOM), 0);
  int before[6], after[6];
  int n = gk_stack_size(g, st);
  peek_all(g, st, before, n);
  assert_true(gk_stack_take(g, st, C) >= 0);
  assert_int_equal(gk_stack_count(g, st, C), 0);
  peek_all(g, st, after, n - 1);
  for (int i = 0, j = 0; i < n; i++) {
    if (before[i] == C) continue;
    assert_int_equal(after[j++], before[i]);
  }
  /* take of a missing type fails and changes nothing */
  size_t len;
  unsigned char *snap = fx_serialize(g, &len);
  assert_non_null(snap);
  assert_true(gk_stack_take(g, st, X) < 0);
  assert_true(gk_game_error(g)[0] != '\0');
  assert_true(fx_state_is(g, snap, len));
  free(snap);
  /* put back: top, bottom, random */
  n = gk_stack_size(g, st);
  assert_int_equal(gk_stack_put_back(g, st, X, GK_PUT_TOP), 0);
  assert_int_equal(gk_stack_peek(g, st, 0), X);
  assert_int_equal(gk_stack_draw(g, st), X);
  assert_int_equal(gk_stack_put_back(g, st, X, GK_PUT_BOTTOM), 0);
  assert_int_equal(gk_stack_peek(g, st, n), X);
  assert_int_equal(gk_stack_size(g, st), n + 1);
  assert_true(gk_stack_take(g, st, X) >= 0);
  int pos_seen[8] = {0};
  for (int k = 0; k < 200; k++) {
    assert_int_equal(gk_stack_put_back(g, st, X, GK_PUT_RANDOM), 0);
    assert_int_equal(gk_stack_size(g, st), n + 1);
    assert_int_equal(gk_stack_count(g, st, X), 1);
    int pos = -1;
    for (int i = 0; i <= n; i++)
      if (gk_stack_peek(g, st, i) == X) pos = i;
    assert_true(pos >= 0);
    pos_seen[pos]++;
    /* the logged event records the position used */
    gk_event ev;
    assert_int_equal(gk_log_event(g, gk_log_count(g) - 1, &ev), 0);
    assert_int_equal(ev.type, GK_EV_PUT_BACK);
    assert_int_equal(ev.a, st);
    assert_int_equal(ev.b, X);
    assert_int_equal(ev.c, GK_PUT_RANDOM);
    assert_true(ev.d == pos || ev.d == n - pos);
    assert_true(gk_stack_take(g, st, X) >= 0);
  }
  for (int i = 0; i <= n; i++) assert_true(pos_seen[i] > 0);
  /* bad arguments */
  assert_true(gk_stack_put_back(g, st, X, 7) < 0);
  assert_true(gk_stack_add(g, st, A, -1) < 0);
  assert_true(gk_stack_add(g, 5, A, 1) < 0);
  assert_true(gk_stack_add(g, st, 99, 1) < 0);
  assert_true(gk_stack_size(g, 99) < 0);
  gk_game_free(g);
}

static void test_force(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 9);
  assert_int_equal(base_fixture_fill_stack(g), 0);
  int st = FX_IDS.stack, X = FX_IDS.tile[23], C = FX_IDS.tile[2], V = FX_IDS.tile['V' - 'A'];
  int types[3] = {X, C, V};
  assert_int_equal(gk_stack_force(g, st, types, 3), 0);
  assert_int_equal(gk_stack_size(g, st), 71);
  assert_int_equal(gk_stack_peek(g, st, 0), X);
  assert_int_equal(gk_stack_peek(g, st, 1), C);
  assert_int_equal(gk_stack_peek(g, st, 2), V);
  assert_int_equal(gk_stack_count(g, st, V), 9);
  /* forcing the same type twice needs two copies */
  int vv[2] = {V, V};
  assert_int_equal(gk_stack_force(g, st, vv, 2), 0);
  assert_int_equal(gk_stack_peek(g, st, 0), V);
  assert_int_equal(gk_stack_peek(g, st, 1), V);
  assert_int_equal(gk_stack_draw(g, st), V);
  assert_int_equal(gk_stack_draw(g, st), V);
  assert_int_equal(gk_stack_draw(g, st), X);
  /* X is gone now: forcing [C, X] fails and changes nothing (C not moved) */
  int before[71];
  int n = gk_stack_size(g, st);
  peek_all(g, st, before, n);
  size_t len;
  unsigned char *snap = fx_serialize(g, &len);
  int cx[2] = {C, X};
  assert_true(gk_stack_force(g, st, cx, 2) < 0);
  assert_true(gk_game_error(g)[0] != '\0');
  int after[71];
  peek_all(g, st, after, n);
  assert_memory_equal(before, after, sizeof(int) * (size_t)n);
  assert_true(fx_state_is(g, snap, len));
  /* C once is fine, C twice is not (only one C) */
  int cc[2] = {C, C};
  assert_true(gk_stack_force(g, st, cc, 2) < 0);
  assert_true(fx_state_is(g, snap, len));
  free(snap);
  /* forced events are logged one per type */
  int before_log = gk_log_count(g);
  int two[2] = {FX_IDS.tile[0], FX_IDS.tile[1]};
  assert_int_equal(gk_stack_force(g, st, two, 2), 0);
  assert_int_equal(gk_log_count(g), before_log + 2);
  gk_event ev;
  assert_int_equal(gk_log_event(g, before_log, &ev), 0);
  assert_int_equal(ev.type, GK_EV_FORCE);
  assert_int_equal(ev.b, FX_IDS.tile[0]);
  gk_game_free(g);
}

static void test_draw_placeable(void **state) {
  (void)state;
  gk_rules *r = gk_rules_new(NULL);
  assert_true(gk_rules_add_kind(r, "a", GK_CLOSE_PORTS, 0) >= 0);
  assert_true(gk_rules_add_kind(r, "b", GK_CLOSE_PORTS, 0) >= 0);
  int st = gk_rules_add_stack(r, "s");
  int A = fx_add_tile(r, "A", "a:#N,#E,#S,#W");
  int B = fx_add_tile(r, "B", "b:#N,#E,#S,#W");
  assert_true(st >= 0 && A >= 0 && B >= 0);
  assert_int_equal(gk_rules_freeze(r), 0);
  gk_game *g = gk_game_new(r, 2, 1);
  assert_int_equal(gk_place_fixed(g, A, 0, 0, 0, NULL), 0);
  assert_int_equal(gk_stack_add(g, st, B, 2), 0);
  assert_int_equal(gk_stack_add(g, st, A, 2), 0);
  int order[3] = {B, B, A};
  assert_int_equal(gk_stack_force(g, st, order, 3), 0);
  assert_int_equal(gk_has_placement(g, B), 0);
  assert_int_equal(gk_discard_count(g), 0);
  assert_int_equal(gk_stack_draw_placeable(g, st), A);
  assert_int_equal(gk_discard_count(g), 2);
  assert_int_equal(gk_stack_size(g, st), 1);
  assert_int_equal(gk_stack_count(g, st, B), 0);
  int discards = 0;
  for (int i = 0; i < gk_log_count(g); i++) {
    gk_event ev;
    assert_int_equal(gk_log_event(g, i, &ev), 0);
    if (ev.type == GK_EV_DISCARD) {
      assert_int_equal(ev.a, B);
      discards++;
    }
  }
  assert_int_equal(discards, 2);
  /* only unplaceable tiles left: all discarded, then empty */
  assert_int_equal(gk_stack_draw(g, st), A);
  assert_int_equal(gk_stack_add(g, st, B, 3), 0);
  assert_int_equal(gk_stack_draw_placeable(g, st), GK_EEMPTY);
  assert_int_equal(gk_discard_count(g), 5);
  assert_int_equal(gk_stack_size(g, st), 0);
  assert_int_equal(gk_stack_draw_placeable(g, st), GK_EEMPTY);
  assert_int_equal(gk_discard_count(g), 5);
  /* gk_discard records a tile too */
  assert_int_equal(gk_discard(g, B), 0);
  assert_int_equal(gk_discard_count(g), 6);
  assert_true(gk_discard(g, 77) < 0);
  gk_game_free(g);
  gk_rules_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_rng_fixed_values),
    cmocka_unit_test(test_rng_reference_sequence),
    cmocka_unit_test(test_rng_below),
    cmocka_unit_test(test_shuffle_deterministic),
    cmocka_unit_test(test_draw_take_put_back),
    cmocka_unit_test(test_force),
    cmocka_unit_test(test_draw_placeable),
  };
  return cmocka_run_group_tests(tests, base_fixture_group_setup, base_fixture_group_teardown);
}
