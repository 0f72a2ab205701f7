/*
** test_cap_recall.c: figures called back to the supply (gk_recall_rule).
** The base game plus a custom phase "recall" after place_tile: after
** placing a tile with a pennant, the player may take one of their
** followers back from a city or a road ("big" figures and fields never).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base_fixture.h"
#include "gk_flow.h"

typedef struct recall_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int big, phase, action;
  gk_recall_rule rule;
} recall_rules;

static void recall_game_rules(recall_rules *x) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  gk_figure_spec one = {1, 0};
  x->big = gk_rules_add_figure_kind(r, "big", &one);
  assert_true(x->big >= 0);
  assert_int_equal(base_fixture_ids(r, &x->ids), 0);
  const base_ids *id = &x->ids;
  gk_flow *f = gk_flow_new(r);
  assert_non_null(f);
  uint64_t all =
      (1ull << id->city) | (1ull << id->road) | (1ull << id->field) | (1ull << id->cloister);
  gk_figure_rule follower = {.on_kinds = all, .group = 1, .blocked_by = 1, .strength = 1};
  gk_figure_rule big = {.on_kinds = all, .group = 1, .blocked_by = 1, .strength = 2};
  assert_int_equal(gk_flow_set_figure(f, id->follower, &follower), GK_OK);
  assert_int_equal(gk_flow_set_figure(f, x->big, &big), GK_OK);
  gk_formula road = {1, {{GK_TERM_TILE, 0, 1, 0, 0}}};
  gk_formula city = {1, {{GK_TERM_TILE, 0, 2, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_CLOSED, &road, id->r_road, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id->city, GK_WHEN_CLOSED, &city, id->r_city, 0), GK_OK);
  x->phase = gk_flow_add_phase(f, "recall", GK_PHASE_PLACE_TILE);
  x->action = gk_flow_add_action(f, "recall");
  assert_true(x->phase >= GK_PHASE_CUSTOM && x->action >= 0);
  gk_recall_rule rule = {.phase = x->phase, .action = x->action, .figures = 1u << id->follower,
                         .kinds = (1ull << id->city) | (1ull << id->road),
                         .tiles = {.tags = 0, .attrs = 1ull << id->pennant}};
  /* malformed declarations are refused, with a message */
  gk_recall_rule bad = rule;
  bad.phase = GK_PHASE_DRAW; /* not a custom phase */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "recall: malformed rule"));
  bad = rule;
  bad.phase = 40; /* no such phase */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  bad = rule;
  bad.action = 9;
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  bad = rule;
  bad.figures = 0;
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  bad = rule;
  bad.figures = 1u << 30; /* no such figure kind */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  bad = rule;
  bad.kinds = 0;
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  bad = rule;
  bad.kinds |= 1ull << 40; /* no such kind */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  bad = rule;
  bad.tiles.attrs = 1ull << 50; /* no such attribute */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  /* the narrowing by the feature: names that exist, near_where with both */
  bad = rule;
  bad.where = 51; /* no such attribute */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  assert_non_null(strstr(gk_flow_error(f), "recall: malformed narrowing"));
  bad = rule;
  bad.near = 1ull << 40; /* no such kind */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  bad = rule;
  bad.near_where = 1; /* neither where nor near */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  bad.near = 1ull << id->cloister; /* near without where */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_recall(f, NULL), GK_EINVAL);
  assert_int_equal(gk_flow_add_recall(f, &rule), GK_OK);
  assert_int_equal(gk_flow_add_recall(f, &rule), GK_EINVAL); /* one per phase */
  assert_non_null(strstr(gk_flow_error(f), "already offers a recall"));
  gk_flow_set_stack(f, id->stack);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  assert_int_equal(gk_flow_add_recall(f, &rule), GK_ESTATE); /* frozen */
  x->rules = r;
  x->flow = f;
  x->rule = rule;
}

static void recall_free(recall_rules *x) {
  gk_flow_free(x->flow);
  gk_rules_free(x->rules);
}

/* A feature's anchor, found the long way: its nodes' tiles and segments. */
static void anchor_of(gk_game *g, int32_t node, int32_t out[3]) {
  int32_t nodes[512];
  int n = gk_feature_nodes(g, node, nodes, 512);
  assert_true(n > 0 && n <= 512);
  for (int i = 0; i < n; i++) {
    gk_placed_tile t;
    assert_int_equal(gk_tile_info(g, gk_node_tile(g, nodes[i]), &t), GK_OK);
    int32_t seg = gk_node_segment(g, nodes[i]) + 1;
    if (i == 0 || t.y < out[1] ||
        (t.y == out[1] && (t.x < out[0] || (t.x == out[0] && seg < out[2]))))
      out[0] = t.x, out[1] = t.y, out[2] = seg;
  }
}

