/*
** wrap_walk.c: board walks in C. A fan expansion that follows a river to
** its open end, looks along a row for followers or asks what lies around
** a cell would otherwise make three or four API calls per tile from Lua
** (tile_at, info, feature_at, spot), each crossing into C and most
** building a table; here one call walks the whole way, and a callback,
** when given, is the only Lua run per step.
**
** Only the kernel's public queries (gk.h) are used: nothing here keeps
** state between calls, so a walk always sees the board as it is now.
*/
#include <lua.h>
#include <lauxlib.h>

#include "gk.h"
#include "wrap_internal.h"
#include "wrap_walk.h"

/* One step toward each side (gk_side order N, E, S, W); y grows south. */
static const int DX[4] = {0, 1, 0, -1};
static const int DY[4] = {-1, 0, 1, 0};

/* The ports (board orientation) segment seg of a placed tile covers. */
static unsigned seg_ports(const gk_game *g, const gk_placed_tile *pt, int seg) {
  unsigned m = gk_rules_tile(gk_game_rules(g), pt->type)->segments[seg].ports;
  int r = 3 * pt->rot; /* a quarter turn clockwise maps port p to p + 3 */
  return r ? ((m << r) | (m >> (GK_PORT_COUNT - r))) & 0xFFFu : m;
}

/* The same for a node, its tile's facts in *pt. */
static unsigned node_ports(const gk_game *g, int32_t node, gk_placed_tile *pt) {
  gk_tile_info(g, gk_node_tile(g, node), pt);
  return seg_ports(g, pt, gk_node_segment(g, node));
}

static int lowest_port(unsigned m) {
  int p = 0;
  while (!((m >> p) & 1)) p++;
  return p;
}

static void setint(lua_State *L, const char *k, lua_Integer v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

/* {======================================================================
** Game methods
** ======================================================================= */

/* g:walk(x, y, port [, fn]): follows the feature that leaves the tile at
** x,y through port, tile by tile, as long as each segment it enters has
** one port besides the one it came in by (a road, a river). fn(th, x, y,
** in, out) is called for each tile entered (out nil where the feature
** ends on that tile); false from it stops the walk there. Returns the
** tiles entered, the cell of the last one (x,y itself when none), and,
** when the walk ran off the board, the open port and the empty cell it
** faces: the open end of a river is one call. */
static int game_walk(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int32_t x = mp_checkcoord(L, 2), y = mp_checkcoord(L, 3);
  int port = mp_checkport(L, 4);
  int has_fn = !lua_isnoneornil(L, 5);
  if (has_fn) luaL_checktype(L, 5, LUA_TFUNCTION);
  lua_settop(L, 5);
  if (gk_tile_at(g, x, y) < 0)
    return luaL_argerror(L, 2, lua_pushfstring(L, "no tile at %d,%d", (int)x, (int)y));
  int32_t start = gk_node_at_port(g, x, y, port);
  if (start < 0)
    return luaL_argerror(L, 4, lua_pushfstring(L, "no segment at port %s of the tile at %d,%d",
                                               gk_port_name(port), (int)x, (int)y));
  lua_Integer steps = 0;
  int out = port, open = 0;
  for (;;) {
    int side = out / 3;
    int32_t nx = x + DX[side], ny = y + DY[side];
    int tile = gk_tile_at(g, nx, ny);
    if (tile < 0) { open = 1; break; }
    int in = gk_port_opposite(out);
    gk_placed_tile pt;
    gk_tile_info(g, tile, &pt);
    int seg = gk_rules_segment_at_port(gk_game_rules(g), pt.type, pt.rot, in);
    int32_t node = seg < 0 ? -1 : gk_node(g, tile, seg);
    /* back at the start: a closed loop; a node count bounds any path */
    if (node < 0 || node == start || steps >= gk_node_count(g)) break;
    unsigned rest = seg_ports(g, &pt, seg) & ~(1u << in);
    int next = rest && !(rest & (rest - 1)) ? lowest_port(rest) : -1;
    steps++;
    x = nx;
    y = ny;
    if (has_fn) {
      lua_pushvalue(L, 5);
      mp_pushtile(L, 1, tile);
      lua_pushinteger(L, x);
      lua_pushinteger(L, y);
      lua_pushinteger(L, in);
      if (next >= 0) lua_pushinteger(L, next);
      else lua_pushnil(L);
      lua_call(L, 5, 1);
      int stop = lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1);
      lua_pop(L, 1);
      g = mp_checkgame(L, 1); /* fn may have freed it */
      if (stop) break;
    }
    if (next < 0) break;
    out = next;
  }
  lua_pushinteger(L, steps);
  lua_pushinteger(L, x);
  lua_pushinteger(L, y);
  if (!open) return 3;
  lua_pushinteger(L, out);
  lua_pushinteger(L, x + DX[out / 3]);
  lua_pushinteger(L, y + DY[out / 3]);
  return 6;
}

