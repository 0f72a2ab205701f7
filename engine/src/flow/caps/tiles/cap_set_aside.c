/*
** cap_set_aside.c: stacks whose tiles wait aside until some tile is
** placed, then go into the draw stack (the dragon tiles wait for the
** first volcano).
**
** Owns caps.set_aside (rules only): until[s] is the tile filter that
** releases stack s (both masks 0: no rule), n counts the stacks with a
** rule, bit s of held is set when until[s] is. Invariant: a held stack is never drawn from by the flow; the
** first placement of a passing tile empties it, top first, each tile put
** back into the draw stack at a random place (one draw of the game's
** generator per tile), before the tile-placed hook.
*/
#include "flow/flow_internal.h"

int gk_flow_add_set_aside(gk_flow *f, int stack, const gk_tile_filter *until) {
  int st = fl_check_open(f, "declare a stack set aside");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (stack < 0 || stack >= r->n_stacks || stack >= GK_MAX_STACKS || !until ||
      (!until->tags && !until->attrs) || (r->n_tags < 64 && (until->tags >> r->n_tags)) ||
      (r->n_attrs < 64 && (until->attrs >> r->n_attrs))) {
    fl_flow_error(f, "set_aside: malformed rule (a stack, and tile tags or attributes that exist)");
    return GK_EINVAL;
  }
  gk_tile_filter *u = &f->caps.set_aside.until[stack];
  if (!u->tags && !u->attrs) f->caps.set_aside.n++;
  *u = *until;
  f->caps.set_aside.held |= 1u << stack;
  return GK_OK;
}

/* Empties stack s into the draw stack, each tile at a random place. */
static int release(gk_play *p, int s) {
  gk_game *g = p->game;
  while (gk_stack_size(g, s) > 0) {
    int t = gk_stack_draw(g, s);
    int st = t < 0 ? t : gk_stack_put_back(g, p->flow->stack, t, GK_PUT_RANDOM);
    if (st < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return st;
    }
  }
  return GK_OK;
}

static int set_aside_tile_placed(gk_play *p, const gk_move *m) {
  (void)m;
  if (p->placed < 0) return GK_OK;
  int type = p->game->tiles[p->placed].type;
  /* only the stacks with a rule: once they are released (most of a
  ** game) a placement costs a look at each of them */
  for (uint32_t held = p->flow->caps.set_aside.held; held; held &= held - 1) {
    int s = __builtin_ctz(held);
    const gk_tile_filter *u = &p->flow->caps.set_aside.until[s];
    /* an empty stack (one released already) has nothing to give */
    if (s == p->flow->stack || p->game->stacks[s].n == 0 || !fl_tile_passes(p->flow, type, u))
      continue;
    int st = release(p, s);
    if (st) return st;
  }
  return GK_OK;
}

static bool set_aside_declared(const gk_flow *f) { return f->caps.set_aside.n > 0; }

const fl_capability fl_cap_set_aside = {
    .name = "set_aside",
    .declared = set_aside_declared,
    .tile_placed = set_aside_tile_placed,
};
