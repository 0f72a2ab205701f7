/*
** hand_game.h: one game for five capabilities, shared by their tests
** (test_cap_hand_tile.c, _corner, _relocate, _score_meeting,
** _score_figure; include after cmocka.h). hand_games() plays 200 random
** games and checks every move for the capabilities a test names.
*/
#ifndef HAND_GAME_H
#define HAND_GAME_H

#include "base_fixture.h"
#include "gk_flow.h"
#include "followers.h"

/* {------------------------------------------------------------------
** Hand tiles, corner figures, relocation, meeting and per-figure
** scoring: the base game plus a wildcard "H" tile held in hand (a
** token), a "shed" placed on field corners that scores farmers it meets
** and 4 per completed city at the end, and a "cart" that moves on after
** its feature is scored. 200 random games, checked move by move.
** ------------------------------------------------------------------- */

typedef struct hand_rules {
  gk_rules *rules;
  gk_flow *flow;
  base_ids ids;
  int side, hand_tile, token, cart, shed, r_meet, r_shed, a_decline, a_cart;
} hand_rules;

static void hand_game_rules(hand_rules *x) {
  gk_rules *r = base_fixture_rules_unfrozen(NULL);
  assert_non_null(r);
  x->side = gk_rules_add_kind(r, "side", GK_CLOSE_NEVER, GK_KIND_WILDCARD);
  x->hand_tile = fx_add_tile(r, "HAND", "cloister:- side:#N,#E,#S,#W>0");
  gk_figure_spec one = {1, 0};
  x->token = gk_rules_add_figure_kind(r, "token", &one);
  x->cart = gk_rules_add_figure_kind(r, "cart", &one);
  x->shed = gk_rules_add_figure_kind(r, "shed", &one);
  x->r_meet = gk_rules_add_reason(r, "meet");
  x->r_shed = gk_rules_add_reason(r, "shed");
  if (x->hand_tile < 0 || x->shed < 0 || x->r_shed < 0 || x->side < 0)
    fail_msg("hand rules: side %d tile %d shed %d reason %d: %s", x->side, x->hand_tile, x->shed,
             x->r_shed, gk_rules_error(r));
  assert_int_equal(base_fixture_ids(r, &x->ids), 0);
  const base_ids *id = &x->ids;
  uint64_t movable = (1ull << id->road) | (1ull << id->city) | (1ull << id->cloister);
  gk_flow *f = flow_with_followers(r, id);
  gk_figure_rule cart = {.on_kinds = movable, .group = 1, .blocked_by = 1, .strength = 1, .stays = 1};
  gk_figure_rule shed = {.on_kinds = 1ull << id->field, .group = 1 | 4, .blocked_by = 4, .stays = 1,
                         .corner = 1};
  assert_int_equal(gk_flow_set_figure(f, x->cart, &cart), GK_OK);
  assert_int_equal(gk_flow_set_figure(f, x->shed, &shed), GK_OK);
  gk_formula road = {1, {{GK_TERM_TILE, 0, 1, 0, 0}}};
  gk_formula city = {1, {{GK_TERM_TILE, 0, 2, 0, 0}}};
  gk_formula cloister = {1, {{GK_TERM_BLOCK, 0, 1, 0, 0}}};
  gk_formula farm = {1, {{GK_TERM_ADJACENT_CLOSED, id->city, 3, 0, 0}}};
  assert_int_equal(gk_flow_set_score(f, id->road, GK_WHEN_CLOSED, &road, id->r_road, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id->city, GK_WHEN_CLOSED, &city, id->r_city, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id->cloister, GK_WHEN_CLOSED, &cloister, id->r_cloister, 0), GK_OK);
  assert_int_equal(gk_flow_set_score(f, id->field, GK_WHEN_FINAL, &farm, id->r_field,
                                       GK_SCORE_KEEP_FIGURES), GK_OK);
  x->a_decline = gk_flow_add_action(f, "decline");
  x->a_cart = gk_flow_add_action(f, "cart");
  gk_hand_tile_rule hand = {x->hand_tile, x->token, 1, x->a_decline};
  gk_relocate_rule move_on = {x->cart, GK_REACH_CONNECTED, movable, x->a_cart};
  gk_score_meeting_rule meet = {.figure = x->shed, .placed = {1, {{GK_TERM_ADJACENT_CLOSED, id->city, 3, 0, 0}}},
                       .joined = {1, {{GK_TERM_ADJACENT_CLOSED, id->city, 1, 0, 0}}}, .reason = x->r_meet};
  gk_formula shed_final = {1, {{GK_TERM_ADJACENT_CLOSED, id->city, 4, 0, 0}}};
  /* malformed declarations are refused */
  gk_hand_tile_rule bad_hand = hand;
  bad_hand.decline_action = 9;
  assert_int_equal(gk_flow_add_hand_tile(f, &bad_hand), GK_EINVAL);
  gk_relocate_rule bad_move = move_on;
  bad_move.reach = 7;
  assert_int_equal(gk_flow_add_relocate(f, &bad_move), GK_EINVAL);
  assert_int_equal(gk_flow_add_score_figure(f, x->shed, GK_WHEN_CLOSED, &shed_final, x->r_shed), GK_EINVAL);
  gk_score_meeting_rule bad_meet = meet;
  bad_meet.reason = 999;
  assert_int_equal(gk_flow_add_score_meeting(f, &bad_meet), GK_EINVAL);
  assert_int_equal(gk_flow_add_hand_tile(f, &hand), GK_OK);
  assert_int_equal(gk_flow_add_hand_tile(f, &hand), GK_EINVAL); /* one tile in hand */
  assert_int_equal(gk_flow_add_relocate(f, &move_on), GK_OK);
  assert_int_equal(gk_flow_add_score_meeting(f, &meet), GK_OK);
  assert_int_equal(gk_flow_add_score_figure(f, x->shed, GK_WHEN_FINAL, &shed_final, x->r_shed), GK_OK);
  gk_flow_set_stack(f, id->stack);
  assert_int_equal(gk_flow_freeze(f), GK_OK);
  x->rules = r;
  x->flow = f;
}

