/*
** cap_corner.c: corner figures (gk_figure_rule.corner): deployed where
** four tiles meet and one feature covers the corner (a barn).
**
** Invariant: a corner kind is listed only by this file (its deploy
** segments are 0), once per distinct node of the placed tile.
*/
#include "flow/flow_internal.h"

/* Appends the deploys of a corner figure kind on the placed tile. */
static void corner_deploys(gk_play *p, int kind) {
  gk_game *g = p->game;
  const gk_tilerec *t = &g->tiles[p->placed];
  if (t->neighbours < 3) return; /* no corner has its three other tiles */
  /* the placed tile's corners as vertices, and which cell of each vertex
  ** (gk_corner_nodes order NW, NE, SW, SE) the placed tile is */
  static const int vdx[4] = {0, 1, 0, 1}, vdy[4] = {0, 0, 1, 1}, cell_of_tile[4] = {3, 2, 1, 0};
  /* The 8 cells around that hold tiles, N NE E SE S SW W NW (the window
  ** reaches one cell beyond a placed tile), and the three each corner
  ** needs besides the placed tile: NW, N, W; N, NE, E; W, SW, S; E, SE, S. */
  static const unsigned needs[4] = {0xC1, 0x07, 0x70, 0x1C};
  const int32_t ci = gki_cell_index(g, t->x, t->y), w = g->w;
  const int32_t step[8] = {-w, -w + 1, 1, w + 1, w, w - 1, -1, -w - 1};
  unsigned around = 0;
  for (int d = 0; d < 8; d++) around |= (unsigned)(g->cells[ci + step[d]].tile >= 0) << d;
  int32_t used[4];
  int n_used = 0;
  for (int c = 0; c < 4; c++) {
    if ((around & needs[c]) != needs[c]) continue;
    int32_t vx = t->x + vdx[c], vy = t->y + vdy[c];
    int32_t nodes[8];
    if (gk_corner_nodes(g, vx, vy, nodes) != 4) continue;
    int32_t root = nodes[0] >= 0 ? gki_find(g, nodes[0]) : -1;
    bool one = root >= 0;
    for (int i = 1; i < 8 && one; i++) one = nodes[i] >= 0 && gki_find(g, nodes[i]) == root;
    if (!one) continue;
    int32_t mine = nodes[2 * cell_of_tile[c]];
    if (!fl_deployable(p, kind, mine)) continue;
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
