/* Game state: clone independence, serialization round trips, corrupt
** input, state size, event log replay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"


static gk_game *game_after(uint64_t seed, int players, int turns) {
  gk_game *g = base_fixture_new_game(FX_RULES, players, seed);
  assert_non_null(g);
  for (int i = 0; i < turns; i++) {
    int rc = base_fixture_play_turn(g, &FX_IDS);
    if (rc == GK_EEMPTY) break;
    if (rc < 0) fail_msg("seed %llu turn %d: %d %s", (unsigned long long)seed, i,
                         rc, gk_game_error(g));
  }
  return g;
}

static void play_out(gk_game *g) {
  int rc;
  while ((rc = base_fixture_play_turn(g, &FX_IDS)) >= 0) {}
  if (rc != GK_EEMPTY) fail_msg("play_out: %d %s", rc, gk_game_error(g));
}

static void test_clone_independent(void **state) {
  (void)state;
  gk_game *g = game_after(11, 3, 30);
  size_t len;
  unsigned char *orig = fx_serialize(g, &len);
  assert_non_null(orig);
  gk_game *c = gk_game_clone(g);
  assert_non_null(c);
  assert_true(fx_same_state(g, c));
  assert_ptr_equal(gk_game_rules(c), FX_RULES);
  assert_int_equal(gk_game_players(c), 3);
  assert_int_equal(gk_game_size(c), gk_game_size(g));
  /* mutate the clone in every way */
  assert_true(base_fixture_play_turn(c, &FX_IDS) >= 0);
  int t = gk_stack_draw(c, FX_IDS.stack);
  assert_true(t >= 0);
  assert_int_equal(gk_discard(c, t), 0);
  int32_t node = gk_node(c, 0, 0);
  assert_true(gk_figure_deploy(c, 0, FX_IDS.follower, (gk_location){GK_AT_NODE, node, 0}) >= 0 ||
              gk_supply(c, 0, FX_IDS.follower) == 0);
  assert_int_equal(gk_score(c, 1, 5, FX_IDS.r_road, -1), 0);
  assert_int_equal(gk_block_cell(c, 500, 500), 0);
  assert_int_equal(gk_blob_set(c, 3, "hello", 5), 0);
  gk_rng_next(c);
  assert_int_equal(gk_game_set_turn(c, 99, 2), 0);
  /* the original did not move */
  assert_true(fx_state_is(g, orig, len));
  assert_false(fx_same_state(g, c));
  assert_int_equal(gk_cell_blocked(g, 500, 500), 0);
  size_t bl = 77;
  const void *b = gk_blob_get(g, 3, &bl);
  assert_true(b == NULL || bl == 0);
  assert_int_equal(bl, 0);
  /* mutate the original: the clone does not move either */
  unsigned char *cbytes;
  size_t clen;
  cbytes = fx_serialize(c, &clen);
  play_out(g);
  assert_true(fx_state_is(c, cbytes, clen));
  /* the clone outlives the original */
  gk_game_free(g);
  play_out(c);
  gk_game_free(c);
  free(orig);
  free(cbytes);
}

/* gk_game_copy: a game becomes equal to another, whatever the sizes of
** the two (a small early game into a big late one and back), and then
** plays on exactly as the source does. */
static void test_copy_into_existing(void **state) {
  (void)state;
  gk_game *early = game_after(21, 2, 5), *late = game_after(22, 2, 60);
  gk_blob_set(late, 7, "state", 5);
  gk_block_cell(late, 400, 400);   /* a much bigger board window */
  assert_int_equal(gk_game_copy(late, early), GK_OK);
  assert_true(fx_same_state(late, early));
  size_t bl = 1;
  assert_null(gk_blob_get(late, 7, &bl));
  assert_int_equal(bl, 0);
  /* both play on identically, and independently */
  gk_game *twin = gk_game_clone(early);
  play_out(late);
  play_out(twin);
  assert_true(fx_same_state(late, twin));
  assert_false(fx_same_state(late, early));
  /* and back: the big one into the small one */
  assert_int_equal(gk_game_copy(early, late), GK_OK);
  assert_true(fx_same_state(early, late));
  assert_int_equal(gk_game_copy(early, early), GK_OK);
  assert_int_equal(gk_game_copy(NULL, late), GK_EINVAL);
  gk_game_free(early);
  gk_game_free(late);
  gk_game_free(twin);
}