static bool is_hole(gk_game *g, int32_t x, int32_t y) {
  return gk_tile_at(g, x, y) < 0 && gk_tile_at(g, x, y - 1) >= 0 && gk_tile_at(g, x + 1, y) >= 0 &&
         gk_tile_at(g, x, y + 1) >= 0 && gk_tile_at(g, x - 1, y) >= 0;
}

/* Every feature holding a shed holds no counting figure after a move. */
static void check_no_meeting(gk_game *g, const hand_rules *x) {
  for (int f = 0; f < gk_figure_count(g); f++) {
    gk_figure_info a;
    gk_figure_get(g, f, &a);
    if (a.kind != x->shed || a.at.where != GK_AT_NODE) continue;
    int figs[32];
    int n = gk_feature_figures(g, a.at.a, figs, 32);
    for (int i = 0; i < n && i < 32; i++) {
      gk_figure_info b;
      gk_figure_get(g, figs[i], &b);
      assert_true(b.kind == x->shed || b.kind == x->token);
    }
  }
}

/* The capabilities whose moves hand_games() checks. */
enum {
  CHECK_HAND = 1,         /* hand_tile: placed from hand into holes, by token holders */
  CHECK_CORNER = 2,       /* corner: the shed on the placed tile's field */
  CHECK_RELOCATE = 4,     /* relocate: the cart's moves after scoring */
  CHECK_MEET = 8,         /* score_meeting: no farmer left beside a shed */
  CHECK_SCORE_FIGURE = 16 /* score_figure: the shed's final points */
};

/* What the games did, for a test to check that its rule really fired. */
typedef struct hand_counts {
  long from_hand, sheds, moves_on, met, shed_final, declined;
  long others_decide; /* relocation moves decided out of their owner's turn */
} hand_counts;

