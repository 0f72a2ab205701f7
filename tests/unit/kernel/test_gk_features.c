/* Feature graph: union-find aggregates, closing, attributes, adjacency,
** place reports, cloisters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"


static int32_t node_at(gk_game *g, int x, int y, int port) {
  int32_t n = gk_node_at_port(g, x, y, port);
  if (n < 0) fail_msg("no node at (%d,%d) port %d", x, y, port);
  return n;
}

static struct gk_feature_info finfo(gk_game *g, int32_t node) {
  struct gk_feature_info fi;
  memset(&fi, 0xab, sizeof fi);
  assert_int_equal(gk_feature_get(g, node, &fi), 0);
  return fi;
}

/* Index in the report of the feature holding node, or fail. */
static int rep_index(gk_game *g, const gk_place_report *rep, int32_t node) {
  int32_t root = gk_feature_root(g, node);
  for (int i = 0; i < rep->n_features; i++)
    if (rep->feature[i] == root) return i;
  fail_msg("feature of node %d (root %d) not in report", node, root);
  return -1;
}

static int in_closed(gk_game *g, const gk_place_report *rep, int32_t node) {
  int32_t root = gk_feature_root(g, node);
  int hits = 0;
  for (int i = 0; i < rep->n_closed; i++)
    if (gk_feature_root(g, rep->closed[i]) == root) hits++;
  return hits;
}

static void place(gk_game *g, int type, int x, int y, int rot,
                  gk_place_report *rep) {
  memset(rep, 0, sizeof *rep);
  int rc = gk_place_tile(g, type, x, y, rot, rep);
  if (rc != 0)
    fail_msg("place type %d at (%d,%d) rot %d: %d %s", type, x, y, rot, rc,
             gk_game_error(g));
}

/* A figure-eight road loop through a double-curve tile: the tile is
** crossed twice and counts once; the loop closes with open_ports 0. */
static void test_road_loop_through_tile_twice(void **state) {
  (void)state;
  gk_rules *r = gk_rules_new(NULL);
  assert_true(gk_rules_add_kind(r, "road", GK_CLOSE_PORTS, 0) >= 0);
  assert_true(gk_rules_add_kind(r, "field", GK_CLOSE_NEVER, 0) >= 0);
  int DC = fx_add_tile(r, "DC",
                       "road:N,E road:S,W field:NNE,ENE field:ESE,SSE,NNW,WNW "
                       "field:SSW,WSW");
  int V = fx_add_tile(r, "V", "road:S,W field:#N,#E,SSE,WNW field:SSW,WSW");
  assert_true(DC >= 0 && V >= 0);
  assert_int_equal(gk_rules_freeze(r), 0);
  gk_game *g = gk_game_new(r, 2, 7);
  assert_non_null(g);
  gk_place_report rep;
  assert_int_equal(gk_place_fixed(g, DC, 0, 0, 0, NULL), 0);
  int32_t s0 = node_at(g, 0, 0, GK_N), s1 = node_at(g, 0, 0, GK_S);
  assert_int_not_equal(s0, s1);
  assert_int_equal(node_at(g, 0, 0, GK_E), s0);
  assert_int_equal(node_at(g, 0, 0, GK_W), s1);
  place(g, V, 1, 0, 0, &rep);
  place(g, V, 1, 1, 1, &rep);
  assert_int_not_equal(gk_feature_root(g, s0), gk_feature_root(g, s1));
  place(g, V, 0, 1, 2, &rep);  /* joins s1 to the s0 chain */
  assert_int_equal(gk_feature_root(g, s0), gk_feature_root(g, s1));
  int i = rep_index(g, &rep, node_at(g, 0, 1, GK_N));
  assert_true(rep.flags[i] & GK_FEAT_MERGED);
  assert_true(rep.flags[i] & GK_FEAT_EXTENDED);
  assert_false(rep.flags[i] & GK_FEAT_CLOSED);
  assert_true(rep.n_merges >= 1);
  struct gk_feature_info fi = finfo(g, s0);
  assert_int_equal(fi.segments, 5);
  assert_int_equal(fi.tiles, 4);       /* (0,0) counted once */
  assert_int_equal(gk_feature_tiles(g, s0), 4);
  assert_int_equal(fi.open_ports, 2);  /* DC's N and W */
  assert_int_equal(fi.closed, 0);
  assert_int_equal(fi.kind, gk_rules_find_kind(r, "road"));
  place(g, V, -1, 0, 2, &rep);
  place(g, V, -1, -1, 3, &rep);
  assert_int_equal(finfo(g, s0).open_ports, 2);
  place(g, V, 0, -1, 0, &rep);  /* closes the loop */
  fi = finfo(g, s0);
  assert_int_equal(fi.segments, 8);
  assert_int_equal(fi.tiles, 7);
  assert_int_equal(fi.open_ports, 0);
  assert_int_equal(fi.closed, 1);
  i = rep_index(g, &rep, node_at(g, 0, -1, GK_S));
  assert_true(rep.flags[i] & GK_FEAT_CLOSED);
  assert_true(rep.flags[i] & GK_FEAT_EXTENDED);
  assert_false(rep.flags[i] & GK_FEAT_MERGED);  /* both ends were one feature */
  assert_int_equal(in_closed(g, &rep, s0), 1);
  assert_int_equal(rep.n_closed, 1);  /* fields never close */
  int32_t nodes[16];
  assert_int_equal(gk_feature_nodes(g, s0, nodes, 16), 8);
  int seen_s0 = 0, seen_s1 = 0;
  for (int k = 0; k < 8; k++) {
    assert_int_equal(gk_feature_root(g, nodes[k]), fi.root);
    seen_s0 += nodes[k] == s0;
    seen_s1 += nodes[k] == s1;
  }
  assert_int_equal(seen_s0 + seen_s1, 2);
  gk_game_free(g);
  gk_rules_free(r);
}