/* gk_game_copy between games of the same sizes (a search refilling its
** copy from the root, which allocates nothing and copies only the cells
** of the used box and the log entries added since the last refill): the
** copy equals the source, keeps its own buffers (playing either leaves
** the other as it was) and plays on exactly as the source does. */
static void test_copy_same_sizes(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    gk_game *root = game_after(40 + seed, 2, 25), *copy = gk_game_clone(root);
    assert_int_equal(gk_blob_set(root, 2, "abc", 3), 0);
    assert_int_equal(gk_blob_set(copy, 2, "xyz", 3), 0);
    /* the log's last entry counts draws, and a draw in the copy changes
    ** it there: the refill must not keep it */
    gk_rng_next(root);
    assert_int_equal(gk_game_copy(copy, root), GK_OK);
    for (int round = 0; round < 5; round++) {
      gk_rng_next(copy);
      assert_true(base_fixture_play_turn(copy, &FX_IDS) >= 0);
      assert_int_equal(gk_game_copy(copy, root), GK_OK);
      assert_true(fx_same_state(copy, root));
      assert_int_equal(gk_game_size(copy), gk_game_size(root));
      size_t bl = 0;
      const char *b = gk_blob_get(copy, 2, &bl);
      assert_int_equal(bl, 3);
      assert_memory_equal(b, "abc", 3);
      assert_ptr_not_equal(b, gk_blob_get(root, 2, &bl));
    }
    size_t len;
    unsigned char *before = fx_serialize(root, &len);
    gk_game *twin = gk_game_clone(root);
    play_out(copy);
    assert_true(fx_state_is(root, before, len));
    play_out(twin);
    assert_true(fx_same_state(copy, twin));
    free(before);
    gk_game_free(root);
    gk_game_free(copy);
    gk_game_free(twin);
  }
}

/* Allocations counted, for test_copy_keeps_grown_log. */
static long ALLOCS;
static void *counting(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  ALLOCS++;
  return realloc(ptr, nsize);
}

/* Games played one after the other in one game (meeple sim: each a copy
** of the start): the copy keeps the ledger and log it grew, so the next
** game regrows them no more and allocates less than the first, while it
** plays exactly as a fresh clone of the start does. */
static void test_copy_keeps_grown_log(void **state) {
  (void)state;
  static const gk_allocator count = {counting, NULL};
  gk_rules *r = base_fixture_rules(&count);
  assert_non_null(r);
  gk_game *start = base_fixture_new_game(r, 2, 9), *g = gk_game_clone(start);
  assert_non_null(g);
  long before = ALLOCS;
  play_out(g);
  long first = ALLOCS - before;
  size_t grown = gk_game_size(g);
  assert_int_equal(gk_game_copy(g, start), GK_OK);
  assert_true(fx_same_state(g, start));
  assert_true(gk_game_size(g) > gk_game_size(start)); /* the grown log kept */
  assert_true(gk_game_size(g) <= grown);
  before = ALLOCS;
  play_out(g);
  long second = ALLOCS - before;
  print_message("allocations in a game: first %ld, after a copy %ld\n", first, second);
  assert_true(second < first);
  gk_game *twin = gk_game_clone(start);
  play_out(twin);
  assert_true(fx_same_state(g, twin));
  gk_game_free(twin);
  gk_game_free(g);
  gk_game_free(start);
  gk_rules_free(r);
}

