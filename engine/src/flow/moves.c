/*
** moves.c: the legal-move lists of the place-tile and place-figure
** phases.
**
** Owns the play's move buffers (moves[], place[]). Invariant: n_moves
** counts the listed moves, which live in place[] when moves_in_place, are
** derived on demand when moves_lazy, and are in moves[] otherwise.
*/
#include "flow/flow_internal.h"

int fl_grow_moves(gk_play *p, int need) {
  if (need <= p->cap_moves) return GK_OK;
  void *m = p->moves;
  if (gki_grow(&p->game->alloc, &m, &p->cap_moves, need, sizeof(gk_move))) {
    gk_play_set_error(p, "out of memory listing moves");
    return GK_ENOMEM;
  }
  p->moves = m;
  return GK_OK;
}

int fl_tail_begin(gk_play *p, fl_tail_move fn, int more) {
  if (p->tail_move != fn) {
    fl_tail_settle(p); /* another capability's */
    p->tail_move = fn;
    p->tail_from = p->n_moves;
  }
  int need = p->n_moves + more;
  int st = fl_reserve_moves(p, need);
  if (st) return st;
  if (need - p->tail_from > p->cap_tail) {
    void *t = p->tail;
    if (gki_grow(&p->game->alloc, &t, &p->cap_tail, need - p->tail_from, sizeof(uint32_t))) {
      gk_play_set_error(p, "out of memory listing moves");
      return GK_ENOMEM;
    }
    p->tail = t;
  }
  return GK_OK;
}

void fl_tail_write_out(gk_play *p) {
  /* room was made with the entries (fl_tail_begin) */
  for (int i = p->tail_from; i < p->n_moves; i++) p->moves[i] = fl_move_at(p, i);
  p->tail_move = NULL;
}

/* Writes the placements the lazy list stands for. */
int fl_materialize(gk_play *p) {
  if (!p->moves_lazy) return GK_OK;
  gk_game *g = p->game;
  /* Room for every rotation of every frontier cell lets the kernel take
  ** its branch-free path, in one call. */
  int room = 4 * g->n_frontier;
  int st = fl_reserve_moves(p, room + 1);
  if (st) return st;
  if (room > p->cap_place) {
    void *m = p->place;
    if (gki_grow(&g->alloc, &m, &p->cap_place, room, sizeof(gk_placement))) {
      gk_play_set_error(p, "out of memory listing placements");
      return GK_ENOMEM;
    }
    p->place = m;
  }
  int n = gk_legal_placements(g, p->tile, p->place, p->cap_place);
  if (n < 0) return n;
  p->n_moves = n;
  p->moves_lazy = false;
  p->moves_in_place = true;
  return GK_OK;
}

/* Does a placement veto want the tile to place now? Scoped vetoes
** (gk_hook_filters.placement_*) say which tiles or stacks they are about;
** the others' placements stay lazy and call nothing. */
static bool placement_wanted(const gk_play *p) {
  const gk_tile_filter *tiles = &p->filters.placement_tiles;
  bool by_tiles = tiles->tags || tiles->attrs || tiles->kinds;
  uint64_t stacks = p->filters.placement_stacks;
  if (!by_tiles && !stacks) return true;
  if (by_tiles && fl_tile_passes(p->flow, p->tile, tiles)) return true;
  return p->stack >= 0 && p->stack < 64 && ((stacks >> p->stack) & 1);
}

int fl_list_placements(gk_play *p) {
  int n = p->drawn_fits >= 0 ? p->drawn_fits : gk_count_placements(p->game, p->tile);
  p->drawn_fits = -1;
  if (n < 0) return n;
  p->n_moves = n;
  p->moves_lazy = true;
  bool filter = fl_caps_filters_placements(p);
  bool veto = fl_has_hook(p, GK_HOOK_ALLOW_PLACEMENTS) && placement_wanted(p);
  if (!filter && !veto) return GK_OK;
  int st = fl_materialize(p);
  if (st) return st;
  if (filter) fl_caps_filter_placements(p);
  if (!veto) return GK_OK;
  for (int i = 0; i < p->n_moves; i++) p->moves[i] = fl_move_at(p, i);
  p->moves_in_place = false;
  return fl_filter(p, GK_HOOK_ALLOW_PLACEMENTS);
}

/* Who already stands on a feature, as occupancy groups: anyone's, and
** the moving player's own. */
typedef struct company {
  int32_t root;
  unsigned groups, own;
} company;

static company company_at(const gk_play *p, int32_t root) {
  const gk_game *g = p->game;
  company c = {root, 0, 0};
  for (int32_t f = g->root[c.root].fig_head; f >= 0; f = g->figures[f].next) {
    unsigned grp = p->flow->group[g->figures[f].kind];
    c.groups |= grp;
    if (g->figures[f].owner == p->player) c.own |= grp;
  }
  return c;
}

static bool deployable_among(const gk_play *p, const gk_figure_rule *fr, const company *c,
                             fl_system_memo *memo) {
  if ((c->groups & fr->blocked_by) || (fr->needs_own && !(c->own & fr->needs_own))) return false;
  if (fr->blocked_by && ((fr->blocked_across >> p->game->node_kind[c->root]) & 1))
    return !fl_system_holds((gk_play *)p, c->root, fr->blocked_across, fr->blocked_by, -1, memo);
  return true;
}