/* An H tile's two city caps joined around the east: 6 tiles, 7
** segments, 2 pennants, closed by the last tile which merges. */
static void test_city_caps_join_elsewhere(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 3);
  int H = FX_IDS.tile['H' - 'A'], N = FX_IDS.tile['N' - 'A'], F = FX_IDS.tile['F' - 'A'],
      M = FX_IDS.tile['M' - 'A'];
  gk_place_report rep;
  assert_int_equal(gk_place_fixed(g, H, 0, 0, 0, NULL), 0);
  int32_t capn = node_at(g, 0, 0, GK_N), caps = node_at(g, 0, 0, GK_S),
          field = node_at(g, 0, 0, GK_E);
  int32_t adj[8];
  assert_int_equal(gk_feature_adjacent(g, field, adj, 8), 2);
  assert_true(adj[0] < adj[1]);
  place(g, N, 0, -1, 2, &rep);
  place(g, N, 1, -1, 3, &rep);
  place(g, F, 1, 0, 1, &rep);
  place(g, M, 1, 1, 0, &rep);
  assert_int_not_equal(gk_feature_root(g, capn), gk_feature_root(g, caps));
  struct gk_feature_info fi = finfo(g, capn);
  assert_int_equal(fi.tiles, 5);
  assert_int_equal(fi.closed, 0);
  assert_int_equal(gk_feature_attr(g, capn, FX_IDS.pennant), 2);
  place(g, N, 0, 1, 1, &rep);
  assert_int_equal(gk_feature_root(g, capn), gk_feature_root(g, caps));
  fi = finfo(g, capn);
  assert_int_equal(fi.kind, FX_IDS.city);
  assert_int_equal(fi.segments, 7);
  assert_int_equal(fi.tiles, 6);   /* H counted once */
  assert_int_equal(fi.open_ports, 0);
  assert_int_equal(fi.closed, 1);
  assert_int_equal(fi.figures, 0);
  assert_int_equal(gk_feature_attr(g, caps, FX_IDS.pennant), 2);
  int i = rep_index(g, &rep, capn);
  assert_int_equal(rep.flags[i] & (GK_FEAT_EXTENDED | GK_FEAT_MERGED | GK_FEAT_CLOSED),
                   GK_FEAT_EXTENDED | GK_FEAT_MERGED | GK_FEAT_CLOSED);
  assert_int_equal(rep.n_merges, 1);
  assert_int_equal(rep.n_closed, 1);
  assert_int_equal(in_closed(g, &rep, capn), 1);
  /* the field between the caps now touches one city */
  assert_int_equal(gk_feature_adjacent(g, field, adj, 8), 1);
  assert_int_equal(adj[0], gk_feature_root(g, capn));
  gk_game_free(g);
}