/* Plays 200 random games of hand_game_rules(), checking every move for
** the capabilities in `check`; counts into *c. */
static void hand_games(unsigned check, hand_counts *c) {
  hand_rules x;
  hand_game_rules(&x);
  *c = (hand_counts){0};
  for (uint64_t seed = 1; seed <= 200; seed++) {
    gk_game *g = base_fixture_new_game(x.rules, 2, seed);
    gk_play *p = gk_play_new(x.flow, g, NULL);
    gk_play_seed_agent(p, seed);
    assert_int_equal(gk_play_start(p), GK_OK);
    while (!gk_play_over(p)) {
      gk_move m[512];
      int n = gk_play_moves(p, m, 512);
      assert_true(n > 0 && n <= 512);
      int phase = gk_play_phase(p), player = gk_play_player(p);
      for (int i = 0; i < n; i++) {
        if ((check & CHECK_HAND) && phase == GK_PHASE_DRAW && m[i].type == GK_MOVE_PLACE) {
          /* from hand: the hand tile, into a hole, by a token holder */
          assert_int_equal(m[i].tile, x.hand_tile);
          assert_true(is_hole(g, m[i].x, m[i].y));
          assert_true(gk_supply(g, player, x.token) == 1);
        }
        if ((check & CHECK_CORNER) && m[i].type == GK_MOVE_DEPLOY && m[i].figure_kind == x.shed) {
          /* on the placed tile's field, at a corner where four tiles meet */
          assert_int_equal(gk_node_tile(g, m[i].at.a), gk_play_placed(p));
          assert_int_equal(gk_node_kind(g, m[i].at.a), x.ids.field);
        }
        if ((check & CHECK_RELOCATE) && phase == GK_PHASE_AFTER_SCORING) {
          assert_int_equal(m[i].type, GK_MOVE_ACTION);
          assert_int_equal(m[i].action, x.a_cart);
          /* the cart's owner decides, whoever's turn it is */
          assert_int_equal(gk_play_decider(p), m[i].arg[0] - 1);
          if (m[i].arg[0] - 1 != player) c->others_decide++;
          if (m[i].arg[3] == 0) continue; /* back to the supply */
          int tile = gk_tile_at(g, m[i].arg[1], m[i].arg[2]);
          int32_t node = gk_node(g, tile, m[i].arg[3] - 1);
          gk_feature_info fi;
          assert_int_equal(gk_feature_get(g, node, &fi), GK_OK);
          assert_true(!fi.closed && fi.figures == 0 && fi.kind != x.ids.field && fi.kind != x.side);
        }
      }
      if ((check & CHECK_HAND) && phase == GK_PHASE_DRAW) {
        bool draw = false;
        for (int i = 0; i < n; i++) draw = draw || m[i].type == GK_MOVE_DRAW;
        assert_true(draw == (gk_stack_size(g, x.ids.stack) > 0));
      }
      int i = gk_play_random_index(p);
      int ledger = gk_ledger_count(g);
      int token_before = gk_supply(g, player, x.token);
      assert_int_equal(gk_play_apply_index(p, i), GK_OK);
      if (m[i].type == GK_MOVE_PLACE && phase == GK_PHASE_DRAW) {
        c->from_hand++;
        if (check & CHECK_HAND) assert_int_equal(gk_supply(g, player, x.token), token_before - 1);
      }
      if (m[i].type == GK_MOVE_ACTION && m[i].action == x.a_decline) c->declined++;
      if (m[i].type == GK_MOVE_DEPLOY && m[i].figure_kind == x.shed) c->sheds++;
      if (m[i].type == GK_MOVE_ACTION && m[i].action == x.a_cart && m[i].arg[3]) c->moves_on++;
      for (int e = ledger; e < gk_ledger_count(g); e++) {
        gk_ledger_entry le;
        gk_ledger_get(g, e, &le);
        if (le.reason == x.r_meet) c->met++;
        if (le.reason == x.r_shed) {
          /* 0 too: a shed beside no completed city is scored, for nothing */
          if (check & CHECK_SCORE_FIGURE) assert_true(le.points >= 0 && le.points % 4 == 0);
          c->shed_final++;
        }
      }
      /* once a part is over, no farmer is left beside a shed */
      if ((check & CHECK_MEET) && !gk_play_over(p) && gk_play_placed(p) < 0) check_no_meeting(g, &x);
    }
    if (check & CHECK_HAND) {
      /* the end round ran until no holder could play: tokens are used,
      ** declined, or no hole is left */
      int holders = 0;
      for (int pl = 0; pl < 2; pl++) holders += gk_supply(g, pl, x.token);
      gk_cell holes[8];
      assert_true(holders == 0 || gk_holes(g, holes, 8) == 0);
    }
    gk_play_free(p);
  }
  print_message("hand %ld (declined %ld), sheds %ld, met %ld, moved on %ld, shed finals %ld\n",
                c->from_hand, c->declined, c->sheds, c->met, c->moves_on, c->shed_final);
  gk_flow_free(x.flow);
  gk_rules_free(x.rules);
}

#endif