/* Walks the line from x,y toward side s over the tiles up to the first
** empty cell, calling the function at fn_idx (0: none) on each; the
** tiles go to out[] while there is room (*n counts them all). Returns
** the game, which the callback may have freed (then it raised). */
static gk_game *walk_line(lua_State *L, gk_game *g, int32_t x, int32_t y, int s,
                          int fn_idx, int *out, int cap, int *n) {
  for (int32_t k = 1;; k++) {
    int32_t cx = x + DX[s] * k, cy = y + DY[s] * k;
    int tile = gk_tile_at(g, cx, cy);
    if (tile < 0) break;
    if (*n < cap) out[*n] = tile;
    ++*n;
    if (fn_idx) {
      lua_pushvalue(L, fn_idx);
      mp_pushtile(L, 1, tile);
      lua_pushinteger(L, cx);
      lua_pushinteger(L, cy);
      lua_call(L, 3, 1);
      int stop = lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1);
      lua_pop(L, 1);
      g = mp_checkgame(L, 1); /* fn may have freed it */
      if (stop) break;
    }
  }
  return g;
}

/* The sides a line call looks toward: port's, or all four. */
static void line_sides(lua_State *L, int arg, int *first, int *last) {
  *first = 0, *last = 3;
  if (!lua_isnoneornil(L, arg)) *first = *last = mp_checkport(L, arg) / 3;
}

/* g:line(x, y [, port [, fn]]): the tiles in a straight line from the
** cell x,y (placed or not) toward port's side, up to the first empty
** cell; without a port, the four lines. fn(th, x, y) is called for each
** tile, nearest first; false from it ends that line there. Returns how
** many tiles the lines hold. */
static int game_line(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int32_t x = mp_checkcoord(L, 2), y = mp_checkcoord(L, 3);
  int first, last, n = 0;
  line_sides(L, 4, &first, &last);
  int fn = !lua_isnoneornil(L, 5) ? 5 : 0;
  if (fn) {
    luaL_checktype(L, 5, LUA_TFUNCTION);
    lua_settop(L, 5);
  }  /* without fn nothing is pushed: no settop (a veto asks often) */
  for (int s = first; s <= last; s++) g = walk_line(L, g, x, y, s, fn, NULL, 0, &n);
  lua_pushinteger(L, n);
  return 1;
}

/* g:sight(x, y [, port]): what a lookout at x,y sees along g:line's
** lines: how many tiles, and how many figures stand on them (on one of
** their segments or on the tile). */
static int game_sight(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int32_t x = mp_checkcoord(L, 2), y = mp_checkcoord(L, 3);
  int first, last, n = 0;
  line_sides(L, 4, &first, &last);
  int seen[64]; /* the tiles in sight; past 64, the rest by their cells */
  for (int s = first; s <= last; s++) g = walk_line(L, g, x, y, s, 0, seen, 64, &n);
  lua_Integer figures = 0;
  for (int f = 0, nf = n ? gk_figure_count(g) : 0; f < nf; f++) {
    gk_figure_info fi;
    if (gk_figure_get(g, f, &fi) < 0) continue;
    int tile = fi.at.where == GK_AT_NODE ? gk_node_tile(g, fi.at.a)
               : fi.at.where == GK_AT_TILE ? (int)fi.at.a : -1;
    if (tile < 0) continue;
    int in = 0;
    for (int i = 0; i < n && i < 64 && !in; i++) in = seen[i] == tile;
    if (!in && n > 64) { /* a line longer than the list: is it on one? */
      gk_placed_tile pt;
      gk_tile_info(g, tile, &pt);
      for (int s = first; s <= last && !in; s++) {
        int32_t along = DX[s] ? (pt.x - x) * DX[s] : (pt.y - y) * DY[s];
        int32_t across = DX[s] ? pt.y - y : pt.x - x;
        /* on the line and before its first gap */
        if (across == 0 && along >= 1) {
          in = 1;
          for (int32_t k = 1; k < along && in; k++)
            in = gk_tile_at(g, x + DX[s] * k, y + DY[s] * k) >= 0;
        }
      }
    }
    figures += in;
  }
  lua_pushinteger(L, n);
  lua_pushinteger(L, figures);
  return 2;
}