static gk_move recall_move(const recall_rules *x, int32_t ax, int32_t ay, int32_t seg) {
  return (gk_move){.type = GK_MOVE_ACTION, .action = x->action, .arg = {ax, ay, seg, 0}};
}

/* The moves the rule must list now, written independently of the flow:
** the player's followers on cities and roads in figure order, one per
** feature, then a pass; nothing at all when there is none (no decision).
** Returns the count. */
static int expected_moves(gk_game *g, const recall_rules *x, int player, gk_move *out) {
  int n = 0;
  for (int f = 0; f < gk_figure_count(g); f++) {
    gk_figure_info fi;
    assert_int_equal(gk_figure_get(g, f, &fi), GK_OK);
    if (fi.owner != player || fi.kind != x->ids.follower || fi.at.where != GK_AT_NODE) continue;
    int kind = gk_feature_kind(g, fi.at.a);
    if (kind != x->ids.city && kind != x->ids.road) continue;
    int32_t a[3];
    anchor_of(g, fi.at.a, a);
    bool seen = false;
    for (int i = 0; i < n && !seen; i++) seen = memcmp(out[i].arg, a, sizeof a) == 0;
    if (!seen) out[n++] = recall_move(x, a[0], a[1], a[2]);
  }
  if (n > 0) out[n++] = (gk_move){.type = GK_MOVE_PASS};
  return n;
}

static void assert_moves(gk_play *p, const gk_move *want, int n_want) {
  gk_move m[64];
  int n = gk_play_moves(p, m, 64);
  assert_int_equal(n, n_want);
  for (int i = 0; i < n; i++)
    if (!gk_move_equal(&m[i], &want[i]))
      fail_msg("move %d: type %d action %d args %d %d %d %d, wanted type %d args %d %d %d %d", i,
               m[i].type, m[i].action, m[i].arg[0], m[i].arg[1], m[i].arg[2], m[i].arg[3],
               want[i].type, want[i].arg[0], want[i].arg[1], want[i].arg[2], want[i].arg[3]);
}

/* Places the drawn tile at the first legal spot that keeps off the start
** tile's north side (so its city stays open). */
static void place_south(gk_play *p) {
  gk_move m[512];
  int n = gk_play_moves(p, m, 512);
  assert_true(n > 0 && n <= 512);
  for (int i = 0; i < n; i++)
    if (m[i].type == GK_MOVE_PLACE && m[i].y >= 0) {
      assert_int_equal(gk_play_apply(p, &m[i]), GK_OK);
      return;
    }
  fail_msg("no placement south of row 0");
}

static gk_location on_start(gk_game *g, int seg) {
  return (gk_location){GK_AT_NODE, gk_node(g, gk_tile_at(g, 0, 0), seg), 0};
}

/* A collector adding a recall move that names no figure of the player's:
** the flow refuses it when played. */
static int bogus_collector(void *ud, gk_play *play, gk_hook_call *c) {
  const recall_rules *x = ud;
  gk_placed_tile t;
  if (gk_tile_info(gk_play_game(play), gk_play_placed(play), &t) < 0 ||
      gk_flow_tile_matches(x->flow, t.type, &x->rule.tiles) != 1)
    return GK_OK; /* the pennant tiles only, like the rule */
  if (c->hook == GK_HOOK_COLLECT && c->phase == x->phase && c->n_moves < c->cap_moves)
    c->moves[c->n_moves++] = recall_move(x, 7, 7, 1);
  return GK_OK;
}

