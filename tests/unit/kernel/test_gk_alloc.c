/* Allocation failure. A counting allocator fails exactly the Nth
** allocation, for N = 1, 2, ... until a whole run (build rules, create a
** game, play a random base game to the end, clone, serialize, restore,
** replay) completes without reaching N. Every call that reports
** GK_ENOMEM must leave its object exactly as it was (compared through
** serialized bytes for games, through the tables' counts for rules) and
** succeed when retried. ASan's leak checker runs at exit.
**
** To keep this fast, a reference run without failure first records how
** many allocations each step makes; a run with failure at N then takes a
** snapshot only before the one step that will reach N. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"

static struct {
  long count, fail_at;
  int failed;
} A;

static int CUR_LINE, FAIL_LINE;

static void *ca_fn(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  A.count++;
  if (A.fail_at > 0 && A.count == A.fail_at) {
    A.failed = 1;
    FAIL_LINE = CUR_LINE;
    return NULL;
  }
  return realloc(ptr, nsize);
}

static const gk_allocator ALLOC = {ca_fn, NULL};

/* Step bookkeeping. */
static int REF;            /* 1 during the reference run */
static long *DELTA;        /* allocations made by step i (reference run) */
static int NSTEPS, CAPSTEPS, STEPI;
static long C_BEFORE;
static unsigned char *SNAP;
static size_t SNAPLEN;
static int HAVE_SNAP;
static int ENOMEM_SEEN, RNG_UNLOGGED, NULL_SEEN, LOST_LOG;

static void step_begin(const gk_game *g) {
  C_BEFORE = A.count;
  HAVE_SNAP = 0;
  if (REF || A.failed || !g) return;
  long d = STEPI < NSTEPS ? DELTA[STEPI] : 1L << 30;
  if (A.count < A.fail_at && A.count + d >= A.fail_at) {
    long keep = A.fail_at;
    A.fail_at = 0;  /* a snapshot never fails */
    free(SNAP);
    SNAP = fx_serialize(g, &SNAPLEN);
    A.fail_at = keep;
    assert_non_null(SNAP);
    HAVE_SNAP = 1;
  }
}

static void step_end(void) {
  if (REF) {
    if (NSTEPS == CAPSTEPS) {
      CAPSTEPS = CAPSTEPS ? 2 * CAPSTEPS : 1024;
      DELTA = realloc(DELTA, sizeof *DELTA * (size_t)CAPSTEPS);
    }
    DELTA[NSTEPS++] = A.count - C_BEFORE;
  }
  STEPI++;
}

static void check_unchanged(const gk_game *g, int line) {
  ENOMEM_SEEN++;
  if (!HAVE_SNAP)
    fail_msg("line %d: GK_ENOMEM at step %d with no failure expected there "
             "(fail_at %ld, count %ld)", line, STEPI, A.fail_at, A.count);
  if (gk_game_error(g)[0] == '\0') fail_msg("line %d: ENOMEM without message", line);
  if (!fx_state_is(g, SNAP, SNAPLEN))
    fail_msg("line %d: state changed by a call that failed with GK_ENOMEM "
             "(allocation %ld, step %d)", line, A.fail_at, STEPI);
}

/* A game call returning int; retried once after GK_ENOMEM. */
#define GSTEP(g, var, expr)                                   \
  do {                                                        \
    CUR_LINE = __LINE__; step_begin(g);                       \
    (var) = (expr);                                           \
    if ((var) == GK_ENOMEM) {                                 \
      check_unchanged((g), __LINE__);                         \
      (var) = (expr);                                         \
    }                                                         \
    step_end();                                               \
  } while (0)

/* Rules: compare the tables' sizes. */
typedef struct rsum { int n[8]; } rsum;
static rsum rules_sum(const gk_rules *r) {
  rsum s = {{gk_rules_kind_count(r), gk_rules_attr_count(r), gk_rules_tag_count(r),
             gk_rules_figure_kind_count(r), gk_rules_stack_count(r),
             gk_rules_reason_count(r), gk_rules_tile_count(r), gk_rules_frozen(r)}};
  return s;
}

