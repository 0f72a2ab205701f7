/*
** cap_deploy_anywhere.c: after placing some tiles, a figure may be
** deployed on any open feature of the board instead of on the tile just
** placed (gk_deploy_anywhere_rule: a magic portal).
**
** Owns caps.deploy_anywhere: the rule. It keeps no state: the offer
** depends only on the tile placed this part and the board. Invariant: a
** listed move names a segment of a tile other than the one just placed
** (its own segments are the usual deploys), on a tile no blocks_tile
** figure stands on, whose feature is incomplete and takes a figure of
** that kind under the usual occupancy rules (fl_deployable).
*/
#include "flow/flow_internal.h"

int gk_flow_add_deploy_anywhere(gk_flow *f, const gk_deploy_anywhere_rule *rule) {
  int st = fl_check_open(f, "declare a deploy_anywhere");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = rule && rule->action >= 0 && rule->action < f->n_actions && rule->n_figures >= 1 &&
            rule->n_figures <= GK_MAX_FIGURE_KINDS && (rule->tiles.tags || rule->tiles.attrs) &&
            (r->n_tags >= 64 || !(rule->tiles.tags >> r->n_tags)) &&
            (r->n_attrs >= 64 || !(rule->tiles.attrs >> r->n_attrs));
  uint32_t seen = 0;
  for (int i = 0; ok && i < rule->n_figures; i++) {
    int k = rule->figures[i];
    ok = k < r->n_figure_kinds && !((seen >> k) & 1);
    seen |= 1u << (k & 31);
  }
  if (!ok) {
    fl_flow_error(f, "deploy_anywhere: malformed rule (an action, tile tags or attributes that "
                     "exist and distinct figure kinds)");
    return GK_EINVAL;
  }
  if (f->caps.deploy_anywhere.on) {
    fl_flow_error(f, "deploy_anywhere: declared twice (one per game)");
    return GK_EINVAL;
  }
  static const char *const args[] = {"x", "y", "segment", "kind"};
  if (fl_action_layout(f, rule->action, "deploy_anywhere", 4, args)) return GK_EINVAL;
  f->caps.deploy_anywhere.on = true;
  f->caps.deploy_anywhere.rule = *rule;
  return GK_OK;
}

/* What one listing knows before it looks at a segment: the rule's kinds
** the player still holds (their rule indexes in idx[], the kinds in
** kind[]), which of them may stand on each segment kind (bit i for
** kind[i], asked once per listing instead of per segment), and what it
** learnt about the features it met: for a root, the kinds it takes (0
** when closed). Features span many tiles, so most segments find theirs
** in that memo. Direct-mapped by root: a miss only costs the look it
** spares. */
enum { FL_ROOT_MEMO = 64 };
typedef struct listing {
  int n_kinds, action;
  int idx[GK_MAX_FIGURE_KINDS], kind[GK_MAX_FIGURE_KINDS];
  unsigned on[GK_MAX_KINDS];
  int32_t root[FL_ROOT_MEMO];
  unsigned takes[FL_ROOT_MEMO];
} listing;

/* Fills the listing for the player to move; false when the player
** holds none of the rule's kinds. */
static bool listing_init(const gk_play *p, listing *l) {
  const gk_deploy_anywhere_rule *rule = &p->flow->caps.deploy_anywhere.rule;
  l->n_kinds = 0;
  for (int i = 0; i < rule->n_figures; i++)
    if (gk_supply(p->game, p->player, rule->figures[i]) > 0) {
      l->idx[l->n_kinds] = i;
      l->kind[l->n_kinds++] = rule->figures[i];
    }
  if (l->n_kinds == 0) return false;
  l->action = rule->action;
  for (int k = 0; k < p->game->rules->n_kinds; k++)
    l->on[k] = fl_kinds_on(p, l->kind, l->n_kinds, k);
  memset(l->root, 0xff, sizeof l->root); /* -1: no root yet */
  return true;
}

static unsigned root_takes(const gk_play *p, listing *l, int32_t root) {
  int slot = root & (FL_ROOT_MEMO - 1);
  if (l->root[slot] == root) return l->takes[slot];
  unsigned takes =
      gki_root_closed(p->game, root) ? 0 : fl_root_takes(p, l->kind, l->n_kinds, root);
  l->root[slot] = root;
  l->takes[slot] = takes;
  return takes;
}