/* The start tile D at 0,0 (city N = segment 0, road E-W = 1, fields 2
** and 3) holds: player 0's followers a and b on the city, c on the
** north field, d on the road; player 0's big figure and player 1's
** follower on the road too. */
static void test_recall_moves_and_apply(void **state) {
  (void)state;
  recall_rules x;
  recall_game_rules(&x);
  for (int hooked = 0; hooked <= 1; hooked++) {
    gk_game *g = base_fixture_new_game(x.rules, 2, 5);
    assert_non_null(g);
    int fo = x.ids.follower;
    int a = gk_figure_deploy(g, 0, fo, on_start(g, 0));
    int b = gk_figure_deploy(g, 0, fo, on_start(g, 0));
    int c = gk_figure_deploy(g, 0, fo, on_start(g, 2));
    int big = gk_figure_deploy(g, 0, x.big, on_start(g, 1));
    int other = gk_figure_deploy(g, 1, fo, on_start(g, 1));
    int d = gk_figure_deploy(g, 0, fo, on_start(g, 1));
    assert_true(a >= 0 && b > a && c > b && big >= 0 && other >= 0 && d > c);
    /* player 0: a pennant; player 1: no pennant; player 0: a pennant */
    int types[3] = {x.ids.tile['F' - 'A'], x.ids.tile['E' - 'A'], x.ids.tile['O' - 'A']};
    assert_int_equal(gk_stack_force(g, x.ids.stack, types, 3), GK_OK);
    gk_hooks hooks = {.ud = &x, .present = 1u << GK_HOOK_COLLECT, .collect_phases = 1ull << x.phase,
                      .call = bogus_collector};
    gk_play *p = gk_play_new(x.flow, g, hooked ? &hooks : NULL);
    assert_non_null(p);
    assert_int_equal(gk_play_start(p), GK_OK);
    assert_int_equal(gk_play_player(p), 0);
    place_south(p);
    /* the pennant tile: the city once (a and b share it), the road (d;
    ** not the big figure, not player 1's follower), never the field, and
    ** a pass; a collector's moves come after */
    assert_int_equal(gk_play_phase(p), x.phase);
    gk_move want[8];
    int32_t city[3], road[3];
    anchor_of(g, gk_node(g, gk_tile_at(g, 0, 0), 0), city);
    anchor_of(g, gk_node(g, gk_tile_at(g, 0, 0), 1), road);
    want[0] = recall_move(&x, city[0], city[1], city[2]);
    want[1] = recall_move(&x, road[0], road[1], road[2]);
    want[2] = (gk_move){.type = GK_MOVE_PASS};
    want[3] = recall_move(&x, 7, 7, 1);
    assert_moves(p, want, hooked ? 4 : 3);
    gk_move check[8];
    assert_int_equal(expected_moves(g, &x, 0, check), 3);
    check[3] = want[3];
    assert_moves(p, check, 3 + hooked);
    /* not listed: refused, nothing changes */
    size_t len;
    unsigned char *before = fx_serialize(g, &len);
    assert_non_null(before);
    gk_move off = want[1];
    off.arg[3] = 1;
    assert_int_equal(gk_play_apply(p, &off), GK_EILLEGAL);
    off = want[1];
    off.arg[0] += 5;
    assert_int_equal(gk_play_apply(p, &off), GK_EILLEGAL);
    if (hooked) {
      /* listed by the collector, but no figure of the player's there */
      assert_int_equal(gk_play_apply_index(p, 3), GK_EILLEGAL);
      assert_non_null(strstr(gk_play_error(p), "recall: no figure of yours"));
    }
    assert_true(fx_state_is(g, before, len));
    assert_int_equal(gk_play_phase(p), x.phase);
    assert_moves(p, want, hooked ? 4 : 3);
    free(before);
    /* the road: d goes home, unscored; everyone else stays */
    int supply = gk_supply(g, 0, fo), ledger = gk_ledger_count(g);
    assert_int_equal(gk_play_apply(p, &want[1]), GK_OK);
    assert_int_equal(gk_supply(g, 0, fo), supply + 1);
    assert_int_equal(gk_ledger_count(g), ledger);
    gk_figure_info fi;
    gk_figure_get(g, d, &fi);
    assert_int_equal(fi.at.where, GK_AT_SUPPLY);
    int still[5] = {a, b, c, big, other};
    for (int i = 0; i < 5; i++) {
      gk_figure_get(g, still[i], &fi);
      assert_int_equal(fi.at.where, GK_AT_NODE);
    }
    /* and the turn goes on: the figure step */
    assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_FIGURE);
    gk_move pass = {.type = GK_MOVE_PASS};
    assert_int_equal(gk_play_apply(p, &pass), GK_OK);
    /* player 1, no pennant: no recall phase at all, though a follower of
    ** theirs stands on the road */
    assert_int_equal(gk_play_player(p), 1);
    place_south(p);
    assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_FIGURE);
    assert_int_equal(gk_play_apply(p, &pass), GK_OK);
    /* player 0 again, a pennant: the city only now (the road holds only
    ** the big figure of theirs) */
    assert_int_equal(gk_play_player(p), 0);
    place_south(p);
    assert_int_equal(gk_play_phase(p), x.phase);
    gk_move city_only[3] = {want[0], want[2], want[3]};
    assert_moves(p, city_only, hooked ? 3 : 2);
    /* passing keeps them all */
    supply = gk_supply(g, 0, fo);
    assert_int_equal(gk_play_apply(p, &pass), GK_OK);
    assert_int_equal(gk_supply(g, 0, fo), supply);
    assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_FIGURE);
    gk_play_free(p);
  }
  recall_free(&x);
}

