/*
** cap_hand_tile.c: a tile held in hand (gk_hand_tile_rule), placed into a hole
** instead of drawing, with an optional end round.
**
** Owns caps.hand_tile. Invariant: a player holds the hand tile exactly while a
** token figure is in their supply; placing or declining it takes the
** token out.
*/
#include "flow/flow_internal.h"

int gk_flow_add_hand_tile(gk_flow *f, const gk_hand_tile_rule *rule) {
  int st = fl_check_open(f, "declare a tile in hand");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->tile < 0 || rule->tile >= r->n_tiles || rule->token < 0 ||
      rule->token >= r->n_figure_kinds ||
      (rule->end_round && (rule->decline_action < 0 || rule->decline_action >= f->n_actions))) {
    fl_flow_error(f, "hand_tile: malformed rule (tile, token figure or decline action)");
    return GK_EINVAL;
  }
  if (f->caps.hand_tile.on) {
    fl_flow_error(f, "hand_tile: declared twice");
    return GK_EINVAL;
  }
  if (rule->decline_action >= 0 && fl_action_layout(f, rule->decline_action, "hand_tile decline", 0, NULL))
    return GK_EINVAL;
  f->caps.hand_tile.rule = *rule;
  f->caps.hand_tile.on = true;
  return GK_OK;
}

static bool holds_hand_tile(const gk_play *p, int player) {
  return gk_supply(p->game, player, p->flow->caps.hand_tile.rule.token) > 0;
}

/* The holes on the board: in local (64 cells) or, when there are more,
** in *cells allocated here (free with holes_free). Their count, or an
** error. */
static int holes_of(const gk_game *g, gk_cell *local, gk_cell **cells) {
  *cells = local;
  int n = gk_holes(g, local, 64); /* one walk, unless there are many */
  if (n > 64) {
    *cells = gki_mem(&g->alloc, NULL, 0, sizeof(gk_cell) * (size_t)n);
    if (!*cells) return GK_ENOMEM;
    gk_holes(g, *cells, n);
  }
  return n;
}

static void holes_free(const gk_game *g, gk_cell *local, gk_cell *cells, int n) {
  if (cells != local) gki_mem(&g->alloc, cells, sizeof(gk_cell) * (size_t)n, 0);
}

/* The hand tile's placements into holes, appended to the moves. */
static int hand_placements(gk_play *p) {
  gk_game *g = p->game;
  gk_cell local[64], *cells;
  int n = holes_of(g, local, &cells);
  if (n <= 0) return n;
  int tile = p->flow->caps.hand_tile.rule.tile, listed = 0;
  unsigned rots = gk_rules_unique_rotations(g->rules, tile);
  int st = fl_reserve_moves(p, p->n_moves + 4 * n + 1);
  for (int i = 0; i < n && !st; i++)
    for (int rot = 0; rot < 4; rot++)
      if (((rots >> rot) & 1) && gk_can_place(g, tile, cells[i].x, cells[i].y, rot) == 1) {
        p->moves[p->n_moves++] = (gk_move){
            .type = GK_MOVE_PLACE, .tile = tile, .x = cells[i].x, .y = cells[i].y, .rot = rot};
        listed++;
      }
  holes_free(g, local, cells, n);
  return st ? st : listed;
}

/* The draw phase's moves for the hand tile (none: draw as usual). */
static int hand_moves(gk_play *p) {
  gk_game *g = p->game;
  const gk_hand_tile_rule *h = &p->flow->caps.hand_tile.rule;
  if (gk_stack_size(g, p->stack) > 0) {
    int st = holds_hand_tile(p, p->player) ? hand_placements(p) : GK_OK;
    return st < 0 ? st : GK_OK;
  }
  if (p->part > 1) {
    /* an extra part with the stack empty: the hand tile, or nothing (the
    ** pass keeps the tile in hand, for the end round if there is one) */
    int st = holds_hand_tile(p, p->player) ? hand_placements(p) : GK_OK;
    if (st > 0) st = fl_reserve_moves(p, p->n_moves + 1);
    if (st == GK_OK && p->n_moves > 0) p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_PASS};
    return st < 0 ? st : GK_OK;
  }
  /* the end round: in a turn's first part, while a hole is left; a
  ** player holding none has nothing to decide, and the flow passes their
  ** turn by itself (goes_on below keeps the game going) */
  if (!h->end_round || !holds_hand_tile(p, p->player) || gk_holes(g, NULL, 0) <= 0) return GK_OK;
  int st = hand_placements(p);
  if (st > 0)
    p->moves[p->n_moves++] =
        (gk_move){.type = GK_MOVE_ACTION, .action = h->decline_action, .arg = {0, 0, 0, 0}};
  return st < 0 ? st : GK_OK;
}

