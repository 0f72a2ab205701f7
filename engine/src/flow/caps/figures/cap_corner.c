/*
** cap_corner.c: corner figures (gk_figure_rule.corner): deployed where
** four tiles meet and one feature covers the corner (a barn).
**
** Invariant: a corner kind is listed only by this file (its deploy
** segments are 0), once per distinct node of the placed tile.
*/
#include "flow/flow_internal.h"

/* The node at a port of the tile in window cell ci (which holds one),
** as gk_node_at_port, without its checks: the caller knows the cell. */
static int32_t node_at(const gk_game *g, int32_t ci, int port) {
  const gk_tilerec *o = &g->tiles[g->cells[ci].tile];
  return o->first_node + gki_port_seg(g->rules, o->type, o->rot)[port];
}

/* Appends the deploys of a corner figure kind on the placed tile. */
static void corner_deploys(gk_play *p, int kind) {
  gk_game *g = p->game;
  const gk_tilerec *t = &g->tiles[p->placed];
  if (t->neighbours < 3) return; /* no corner has its three other tiles */
  /* the placed tile's corners as vertices, and which cell of each vertex
  ** (gk_corner_nodes order NW, NE, SW, SE) the placed tile is */
  static const int vdx[4] = {0, 1, 0, 1}, vdy[4] = {0, 0, 1, 1}, cell_of_tile[4] = {3, 2, 1, 0};
  /* a vertex's cells (NW, NE, SW, SE) and the two ports of each that end
  ** at it, as gk_corner_nodes */
  static const int cdx[4] = {-1, 0, -1, 0}, cdy[4] = {-1, -1, 0, 0};
  static const int cport[4][2] = {
      {GK_ESE, GK_SSE}, {GK_SSW, GK_WSW}, {GK_ENE, GK_NNE}, {GK_NNW, GK_WNW}};
  /* The 8 cells around that hold tiles, N NE E SE S SW W NW (the window
  ** reaches one cell beyond a placed tile), and the three each corner
  ** needs besides the placed tile: NW, N, W; N, NE, E; W, SW, S; E, SE, S. */
  static const unsigned needs[4] = {0xC1, 0x07, 0x70, 0x1C};
  const int32_t ci = gki_cell_index(g, t->x, t->y), w = g->w;
  const int32_t step[8] = {-w, -w + 1, 1, w + 1, w, w - 1, -1, -w - 1};
  const uint64_t on_kinds = p->flow->figure[kind].on_kinds;
  unsigned around = 0;
  for (int d = 0; d < 8; d++) around |= (unsigned)(g->cells[ci + step[d]].tile >= 0) << d;
  int32_t used[4];
  int n_used = 0;
  for (int c = 0; c < 4; c++) {
    /* the four cells of the vertex hold tiles, so all eight nodes exist */
    if ((around & needs[c]) != needs[c]) continue;
    int mine_cell = cell_of_tile[c];
    int32_t mine = node_at(g, ci, cport[mine_cell][0]);
    /* a kind the figure may not stand on: fl_deployable would refuse it
    ** after the walk below */
    if (!((on_kinds >> g->node_kind[mine]) & 1)) continue;
    int32_t root = gki_find(g, mine);
    bool one = true;
    for (int i = 0; i < 8 && one; i++) {
      int k = i / 2;
      int32_t cell = ci + (vdx[c] + cdx[k]) + (vdy[c] + cdy[k]) * w;
      one = gki_find(g, node_at(g, cell, cport[k][i % 2])) == root;
    }
    if (!one || !fl_deployable(p, kind, mine)) continue;
    bool seen = false;
    for (int i = 0; i < n_used && !seen; i++) seen = used[i] == mine;
    if (seen) continue;
    used[n_used++] = mine;
    p->moves[p->n_moves++] =
        (gk_move){.type = GK_MOVE_DEPLOY, .figure_kind = kind, .at = {GK_AT_NODE, mine, 0}};
  }
}

static bool corner_declared(const gk_flow *f) {
  for (int k = 0; k < f->rules->n_figure_kinds; k++)
    if (f->figure[k].corner) return true;
  return false;
}

/* Corner kinds stand on no segment of their own: this file lists them. */
static int corner_freeze(gk_flow *f) {
  for (int k = 0; k < GK_MAX_FIGURE_KINDS; k++) {
    if (!f->figure[k].corner) continue;
    f->deploy_lister[k] = corner_deploys;
    for (int t = 0; t < f->n_tile_types; t++)
      f->deploy_segs[(size_t)t * GK_MAX_FIGURE_KINDS + (size_t)k] = 0;
  }
  return GK_OK;
}

const fl_capability fl_cap_corner = {
    .name = "corner figures",
    .declared = corner_declared,
    .freeze = corner_freeze,
};