static long save(const gk_game *g, unsigned char **out) {
  long n = gk_game_serialize(g, NULL, 0);
  assert_true(n > 0);
  *out = malloc((size_t)n);
  assert_int_equal(gk_game_serialize(g, *out, (size_t)n), n);
  return n;
}

/* Segment attribute edits: the segment's own value and its feature's
** merged one move together, merges keep them, bad edits change nothing,
** and copies, saves and replays of the log carry them. */
static gk_rules *roads_and_fields(void) {
  gk_rules *r = gk_rules_new(NULL);
  assert_non_null(r);
  assert_true(gk_rules_add_kind(r, "road", GK_CLOSE_PORTS, 0) >= 0);
  assert_true(gk_rules_add_kind(r, "field", GK_CLOSE_NEVER, 0) >= 0);
  return r;
}

static void test_segment_attr_edits(void **state) {
  (void)state;
  gk_rules *r = roads_and_fields();
  int mx = gk_rules_add_attr(r, "mx", GK_MERGE_MAX), s = gk_rules_add_attr(r, "s", GK_MERGE_SUM);
  int P = fx_add_tile(r, "P", "road:E,W+s=3+mx=5 field:#N,ENE,WNW field:#S,ESE,WSW");
  assert_true(s >= 0 && mx >= 0 && P >= 0);
  assert_int_equal(gk_rules_freeze(r), 0);
  gk_game *g = gk_game_new(r, 2, 1);
  gk_place_report rep;
  assert_int_equal(gk_place_fixed(g, P, 0, 0, 0, NULL), 0);
  assert_int_equal(gk_place_fixed(g, P, 2, 0, 0, NULL), 0);
  int32_t a = node_at(g, 0, 0, GK_E), b = node_at(g, 2, 0, GK_W);
  assert_int_equal(gk_node_attr(g, a, s), 3);
  /* cover 2 of a's 3 on a feature of its own, then merge it with b's */
  assert_int_equal(gk_node_add_attr(g, a, s, -2), GK_OK);
  assert_int_equal(gk_node_attr(g, a, s), 1);
  assert_int_equal(gk_node_attr(g, b, s), 3);
  assert_int_equal(gk_feature_attr(g, a, s), 1);
  place(g, P, 1, 0, 0, &rep);
  assert_int_equal(gk_feature_root(g, a), gk_feature_root(g, b));
  assert_int_equal(gk_feature_attr(g, a, s), 1 + 3 + 3);
  assert_int_equal(gk_node_add_attr(g, b, s, 4), GK_OK);
  assert_int_equal(gk_node_attr(g, b, s), 7);
  assert_int_equal(gk_feature_attr(g, a, s), 11);
  assert_int_equal(gk_node_attr(g, gk_node_at_port(g, 1, 0, GK_E), s), 3);

  /* bad edits: the game is unchanged */
  unsigned char *before, *after;
  long n = save(g, &before);
  assert_int_equal(gk_node_add_attr(g, a, mx, 1), GK_EINVAL);
  assert_non_null(strstr(gk_game_error(g), "not summed"));
  assert_int_equal(gk_node_add_attr(g, a, 7, 1), GK_EINVAL);
  assert_int_equal(gk_node_add_attr(g, 9999, s, 1), GK_EINVAL);
  assert_int_equal(gk_node_add_attr(g, a, s, INT32_MAX), GK_EINVAL);
  assert_non_null(strstr(gk_game_error(g), "int32"));
  assert_int_equal(gk_node_add_attr(g, a, s, 0), GK_OK); /* nothing to log */
  assert_int_equal(save(g, &after), n);
  assert_memory_equal(before, after, (size_t)n);
  free(after);

  /* a save, a copy and a replay of the log give the same game */
  gk_game *loaded = gk_game_deserialize(r, before, (size_t)n, NULL, 0);
  assert_non_null(loaded);
  assert_int_equal(gk_feature_attr(loaded, a, s), 11);
  assert_int_equal(gk_node_attr(loaded, b, s), 7);
  assert_int_equal(save(loaded, &after), n);
  assert_memory_equal(before, after, (size_t)n);
  free(after);
  gk_game *copy = gk_game_clone(g);
  assert_int_equal(gk_node_attr(copy, a, s), 1);
  assert_int_equal(gk_feature_attr(copy, b, s), 11);
  gk_game *again = gk_game_new(r, 2, 1);
  int events = gk_log_count(g);
  gk_event *log = malloc(sizeof *log * (size_t)events);
  int attr_events = 0;
  for (int i = 0; i < events; i++) {
    assert_int_equal(gk_log_event(g, i, &log[i]), GK_OK);
    attr_events += log[i].type == GK_EV_ATTR;
  }
  assert_int_equal(attr_events, 2);
  assert_int_equal(gk_replay(again, log, events), events);
  assert_int_equal(save(again, &after), n);
  assert_memory_equal(before, after, (size_t)n);
  free(after);
  free(log);
  free(before);
  gk_game_free(again);
  gk_game_free(copy);
  gk_game_free(loaded);
  gk_game_free(g);
  gk_rules_free(r);
}

