/*
** cap_tile_variants.c: a drawn tile played as one of its variants (another
** tile type: the same tile with something added), a limited number of
** times per player, each play counted in a counter.
**
** Owns caps.tile_variants (rules only). Invariant: in the draw phase the
** variants of the draw stack's top tile are offered only while the
** player's counter is below the limit for the number of players; placing
** one from the draw phase takes one tile of the top's type out of the
** draw stack and adds 1 to the counter, before the tile-placed hook, so
** the tile played replaces the tile drawn and nothing else changes.
*/
#include "flow/flow_internal.h"

int gk_flow_add_tile_variants(gk_flow *f, const gk_tile_variants_rule *rule) {
  int st = fl_check_open(f, "declare tile variants");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = rule && rule->counter >= 0 && rule->counter < r->n_counters && rule->n > 0 &&
            rule->n <= GK_MAX_TILE_VARIANTS;
  for (int i = 0; ok && i < GK_MAX_PLAYERS; i++) ok = rule->limit[i] >= 0 && rule->limit[i] <= GK_MAX_POINTS;
  for (int i = 0; ok && i < rule->n; i++)
    ok = rule->tile[i] >= 0 && rule->tile[i] < r->n_tiles && rule->variant[i] >= 0 &&
         rule->variant[i] < r->n_tiles && rule->tile[i] != rule->variant[i];
  if (!ok) {
    fl_flow_error(f, "tile_variants: malformed rule (a counter, limits 0..%d, 1..%d pairs of two "
                     "different tile types)", GK_MAX_POINTS, GK_MAX_TILE_VARIANTS);
    return GK_EINVAL;
  }
  if (f->caps.tile_variants.on) {
    fl_flow_error(f, "tile_variants: declared twice");
    return GK_EINVAL;
  }
  f->caps.tile_variants.rule = *rule;
  f->caps.tile_variants.on = true;
  return GK_OK;
}

/* May the player still play a variant? */
static bool variants_left(const gk_play *p) {
  const gk_tile_variants_rule *v = &p->flow->caps.tile_variants.rule;
  int n = p->game->n_players;
  int limit = n >= 1 && n <= GK_MAX_PLAYERS ? v->limit[n - 1] : 0;
  return gk_counter_get(p->game, p->player, v->counter) < limit;
}

/* The top of the draw stack, when it has a variant and the player may
** play one; else -1. */
static int variant_source(const gk_play *p) {
  const gk_tile_variants_rule *v = &p->flow->caps.tile_variants.rule;
  int top = gk_stack_size(p->game, p->stack) > 0 ? gk_stack_peek(p->game, p->stack, 0) : -1;
  if (top < 0) return -1;
  bool any = false;
  for (int i = 0; i < v->n && !any; i++) any = v->tile[i] == top;
  return any && variants_left(p) ? top : -1;
}

/* Each variant's placements, in pair order, before the collectors'. */
static int variants_draw_moves(gk_play *p) {
  const gk_tile_variants_rule *v = &p->flow->caps.tile_variants.rule;
  int top = variant_source(p);
  if (top < 0) return GK_OK;
  gk_game *g = p->game;
  for (int i = 0; i < v->n; i++) {
    if (v->tile[i] != top) continue;
    int n = gk_legal_placements(g, v->variant[i], NULL, 0);
    if (n < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return n;
    }
    if (n == 0) continue;
    int st = fl_reserve_moves(p, p->n_moves + n);
    if (st) return st;
    /* most tiles have far fewer placements than 256: no allocation */
    gk_placement local[256];
    gk_placement *pl = n <= 256 ? local : gki_mem(&g->alloc, NULL, 0, sizeof *pl * (size_t)n);
    if (!pl) {
      gk_play_set_error(p, "out of memory listing tile variants");
      return GK_ENOMEM;
    }
    n = gk_legal_placements(g, v->variant[i], pl, n);
    for (int k = 0; k < n; k++)
      p->moves[p->n_moves++] = (gk_move){
          .type = GK_MOVE_PLACE, .tile = v->variant[i], .x = pl[k].x, .y = pl[k].y, .rot = pl[k].rot};
    if (pl != local) gki_mem(&g->alloc, pl, sizeof *pl * (size_t)n, 0);
  }
  return GK_OK;
}

/* The draw stack's top tile when move m places one of its variants;
** else -1. */
static int variant_of_top(const gk_play *p, const gk_move *m) {
  const gk_tile_variants_rule *v = &p->flow->caps.tile_variants.rule;
  int top = gk_stack_size(p->game, p->stack) > 0 ? gk_stack_peek(p->game, p->stack, 0) : -1;
  for (int i = 0; i < v->n; i++)
    if (v->tile[i] == top && v->variant[i] == m->tile) return top;
  return -1;
}

/* A place move in the draw phase: one of the top tile's variants. */
static int variants_why_draw_place(const gk_play *p, const gk_move *m) {
  if (variant_of_top(p, m) < 0) return -1;
  if (!variants_left(p)) return GK_WHY_SUPPLY;
  return fl_why_cell(p->game, m, false);
}

/* The variant took the drawn tile's place: that tile leaves the stack. */
static int variants_tile_placed(gk_play *p, const gk_move *m) {
  int top = p->phase == GK_PHASE_DRAW ? variant_of_top(p, m) : -1;
  if (top < 0) return GK_OK;
  gk_game *g = p->game;
  int st = gk_stack_take(g, p->stack, top);
  if (st >= 0) st = gk_counter_add(g, p->player, p->flow->caps.tile_variants.rule.counter, 1);
  if (st < 0) {
    gk_play_set_error(p, "%s", gk_game_error(g));
    return st;
  }
  return GK_OK;
}

static bool variants_declared(const gk_flow *f) { return f->caps.tile_variants.on; }

const fl_capability fl_cap_tile_variants = {
    .name = "tile variants",
    .declared = variants_declared,
    .draw_moves = variants_draw_moves,
    .why_draw_place = variants_why_draw_place,
    .tile_placed = variants_tile_placed,
};
