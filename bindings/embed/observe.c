/*
** observe.c: meeple_observe(), the state of a game as fixed-size numbers
** (meeple_observation in meeple.h; docs/python.md names every field).
**
** Invariant: the observation is a pure function of the game state, read
** through the kernel's const API; filling it never changes the game.
** Cells outside the board window are counted in status[7], not dropped
** silently.
*/
#include <string.h>

#include "gk.h"
#include "meeple.h"
#include "session_internal.h"

enum { ST_PLAYER, ST_TURN, ST_TILE, ST_LEGAL, ST_LEFT, ST_OVER, ST_PLACED, ST_OUTSIDE };

/* The window cell of board cell (x, y), or NULL outside it. */
static int16_t *cell(meeple_observation *o, int32_t x, int32_t y) {
  int32_t cx = x + MEEPLE_OBS_RADIUS, cy = y + MEEPLE_OBS_RADIUS;
  if (cx < 0 || cy < 0 || cx >= MEEPLE_OBS_SIDE || cy >= MEEPLE_OBS_SIDE) return NULL;
  return o->board[cy][cx];
}

static int observe_tiles(const gk_game *k, meeple_observation *o) {
  int n = gk_tile_count(k), outside = 0;
  for (int t = 0; t < n; t++) {
    gk_placed_tile pt;
    if (gk_tile_info(k, t, &pt) < 0) continue;
    int16_t *c = cell(o, pt.x, pt.y);
    if (!c) {
      outside++;
      continue;
    }
    c[0] = (int16_t)(pt.type + 1);
    c[1] = (int16_t)pt.rot;
  }
  o->status[ST_PLACED] = n;
  return outside;
}

/* The cell a figure stands on, if it stands on the board. */
static int figure_cell(const gk_game *k, const gk_location *at, int32_t *x, int32_t *y) {
  gk_placed_tile pt;
  switch (at->where) {
    case GK_AT_NODE:
      if (gk_tile_info(k, gk_node_tile(k, at->a), &pt) < 0) return 0;
      *x = pt.x, *y = pt.y;
      return 1;
    case GK_AT_TILE:
      if (gk_tile_info(k, at->a, &pt) < 0) return 0;
      *x = pt.x, *y = pt.y;
      return 1;
    case GK_AT_CELL:
    case GK_AT_CORNER:
      *x = at->a, *y = at->b;
      return 1;
    default:
      return 0;
  }
}

static void observe_figures(const gk_game *k, meeple_observation *o) {
  int n = gk_figure_count(k);
  for (int f = 0; f < n; f++) {
    gk_figure_info fi;
    int32_t x, y;
    if (gk_figure_get(k, f, &fi) < 0 || !figure_cell(k, &fi.at, &x, &y)) continue;
    int16_t *c = cell(o, x, y);
    if (!c) continue;
    if (c[3] == 0) c[2] = (int16_t)(fi.owner + 1);
    c[3]++;
  }
}

static void observe_players(const gk_game *k, meeple_observation *o, int players) {
  const gk_rules *r = gk_game_rules(k);
  int kinds = gk_rules_figure_kind_count(r);
  if (kinds > MEEPLE_OBS_FIGURE_KINDS) kinds = MEEPLE_OBS_FIGURE_KINDS;
  for (int p = 0; p < players && p < MEEPLE_MAX_PLAYERS; p++)
    for (int kind = 0; kind < kinds; kind++) {
      int s = gk_supply(k, p, kind);
      o->supply[p][kind] = (int16_t)(s > 0 ? s : 0);
    }
  int left = 0;
  for (int s = 0; s < gk_rules_stack_count(r); s++) left += gk_stack_size(k, s);
  o->status[ST_LEFT] = left;
}

int meeple_observe(meeple_game *g, meeple_observation *o) {
  memset(o, 0, sizeof *o);
  gk_game *k = mp_session_kernel(g);
  if (!k) return -1;
  int players = meeple_scores(g, o->scores, MEEPLE_MAX_PLAYERS);
  int legal = meeple_move_count(g);
  int tile = mp_session_tile(g, gk_game_rules(k));
  if (players < 0 || legal < 0 || tile < -1) return -1;
  o->status[ST_OUTSIDE] = observe_tiles(k, o);
  observe_figures(k, o);
  observe_players(k, o, players);
  o->status[ST_PLAYER] = meeple_player(g);
  o->status[ST_TURN] = meeple_turn(g);
  o->status[ST_TILE] = tile + 1;
  o->status[ST_LEGAL] = legal;
  o->status[ST_OVER] = meeple_over(g);
  memset(o->action_mask, 1, (size_t)(legal < MEEPLE_OBS_MAX_ACTIONS ? legal : MEEPLE_OBS_MAX_ACTIONS));
  return 0;
}

int meeple_tile_types(meeple_game *g) {
  gk_game *k = mp_session_kernel(g);
  return k ? gk_rules_tile_count(gk_game_rules(k)) : -1;
}

const char *meeple_tile_id(meeple_game *g, int type) {
  gk_game *k = mp_session_kernel(g);
  if (!k || type < 0 || type >= gk_rules_tile_count(gk_game_rules(k))) return NULL;
  return gk_rules_tile(gk_game_rules(k), type)->id;
}
