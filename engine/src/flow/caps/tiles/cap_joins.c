/*
** cap_joins.c: stacks whose tiles must join a kind already on the board
** (a river tile continues the river).
**
** Owns caps.joins (rules only): kind[s] is 0 (no rule) or kind + 1 for
** stack s, and n counts the stacks with a rule.
** A tile drawn from such a stack is offered only where a port of one of
** its segments of that kind faces a tile already there; edge matching
** has then made that neighbour's port meet it. The check runs in C on
** the listed placements, only while a part draws from such a stack, so
** other turns and games without the rule pay one load per listing.
*/
#include "flow/flow_internal.h"

int gk_flow_add_joins(gk_flow *f, int stack, int kind) {
  int st = fl_check_open(f, "declare a joining stack");
  if (st) return st;
  if (stack < 0 || stack >= f->rules->n_stacks || stack >= GK_MAX_STACKS) {
    fl_flow_error(f, "joins: no stack %d", stack);
    return GK_EINVAL;
  }
  if (kind < 0 || kind >= gk_rules_kind_count(f->rules)) {
    fl_flow_error(f, "joins: no kind %d", kind);
    return GK_EINVAL;
  }
  if (!f->caps.joins.kind[stack]) f->caps.joins.n++;
  f->caps.joins.kind[stack] = kind + 1;
  return GK_OK;
}

int fl_joins_kind(const gk_flow *f, int stack) {
  if (stack < 0 || stack >= GK_MAX_STACKS) return -1;
  return f->caps.joins.kind[stack] - 1;
}

/* The ports of the tile type's segments of this kind, as a bit mask. */
unsigned fl_kind_ports(const gk_tile_def *td, int kind) {
  unsigned mask = 0;
  for (int i = 0; i < td->n_segments; i++)
    if (td->segments[i].kind == kind) mask |= td->segments[i].ports;
  return mask;
}

static bool joins(const gk_game *g, const gk_placement *pl, unsigned ports) {
  static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
  for (int port = 0; port < GK_PORT_COUNT; port++) {
    if (!((ports >> port) & 1)) continue;
    int side = ((port + 3 * pl->rot) % GK_PORT_COUNT) / 3;
    if (gk_tile_at(g, pl->x + dx[side], pl->y + dy[side]) >= 0) return true;
  }
  return false;
}

static bool joins_declared(const gk_flow *f) { return f->caps.joins.n > 0; }

static bool joins_filters(const gk_play *p) { return fl_joins_kind(p->flow, p->stack) >= 0; }

/* Keeps the materialized placements (place[]) where the tile joins (and
** turns as the stack's turn rule allows). */
static void joins_filter(gk_play *p) {
  int kind = fl_joins_kind(p->flow, p->stack);
  unsigned ports = fl_kind_ports(gk_rules_tile(p->flow->rules, p->tile), kind);
  bool turns = fl_turns_wanted(p); /* and may turn so (cap_turns.c) */
  int kept = 0;
  for (int i = 0; i < p->n_moves; i++)
    if (joins(p->game, &p->place[i], ports) && (!turns || fl_turns_allow(p, &p->place[i], ports)))
      p->place[kept++] = p->place[i];
  p->n_moves = kept;
}

const fl_capability fl_cap_joins = {
    .name = "stacks whose tiles join a kind",
    .declared = joins_declared,
    .filters_placements = joins_filters,
    .filter_placements = joins_filter,
};