static void test_serialize_round_trip_and_continue(void **state) {
  (void)state;
  static const int points[] = {0, 1, 17, 40, 70};
  for (uint64_t seed = 1; seed <= 8; seed++)
    for (size_t k = 0; k < sizeof points / sizeof points[0]; k++) {
      gk_game *g = game_after(seed, 2 + (int)(seed % 4), points[k]);
      if (seed == 3) assert_int_equal(gk_blob_set(g, 31, "\x00\x01\xff", 3), 0);
      size_t len;
      unsigned char *a = fx_serialize(g, &len);
      assert_non_null(a);
      /* cap smaller than the size: the size is still returned */
      unsigned char small[8];
      assert_int_equal(gk_game_serialize(g, small, sizeof small), (long)len);
      char err[128] = "";
      gk_game *h = gk_game_deserialize(FX_RULES, a, len, err, sizeof err);
      if (!h) fail_msg("deserialize failed: %s", err);
      assert_true(fx_state_is(h, a, len));
      if (seed == 3) {
        size_t bl;
        const unsigned char *bp = gk_blob_get(h, 31, &bl);
        assert_int_equal(bl, 3);
        assert_memory_equal(bp, "\x00\x01\xff", 3);
      }
      /* the restored game continues identically */
      int turn = 0;
      for (;;) {
        int ra = base_fixture_play_turn(g, &FX_IDS);
        int rb = base_fixture_play_turn(h, &FX_IDS);
        assert_int_equal(ra, rb);
        if (!fx_same_state(g, h))
          fail_msg("seed %llu from turn %d: states differ %d turns later",
                   (unsigned long long)seed, points[k], turn);
        if (ra < 0) break;
        turn++;
      }
      for (int p = 0; p < gk_game_players(g); p++)
        assert_int_equal(gk_player_score(g, p), gk_player_score(h, p));
      free(a);
      gk_game_free(g);
      gk_game_free(h);
    }
}

static void test_deserialize_bad_input(void **state) {
  (void)state;
  gk_game *g = game_after(5, 2, 71);
  assert_int_equal(gk_blob_set(g, 0, "blob", 4), 0);
  size_t len;
  unsigned char *a = fx_serialize(g, &len);
  assert_non_null(a);
  char err[256];
  /* every truncation fails cleanly with a message */
  for (size_t n = 0; n < len; n++) {
    err[0] = '\0';
    gk_game *h = gk_game_deserialize(FX_RULES, a, n, err, sizeof err);
    if (h) fail_msg("truncated to %zu of %zu bytes: accepted", n, len);
    if (err[0] == '\0') fail_msg("truncated to %zu bytes: no message", n);
  }
  /* trailing garbage */
  unsigned char *b = malloc(len + 4);
  memcpy(b, a, len);
  memset(b + len, 0x5a, 4);
  gk_game *h = gk_game_deserialize(FX_RULES, b, len + 4, err, sizeof err);
  if (h) {
    assert_true(fx_state_is(h, a, len));
    gk_game_free(h);
  }
  /* bad magic */
  memcpy(b, a, len);
  b[0] ^= 0xff;
  err[0] = '\0';
  assert_null(gk_game_deserialize(FX_RULES, b, len, err, sizeof err));
  assert_true(err[0] != '\0');
  /* wrong version: the format starts with 4 magic bytes and a u32 LE
  ** version */
  memcpy(b, a, len);
  assert_int_equal(b[4] | b[5] << 8 | b[6] << 16 | (uint32_t)b[7] << 24,
                   GK_SERIAL_VERSION);
  b[4] = GK_SERIAL_VERSION + 1;
  err[0] = '\0';
  assert_null(gk_game_deserialize(FX_RULES, b, len, err, sizeof err));
  assert_non_null(strstr(err, "version"));
  /* wrong rules */
  gk_rules *other = base_fixture_rules_unfrozen(NULL);
  assert_true(gk_rules_add_kind(other, "extra", GK_CLOSE_NEVER, 0) >= 0);
  assert_int_equal(gk_rules_freeze(other), 0);
  assert_true(gk_rules_fingerprint(other) != gk_rules_fingerprint(FX_RULES));
  err[0] = '\0';
  assert_null(gk_game_deserialize(other, a, len, err, sizeof err));
  assert_true(err[0] != '\0');
  gk_rules_free(other);
  /* unfrozen rules */
  gk_rules *unf = base_fixture_rules_unfrozen(NULL);
  assert_null(gk_game_deserialize(unf, a, len, err, sizeof err));
  gk_rules_free(unf);
  /* NULL / tiny inputs; err may be NULL or tiny */
  assert_null(gk_game_deserialize(FX_RULES, NULL, 10, err, sizeof err));
  assert_null(gk_game_deserialize(NULL, a, len, err, sizeof err));
  assert_null(gk_game_deserialize(FX_RULES, a, 3, NULL, 0));
  char tiny[4] = "zzz";
  assert_null(gk_game_deserialize(FX_RULES, a, 3, tiny, sizeof tiny));
  assert_true(strlen(tiny) < sizeof tiny);
  /* random corruption: never crashes; accepted states are usable */
  uint64_t x = 0x1234567;
  int accepted = 0;
  for (int i = 0; i < 3000; i++) {
    memcpy(b, a, len);
    int flips = 1 + i % 4;
    for (int k = 0; k < flips; k++) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      size_t pos = 12 + (size_t)((x >> 33) % (len - 12));
      b[pos] ^= (unsigned char)(1u + ((x >> 20) & 0xfe));
    }
    h = gk_game_deserialize(FX_RULES, b, len, err, sizeof err);
    if (h) {
      accepted++;
      size_t n2;
      unsigned char *c = fx_serialize(h, &n2);
      free(c);
      gk_game *hc = gk_game_clone(h);
      gk_game_free(hc);
      gk_game_free(h);
    } else {
      assert_true(err[0] != '\0');
    }
  }
  print_message("random corruption: %d of 3000 accepted\n", accepted);
  free(b);
  free(a);
  gk_game_free(g);
}