static void test_attribute_merge_ops(void **state) {
  (void)state;
  gk_rules *r = gk_rules_new(NULL);
  assert_true(gk_rules_add_kind(r, "road", GK_CLOSE_PORTS, 0) >= 0);
  assert_true(gk_rules_add_kind(r, "field", GK_CLOSE_NEVER, 0) >= 0);
  int s = gk_rules_add_attr(r, "s", GK_MERGE_SUM);
  int mx = gk_rules_add_attr(r, "mx", GK_MERGE_MAX);
  int mn = gk_rules_add_attr(r, "mn", GK_MERGE_MIN);
  int an = gk_rules_add_attr(r, "an", GK_MERGE_ANY);
  int al = gk_rules_add_attr(r, "al", GK_MERGE_ALL);
  assert_true(s >= 0 && mx >= 0 && mn >= 0 && an >= 0 && al >= 0);
  assert_int_equal(gk_rules_attr_op(r, mn), GK_MERGE_MIN);
  assert_int_equal(gk_rules_attr_op(r, al), GK_MERGE_ALL);
  int P = fx_add_tile(r, "P", "road:E,W+s=1+mx=5+mn=5+an=0+al=1 "
                              "field:#N,ENE,WNW field:#S,ESE,WSW");
  int Q = fx_add_tile(r, "Q", "road:E,W+s=2+mx=3+mn=-2+an=1+al=0 "
                              "field:#N,ENE,WNW field:#S,ESE,WSW");
  int Z = fx_add_tile(r, "Z", "road:E,W+s=-7+mx=-9+mn=-1+an=3+al=4 "
                              "field:#N,ENE,WNW field:#S,ESE,WSW");
  assert_true(P >= 0 && Q >= 0 && Z >= 0);
  assert_int_equal(gk_rules_freeze(r), 0);
  gk_game *g = gk_game_new(r, 2, 1);
  gk_place_report rep;
  assert_int_equal(gk_place_fixed(g, P, 0, 0, 0, NULL), 0);
  int32_t n = node_at(g, 0, 0, GK_E);
  assert_int_equal(gk_feature_attr(g, n, s), 1);
  assert_int_equal(gk_feature_attr(g, n, mx), 5);
  assert_int_equal(gk_feature_attr(g, n, mn), 5);
  assert_int_equal(gk_feature_attr(g, n, an), 0);
  assert_int_equal(gk_feature_attr(g, n, al), 1);
  place(g, P, 1, 0, 0, &rep);
  assert_int_equal(gk_feature_attr(g, n, s), 2);
  assert_int_equal(gk_feature_attr(g, n, mx), 5);
  assert_int_equal(gk_feature_attr(g, n, mn), 5);
  assert_int_equal(gk_feature_attr(g, n, an), 0);
  assert_int_equal(gk_feature_attr(g, n, al), 1);
  place(g, Q, 2, 0, 0, &rep);
  assert_int_equal(gk_feature_attr(g, n, s), 4);
  assert_int_equal(gk_feature_attr(g, n, mx), 5);
  assert_int_equal(gk_feature_attr(g, n, mn), -2);
  assert_int_equal(gk_feature_attr(g, n, an), 1);
  assert_int_equal(gk_feature_attr(g, n, al), 0);
  /* a separate chain of Z and Q, then merged into the first: the merge
  ** of two multi-tile features combines the aggregates, not the last
  ** segment */
  assert_int_equal(gk_place_fixed(g, Z, 5, 0, 0, NULL), 0);
  int32_t z = node_at(g, 5, 0, GK_W);
  assert_int_equal(gk_feature_attr(g, z, an), 1);   /* 3 -> 1 */
  assert_int_equal(gk_feature_attr(g, z, al), 1);   /* 4 -> 1 */
  assert_int_equal(gk_feature_attr(g, z, mx), -9);
  place(g, Z, 4, 0, 0, &rep);
  assert_int_equal(gk_feature_attr(g, z, s), -14);
  assert_int_equal(gk_feature_attr(g, z, mx), -9);
  assert_int_equal(gk_feature_attr(g, z, mn), -1);
  place(g, Z, 3, 0, 0, &rep);  /* joins P P Q and Z Z Z */
  assert_int_equal(rep.n_merges, 3);  /* road + both fields */
  assert_int_equal(gk_feature_root(g, n), gk_feature_root(g, z));
  assert_int_equal(gk_feature_attr(g, z, s), 4 - 21);
  assert_int_equal(gk_feature_attr(g, z, mx), 5);
  assert_int_equal(gk_feature_attr(g, z, mn), -2);
  assert_int_equal(gk_feature_attr(g, z, an), 1);
  assert_int_equal(gk_feature_attr(g, z, al), 0);
  assert_int_equal(finfo(g, z).tiles, 6);
  assert_int_equal(finfo(g, z).open_ports, 2);
  gk_game_free(g);
  gk_rules_free(r);
}

