/*
** stack_order.c: the order in which a turn's draw takes the stacks.
**
** A game draws from one stack (gk_flow_set_stack); an expansion may ask
** for other stacks to be played out first, in order (the river tiles
** before the land tiles). Invariant: flow->draw_order lists distinct
** stacks and ends with flow->stack; with one entry (or none) every turn
** draws from flow->stack, so a game that declares no order pays one
** branch per turn.
*/
#include "flow/flow_internal.h"

int gk_flow_set_stack_order(gk_flow *f, const int *stacks, int n) {
  int st = fl_check_open(f, "set the stack order");
  if (st) return st;
  if (!stacks || n < 1 || n > GK_MAX_STACKS) {
    fl_flow_error(f, "stack_order: between 1 and %d stacks", GK_MAX_STACKS);
    return GK_EINVAL;
  }
  for (int i = 0; i < n; i++) {
    if (stacks[i] < 0 || stacks[i] >= f->rules->n_stacks) {
      fl_flow_error(f, "stack_order: no stack %d", stacks[i]);
      return GK_EINVAL;
    }
    for (int j = 0; j < i; j++)
      if (stacks[j] == stacks[i]) {
        fl_flow_error(f, "stack_order: stack %d listed twice", stacks[i]);
        return GK_EINVAL;
      }
  }
  memcpy(f->draw_order, stacks, sizeof(int) * (size_t)n);
  f->n_draw_order = n;
  f->stack = stacks[n - 1];
  return GK_OK;
}

/* The stack a turn's first part draws from: the first of the order that
** still holds a tile, else the last (the draw stack, empty then). */
int fl_turn_stack(const gk_play *p) {
  const gk_flow *f = p->flow;
  for (int i = 0; i + 1 < f->n_draw_order; i++)
    if (gk_stack_size(p->game, f->draw_order[i]) > 0) return f->draw_order[i];
  return f->stack;
}