/* 200 random games: the recall phase comes exactly after a pennant tile,
** lists what the rule says, and a recall returns one figure of the
** player's, nothing else. */
static void test_recall_random_games(void **state) {
  (void)state;
  recall_rules x;
  recall_game_rules(&x);
  long phases = 0, recalls = 0, multi = 0;
  for (uint64_t seed = 1; seed <= 200; seed++) {
    int players = 2 + (int)(seed % 3);
    gk_game *g = base_fixture_new_game(x.rules, players, seed);
    gk_play *p = gk_play_new(x.flow, g, NULL);
    gk_play_seed_agent(p, seed);
    assert_int_equal(gk_play_start(p), GK_OK);
    while (!gk_play_over(p)) {
      gk_move m[512];
      int n = gk_play_moves(p, m, 512);
      assert_true(n > 0 && n <= 512);
      int phase = gk_play_phase(p), player = gk_play_player(p);
      if (phase == x.phase) {
        phases++;
        gk_placed_tile t;
        gk_tile_info(g, gk_play_placed(p), &t);
        assert_int_equal(gk_flow_tile_matches(x.flow, t.type, &x.rule.tiles), 1);
        gk_move want[64];
        int nw = expected_moves(g, &x, player, want);
        assert_moves(p, want, nw);
        multi += nw > 2;
      }
      int i = gk_play_random_index(p);
      int figs = gk_figure_count(g), log = gk_log_count(g);
      gk_figure_info before[64];
      assert_true(figs <= 64);
      for (int f = 0; f < figs; f++) gk_figure_get(g, f, &before[f]);
      assert_int_equal(gk_play_apply_index(p, i), GK_OK);
      if (m[i].type == GK_MOVE_PLACE && !gk_play_over(p)) {
        /* the recall phase waits exactly when the tile has a pennant and
        ** the player has a follower to call back */
        gk_placed_tile t;
        assert_int_equal(gk_tile_info(g, gk_tile_at(g, m[i].x, m[i].y), &t), GK_OK);
        bool pennant = gk_flow_tile_matches(x.flow, t.type, &x.rule.tiles) == 1;
        gk_move some[64];
        bool any = expected_moves(g, &x, player, some) > 0;
        assert_int_equal(gk_play_phase(p) == x.phase, pennant && any);
      }
      if (phase == x.phase && m[i].type == GK_MOVE_ACTION) {
        /* the move's first event returns one follower of the player's
        ** from the named feature; what follows is the rest of the turn
        ** (the figure step, scoring) */
        recalls++;
        gk_event ev;
        assert_int_equal(gk_log_event(g, log, &ev), GK_OK);
        assert_int_equal(ev.type, GK_EV_RETURN);
        int f = ev.a;
        assert_int_equal(before[f].owner, player);
        assert_int_equal(before[f].kind, x.ids.follower);
        assert_int_equal(before[f].at.where, GK_AT_NODE);
        int32_t a[3];
        anchor_of(g, before[f].at.a, a);
        assert_memory_equal(a, m[i].arg, sizeof a);
        /* the first of the player's followers there, in figure order */
        for (int e = 0; e < f; e++)
          if (before[e].owner == player && before[e].kind == x.ids.follower &&
              before[e].at.where == GK_AT_NODE) {
            int32_t o[3];
            anchor_of(g, before[e].at.a, o);
            assert_true(memcmp(o, a, sizeof a) != 0);
          }
        /* and no other figure went anywhere but home */
        if (gk_log_count(g) > log + 1) {
          assert_int_equal(gk_log_event(g, log + 1, &ev), GK_OK);
          assert_true(ev.type != GK_EV_RETURN || ev.a != f);
        }
      }
    }
    gk_play_free(p);
  }
  print_message("recall phases %ld (with a choice %ld), recalls %ld\n", phases, multi, recalls);
  assert_true(phases > 500 && multi > 200 && recalls > 100);
  recall_free(&x);
}