/* Sums stop at the int32 limits, both when every attribute is summed
** (merged without a choice per attribute) and beside other merge ops. */
static void check_sum_saturates(bool with_max) {
  gk_rules *r = roads_and_fields();
  int s = gk_rules_add_attr(r, "s", GK_MERGE_SUM);
  int mx = with_max ? gk_rules_add_attr(r, "mx", GK_MERGE_MAX) : -1;
  int P = fx_add_tile(r, "P", "road:E,W+s=2000000000 field:#N,ENE,WNW field:#S,ESE,WSW");
  int N = fx_add_tile(r, "N", "road:E,W+s=-2000000000 field:#N,ENE,WNW field:#S,ESE,WSW");
  assert_true(s >= 0 && P >= 0 && N >= 0);
  assert_int_equal(gk_rules_freeze(r), 0);
  gk_game *g = gk_game_new(r, 2, 1);
  gk_place_report rep;
  assert_int_equal(gk_place_fixed(g, P, 0, 0, 0, NULL), 0);
  place(g, P, 1, 0, 0, &rep);
  place(g, P, 2, 0, 0, &rep);
  assert_int_equal(gk_feature_attr(g, node_at(g, 0, 0, GK_E), s), INT32_MAX);
  assert_int_equal(gk_place_fixed(g, N, 0, 2, 0, NULL), 0);
  place(g, N, 1, 2, 0, &rep);
  place(g, N, 2, 2, 0, &rep);
  assert_int_equal(gk_feature_attr(g, node_at(g, 0, 2, GK_E), s), INT32_MIN);
  if (with_max) assert_int_equal(gk_feature_attr(g, node_at(g, 0, 2, GK_E), mx), 0);
  gk_game_free(g);
  gk_rules_free(r);
}

static void test_attribute_sum_saturates(void **state) {
  (void)state;
  check_sum_saturates(false);
  check_sum_saturates(true);
}

/* U E-W at (0,0) and (2,0); U at (1,0) unites three pairs of features. */
static void test_report_merges(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 1);
  int U = FX_IDS.tile['U' - 'A'];
  gk_place_report rep;
  memset(&rep, 0, sizeof rep);
  assert_int_equal(gk_place_fixed(g, U, 0, 0, 1, &rep), 0);
  assert_int_equal(rep.n_features, 3);
  assert_int_equal(rep.n_merges, 0);
  for (int i = 0; i < 3; i++) assert_int_equal(rep.flags[i], 0);
  assert_int_equal(rep.tile, 0);
  assert_int_equal(gk_place_fixed(g, U, 2, 0, 1, NULL), 0);
  /* extending only */
  place(g, U, 3, 0, 1, &rep);
  assert_int_equal(rep.tile, 2);
  assert_int_equal(rep.n_features, 3);
  assert_int_equal(rep.n_merges, 0);
  for (int i = 0; i < 3; i++)
    assert_int_equal(rep.flags[i], GK_FEAT_EXTENDED);
  place(g, U, 1, 0, 1, &rep);
  assert_int_equal(rep.n_features, 3);
  assert_int_equal(rep.n_merges, 3);
  assert_int_equal(rep.n_closed, 0);
  for (int i = 0; i < 3; i++)
    assert_int_equal(rep.flags[i], GK_FEAT_EXTENDED | GK_FEAT_MERGED);
  struct gk_feature_info fi = finfo(g, node_at(g, 0, 0, GK_W));
  assert_int_equal(fi.tiles, 4);
  assert_int_equal(fi.segments, 4);
  assert_int_equal(fi.open_ports, 2);
  /* the roots in the report are the current roots */
  for (int i = 0; i < 3; i++)
    assert_int_equal(gk_feature_root(g, rep.feature[i]), rep.feature[i]);
  gk_game_free(g);
}