#define RSTEP(r, var, expr)                                              \
  do {                                                                   \
    rsum _b = rules_sum(r);                                              \
    CUR_LINE = __LINE__; step_begin(NULL);                               \
    (var) = (expr);                                                      \
    if ((var) == GK_ENOMEM) {                                            \
      ENOMEM_SEEN++;                                                     \
      rsum _a = rules_sum(r);                                            \
      if (memcmp(&_a, &_b, sizeof _a))                                   \
        fail_msg("line %d: rules changed by a failed call", __LINE__);   \
      if (gk_rules_error(r)[0] == '\0')                                  \
        fail_msg("line %d: no message", __LINE__);                       \
      (var) = (expr);                                                    \
    }                                                                    \
    step_end();                                                          \
    if ((var) < 0) fail_msg("line %d: %d %s", __LINE__, (var), gk_rules_error(r)); \
  } while (0)

/* A call returning a pointer; retried once after NULL. */
#define PSTEP(var, expr)                                        \
  do {                                                          \
    CUR_LINE = __LINE__; step_begin(NULL);                      \
    (var) = (expr);                                             \
    if (!(var)) {                                               \
      NULL_SEEN++;                                              \
      if (!A.failed) fail_msg("line %d: NULL without failure", __LINE__); \
      (var) = (expr);                                           \
    }                                                           \
    step_end();                                                 \
    assert_non_null(var);                                       \
  } while (0)

/* gk_rng_below cannot report failure; check its draw still got logged. */
static uint32_t rng_step(gk_game *g, uint32_t n) {
  CUR_LINE = -1;
  step_begin(NULL);
  int lc = gk_log_count(g);
  gk_event last = {0, 0, 0, 0, 0, 0};
  if (lc > 0) gk_log_event(g, lc - 1, &last);
  uint32_t v = gk_rng_below(g, n);
  if (n > 1) {
    int lc2 = gk_log_count(g);
    gk_event now = {0, 0, 0, 0, 0, 0};
    if (lc2 > 0) gk_log_event(g, lc2 - 1, &now);
    int logged = now.type == GK_EV_RNG &&
                 (lc2 == lc + 1 || (lc2 == lc && now.a > last.a));
    if (!logged) RNG_UNLOGGED++;
  }
  step_end();
  return v;
}

static gk_rules *build_rules(void) {
  gk_rules *r;
  int rc;
  PSTEP(r, gk_rules_new(&ALLOC));
  gk_figure_spec fs = {7, 0};
  RSTEP(r, rc, gk_rules_add_kind(r, "city", GK_CLOSE_PORTS, 0));
  RSTEP(r, rc, gk_rules_add_kind(r, "road", GK_CLOSE_PORTS, 0));
  RSTEP(r, rc, gk_rules_add_kind(r, "field", GK_CLOSE_NEVER, 0));
  RSTEP(r, rc, gk_rules_add_kind(r, "cloister", GK_CLOSE_SURROUNDED, 0));
  RSTEP(r, rc, gk_rules_add_attr(r, "pennant", GK_MERGE_SUM));
  RSTEP(r, rc, gk_rules_add_tag(r, "start"));
  RSTEP(r, rc, gk_rules_add_figure_kind(r, "follower", &fs));
  RSTEP(r, rc, gk_rules_add_stack(r, "main"));
  RSTEP(r, rc, gk_rules_add_reason(r, "road"));
  RSTEP(r, rc, gk_rules_add_reason(r, "city"));
  RSTEP(r, rc, gk_rules_add_reason(r, "cloister"));
  RSTEP(r, rc, gk_rules_add_reason(r, "field"));
  for (int i = 0; i < BASE_TILE_TYPES; i++) {
    char id[2] = {(char)('A' + i), 0};
    gk_tile_def def;
    char err[128];
    assert_int_equal(fx_tile_from_spec(r, id, base_fixture_specs[i], &def, err,
                                       sizeof err), 0);
    RSTEP(r, rc, gk_rules_add_tile(r, &def));
  }
  RSTEP(r, rc, gk_rules_freeze(r));
  return r;
}

