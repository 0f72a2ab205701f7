/*
** cap_turns.c: how a chain laid from a joining stack may turn (a river
** may not turn the same way twice in a row).
**
** Owns caps.turns: per stack a gk_turn_rule (rules), and per stack the
** last turn of the chain its tiles laid (state, copied with the play).
** A tile whose segments of the joined kind (cap_joins.c) leave exactly two
** sides, one of them facing a tile already there, carries the chain on:
** it enters from that side and leaves by the other, straight on or
** turning a quarter to the right or left. Invariant: state.last[s] is the
** turn the rule compares with (FL_TURN_NONE before any), and the check
** runs only inside cap_joins' filter, so other stacks and games pay
** nothing.
*/
#include "flow/flow_internal.h"

int gk_flow_add_turns(gk_flow *f, int stack, gk_turn_rule rule) {
  int st = fl_check_open(f, "declare how a chain turns");
  if (st) return st;
  if (stack < 0 || stack >= f->rules->n_stacks || stack >= GK_MAX_STACKS ||
      fl_joins_kind(f, stack) < 0) {
    fl_flow_error(f, "turns: stack %d joins no kind (declare joins first)", stack);
    return GK_EINVAL;
  }
  if (rule != GK_TURNS_ALTERNATE && rule != GK_TURNS_ALTERNATE_ADJACENT) {
    fl_flow_error(f, "turns: no turn rule %d", (int)rule);
    return GK_EINVAL;
  }
  f->caps.turns.rule[stack] = (uint8_t)rule;
  f->caps.turns.n++;
  return GK_OK;
}

/* The turn a tile of the kind ports placed at pl makes: FL_TURN_STRAIGHT
** plus its quarter turns clockwise (FL_TURN_RIGHT, FL_TURN_LEFT), or
** FL_TURN_NONE when it carries no chain on (one end, a fork, or joined
** at both ends). */
static int turn_of(const gk_game *g, const gk_placement *pl, unsigned ports) {
  static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
  unsigned sides = 0;
  for (int port = 0; port < GK_PORT_COUNT; port++)
    if ((ports >> port) & 1) sides |= 1u << (((port + 3 * pl->rot) % GK_PORT_COUNT) / 3);
  int end[2], n = 0, joined = 0, in = -1;
  for (int s = 0; s < 4; s++) {
    if (!((sides >> s) & 1)) continue;
    if (n == 2) return FL_TURN_NONE;
    end[n++] = s;
    if (gk_tile_at(g, pl->x + dx[s], pl->y + dy[s]) >= 0) joined++, in = s;
  }
  if (n != 2 || joined != 1) return FL_TURN_NONE;
  int out = end[0] == in ? end[1] : end[0];
  /* the way in heads to the side opposite in; quarter turns from there */
  return (out - (in + 2) + 8) % 4 + FL_TURN_STRAIGHT;
}

bool fl_turns_wanted(const gk_play *p) { return p->flow->caps.turns.rule[p->stack] != 0; }

bool fl_turns_allow(const gk_play *p, const gk_placement *pl, unsigned ports) {
  int last = p->caps.turns.last[p->stack];
  return last == FL_TURN_NONE || last == FL_TURN_STRAIGHT || turn_of(p->game, pl, ports) != last;
}

static bool turns_declared(const gk_flow *f) { return f->caps.turns.n > 0; }

/* The placed tile's turn becomes the one the next is compared with; a
** straight piece counts only when adjacent turns alone are compared. */
static int turns_tile_placed(gk_play *p, const gk_move *m) {
  (void)m;
  if (p->stack < 0 || p->stack >= GK_MAX_STACKS || p->placed < 0) return GK_OK;
  int rule = p->flow->caps.turns.rule[p->stack];
  if (!rule) return GK_OK;
  const gk_tilerec *t = &p->game->tiles[p->placed];
  gk_placement pl = {t->x, t->y, t->rot};
  int kind = fl_joins_kind(p->flow, p->stack);
  int turn = turn_of(p->game, &pl, fl_kind_ports(gk_rules_tile(p->flow->rules, t->type), kind));
  if (turn == FL_TURN_NONE) return GK_OK;
  if (turn != FL_TURN_STRAIGHT || rule == GK_TURNS_ALTERNATE_ADJACENT)
    p->caps.turns.last[p->stack] = (int8_t)turn;
  return GK_OK;
}

const fl_capability fl_cap_turns = {
    .name = "turns of a joined chain",
    .declared = turns_declared,
    .tile_placed = turns_tile_placed,
};