static void test_adjacency(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 1);
  int D = FX_IDS.tile['D' - 'A'], A = FX_IDS.tile['A' - 'A'], E = FX_IDS.tile['E' - 'A'];
  gk_place_report rep;
  /* the stored definition is symmetric */
  const gk_tile_def *dd = gk_rules_tile(FX_RULES, D);
  assert_true(dd->segments[0].adjacent & (1u << 2));
  assert_true(dd->segments[2].adjacent & (1u << 0));
  assert_false(dd->segments[0].adjacent & (1u << 3));
  assert_int_equal(base_fixture_start(g), 0);
  place(g, D, 1, 0, 0, &rep);  /* a second D east: north fields join */
  int32_t nf = node_at(g, 0, 0, GK_ENE), sf = node_at(g, 0, 0, GK_ESE);
  int32_t c0 = node_at(g, 0, 0, GK_N), c1 = node_at(g, 1, 0, GK_N);
  int32_t road = node_at(g, 1, 0, GK_W);
  assert_int_equal(gk_feature_root(g, nf), gk_feature_root(g, node_at(g, 1, 0, GK_WNW)));
  int32_t adj[8];
  int32_t want0 = gk_feature_root(g, c0), want1 = gk_feature_root(g, c1);
  assert_int_not_equal(want0, want1);
  assert_int_equal(gk_feature_adjacent(g, nf, adj, 8), 2);
  assert_int_equal(adj[0], want0 < want1 ? want0 : want1);
  assert_int_equal(adj[1], want0 < want1 ? want1 : want0);
  /* cap 0 still counts */
  assert_int_equal(gk_feature_adjacent(g, nf, adj, 0), 2);
  assert_int_equal(gk_feature_adjacent(g, sf, adj, 8), 0);
  assert_int_equal(gk_feature_adjacent(g, road, adj, 8), 0);
  assert_int_equal(gk_feature_adjacent(g, c0, adj, 8), 1);
  assert_int_equal(adj[0], gk_feature_root(g, nf));
  /* close the first city with an E turned south: still adjacent */
  place(g, E, 0, -1, 2, &rep);
  assert_int_equal(finfo(g, c0).closed, 1);
  assert_int_equal(gk_feature_adjacent(g, nf, adj, 8), 2);
  /* cloister: its field and the road of A touch it */
  place(g, A, 2, 0, 1, &rep);  /* A turned: road W joins D's road */
  int32_t cl = gk_node(g, rep.tile, 0);
  assert_int_equal(gk_node_kind(g, cl), FX_IDS.cloister);
  int32_t ar = node_at(g, 2, 0, GK_W);
  assert_int_equal(gk_node_kind(g, ar), FX_IDS.road);
  assert_int_equal(gk_feature_root(g, ar), gk_feature_root(g, road));
  assert_int_equal(gk_feature_adjacent(g, ar, adj, 8), 1);
  assert_int_equal(adj[0], gk_feature_root(g, cl));
  assert_int_equal(gk_feature_adjacent(g, cl, adj, 8), 2);
  int32_t afield = gk_feature_root(g, node_at(g, 2, 0, GK_N));
  int32_t aroad = gk_feature_root(g, ar);
  assert_int_equal(adj[0], afield < aroad ? afield : aroad);
  assert_int_equal(adj[1], afield < aroad ? aroad : afield);
  gk_game_free(g);
}