static int32_t STR[GK_MAX_FIGURE_KINDS];

static void play_game(const gk_rules *r, const base_ids *ids, uint64_t seed) {
  gk_game *g;
  int rc;
  PSTEP(g, gk_game_new(r, 3, seed));
  GSTEP(g, rc, gk_place_fixed(g, ids->tile['D' - 'A'], 0, 0, 0, NULL));
  assert_int_equal(rc, 0);
  for (int i = 0; i < BASE_TILE_TYPES; i++) {
    int n = base_fixture_counts[i] - (i == 'D' - 'A');
    GSTEP(g, rc, gk_stack_add(g, ids->stack, ids->tile[i], n));
    assert_int_equal(rc, 0);
  }
  GSTEP(g, rc, gk_stack_shuffle(g, ids->stack));
  assert_int_equal(rc, 0);
  static gk_placement pl[2048];
  for (;;) {
    int type;
    GSTEP(g, type, gk_stack_draw_placeable(g, ids->stack));
    if (type == GK_EEMPTY) break;
    assert_true(type >= 0);
    int n;
    GSTEP(g, n, gk_legal_placements(g, type, pl, 2048));
    assert_true(n > 0);
    gk_placement p = pl[rng_step(g, (uint32_t)n)];
    gk_place_report rep;
    GSTEP(g, rc, gk_place_tile(g, type, p.x, p.y, p.rot, &rep));
    assert_int_equal(rc, 0);
    int player = gk_game_player(g);
    gk_placed_tile pt;
    assert_int_equal(gk_tile_info(g, rep.tile, &pt), 0);
    if (gk_supply(g, player, ids->follower) > 0) {
      uint32_t k = rng_step(g, (uint32_t)pt.n_segments + 1);
      if ((int)k < pt.n_segments) {
        int32_t node = gk_node(g, rep.tile, (int)k);
        gk_feature_info fi;
        assert_int_equal(gk_feature_get(g, node, &fi), 0);
        if (fi.figures == 0) {
          GSTEP(g, rc, gk_figure_deploy(g, player, ids->follower,
                                        (gk_location){GK_AT_NODE, node, 0}));
          assert_true(rc >= 0);
        }
      }
    }
    for (int i = 0; i < rep.n_closed; i++) {
      int32_t root = gk_feature_root(g, rep.closed[i]);
      gk_feature_info fi;
      assert_int_equal(gk_feature_get(g, root, &fi), 0);
      if (fi.kind == ids->field) continue;
      uint32_t lead = 0;
      int total;
      GSTEP(g, total, gk_majority(g, root, STR, NULL, &lead));
      assert_true(total >= 0);
      int value = fi.kind == ids->road ? fi.tiles : fi.kind == ids->city
                  ? 2 * fi.tiles + 2 * gk_feature_attr(g, root, ids->pennant) : 9;
      int reason = fi.kind == ids->road ? ids->r_road
                   : fi.kind == ids->city ? ids->r_city : ids->r_cloister;
      if (total > 0)
        for (int pl2 = 0; pl2 < 3; pl2++)
          if (lead & (1u << pl2)) {
            GSTEP(g, rc, gk_score(g, pl2, value, reason, root));
            assert_int_equal(rc, 0);
          }
      int figs[32];
      int nf;
      GSTEP(g, nf, gk_feature_figures(g, root, figs, 32));
      for (int f = 0; f < nf && f < 32; f++) {
        GSTEP(g, rc, gk_figure_return(g, figs[f]));
        assert_int_equal(rc, 0);
      }
    }
    GSTEP(g, rc, gk_game_set_turn(g, gk_game_turn(g) + 1, (player + 1) % 3));
    assert_int_equal(rc, 0);
  }
  /* the log still replays to the same state (nothing was lost to a
  ** failed allocation) */
  int ne = gk_log_count(g);
  gk_event *ev = malloc(sizeof *ev * (size_t)ne);
  for (int i = 0; i < ne; i++) gk_log_event(g, i, &ev[i]);
  gk_game *rp;
  PSTEP(rp, gk_game_new(r, 3, seed));
  /* a replay that fails half-way has applied a prefix (documented), so
  ** it is restarted on a fresh game rather than retried */
  CUR_LINE = -2;
  step_begin(NULL);
  rc = gk_replay(rp, ev, ne);
  if (rc != ne) {
    if (!A.failed) fail_msg("replay: %d of %d: %s", rc, ne, gk_game_error(rp));
    assert_true(rc < 0);
    assert_true(gk_game_error(rp)[0] != '\0');
    gk_game_free(rp);
    rp = gk_game_new(r, 3, seed);
    assert_non_null(rp);
    rc = gk_replay(rp, ev, ne);
  }
  step_end();
  assert_int_equal(rc, ne);
  int same = fx_same_state(g, rp);
  if (!same && A.failed && (FAIL_LINE == -1 || FAIL_LINE == -2))
    LOST_LOG++;
  else if (!same)
    fail_msg("fail_at %ld: replayed log does not reproduce the state (the "
             "failed allocation was in the call at line %d, -1 = gk_rng_below, -2 = gk_replay; "
             "%d unlogged draws so far)", A.fail_at, FAIL_LINE, RNG_UNLOGGED);
  /* blob contents are not logged, so they come after the replay check */
  GSTEP(g, rc, gk_blob_set(g, 2, "blobdata", 8));
  assert_int_equal(rc, 0);
  /* clone, serialize, restore */
  gk_game *c;
  PSTEP(c, gk_game_clone(g));
  long len;
  GSTEP(g, len, gk_game_serialize(g, NULL, 0));
  assert_true(len > 0);
  unsigned char *buf = malloc((size_t)len);
  long len2;
  GSTEP(g, len2, gk_game_serialize(g, buf, (size_t)len));
  assert_int_equal(len2, len);
  gk_game *d;
  PSTEP(d, gk_game_deserialize(r, buf, (size_t)len, NULL, 0));
  assert_true(fx_state_is(d, buf, (size_t)len));
  assert_true(fx_state_is(c, buf, (size_t)len));
  free(ev);
  free(buf);
  gk_game_free(rp);
  gk_game_free(d);
  gk_game_free(c);
  gk_game_free(g);
}