/* Which of the occupancy checks refuses the figure on the feature of
** root (the first that does: blocked_by, needs_own, blocked_across), as
** a gk_why, or GK_WHY_LEGAL. For gk_play_why; the listing above asks
** deployable_among, which gives the same verdict. */
int fl_occupancy_refusal(const gk_play *p, int kind, int32_t root) {
  const gk_figure_rule *fr = &p->flow->figure[kind];
  company c = company_at(p, root);
  if (c.groups & fr->blocked_by) return GK_WHY_OCCUPIED;
  if (fr->needs_own && !(c.own & fr->needs_own)) return GK_WHY_NEEDS_OWN;
  return deployable_among(p, fr, &c, NULL) ? GK_WHY_LEGAL : GK_WHY_BLOCKED_ACROSS;
}

/* May this player put a figure of this kind on the feature of node? */
bool fl_deployable(const gk_play *p, int kind, int32_t node) {
  const gk_figure_rule *fr = &p->flow->figure[kind];
  if (!((fr->on_kinds >> p->game->node_kind[node]) & 1)) return false;
  company c = company_at(p, gki_find(p->game, node));
  return deployable_among(p, fr, &c, NULL);
}

/* Which of the kinds kinds[0..n) may stand on a segment of this feature
** kind (their on_kinds): bit i for kinds[i]. */
unsigned fl_kinds_on(const gk_play *p, const int *kinds, int n, int feature_kind) {
  unsigned on = 0;
  for (int i = 0; i < n; i++)
    if ((p->flow->figure[kinds[i]].on_kinds >> feature_kind) & 1) on |= 1u << i;
  return on;
}

/* Which of the kinds kinds[0..n) does the feature (root) take from this
** player under the occupancy rules (fl_deployable's, less on_kinds): bit
** i for kinds[i]. Who stands there is looked up once for all of them. */
unsigned fl_root_takes(const gk_play *p, const int *kinds, int n, int32_t root) {
  company c = company_at(p, root);
  unsigned takes = 0;
  for (int i = 0; i < n; i++)
    if (deployable_among(p, &p->flow->figure[kinds[i]], &c, NULL)) takes |= 1u << i;
  return takes;
}

/* Does a figure that blocks its tile stand on tile t? Only the figures
** of blocks_tile kinds are looked at (gki_kind_range). */
bool fl_tile_blocked(const gk_play *p, int32_t t) {
  const gk_game *g = p->game;
  for (uint32_t kinds = p->flow->tile_blockers; kinds; kinds &= kinds - 1) {
    int32_t f;
    for (int n = gki_kind_range(g, __builtin_ctz(kinds), &f); n > 0; n--, f++)
      if (g->figures[f].where == GK_AT_TILE && g->figures[f].a == t) return true;
  }
  return false;
}

int fl_list_deploys(gk_play *p) {
  gk_game *g = p->game;
  const gk_rules *r = g->rules;
  p->n_moves = 0;
  p->tail_move = NULL; /* a listing again (dependents sent home): the old one's tail is gone */
  if (p->placed >= 0) {
    const gk_tilerec *t = &g->tiles[p->placed];
    /* a segment each, or the four corners of a kind a capability places */
    int st = fl_reserve_moves(p, (GK_MAX_SEGMENTS + 4) * r->n_figure_kinds + 1);
    if (st) return st;
    const int16_t *supply = g->supply + (size_t)(p->player + 1) * (size_t)r->n_figure_kinds;
    /* Who stands on each segment's feature, looked up once for all the
    ** kinds the player still has. */
    const uint16_t *segs_of = p->flow->deploy_segs + (size_t)t->type * GK_MAX_FIGURE_KINDS;
    bool blocked = p->flow->tile_blockers && fl_tile_blocked(p, p->placed);
    uint32_t kinds = 0;
    unsigned wanted = 0;
    for (uint32_t m = p->flow->placed_kinds; m; m &= m - 1) {
      int k = __builtin_ctz(m);
      if (supply[k] <= 0 || (blocked && !p->flow->deploy_lister[k])) continue;
      kinds |= 1u << k;
      wanted |= segs_of[k];
    }
    company on_segment[GK_MAX_SEGMENTS];
    fl_system_memo memo;
    memo.n = 0;
    /* The placement's report knows each segment's feature, while no
    ** other tile has come since (nothing else unites features). */
    const gk_place_report *rep = &p->report;
    bool known = rep->tile == p->placed && g->n_tiles == p->placed + 1;
    for (unsigned m = wanted; m; m &= m - 1) {
      int s = __builtin_ctz(m);
      on_segment[s] =
          company_at(p, known ? rep->feature[rep->feature_of[s]] : gki_find(g, t->first_node + s));
    }
    for (; kinds; kinds &= kinds - 1) {
      int k = __builtin_ctz(kinds);
      const gk_figure_rule *fr = &p->flow->figure[k];
      if (p->flow->deploy_lister[k]) { /* a capability places this kind */
        p->flow->deploy_lister[k](p, k);
        continue;
      }
      for (unsigned m = segs_of[k]; m; m &= m - 1) {
        int s = __builtin_ctz(m);
        if (deployable_among(p, fr, &on_segment[s], &memo))
          p->moves[p->n_moves++] = (gk_move){
              .type = GK_MOVE_DEPLOY, .figure_kind = k, .at = {GK_AT_NODE, t->first_node + s, 0}};
      }
    }
  }
  int st = fl_filter(p, GK_HOOK_ALLOW_DEPLOYS);
  if (!st && fl_has_slot(p->flow, FL_ON_DEPLOY_MOVES)) st = fl_caps_deploy_moves(p);
  if (st) return st;
  return fl_collect(p);
}