/* The last tile earned an extra part (a builder's): with the stack empty
** it can still be played from hand (abbey-mayor.md §3.1 [FAQ]). */
static bool hand_without_draw(const gk_play *p) {
  return holds_hand_tile(p, p->player) && gk_holes(p->game, NULL, 0) > 0;
}

/* Does the hand tile fit one of the holes? */
static bool fits_a_hole(const gk_game *g, int tile) {
  gk_cell local[64], *cells;
  int n = holes_of(g, local, &cells);
  if (n < 0) return true; /* out of memory: let the draw phase find out */
  bool fits = false;
  for (int i = 0; i < n && !fits; i++)
    for (int rot = 0; rot < 4 && !fits; rot++)
      fits = gk_can_place(g, tile, cells[i].x, cells[i].y, rot) == 1;
  holes_free(g, local, cells, n);
  return fits;
}

/* Does the end round keep the game going once the stack is empty? While
** someone holds the tile and it fits a hole. */
static bool hand_round_pending(const gk_play *p) {
  if (!p->flow->caps.hand_tile.on || !p->flow->caps.hand_tile.rule.end_round) return false;
  bool anyone = false;
  for (int pl = 0; pl < p->game->n_players && !anyone; pl++) anyone = holds_hand_tile(p, pl);
  return anyone && fits_a_hole(p->game, p->flow->caps.hand_tile.rule.tile);
}

/* The hand tile placed from the draw phase: the token leaves the hand. */
static int hand_tile_placed(gk_play *p, const gk_move *m) {
  const gk_hand_tile_rule *h = &p->flow->caps.hand_tile.rule;
  if (p->phase != GK_PHASE_DRAW || m->tile != h->tile || !holds_hand_tile(p, p->player))
    return GK_OK;
  int st = gk_figure_deploy(p->game, p->player, h->token, (gk_location){GK_AT_TILE, p->placed, 0});
  if (st < 0) gk_play_set_error(p, "%s", gk_game_error(p->game));
  return st < 0 ? st : GK_OK;
}

/* Declined for good: the token leaves the game. */
static int hand_apply(gk_play *p, const gk_move *m) {
  const gk_hand_tile_rule *h = &p->flow->caps.hand_tile.rule;
  if (p->phase != GK_PHASE_DRAW || m->type != GK_MOVE_ACTION || !h->end_round ||
      m->action != h->decline_action || !holds_hand_tile(p, p->player))
    return FL_NOT_MINE;
  int st = gk_figure_deploy(p->game, p->player, h->token, (gk_location){GK_AT_OUT, 0, 0});
  if (st < 0) {
    gk_play_set_error(p, "%s", gk_game_error(p->game));
    return st;
  }
  return FL_PLAYED_NEXT;
}

static bool hand_declared(const gk_flow *f) { return f->caps.hand_tile.on; }

/* A place move in the draw phase: only the hand tile, while the player
** holds its token, and only into a hole. */
static int hand_why_draw_place(const gk_play *p, const gk_move *m) {
  const gk_hand_tile_rule *h = &p->flow->caps.hand_tile.rule;
  if (m->tile != h->tile) return -1;
  if (gk_supply(p->game, p->player, h->token) <= 0) return GK_WHY_NOT_IN_HAND;
  return fl_why_cell(p->game, m, true);
}

const fl_capability fl_cap_hand_tile = {
    .name = "tiles in hand",
    .declared = hand_declared,
    .draw_moves = hand_moves,
    .why_draw_place = hand_why_draw_place,
    .goes_on = hand_round_pending,
    .tile_without_draw = hand_without_draw,
    .tile_placed = hand_tile_placed,
    .apply = hand_apply,
};
