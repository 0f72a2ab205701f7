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
  int n_kinds;
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

/* A move of the lazy tail (gk_play.tail_move): the node and the rule's
** index of the kind in one entry; the segment's tile gives x and y. */
enum { FL_KIND_BITS = 5 };
_Static_assert(GK_MAX_FIGURE_KINDS <= 1 << FL_KIND_BITS &&
                   (uint64_t)GK_MAX_GAME_TILES * GK_MAX_SEGMENTS < (1u << (32 - FL_KIND_BITS)) - 1,
               "a node and a kind's index fit an entry");
static gk_move portal_move(const gk_play *p, uint32_t e) {
  const gk_game *g = p->game;
  int32_t node = (int32_t)(e >> FL_KIND_BITS);
  const gk_tilerec *tr = &g->tiles[g->node_tile[node]];
  return (gk_move){.type = GK_MOVE_ACTION, .action = p->flow->caps.deploy_anywhere.rule.action,
                   .arg = {tr->x, tr->y, g->node_seg[node] + 1,
                           (int32_t)(e & ((1u << FL_KIND_BITS) - 1)) + 1}};
}

/* The moves onto nodes [from, to): per node whose feature is open and
** takes a figure of a held kind that may stand on its segment kind, per
** such kind. A tile's nodes are consecutive and the tiles' follow one
** another in placement order, so a range of tiles is a range of nodes,
** walked without looking at the tiles. The moves go to the list's lazy
** tail, an entry each (portal_move): a random agent picks one of a few
** hundred and reads only that one. Room is made once for a block of
** nodes (not for the whole range, which would grow the list to a move
** per node of the board when a few hundred do); the entries are written
** through a local cursor (stores through p->tail would make the compiler
** reload p's fields). */
enum { FL_NODE_BLOCK = 64 };
static int node_moves(gk_play *p, listing *l, int32_t from, int32_t to) {
  while (to - from > FL_NODE_BLOCK) {
    int st = node_moves(p, l, from, from + FL_NODE_BLOCK);
    if (st) return st;
    from += FL_NODE_BLOCK;
  }
  const gk_game *g = p->game;
  if (from >= to) return GK_OK;
  int st = fl_tail_begin(p, portal_move, (to - from) * l->n_kinds);
  if (st) return st;
  uint32_t *out = p->tail + (p->n_moves - p->tail_from);
  /* the game's arrays read once (the entries' stores could alias them) */
  const uint8_t *node_kind = g->node_kind;
  const int32_t *parent = g->parent;
  for (int32_t node = from; node < to; node++) {
    unsigned m = l->on[node_kind[node]];
    if (!m) continue;
    /* most nodes point at their root: no find (which would halve nothing) */
    int32_t root = parent[node];
    if (parent[root] != root) root = gki_find(g, node);
    m &= root_takes(p, l, root);
    if (!m) continue;
    for (; m; m &= m - 1) *out++ = (uint32_t)node << FL_KIND_BITS | (uint32_t)l->idx[__builtin_ctz(m)];
  }
  p->n_moves = p->tail_from + (int)(out - p->tail);
  return GK_OK;
}

/* The first node of tile t (n_nodes past the last tile). */
static int32_t first_node(const gk_game *g, int32_t t) {
  return t < g->n_tiles ? g->tiles[t].first_node : g->n_nodes;
}

/* The tiles blocks_tile figures stand on, from those kinds' figures only
** (gki_kind_range), after the `n` already in out[]; the count, or -1
** when there are more than the buffer holds (then each tile is asked on
** its own). */
enum { FL_SKIPPED_TILES = 9 };
static int blocked_tiles(const gk_play *p, int32_t out[FL_SKIPPED_TILES], int n) {
  const gk_game *g = p->game;
  for (uint32_t kinds = p->flow->tile_blockers; kinds; kinds &= kinds - 1) {
    int32_t f;
    for (int k = gki_kind_range(g, __builtin_ctz(kinds), &f); k > 0; k--, f++) {
      if (g->figures[f].where != GK_AT_TILE) continue;
      if (n == FL_SKIPPED_TILES) return -1;
      out[n++] = g->figures[f].a;
    }
  }
  return n;
}

/* Sorts the n tiles of t[] (a handful) in place. */
static void sort_tiles(int32_t *t, int n) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
      int32_t x = t[j];
      t[j] = t[j - 1];
      t[j - 1] = x;
    }
}

/* Every tile's moves, tile by tile, when too many tiles are blocked for
** the list of skipped tiles: each tile asked on its own. */
static int each_tile_moves(gk_play *p, listing *l) {
  const gk_game *g = p->game;
  for (int32_t t = 0; t < g->n_tiles; t++) {
    if (t == p->placed || fl_tile_blocked(p, t)) continue;
    int st = node_moves(p, l, first_node(g, t), first_node(g, t + 1));
    if (st) return st;
  }
  return GK_OK;
}

/* After such a tile: a move per open segment elsewhere and kind held,
** the nodes between the skipped tiles (the one just placed, those a
** blocks_tile figure stands on) walked as ranges. */
static int deploy_anywhere_moves(gk_play *p) {
  const gk_deploy_anywhere_rule *rule = &p->flow->caps.deploy_anywhere.rule;
  const gk_game *g = p->game;
  if (p->placed < 0 || !fl_tile_passes(p->flow, g->tiles[p->placed].type, &rule->tiles))
    return GK_OK;
  listing l;
  if (!listing_init(p, &l)) return GK_OK;
  int32_t skip[FL_SKIPPED_TILES];
  skip[0] = p->placed;
  int n_skip = blocked_tiles(p, skip, 1);
  if (n_skip < 0) return each_tile_moves(p, &l);
  sort_tiles(skip, n_skip);
  int32_t from = 0;
  for (int i = 0; i < n_skip; i++) {
    int st = node_moves(p, &l, from, first_node(g, skip[i]));
    if (st) return st;
    int32_t past = first_node(g, skip[i] + 1);
    if (past > from) from = past;
  }
  return node_moves(p, &l, from, g->n_nodes);
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