/* Offered instead of a deploy (phase GK_PHASE_PLACE_FIGURE), scored or
** not: player 0's follower on the cloister at 0,0 (B at 0,0 and 1,0);
** player 0 lays B at 0,1 and calls it back instead of deploying. The
** move comes after the tile's deploys, the phase's pass last; with
** `scores` the cloister's final formula (3 tiles) is paid first. */
static void instead_of_deploy(int scores, int32_t expected) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  base_ids id;
  assert_int_equal(base_fixture_ids(r, &id), 0);
  gk_flow *f = base_fixture_flow_open(r, &id);
  assert_non_null(f);
  int action = gk_flow_add_action(f, "back");
  gk_recall_rule rule = {.phase = GK_PHASE_PLACE_FIGURE, .action = action,
                         .figures = 1u << id.follower, .kinds = 1ull << id.cloister,
                         .scores = scores};
  gk_recall_rule bad = rule;
  bad.phase = GK_PHASE_DRAW; /* another built-in phase: refused */
  assert_int_equal(gk_flow_add_recall(f, &bad), GK_EINVAL);
  assert_int_equal(gk_flow_add_recall(f, &rule), GK_OK);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  gk_game *g = gk_game_new(r, 2, 1);
  assert_non_null(g);
  const int B = id.tile['B' - 'A'];
  assert_int_equal(gk_place_fixed(g, B, 0, 0, 0, NULL), GK_OK);
  assert_int_equal(gk_place_fixed(g, B, 1, 0, 0, NULL), GK_OK);
  int32_t cloister = gk_node(g, gk_tile_at(g, 0, 0), 0);
  assert_int_equal(gk_feature_kind(g, cloister), id.cloister);
  assert_true(gk_figure_deploy(g, 0, id.follower, (gk_location){GK_AT_NODE, cloister, 0}) >= 0);
  assert_int_equal(gk_stack_add(g, id.stack, B, 2), GK_OK);
  gk_play *p = gk_play_new(f, g, NULL);
  assert_non_null(p);
  assert_int_equal(gk_play_start(p), GK_OK);
  gk_move place = {.type = GK_MOVE_PLACE, .tile = B, .x = 0, .y = 1, .rot = 0};
  assert_int_equal(gk_play_apply(p, &place), GK_OK);
  assert_int_equal(gk_play_phase(p), GK_PHASE_PLACE_FIGURE);
  gk_move m[64];
  int n = gk_play_moves(p, m, 64);
  assert_true(n >= 3);
  assert_int_equal(m[0].type, GK_MOVE_DEPLOY); /* the deploys stay */
  assert_int_equal(m[n - 1].type, GK_MOVE_PASS);
  assert_int_equal(m[n - 2].type, GK_MOVE_ACTION);
  assert_int_equal(m[n - 2].action, action);
  assert_int_equal(m[n - 2].arg[0], 0);
  assert_int_equal(m[n - 2].arg[1], 0);
  assert_int_equal(m[n - 2].arg[2], 1);
  assert_int_equal(gk_play_apply(p, &m[n - 2]), GK_OK);
  assert_int_equal(gk_supply(g, 0, id.follower), 7);
  assert_int_equal(gk_player_score(g, 0), expected);
  int entries = 0;
  for (int e = 0; e < gk_ledger_count(g); e++) {
    gk_ledger_entry le;
    assert_int_equal(gk_ledger_get(g, e, &le), GK_OK);
    if (le.reason == id.r_cloister && le.player == 0) entries++;
  }
  assert_int_equal(entries, scores ? 1 : 0);
  assert_int_equal(gk_play_player(p), 1); /* the turn went on */
  gk_play_free(p);
  gk_flow_free(f);
  gk_rules_free(r);
}

static void test_recall_instead_of_deploy_scored(void **state) {
  (void)state;
  instead_of_deploy(1, 3);
}

static void test_recall_instead_of_deploy_unscored(void **state) {
  (void)state;
  instead_of_deploy(0, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_recall_moves_and_apply),
      cmocka_unit_test(test_recall_random_games),
      cmocka_unit_test(test_recall_instead_of_deploy_scored),
      cmocka_unit_test(test_recall_instead_of_deploy_unscored),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
