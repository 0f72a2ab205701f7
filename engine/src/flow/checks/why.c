/*
** why.c: why a move is refused (gk_play_why): the check that refuses it,
** as a stable reason word, for messages and scenario expectations.
**
** Owns nothing; reads the play. Invariant: gk_play_why answers
** GK_WHY_LEGAL exactly for the moves gk_play_moves lists, and otherwise
** names the first of the flow's own checks that the move fails, in the
** order the flow applies them; when every built-in check passes, a
** script's veto removed it (GK_WHY_VETOED).
*/
#include "flow/flow_internal.h"

static const char *const why_names[GK_WHY_COUNT] = {
    [GK_WHY_LEGAL] = "legal",
    [GK_WHY_OVER] = "over",
    [GK_WHY_PHASE] = "phase",
    [GK_WHY_DRAW_FIRST] = "draw_first",
    [GK_WHY_NOT_IN_HAND] = "not_in_hand",
    [GK_WHY_TAKEN] = "taken",
    [GK_WHY_BLOCKED] = "blocked",
    [GK_WHY_ISOLATED] = "isolated",
    [GK_WHY_EDGE] = "edge",
    [GK_WHY_HOLE] = "hole",
    [GK_WHY_SUPPLY] = "supply",
    [GK_WHY_NOT_PLACED_TILE] = "not_placed_tile",
    [GK_WHY_KIND] = "kind",
    [GK_WHY_CORNER] = "corner",
    [GK_WHY_OCCUPIED] = "occupied",
    [GK_WHY_BLOCKED_ACROSS] = "blocked_across",
    [GK_WHY_NEEDS_OWN] = "needs_own",
    [GK_WHY_TARGET] = "target",
    [GK_WHY_VETOED] = "vetoed",
};

const char *gk_why_name(int why) {
  return why >= 0 && why < GK_WHY_COUNT ? why_names[why] : NULL;
}

/* The cell's own checks, in the kernel's order; VETOED when it passes. */
int fl_why_cell(const gk_game *g, const gk_move *m, bool into_hole) {
  if (gk_tile_at(g, m->x, m->y) >= 0) return GK_WHY_TAKEN;
  if (gk_cell_blocked(g, m->x, m->y) == 1) return GK_WHY_BLOCKED;
  int around[4];
  int n = gk_neighbours4(g, m->x, m->y, around);
  if (n == 0) return GK_WHY_ISOLATED;
  if (into_hole && n < 4) return GK_WHY_HOLE;
  if (gk_can_place(g, m->tile, m->x, m->y, m->rot) != 1) return GK_WHY_EDGE;
  return GK_WHY_VETOED;
}

static int why_place(const gk_play *p, const gk_move *m) {
  const gk_game *g = p->game;
  if (m->tile < 0 || m->tile >= g->rules->n_tiles) return GK_WHY_NOT_IN_HAND;
  if (p->phase == GK_PHASE_DRAW) return fl_caps_why_draw_place(p, m); /* a tile from hand */
  if (p->phase != GK_PHASE_PLACE_TILE || p->tile < 0) return GK_WHY_PHASE;
  /* another tile: what the cell says first, if it refuses that tile too */
  int cell = fl_why_cell(g, m, false);
  return m->tile != p->tile && cell == GK_WHY_VETOED ? GK_WHY_NOT_IN_HAND : cell;
}

static int why_deploy(const gk_play *p, const gk_move *m) {
  const gk_game *g = p->game;
  if (p->phase != GK_PHASE_PLACE_FIGURE || p->placed < 0) return GK_WHY_PHASE;
  if (m->figure_kind < 0 || m->figure_kind >= g->rules->n_figure_kinds) return GK_WHY_KIND;
  if (gk_supply(g, p->player, m->figure_kind) <= 0) return GK_WHY_SUPPLY;
  if (m->at.where != GK_AT_NODE || m->at.a < 0 || m->at.a >= g->n_nodes ||
      g->node_tile[m->at.a] != p->placed)
    return GK_WHY_NOT_PLACED_TILE;
  const gk_figure_rule *fr = &p->flow->figure[m->figure_kind];
  if (!((fr->on_kinds >> g->node_kind[m->at.a]) & 1)) return GK_WHY_KIND;
  int occupancy = fl_occupancy_refusal(p, m->figure_kind, gki_find(g, m->at.a));
  if (occupancy != GK_WHY_LEGAL) return occupancy;
  return fr->corner ? GK_WHY_CORNER : GK_WHY_VETOED;
}

int gk_play_why(gk_play *p, const gk_move *m) {
  if (!p || !m) return GK_EINVAL;
  if (p->phase == GK_PHASE_GAME_OVER) return GK_WHY_OVER;
  int n = gk_play_moves(p, NULL, 0);
  if (n < 0) return n;
  if (n > 0 && p->moves_lazy) {
    int st = fl_materialize(p);
    if (st) return st;
  }
  bool same_action = false;
  for (int i = 0; i < n; i++) {
    gk_move legal = fl_move_at(p, i);
    if (gk_move_equal(&legal, m)) return GK_WHY_LEGAL;
    same_action = same_action || (legal.type == GK_MOVE_ACTION && m->type == GK_MOVE_ACTION &&
                                  legal.action == m->action);
  }
  switch (m->type) {
    case GK_MOVE_PLACE: return why_place(p, m);
    case GK_MOVE_DEPLOY: return why_deploy(p, m);
    case GK_MOVE_ACTION: return same_action ? GK_WHY_TARGET : GK_WHY_PHASE;
    default: return GK_WHY_PHASE;
  }
}