/* g:neighbours(x, y [, 8]): the tiles around a cell, each a handle or
** nil: N, E, S, W, or with 8, N, NE, E, SE, S, SW, W, NW. Values, not a
** table: nothing is allocated. */
static int game_neighbours(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int32_t x = mp_checkcoord(L, 2), y = mp_checkcoord(L, 3);
  lua_Integer n = luaL_optinteger(L, 4, 4);
  luaL_argcheck(L, n == 4 || n == 8, 4, "4 or 8 neighbours");
  int out[8];
  if (n == 4) gk_neighbours4(g, x, y, out);
  else gk_neighbours8(g, x, y, out);
  luaL_checkstack(L, (int)n, "neighbours");
  for (int i = 0; i < n; i++) {
    if (out[i] < 0) lua_pushnil(L);
    else mp_pushtile(L, 1, out[i]);
  }
  return (int)n;
}

/* }====================================================================== */

/* {======================================================================
** Feature and tile methods
** ======================================================================= */

/* f:ends(): every open end of the feature: each port of it that faces an
** empty cell, as {tile = th, x =, y =, port =, to_x =, to_y =} (the
** tile's cell, the port, the empty cell it faces), in the feature's node
** order. A road or a river has one per end; an open city side, its three
** ports. */
static int feature_ends(lua_State *L) {
  gk_game *g;
  int32_t node = mp_checkhandle(L, 1, MP_FEATURE, 0, &g);
  lua_settop(L, 1);
  lua_getiuservalue(L, 1, 1); /* 2: the game */
  int n = gk_feature_nodes(g, node, NULL, 0);
  if (n < 0) return mp_gameerror(L, g);
  int32_t *nodes = (int32_t *)lua_newuserdatauv(L, (size_t)(n + 1) * sizeof *nodes, 0);
  n = gk_feature_nodes(g, node, nodes, n);
  lua_newtable(L); /* 4 */
  lua_Integer k = 0;
  for (int i = 0; i < n; i++) {
    gk_placed_tile pt;
    unsigned ports = node_ports(g, nodes[i], &pt);
    int empty = -1, side_of_empty = -1; /* the last side tested */
    for (int p = 0; p < GK_PORT_COUNT; p++) {
      if (!((ports >> p) & 1)) continue;
      int s = p / 3;
      if (s != side_of_empty) {
        side_of_empty = s;
        empty = gk_tile_at(g, pt.x + DX[s], pt.y + DY[s]) < 0;
      }
      if (!empty) continue;
      lua_createtable(L, 0, 6);
      mp_pushtile(L, 2, gk_node_tile(g, nodes[i]));
      lua_setfield(L, -2, "tile");
      setint(L, "x", pt.x);
      setint(L, "y", pt.y);
      setint(L, "port", p);
      setint(L, "to_x", pt.x + DX[s]);
      setint(L, "to_y", pt.y + DY[s]);
      lua_rawseti(L, 4, ++k);
    }
  }
  return 1;
}

/* th:figures(): the figures standing on the tile, on one of its segments
** or on the tile itself, ascending ids. */
static int tile_figures(lua_State *L) {
  gk_game *g;
  int32_t tile = mp_checktile(L, 1, 0, &g);
  mp_game *gud;
  lua_settop(L, 1);
  mp_tile_game(L, 1, &gud); /* 2: the game (live: checked above) */
  lua_newtable(L);
  lua_Integer k = 0;
  for (int f = 0, n = gk_figure_count(g); f < n; f++) {
    gk_figure_info fi;
    if (gk_figure_get(g, f, &fi) < 0) continue;
    if ((fi.at.where == GK_AT_NODE && gk_node_tile(g, fi.at.a) == tile) ||
        (fi.at.where == GK_AT_TILE && fi.at.a == tile)) {
      mp_pushfigure(L, 2, f);
      lua_rawseti(L, 3, ++k);
    }
  }
  return 1;
}

/* }====================================================================== */

void mp_open_walk(lua_State *L) {
  static const luaL_Reg game[] = {
    {"walk", game_walk},
    {"line", game_line},
    {"sight", game_sight},
    {"neighbours", game_neighbours},
    {NULL, NULL}
  };
  static const luaL_Reg feature[] = {{"ends", feature_ends}, {NULL, NULL}};
  static const luaL_Reg tile[] = {{"figures", tile_figures}, {NULL, NULL}};
  mp_add_methods(L, MP_GAME, game);
  mp_add_methods(L, MP_FEATURE, feature);
  mp_add_methods(L, MP_TILE, tile);
}