static void one_run(void) {
  STEPI = 0;
  A.count = 0;
  A.failed = 0;
  gk_rules *r = build_rules();
  base_ids ids;
  assert_int_equal(base_fixture_ids(r, &ids), 0);
  play_game(r, &ids, 2024);
  gk_rules_free(r);
}

static void test_fail_every_allocation(void **state) {
  (void)state;
  for (int i = 0; i < GK_MAX_FIGURE_KINDS; i++) STR[i] = 1;
  REF = 1;
  A.fail_at = 0;
  one_run();
  REF = 0;
  long total = A.count;
  print_message("reference run: %ld allocations in %d steps\n", total, NSTEPS);
  assert_true(total > 10);
  long n;
  for (n = 1; n < 1000000; n++) {
    A.fail_at = n;
    one_run();
    if (!A.failed) break;
  }
  print_message("failed each of %ld allocations: %d ENOMEM, %d NULL returns, "
                "%d RNG draws not logged\n", n - 1, ENOMEM_SEEN, NULL_SEEN,
                RNG_UNLOGGED);
  assert_int_equal(n, total + 1);
  free(SNAP);
  SNAP = NULL;
  free(DELTA);
  DELTA = NULL;
  if (RNG_UNLOGGED || LOST_LOG)
    fail_msg("%d times an allocation failure inside gk_rng_below dropped the "
             "draw from the event log (the call cannot report it); %d runs "
             "where the log then failed to replay to the same state "
             "(gk_rng_below in play, or gk_rng_next inside gk_replay)",
             RNG_UNLOGGED, LOST_LOG);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_fail_every_allocation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