/* B cloister at (0,0), 8 B tiles around it; the 8th closes it. */
static void test_cloister_surrounded(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 1);
  int B = FX_IDS.tile['B' - 'A'];
  gk_place_report rep;
  assert_int_equal(gk_place_fixed(g, B, 0, 0, 0, NULL), 0);
  int32_t cl = gk_node(g, 0, 0);
  assert_int_equal(gk_node_kind(g, cl), FX_IDS.cloister);
  assert_int_equal(gk_node_tile(g, cl), 0);
  assert_int_equal(gk_node_segment(g, cl), 0);
  static const int ring[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                 {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (int i = 0; i < 8; i++) {
    struct gk_feature_info fi = finfo(g, cl);
    assert_int_equal(fi.open_ports, 0);
    assert_int_equal(fi.closed, 0);
    place(g, B, ring[i][0], ring[i][1], 0, &rep);
    if (i < 7) assert_int_equal(in_closed(g, &rep, cl), 0);
  }
  assert_int_equal(finfo(g, cl).closed, 1);
  assert_int_equal(finfo(g, cl).tiles, 1);
  assert_int_equal(rep.n_closed, 1);
  assert_int_equal(in_closed(g, &rep, cl), 1);
  /* the new tile's own cloister is not closed */
  int i = rep_index(g, &rep, gk_node(g, rep.tile, 0));
  assert_false(rep.flags[i] & GK_FEAT_CLOSED);
  gk_placed_tile pt;
  assert_int_equal(gk_tile_info(g, 0, &pt), 0);
  assert_int_equal(pt.neighbours, 8);
  assert_int_equal(pt.type, B);
  assert_int_equal(pt.x, 0);
  assert_int_equal(pt.y, 0);
  assert_int_equal(pt.n_segments, 2);
  assert_int_equal(pt.first_node, cl);
  assert_int_equal(gk_tile_info(g, gk_tile_at(g, 1, 1), &pt), 0);
  assert_int_equal(pt.neighbours, 3);
  assert_int_equal(gk_tile_info(g, gk_tile_at(g, 1, 0), &pt), 0);
  assert_int_equal(pt.neighbours, 5);
  assert_true(gk_tile_info(g, 9, &pt) < 0);
  assert_true(gk_tile_info(g, -1, &pt) < 0);
  gk_game_free(g);
}

/* A cloister dropped into a hole with all 8 neighbours present closes
** at once and is reported as the new tile's closed feature. */
static void test_cloister_closes_on_arrival(void **state) {
  (void)state;
  gk_game *g = gk_game_new(FX_RULES, 2, 1);
  int B = FX_IDS.tile['B' - 'A'], E = FX_IDS.tile['E' - 'A'];
  gk_place_report rep;
  assert_int_equal(gk_place_fixed(g, B, 1, 0, 0, NULL), 0);
  static const int ring[7][2] = {{1, 1}, {0, 1}, {-1, 1}, {-1, 0},
                                 {-1, -1}, {0, -1}, {1, -1}};
  for (int i = 0; i < 7; i++) place(g, B, ring[i][0], ring[i][1], 0, &rep);
  assert_int_equal(gk_can_place(g, E, 0, 0, 0), 0);  /* city faces fields */
  place(g, B, 0, 0, 0, &rep);
  int32_t cl = gk_node(g, rep.tile, 0);
  assert_int_equal(gk_node_kind(g, cl), FX_IDS.cloister);
  int i = rep_index(g, &rep, cl);
  assert_true(rep.flags[i] & GK_FEAT_CLOSED);
  assert_int_equal(rep.n_closed, 1);
  assert_int_equal(in_closed(g, &rep, cl), 1);
  gk_cell holes[4];
  assert_int_equal(gk_holes(g, holes, 4), 0);
  gk_game_free(g);
}

/* Every feature of a random finished game: tiles <= segments, nodes
** listed agree with segments, open_ports 0 <=> closed for port kinds. */
static void test_aggregates_consistent_random(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 20; seed++) {
    gk_game *g = base_fixture_new_game(FX_RULES, 3, seed);
    assert_non_null(g);
    int rc;
    while ((rc = base_fixture_play_turn(g, &FX_IDS)) >= 0) {}
    assert_int_equal(rc, GK_EEMPTY);
    int nf = gk_features(g, NULL, 0);
    assert_true(nf > 0);
    int32_t *roots = malloc(sizeof *roots * (size_t)nf);
    int32_t *nodes = malloc(sizeof *nodes * (size_t)gk_node_count(g));
    assert_int_equal(gk_features(g, roots, nf), nf);
    int total_nodes = 0;
    for (int k = 0; k < nf; k++) {
      if (k) assert_true(roots[k - 1] < roots[k]);
      assert_int_equal(gk_feature_root(g, roots[k]), roots[k]);
      struct gk_feature_info fi = finfo(g, roots[k]);
      assert_int_equal(fi.root, roots[k]);
      assert_true(fi.tiles >= 1 && fi.tiles <= fi.segments);
      int n = gk_feature_nodes(g, roots[k], nodes, gk_node_count(g));
      assert_int_equal(n, fi.segments);
      total_nodes += n;
      if (fi.kind == FX_IDS.road || fi.kind == FX_IDS.city)
        assert_int_equal(fi.closed, fi.open_ports == 0);
      if (fi.kind == FX_IDS.field) assert_int_equal(fi.closed, 0);
      if (fi.kind == FX_IDS.cloister) {
        gk_placed_tile pt;
        assert_int_equal(gk_tile_info(g, gk_node_tile(g, roots[k]), &pt), 0);
        assert_int_equal(fi.closed, pt.neighbours == 8);
      }
    }
    assert_int_equal(total_nodes, gk_node_count(g));
    free(roots);
    free(nodes);
    gk_game_free(g);
  }
}