static void test_game_size(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 1);
  size_t empty = gk_game_size(g);
  assert_true(empty > 0);
  assert_int_equal(base_fixture_start(g), 0);
  assert_int_equal(base_fixture_fill_stack(g), 0);
  play_out(g);
  size_t full = gk_game_size(g);
  print_message("gk_game_size: new %zu, finished %zu bytes\n", empty, full);
  assert_true(full >= empty);
  assert_true(full < 64 * 1024);
  gk_game_free(g);
  /* 8 players, finished */
  g = game_after(77, 8, 0);
  play_out(g);
  assert_true(gk_game_size(g) < 64 * 1024);
  gk_game_free(g);
}

/* Every kind of definition changes the fingerprint. */
static void test_fingerprint_covers_definitions(void **state) {
  (void)state;
  const char *what[] = {"kind", "attr", "tag", "figure kind", "stack",
                        "reason", "tile", "match"};
  uint64_t base = gk_rules_fingerprint(FX_RULES);
  assert_true(base != 0);
  assert_int_equal(gk_rules_fingerprint(FX_RULES), base);  /* stable */
  gk_rules *same = base_fixture_rules(NULL);
  assert_int_equal(gk_rules_fingerprint(same), base);   /* reproducible */
  gk_rules_free(same);
  int bad = 0;
  for (int v = 0; v < 8; v++) {
    gk_rules *r = base_fixture_rules_unfrozen(NULL);
    gk_figure_spec fs = {1, 0};
    int rc = 0;
    switch (v) {
      case 0: rc = gk_rules_add_kind(r, "x", GK_CLOSE_NEVER, 0); break;
      case 1: rc = gk_rules_add_attr(r, "x", GK_MERGE_SUM); break;
      case 2: rc = gk_rules_add_tag(r, "x"); break;
      case 3: rc = gk_rules_add_figure_kind(r, "x", &fs); break;
      case 4: rc = gk_rules_add_stack(r, "x"); break;
      case 5: rc = gk_rules_add_reason(r, "x"); break;
      case 6: rc = fx_add_tile(r, "x", "field:#N,#E,#S,#W"); break;
      case 7: rc = gk_rules_set_match(r, FX_IDS.road, FX_IDS.field, GK_MATCH); break;
    }
    assert_true(rc >= 0);
    assert_int_equal(gk_rules_freeze(r), 0);
    if (gk_rules_fingerprint(r) == base) {
      print_message("fingerprint ignores an added %s\n", what[v]);
      bad++;
    }
    gk_rules_free(r);
  }
  assert_int_equal(bad, 0);
}

