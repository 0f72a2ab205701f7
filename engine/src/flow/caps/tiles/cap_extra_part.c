/*
** cap_extra_part.c: declared rules granting an extra part of a turn
** (gk_extra_part_rule), checked when a tile is placed in a turn's first part.
**
** Owns caps.extra_part. Invariant: at most one extra part a turn: a rule
** grants one only while none is granted or used.
*/
#include "flow/flow_internal.h"

int gk_flow_add_extra_part(gk_flow *f, const gk_extra_part_rule *rule) {
  int st = fl_check_open(f, "add an extra part");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || (rule->trigger != GK_EXTRA_EXTENDS && rule->trigger != GK_EXTRA_CLOSES) ||
      rule->stack < 0 || rule->stack >= r->n_stacks ||
      (rule->trigger == GK_EXTRA_EXTENDS &&
       (rule->figure < 0 || rule->figure >= r->n_figure_kinds)) ||
      (rule->trigger == GK_EXTRA_CLOSES && (rule->attr < -1 || rule->attr >= r->n_attrs)) ||
      f->caps.extra_part.n >= GK_MAX_EXTRA_PARTS) {
    fl_flow_error(f, "extra_part: malformed rule (or more than %d)", GK_MAX_EXTRA_PARTS);
    return GK_EINVAL;
  }
  f->caps.extra_part.rule[f->caps.extra_part.n++] = *rule;
  return GK_OK;
}

/* Does the player have a figure of this kind out of the supply? An
** extends rule needs one on the board: while all of them are at home
** (most turns), this spares the walk of the new tile's features. */
static bool own_deployed(const gk_play *p, int kind) {
  const gk_game *g = p->game;
  size_t nfk = (size_t)g->rules->n_figure_kinds;
  return g->supply[(size_t)(p->player + 1) * nfk + (size_t)kind] <
         g->rules->figure_spec[kind].per_player;
}

/* Does the tile just placed earn an extra part under a declared rule? */
static void check_extra_rules(gk_play *p) {
  gk_game *g = p->game;
  const gk_place_report *rep = &p->report;
  for (int i = 0; i < p->flow->caps.extra_part.n && p->extra_stack < 0; i++) {
    const gk_extra_part_rule *x = &p->flow->caps.extra_part.rule[i];
    if (x->trigger == GK_EXTRA_EXTENDS) {
      if (!own_deployed(p, x->figure)) continue;
      for (int k = 0; k < rep->n_features; k++) {
        int32_t root = rep->feature[k];
        if (!(rep->flags[k] & GK_FEAT_EXTENDED) || !((x->kinds >> g->node_kind[root]) & 1))
          continue;
        for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
          if (g->figures[f].kind == x->figure && g->figures[f].owner == p->player) {
            p->extra_stack = x->stack;
            break;
          }
        if (p->extra_stack >= 0) break;
      }
    } else {
      for (int k = 0; k < rep->n_closed; k++) {
        int32_t root = gki_find(g, rep->closed[k]);
        if (!((x->kinds >> g->node_kind[root]) & 1)) continue;
        if (x->attr >= 0 &&
            g->attrs[(size_t)root * (size_t)g->rules->n_attrs + (size_t)x->attr] <= 0)
          continue;
        p->extra_stack = x->stack;
        break;
      }
    }
  }
}

static int extra_part_tile_placed(gk_play *p, const gk_move *m) {
  if (p->part == 1 && !p->extra_used && p->extra_stack < 0) check_extra_rules(p);
  return GK_OK;
}

static bool extra_part_declared(const gk_flow *f) { return f->caps.extra_part.n > 0; }

const fl_capability fl_cap_extra_part = {
    .name = "extra parts",
    .declared = extra_part_declared,
    .tile_placed = extra_part_tile_placed,
};