/* The adjacency the test works out itself: the distinct roots other than
** the feature's own of the segments its members touch on their tiles,
** sorted. */
static int reference_adjacent(gk_game *g, int32_t root, int32_t *out, int cap) {
  int n = 0;
  for (int32_t m = 0; m < gk_node_count(g); m++) {
    if (gk_feature_root(g, m) != root) continue;
    gk_placed_tile pt;
    assert_int_equal(gk_tile_info(g, gk_node_tile(g, m), &pt), 0);
    const gk_tile_def *def = gk_rules_tile(gk_game_rules(g), pt.type);
    for (int s = 0; s < pt.n_segments; s++) {
      if (!(def->segments[gk_node_segment(g, m)].adjacent & (1u << s))) continue;
      int32_t r = gk_feature_root(g, pt.first_node + s);
      int at = 0;
      while (at < n && out[at] < r) at++;
      if (r == root || (at < n && out[at] == r)) continue;
      assert_true(n < cap);
      memmove(out + at + 1, out + at, sizeof *out * (size_t)(n - at));
      out[at] = r;
      n++;
    }
  }
  return n;
}

/* gk_feature_adjacent agrees with the reference for every node, as the
** features merge through random games (checked every few turns), and a
** short buffer gets the first entries of the same sorted list. */
static void test_adjacency_matches_reference_random(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    gk_game *g = base_fixture_new_game(FX_RULES, 2, seed);
    assert_non_null(g);
    int rc = 0, checked = 0;
    for (int turn = 0; rc >= 0; turn++) {
      rc = base_fixture_play_turn(g, &FX_IDS);
      if (turn % 7 != 0 && rc >= 0) continue;
      for (int32_t n = 0; n < gk_node_count(g); n++) {
        int32_t want[512], got[512], few[2];
        int32_t root = gk_feature_root(g, n);
        int k = reference_adjacent(g, root, want, 512);
        assert_int_equal(gk_feature_adjacent(g, n, got, 512), k);
        assert_memory_equal(got, want, sizeof *got * (size_t)k);
        assert_int_equal(gk_feature_adjacent(g, n, few, 2), k);
        if (k > 0) assert_memory_equal(few, want, sizeof *few * (size_t)(k < 2 ? k : 2));
        checked += k;
      }
    }
    assert_int_equal(rc, GK_EEMPTY);
    assert_true(checked > 100);
    gk_game_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_road_loop_through_tile_twice),
    cmocka_unit_test(test_city_caps_join_elsewhere),
    cmocka_unit_test(test_attribute_merge_ops),
    cmocka_unit_test(test_report_merges),
    cmocka_unit_test(test_adjacency),
    cmocka_unit_test(test_adjacency_matches_reference_random),
    cmocka_unit_test(test_cloister_surrounded),
    cmocka_unit_test(test_cloister_closes_on_arrival),
    cmocka_unit_test(test_aggregates_consistent_random),
    cmocka_unit_test(test_segment_attr_edits),
    cmocka_unit_test(test_attribute_sum_saturates),
  };
  return cmocka_run_group_tests(tests, base_fixture_group_setup, base_fixture_group_teardown);
}