/* The moves onto the segments of tile t: per open segment, per kind that
** may stand there, room made once for the tile. The moves are written
** through a local cursor: stores through p->moves would make the
** compiler reload p's fields after each one. */
static int tile_moves(gk_play *p, listing *l, int32_t t) {
  const gk_game *g = p->game;
  const gk_tilerec *tr = &g->tiles[t];
  int n_segs = g->rules->templates[tr->type].n_segments;
  if (p->n_moves + n_segs * l->n_kinds > p->cap_moves) {
    int st = fl_reserve_moves(p, p->n_moves + n_segs * l->n_kinds);
    if (st) return st;
  }
  gk_move *out = p->moves + p->n_moves;
  for (int s = 0; s < n_segs; s++) {
    int32_t node = tr->first_node + s;
    unsigned m = l->on[g->node_kind[node]];
    if (m) m &= root_takes(p, l, gki_find(g, node));
    for (; m; m &= m - 1)
      *out++ = (gk_move){.type = GK_MOVE_ACTION, .action = l->action,
                         .arg = {tr->x, tr->y, s + 1, l->idx[__builtin_ctz(m)] + 1}};
  }
  p->n_moves = (int)(out - p->moves);
  return GK_OK;
}

/* The tiles blocks_tile figures stand on, from those kinds' figures only
** (gki_kind_range); their count, or -1 when there are more than the
** buffer holds (then each tile is asked on its own). */
enum { FL_BLOCKED_TILES = 8 };
static int blocked_tiles(const gk_play *p, int32_t out[FL_BLOCKED_TILES]) {
  const gk_game *g = p->game;
  int n = 0;
  for (uint32_t kinds = p->flow->tile_blockers; kinds; kinds &= kinds - 1) {
    int32_t f;
    for (int k = gki_kind_range(g, __builtin_ctz(kinds), &f); k > 0; k--, f++) {
      if (g->figures[f].where != GK_AT_TILE) continue;
      if (n == FL_BLOCKED_TILES) return -1;
      out[n++] = g->figures[f].a;
    }
  }
  return n;
}

/* After such a tile: a move per open segment elsewhere and kind held. */
static int deploy_anywhere_moves(gk_play *p) {
  const gk_deploy_anywhere_rule *rule = &p->flow->caps.deploy_anywhere.rule;
  const gk_game *g = p->game;
  if (p->placed < 0 || !fl_tile_passes(p->flow, g->tiles[p->placed].type, &rule->tiles))
    return GK_OK;
  listing l;
  if (!listing_init(p, &l)) return GK_OK;
  int32_t blocked[FL_BLOCKED_TILES];
  int n_blocked = blocked_tiles(p, blocked);
  for (int32_t t = 0; t < g->n_tiles; t++) {
    bool skip = t == p->placed;
    for (int i = 0; i < n_blocked && !skip; i++) skip = blocked[i] == t;
    if (skip || (n_blocked < 0 && fl_tile_blocked(p, t))) continue;
    int st = tile_moves(p, &l, t);
    if (st) return st;
  }
  return GK_OK;
}

/* Deploys the figure the move names (it was listed, so it may go there). */
static int deploy_anywhere_apply(gk_play *p, const gk_move *m) {
  const gk_deploy_anywhere_rule *rule = &p->flow->caps.deploy_anywhere.rule;
  if (m->type != GK_MOVE_ACTION || m->action != rule->action) return FL_NOT_MINE;
  gk_game *g = p->game;
  int32_t tile = gk_tile_at(g, m->arg[0], m->arg[1]);
  int32_t node = tile >= 0 ? gk_node(g, tile, m->arg[2] - 1) : -1;
  if (node < 0 || m->arg[3] < 1 || m->arg[3] > rule->n_figures) {
    gk_play_set_error(p, "%s: no segment %d at %d %d, or no figure %d",
                      gk_flow_action_name(p->flow, m->action), m->arg[2], m->arg[0], m->arg[1],
                      m->arg[3]);
    return GK_EILLEGAL;
  }
  gk_location at = {GK_AT_NODE, node, 0};
  int f = gk_figure_deploy(g, p->player, rule->figures[m->arg[3] - 1], at);
  if (f < 0) {
    gk_play_set_error(p, "%s", gk_game_error(g));
    return f;
  }
  return FL_PLAYED_NEXT;
}

static bool deploy_anywhere_declared(const gk_flow *f) { return f->caps.deploy_anywhere.on; }

const fl_capability fl_cap_deploy_anywhere = {
    .name = "deploy_anywhere",
    .declared = deploy_anywhere_declared,
    .deploy_moves = deploy_anywhere_moves,
    .apply = deploy_anywhere_apply,
};
