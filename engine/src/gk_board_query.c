/*
** gk_board_query.c: what is on the board at a cell and around it, and a
** placed tile's record (gk_board.c places the tiles). Read-only: none of
** these changes the game.
*/
#include "gk_internal.h"

static const int DX4[4] = {0, 1, 0, -1}; /* N E S W */
static const int DY4[4] = {-1, 0, 1, 0};
static const int DX8[8] = {0, 1, 1, 1, 0, -1, -1, -1}; /* N NE E SE S SW W NW */
static const int DY8[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

int gk_tile_at(const gk_game *g, int32_t x, int32_t y) {
  if (!g) return -1;
  int32_t ci = gki_cell_index(g, x, y);
  return ci < 0 ? -1 : g->cells[ci].tile;
}

int gk_tile_count(const gk_game *g) { return g ? g->n_tiles : 0; }

int gk_tile_info(const gk_game *g, int tile, gk_placed_tile *out) {
  if (!g) return GK_EINVAL;
  if (tile < 0 || tile >= g->n_tiles || !out) {
    gki_game_seterr(g, "tile_info: no placed tile %d", tile);
    return GK_EINVAL;
  }
  const gk_tilerec *t = &g->tiles[tile];
  out->type = t->type;
  out->x = t->x;
  out->y = t->y;
  out->rot = t->rot;
  out->neighbours = t->neighbours;
  out->first_node = t->first_node;
  out->n_segments = g->rules->tiles[t->type].def.n_segments;
  return GK_OK;
}

static int neighbours(const gk_game *g, int32_t x, int32_t y, int n,
                      const int *dx, const int *dy, int *out) {
  if (!g || !out) return GK_EINVAL;
  int present = 0;
  for (int d = 0; d < n; d++) {
    out[d] = gk_tile_at(g, x + dx[d], y + dy[d]);
    present += out[d] >= 0;
  }
  return present;
}

int gk_neighbours4(const gk_game *g, int32_t x, int32_t y, int out[4]) {
  return neighbours(g, x, y, 4, DX4, DY4, out);
}

int gk_neighbours8(const gk_game *g, int32_t x, int32_t y, int out[8]) {
  return neighbours(g, x, y, 8, DX8, DY8, out);
}