static gk_event *copy_log(gk_game *g, int *n) {
  *n = gk_log_count(g);
  assert_true(*n > 0);
  gk_event *ev = malloc(sizeof *ev * (size_t)*n);
  for (int i = 0; i < *n; i++) assert_int_equal(gk_log_event(g, i, &ev[i]), 0);
  return ev;
}

static void test_replay(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 10; seed++) {
    gk_game *g = game_after(seed, 3, 0);
    play_out(g);
    int n;
    gk_event *ev = copy_log(g, &n);
    /* the log starts with the start tile and the stack */
    assert_int_equal(ev[0].type, GK_EV_PLACE_FIXED);
    assert_int_equal(ev[0].a, FX_IDS.tile['D' - 'A']);
    int places = 0;
    for (int i = 0; i < n; i++) places += ev[i].type == GK_EV_PLACE;
    assert_int_equal(places + 1, gk_tile_count(g));
    /* whole log at once */
    gk_game *r = gk_game_new(FX_RULES, 3, seed);
    int rc = gk_replay(r, ev, n);
    if (rc != n) fail_msg("seed %llu: replay returned %d of %d: %s",
                          (unsigned long long)seed, rc, n, gk_game_error(r));
    if (!fx_same_state(g, r))
      fail_msg("seed %llu: replayed state differs", (unsigned long long)seed);
    gk_game_free(r);
    /* in chunks, with a clone in the middle */
    r = gk_game_new(FX_RULES, 3, seed);
    int half = n / 2;
    assert_int_equal(gk_replay(r, ev, half), half);
    gk_game *rc2 = gk_game_clone(r);
    assert_int_equal(gk_replay(rc2, ev + half, n - half), n - half);
    assert_true(fx_same_state(g, rc2));
    gk_game_free(rc2);
    gk_game_free(r);
    free(ev);
    gk_game_free(g);
  }
}

static void test_replay_bad_event(void **state) {
  (void)state;
  gk_game *g = game_after(4, 2, 10);
  int n;
  gk_event *ev = copy_log(g, &n);
  /* find a PLACE event and move it onto an occupied cell */
  int k = -1;
  for (int i = 0; i < n; i++)
    if (ev[i].type == GK_EV_PLACE) { k = i; break; }
  assert_true(k > 0);
  ev[k].b = 0;
  ev[k].c = 0;
  gk_game *r = gk_game_new(FX_RULES, 2, 4);
  int rc = gk_replay(r, ev, n);
  assert_true(rc < 0);
  assert_true(gk_game_error(r)[0] != '\0');
  /* the events before it were applied */
  assert_int_equal(gk_log_count(r), k);
  gk_game_free(r);
  /* unknown event type */
  ev[k] = (gk_event){999, 0, 0, 0, 0, 0};
  r = gk_game_new(FX_RULES, 2, 4);
  assert_true(gk_replay(r, ev, n) < 0);
  assert_true(gk_game_error(r)[0] != '\0');
  gk_game_free(r);
  free(ev);
  gk_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_clone_independent),
    cmocka_unit_test(test_copy_into_existing),
    cmocka_unit_test(test_copy_same_sizes),
    cmocka_unit_test(test_copy_keeps_grown_log),
    cmocka_unit_test(test_serialize_round_trip_and_continue),
    cmocka_unit_test(test_deserialize_bad_input),
    cmocka_unit_test(test_game_size),
    cmocka_unit_test(test_fingerprint_covers_definitions),
    cmocka_unit_test(test_replay),
    cmocka_unit_test(test_replay_bad_event),
  };
  return cmocka_run_group_tests(tests, base_fixture_group_setup, base_fixture_group_teardown);
}
