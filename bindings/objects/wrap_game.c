/*
** wrap_game.c: games: stacks, board, figures, scores, copies and
** serialization (the event log is in game_log.c). Players are 1..n in
** Lua and 0..n-1 in the kernel; the conversion happens here and nowhere
** else. Player 0 in Lua is the neutral owner where the kernel allows one
** (-1).
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "gk.h"
#include "wrap_internal.h"

void mp_pushgame(lua_State *L, int rules_idx, gk_game *game) {
  rules_idx = lua_absindex(L, rules_idx);
  mp_game *ud = (mp_game *)lua_newuserdatauv(L, sizeof *ud, MP_GAME_UVALUES);
  ud->self = ud;
  ud->game = game;
  ud->generation = 0;
  ud->borrowed = 0;
  ud->lock = NULL;
  ud->tile_serial = 0; /* its first tile handle takes one */
  ud->tile_generation = 0;
  ud->serials = NULL;
  ud->cache_generation = -1; /* its first feature or figure handle keeps one */
  ud->attr_key = NULL;
  ud->attr_rules = NULL;
  ud->attr_id = -1;
  luaL_setmetatable(L, MP_GAME);
  lua_pushvalue(L, rules_idx);
  lua_setiuservalue(L, -2, MP_GAME_RULES);
}

void mp_pushgameview(lua_State *L, int rules_idx, int owner_idx, gk_game *game,
                     const int *lock) {
  owner_idx = lua_absindex(L, owner_idx);
  mp_pushgame(L, rules_idx, game);
  mp_game *ud = (mp_game *)lua_touserdata(L, -1);
  ud->borrowed = 1;
  ud->lock = lock;
  lua_pushvalue(L, owner_idx);
  lua_setiuservalue(L, -2, MP_GAME_OWNER);
}

void mp_gameview_invalidate(mp_game *view, gk_game *now) {
  view->game = now;
  view->generation++;
}

static const gk_rules *rulesof(const gk_game *g) { return gk_game_rules(g); }

static int checkstack(lua_State *L, int arg, const gk_game *g) {
  return mp_checkname(L, arg, rulesof(g), gk_rules_find_stack, "stack");
}

static int checktile(lua_State *L, int arg, const gk_game *g) {
  return mp_checktiletype(L, arg, rulesof(g));
}

static int checkfigurekind(lua_State *L, int arg, const gk_game *g) {
  return mp_checkname(L, arg, rulesof(g), gk_rules_find_figure_kind,
                      "figure kind");
}

/* A tile id at the top of the stack, read from the list argument arg. */
static int listedtile(lua_State *L, int arg, const gk_game *g) {
  const char *id = lua_tostring(L, -1);
  if (lua_type(L, -1) != LUA_TSTRING)
    return luaL_argerror(L, arg, "list of tile ids expected");
  int type = gk_rules_find_tile(rulesof(g), id);
  if (type < 0)
    return luaL_argerror(L, arg, lua_pushfstring(L, "unknown tile '%s'", id));
  return type;
}

static int checkcount(lua_State *L, int arg) {
  int isint;
  lua_Integer n = lua_tointegerx(L, arg, &isint);
  if (!isint) return luaL_typeerror(L, arg, "count");
  luaL_argcheck(L, n >= 0 && n <= INT32_MAX, arg, "count out of range");
  return (int)n;
}

static void pushtileid(lua_State *L, const gk_game *g, int type) {
  if (type < 0) lua_pushnil(L);
  else lua_pushstring(L, gk_rules_tile(rulesof(g), type)->id);
}

/* Scratch memory that the garbage collector reclaims even if a later
** check raises. */
static void *scratch(lua_State *L, int n, size_t elem) {
  return lua_newuserdatauv(L, (n > 0 ? (size_t)n : 1) * elem, 0);
}

/* {======================================================================
** Turn
** ======================================================================= */

static int game_players(lua_State *L) {
  lua_pushinteger(L, gk_game_players(mp_checkgame(L, 1)));
  return 1;
}

static int game_rules(lua_State *L) {
  mp_checkgameud(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

static int game_turn(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  lua_pushinteger(L, gk_game_turn(g));
  lua_pushinteger(L, (lua_Integer)gk_game_player(g) + 1);
  return 2;
}

static int game_set_turn(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "set_turn");
  int32_t turn = mp_checkint32(L, 2, "turn");
  luaL_argcheck(L, turn >= 0, 2, "turn must not be negative");
  int player = mp_checkplayer(L, 3, g, 0);
  if (gk_game_set_turn(g, turn, player) < 0) return mp_gameerror(L, g);
  return 0;
}

/* g:random(n): 1..n from the game's RNG (logged, so replays agree). */
static int game_random(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_argcheck(L, n >= 1 && n <= UINT32_MAX, 2, "interval is empty");
  lua_pushinteger(L, (lua_Integer)gk_rng_below(g, (uint32_t)n) + 1);
  return 1;
}

/* }====================================================================== */

/* {======================================================================
** Stacks
** ======================================================================= */

/* g:stack_add(stack, id, count) or g:stack_add(stack, {{id=, count=}, ...}) */
static int game_stack_add(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "stack_add");
  int stack = checkstack(L, 2, g);
  if (lua_istable(L, 3)) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, 3);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_settop(L, 3);
      luaL_argcheck(L, lua_rawgeti(L, 3, i) == LUA_TTABLE, 3, "list of {id=, count=} expected");
      mp_rawfield(L, 4, "count");
      mp_rawfield(L, 4, "id");
      int type = listedtile(L, 3, g);
      int isint;
      lua_Integer count = lua_isnil(L, 5) ? 1 : lua_tointegerx(L, 5, &isint);
      luaL_argcheck(L, lua_isnil(L, 5) || (isint && count >= 0 && count <= INT32_MAX),
                    3, "bad count in list");
      if (gk_stack_add(g, stack, type, (int)count) < 0) return mp_gameerror(L, g);
    }
    return 0;
  }
  int type = checktile(L, 3, g);
  int count = lua_isnoneornil(L, 4) ? 1 : checkcount(L, 4);
  if (gk_stack_add(g, stack, type, count) < 0) return mp_gameerror(L, g);
  return 0;
}

static int game_shuffle(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "shuffle");
  if (gk_stack_shuffle(g, checkstack(L, 2, g)) < 0) return mp_gameerror(L, g);
  return 0;
}

static int game_stack_size(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  lua_pushinteger(L, gk_stack_size(g, checkstack(L, 2, g)));
  return 1;
}

static int game_stack_count(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int stack = checkstack(L, 2, g);
  lua_pushinteger(L, gk_stack_count(g, stack, checktile(L, 3, g)));
  return 1;
}

/* g:peek(stack [, i]): the i-th tile from the top (1 = next draw), or nil. */
static int game_peek(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int stack = checkstack(L, 2, g);
  lua_Integer i = luaL_optinteger(L, 3, 1);
  int type = (i >= 1 && i <= gk_stack_size(g, stack))
                 ? gk_stack_peek(g, stack, (int)i - 1) : -1;
  pushtileid(L, g, type);
  return 1;
}

/* An empty stack is an answer (nil), not an error. */
static int pushdrawn(lua_State *L, gk_game *g, int type) {
  if (type == GK_EEMPTY) type = -1;
  else if (type < 0) return mp_gameerror(L, g);
  pushtileid(L, g, type);
  return 1;
}

static int game_draw(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "draw");
  return pushdrawn(L, g, gk_stack_draw(g, checkstack(L, 2, g)));
}

static int game_draw_placeable(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "draw_placeable");
  return pushdrawn(L, g, gk_stack_draw_placeable(g, checkstack(L, 2, g)));
}

static int game_take(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "take");
  int stack = checkstack(L, 2, g);
  if (gk_stack_take(g, stack, checktile(L, 3, g)) < 0) return mp_gameerror(L, g);
  return 0;
}

static int game_put_back(lua_State *L) {
  static const char *const where[] = {"top", "bottom", "random", NULL};
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "put_back");
  int stack = checkstack(L, 2, g);
  int type = checktile(L, 3, g);
  int w = luaL_checkoption(L, 4, "top", where);
  if (gk_stack_put_back(g, stack, type, (gk_put_where)w) < 0)
    return mp_gameerror(L, g);
  return 0;
}

static int game_force(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "force");
  int stack = checkstack(L, 2, g);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_Unsigned len = lua_rawlen(L, 3);
  luaL_argcheck(L, len <= GK_MAX_FORCED_TILES, 3, "too many tiles");
  int n = (int)len;
  int *types = (int *)scratch(L, n, sizeof *types);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, 3, i + 1);
    types[i] = listedtile(L, 3, g);
    lua_pop(L, 1);
  }
  if (gk_stack_force(g, stack, types, n) < 0) return mp_gameerror(L, g);
  return 0;
}

static int game_discard(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "discard");
  if (gk_discard(g, checktile(L, 2, g)) < 0) return mp_gameerror(L, g);
  return 0;
}

static int game_discards(lua_State *L) {
  lua_pushinteger(L, gk_discard_count(mp_checkgame(L, 1)));
  return 1;
}

/* }====================================================================== */

/* {======================================================================
** Board
** ======================================================================= */

static void setbool(lua_State *L, const char *k, int v) {
  lua_pushboolean(L, v);
  lua_setfield(L, -2, k);
}

static void setint(lua_State *L, const char *k, lua_Integer v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

static void pushreport(lua_State *L, const gk_place_report *rep) {
  lua_createtable(L, 0, 4);
  mp_pushtile(L, 1, rep->tile);
  lua_setfield(L, -2, "tile");
  lua_createtable(L, rep->n_features, 0);
  for (int i = 0; i < rep->n_features; i++) {
    lua_createtable(L, 0, 4);
    mp_pushfeature(L, 1, rep->feature[i]);
    lua_setfield(L, -2, "feature");
    setbool(L, "extended", rep->flags[i] & GK_FEAT_EXTENDED);
    setbool(L, "merged", rep->flags[i] & GK_FEAT_MERGED);
    setbool(L, "closed", rep->flags[i] & GK_FEAT_CLOSED);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "features");
  lua_createtable(L, rep->n_closed, 0);
  for (int i = 0; i < rep->n_closed; i++) {
    mp_pushfeature(L, 1, rep->closed[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "closed");
  setint(L, "merges", rep->n_merges);
}

typedef int (*place_fn)(gk_game *, int, int32_t, int32_t, int,
                        gk_place_report *);

static int place(lua_State *L, place_fn fn) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_HOOK, "place");
  int type = checktile(L, 2, g);
  int32_t x = mp_checkcoord(L, 3), y = mp_checkcoord(L, 4);
  int rot = mp_checkrotation(L, 5);
  gk_place_report rep;
  if (fn(g, type, x, y, rot, &rep) < 0) return mp_gameerror(L, g);
  pushreport(L, &rep);
  return 1;
}

static int game_place(lua_State *L) { return place(L, gk_place_tile); }
static int game_place_fixed(lua_State *L) { return place(L, gk_place_fixed); }

static int game_can_place(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int type = checktile(L, 2, g);
  int32_t x = mp_checkcoord(L, 3), y = mp_checkcoord(L, 4);
  int rot = mp_checkrotation(L, 5);
  int ok = gk_can_place(g, type, x, y, rot);
  if (ok < 0) return mp_gameerror(L, g);
  lua_pushboolean(L, ok);
  return 1;
}

static int game_legal_placements(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int type = checktile(L, 2, g);
  int n = gk_legal_placements(g, type, NULL, 0);
  if (n < 0) return mp_gameerror(L, g);
  gk_placement *p = (gk_placement *)scratch(L, n, sizeof *p);
  n = gk_legal_placements(g, type, p, n);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_createtable(L, 0, 3);
    setint(L, "x", p[i].x);
    setint(L, "y", p[i].y);
    setint(L, "rot", p[i].rot);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int game_has_placement(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int ok = gk_has_placement(g, checktile(L, 2, g));
  if (ok < 0) return mp_gameerror(L, g);
  lua_pushboolean(L, ok);
  return 1;
}

static int game_block(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "block");
  int32_t x = mp_checkcoord(L, 2), y = mp_checkcoord(L, 3);
  if (gk_block_cell(g, x, y) < 0) return mp_gameerror(L, g);
  return 0;
}

static int game_blocked(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int32_t x = mp_checkcoord(L, 2), y = mp_checkcoord(L, 3);
  lua_pushboolean(L, gk_cell_blocked(g, x, y) > 0);
  return 1;
}

static int game_tile_count(lua_State *L) {
  lua_pushinteger(L, gk_tile_count(mp_checkgame(L, 1)));
  return 1;
}

/* g:tiles(): every placed tile, in placement order. */
static int game_tiles(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int n = gk_tile_count(g);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    mp_pushtile(L, 1, i);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

typedef int (*cells_fn)(const gk_game *, gk_cell *, int);

static int pushcells(lua_State *L, cells_fn fn) {
  gk_game *g = mp_checkgame(L, 1);
  int n = fn(g, NULL, 0);
  if (n < 0) return mp_gameerror(L, g);
  gk_cell *c = (gk_cell *)scratch(L, n, sizeof *c);
  n = fn(g, c, n);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_createtable(L, 0, 2);
    setint(L, "x", c[i].x);
    setint(L, "y", c[i].y);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int game_frontier(lua_State *L) { return pushcells(L, gk_frontier); }
static int game_holes(lua_State *L) { return pushcells(L, gk_holes); }

static int game_features(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int n = gk_features(g, NULL, 0);
  if (n < 0) return mp_gameerror(L, g);
  int32_t *roots = (int32_t *)scratch(L, n, sizeof *roots);
  n = gk_features(g, roots, n);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    mp_pushfeature(L, 1, roots[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* }====================================================================== */

/* {======================================================================
** Figures
** ======================================================================= */

static int32_t checkpair(lua_State *L, int arg, int t, int32_t *b) {
  luaL_argcheck(L, lua_istable(L, t), arg, "location {x, y} expected");
  lua_rawgeti(L, t, 1);
  lua_rawgeti(L, t, 2);
  int isx, isy;
  lua_Integer x = lua_tointegerx(L, -2, &isx), y = lua_tointegerx(L, -1, &isy);
  luaL_argcheck(L, isx && isy && x >= INT32_MIN && x <= INT32_MAX &&
                   y >= INT32_MIN && y <= INT32_MAX,
                arg, "location {x, y} expected");
  lua_pop(L, 2);
  *b = (int32_t)y;
  return (int32_t)x;
}

gk_location mp_checklocation(lua_State *L, int arg, int game_idx) {
  gk_location loc = {GK_AT_OUT, 0, 0};
  arg = lua_absindex(L, arg);
  if (luaL_testudata(L, arg, MP_FEATURE)) {
    loc.where = GK_AT_NODE;
    loc.a = mp_checkhandle(L, arg, MP_FEATURE, game_idx, NULL);
  } else if (mp_istile(L, arg)) {
    loc.where = GK_AT_TILE;
    loc.a = mp_checkhandle(L, arg, MP_TILE, game_idx, NULL);
  } else if (lua_istable(L, arg)) {
    int top = lua_gettop(L);
    if (mp_rawfield(L, arg, "feature") != LUA_TNIL) {
      loc.where = GK_AT_NODE;
      loc.a = mp_checkhandle(L, top + 1, MP_FEATURE, game_idx, NULL);
    } else if (mp_rawfield(L, arg, "tile") != LUA_TNIL) {
      loc.where = GK_AT_TILE;
      loc.a = mp_checkhandle(L, top + 2, MP_TILE, game_idx, NULL);
    } else if (mp_rawfield(L, arg, "corner") != LUA_TNIL) {
      loc.where = GK_AT_CORNER;
      loc.a = checkpair(L, arg, top + 3, &loc.b);
    } else if (mp_rawfield(L, arg, "cell") != LUA_TNIL) {
      loc.where = GK_AT_CELL;
      loc.a = checkpair(L, arg, top + 4, &loc.b);
    } else if (mp_rawfield(L, arg, "out") == LUA_TNIL) {
      luaL_argerror(L, arg, "location needs a field feature, tile, corner, "
                            "cell or out");
    }
    lua_settop(L, top);
  } else {
    luaL_typeerror(L, arg, "location");
  }
  return loc;
}

void mp_pushlocation(lua_State *L, int game_idx, gk_location loc) {
  lua_createtable(L, 0, 1);
  switch (loc.where) {
    case GK_AT_NODE:
      mp_pushfeature(L, game_idx, loc.a);
      lua_setfield(L, -2, "feature");
      break;
    case GK_AT_TILE:
      mp_pushtile(L, game_idx, loc.a);
      lua_setfield(L, -2, "tile");
      break;
    case GK_AT_CORNER:
    case GK_AT_CELL:
      lua_createtable(L, 2, 0);
      lua_pushinteger(L, loc.a);
      lua_rawseti(L, -2, 1);
      lua_pushinteger(L, loc.b);
      lua_rawseti(L, -2, 2);
      lua_setfield(L, -2, loc.where == GK_AT_CORNER ? "corner" : "cell");
      break;
    default:
      setbool(L, loc.where == GK_AT_SUPPLY ? "supply" : "out", 1);
      break;
  }
}

/* g:deploy(player, kind, location): a Figure handle, or nil and a message
** when the player's supply has none left. */
static int game_deploy(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_QUERY, "deploy");
  int player = mp_checkplayer(L, 2, g, 1);
  int kind = checkfigurekind(L, 3, g);
  gk_location loc = mp_checklocation(L, 4, 1);
  int f = gk_figure_deploy(g, player, kind, loc);
  if (f == GK_EEMPTY) {
    lua_pushnil(L);
    lua_pushfstring(L, "player %d has no %s left", player + 1,
                    gk_rules_figure_kind_name(rulesof(g), kind));
    return 2;
  }
  if (f < 0) return mp_gameerror(L, g);
  mp_pushfigure(L, 1, f);
  return 1;
}

static int game_supply(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int player = mp_checkplayer(L, 2, g, 1);
  lua_pushinteger(L, gk_supply(g, player, checkfigurekind(L, 3, g)));
  return 1;
}

/* g:figures([location]): every figure, or those at a corner, tile or cell. */
static int game_figures(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  if (lua_isnoneornil(L, 2)) {
    int n = gk_figure_count(g);
    lua_createtable(L, n, 0);
    for (int f = 0; f < n; f++) {
      mp_pushfigure(L, 1, f);
      lua_rawseti(L, -2, f + 1);
    }
    return 1;
  }
  gk_location loc = mp_checklocation(L, 2, 1);
  int n = loc.where == GK_AT_NODE ? gk_feature_figures(g, loc.a, NULL, 0)
                                  : gk_figures_at(g, loc, NULL, 0);
  if (n < 0) return mp_gameerror(L, g);
  int *figs = (int *)scratch(L, n, sizeof *figs);
  n = loc.where == GK_AT_NODE ? gk_feature_figures(g, loc.a, figs, n)
                              : gk_figures_at(g, loc, figs, n);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    mp_pushfigure(L, 1, figs[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* g:placed_figures([kind [, player]]): the figures on the board (not in a
** supply, not out of the game), optionally of one kind and one owner
** (0: neutral), in figure order. Saves a rules script a fig:info() per
** figure of the game when it looks for, say, the wagons in play. */
static int game_placed_figures(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int kind = lua_isnoneornil(L, 2) ? -1 : checkfigurekind(L, 2, g);
  int any_owner = lua_isnoneornil(L, 3);
  int owner = any_owner ? 0 : mp_checkplayer(L, 3, g, 1);
  int n = gk_figure_count(g), found = 0;
  lua_createtable(L, 4, 0);
  for (int f = 0; f < n; f++) {
    gk_figure_info fi;
    if (gk_figure_get(g, f, &fi) < 0) return mp_gameerror(L, g);
    if (fi.at.where == GK_AT_SUPPLY || fi.at.where == GK_AT_OUT) continue;
    if (kind >= 0 && fi.kind != kind) continue;
    if (!any_owner && fi.owner != owner) continue;
    mp_pushfigure(L, 1, f);
    lua_rawseti(L, -2, ++found);
  }
  return 1;
}

/* g:majority(feature, {follower = 1, ...}) -> strength, {players}.
** Figure kinds left out of the table have strength 0. */
static int game_majority(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int32_t node = mp_checkhandle(L, 2, MP_FEATURE, 1, NULL);
  luaL_checktype(L, 3, LUA_TTABLE);
  int32_t by_kind[GK_MAX_FIGURE_KINDS] = {0};
  lua_pushnil(L);
  while (lua_next(L, 3)) {
    const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    int kind = gk_rules_find_figure_kind(rulesof(g), name);
    int isint;
    lua_Integer strength = lua_tointegerx(L, -1, &isint);
    if (kind < 0)
      luaL_argerror(L, 3, lua_pushfstring(L, "unknown figure kind '%s'", name));
    luaL_argcheck(L, isint && strength >= INT32_MIN && strength <= INT32_MAX, 3,
                  "strengths must be integers");
    by_kind[kind] = (int32_t)strength;
    lua_pop(L, 1);
  }
  uint32_t leaders;
  int strength = gk_majority(g, node, by_kind, NULL, &leaders);
  if (strength < 0) return mp_gameerror(L, g);
  lua_pushinteger(L, strength);
  lua_newtable(L);
  for (int p = 0, n = 0; p < gk_game_players(g); p++)
    if (leaders & (1u << p)) {
      lua_pushinteger(L, p + 1);
      lua_rawseti(L, -2, ++n);
    }
  return 2;
}

/* }====================================================================== */

/* {======================================================================
** Scores and ledger
** ======================================================================= */

static int game_score(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int player = mp_checkplayer(L, 2, g, 0);
  int32_t points = mp_checkint32(L, 3, "points");
  int reason = mp_checkname(L, 4, rulesof(g), gk_rules_find_reason, "reason");
  int32_t node = lua_isnoneornil(L, 5) ? -1
                                       : mp_checkhandle(L, 5, MP_FEATURE, 1, NULL);
  if (gk_score(g, player, points, reason, node) < 0) return mp_gameerror(L, g);
  return 0;
}

static int game_scores(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int n = gk_game_players(g);
  lua_createtable(L, n, 0);
  for (int p = 0; p < n; p++) {
    lua_pushinteger(L, gk_player_score(g, p));
    lua_rawseti(L, -2, p + 1);
  }
  return 1;
}

/* g:counter(player, name) -> value; g:add_counter(player, name, delta). */
static int game_counter(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int player = mp_checkplayer(L, 2, g, 0);
  int c = mp_checkname(L, 3, gk_game_rules(g), gk_rules_find_counter, "counter");
  lua_pushinteger(L, gk_counter_get(g, player, c));
  return 1;
}

static int game_add_counter(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  int player = mp_checkplayer(L, 2, g, 0);
  int c = mp_checkname(L, 3, gk_game_rules(g), gk_rules_find_counter, "counter");
  int32_t delta = mp_checkint32(L, 4, "delta");
  if (gk_counter_add(g, player, c, delta) < 0) return mp_gameerror(L, g);
  return 0;
}

static int game_ledger(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  const gk_rules *r = rulesof(g);
  int n = gk_ledger_count(g);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    gk_ledger_entry e;
    gk_ledger_get(g, i, &e);
    lua_createtable(L, 0, 5);
    setint(L, "player", e.player + 1);
    setint(L, "points", e.points);
    lua_pushstring(L, gk_rules_reason_name(r, e.reason));
    lua_setfield(L, -2, "reason");
    if (e.kind >= 0) {
      lua_pushstring(L, gk_rules_kind_name(r, e.kind));
      lua_setfield(L, -2, "kind");
    }
    if (e.feature >= 0) {
      /* the feature as it was scored: its root node then, and a handle */
      setint(L, "node", e.feature);
      mp_pushfeature(L, 1, e.feature);
      lua_setfield(L, -2, "feature");
    }
    setint(L, "turn", e.turn);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* }====================================================================== */


/* {======================================================================
** Copies, serialization, life cycle
** ======================================================================= */

static int game_clone(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  gk_game *copy = gk_game_clone(g);
  if (copy == NULL) return luaL_error(L, "not enough memory");
  lua_getiuservalue(L, 1, 1);
  mp_pushgame(L, -1, copy);
  return 1;
}

/* g:restore(other): g becomes a copy of other (same rules), e.g. for undo.
** Handles into g's old state go stale. */
static int game_restore(lua_State *L) {
  mp_game *ud = mp_checkgameud(L, 1);
  gk_game *g = mp_checkgame(L, 1);
  if (ud->borrowed) return luaL_error(L, "this game belongs to a play: restore the play");
  gk_game *other = mp_checkgame(L, 2);
  luaL_argcheck(L, gk_game_rules(other) == gk_game_rules(g), 2,
                "game of other rules");
  gk_game *copy = gk_game_clone(other);
  if (copy == NULL) return luaL_error(L, "not enough memory");
  gk_game_free(ud->game);
  ud->game = copy;
  ud->generation++;
  lua_settop(L, 1);
  return 1;
}

static int game_serialize(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  long size = gk_game_serialize(g, NULL, 0);
  if (size < 0) return mp_gameerror(L, g);
  luaL_Buffer b;
  char *p = luaL_buffinitsize(L, &b, (size_t)size);
  long written = gk_game_serialize(g, p, (size_t)size);
  if (written != size) return mp_gameerror(L, g);
  luaL_pushresultsize(&b, (size_t)size);
  return 1;
}

/* meeple.deserialize(rules, s) */
static int meeple_deserialize(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  size_t len;
  const char *s = luaL_checklstring(L, 2, &len);
  char err[256];
  gk_game *g = gk_game_deserialize(r, s, len, err, sizeof err);
  if (g == NULL) return luaL_error(L, "%s", err);
  mp_pushgame(L, 1, g);
  return 1;
}

/* g:blob(slot) -> string|nil; g:set_blob(slot, string): bytes kept in
** the game state (cloned, saved, replayed with it), 1-based slots. */
static int game_blob(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  lua_Integer slot = luaL_checkinteger(L, 2);
  luaL_argcheck(L, slot >= 1 && slot <= GK_MAX_BLOBS, 2, "slot out of range");
  size_t len;
  const void *p = gk_blob_get(g, (int)slot - 1, &len);
  if (!p) return 0;
  lua_pushlstring(L, (const char *)p, len);
  return 1;
}

static int game_set_blob(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  lua_Integer slot = luaL_checkinteger(L, 2);
  luaL_argcheck(L, slot >= 1 && slot <= GK_MAX_BLOBS, 2, "slot out of range");
  size_t len;
  const char *s = luaL_checklstring(L, 3, &len);
  if (gk_blob_set(g, (int)slot - 1, s, len) < 0) return mp_gameerror(L, g);
  return 0;
}

static int game_size(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)gk_game_size(mp_checkgame(L, 1)));
  return 1;
}

/* Frees the state now; the userdata stays, and so do its handles, which
** from now on raise instead of reading freed memory. */
static int game_free(lua_State *L) {
  mp_game *ud = mp_checkgameud(L, 1);
  if (ud->borrowed) return luaL_error(L, "this game belongs to a play: free the play");
  if (ud->game) {
    gk_game_free(ud->game);
    ud->game = NULL;
    ud->generation++;
  }
  return 0;
}

static int game_tostring(lua_State *L) {
  mp_game *ud = mp_checkgameud(L, 1);
  if (ud->game == NULL) lua_pushliteral(L, "meeple game (freed)");
  else
    lua_pushfstring(L, "meeple game (%d players, %d tiles placed)",
                    gk_game_players(ud->game), gk_tile_count(ud->game));
  return 1;
}

/* }====================================================================== */

static const luaL_Reg game_methods[] = {
  {"players", game_players},
  {"rules", game_rules},
  {"turn", game_turn},
  {"set_turn", game_set_turn},
  {"random", game_random},
  {"stack_add", game_stack_add},
  {"shuffle", game_shuffle},
  {"stack_size", game_stack_size},
  {"stack_count", game_stack_count},
  {"peek", game_peek},
  {"draw", game_draw},
  {"draw_placeable", game_draw_placeable},
  {"take", game_take},
  {"put_back", game_put_back},
  {"force", game_force},
  {"discard", game_discard},
  {"discards", game_discards},
  {"place", game_place},
  {"place_fixed", game_place_fixed},
  {"can_place", game_can_place},
  {"legal_placements", game_legal_placements},
  {"has_placement", game_has_placement},
  {"block", game_block},
  {"blocked", game_blocked},
  {"tile_at", mp_game_tile_at},
  {"tile_count", game_tile_count},
  {"tiles", game_tiles},
  {"frontier", game_frontier},
  {"holes", game_holes},
  {"feature_at", mp_game_feature_at},
  {"features", game_features},
  {"deploy", game_deploy},
  {"supply", game_supply},
  {"figures", game_figures},
  {"placed_figures", game_placed_figures},
  {"majority", game_majority},
  {"score", game_score},
  {"scores", game_scores},
  {"counter", game_counter},
  {"add_counter", game_add_counter},
  {"ledger", game_ledger},
  {"log", mp_game_log},
  {"replay", mp_game_replay},
  {"clone", game_clone},
  {"restore", game_restore},
  {"serialize", game_serialize},
  {"size", game_size},
  {"blob", game_blob},
  {"set_blob", game_set_blob},
  {"free", game_free},
  {NULL, NULL}
};

/* A view's game belongs to its play, which frees it. */
static int game_close(lua_State *L) {
  mp_game *ud = mp_checkgameud(L, 1);
  if (ud->borrowed) return 0;
  return game_free(L);
}

/* The userdata itself goes: its tile handles' serial must not find it. */
static int game_gc(lua_State *L) {
  mp_tile_forget(mp_checkgameud(L, 1));
  return game_close(L);
}

static const luaL_Reg game_meta[] = {
  {"__gc", game_gc},
  {"__close", game_close},
  {"__tostring", game_tostring},
  {NULL, NULL}
};

void mp_open_game(lua_State *L) {
  mp_register_type(L, MP_GAME, game_meta, game_methods, 0);
  lua_pushcfunction(L, meeple_deserialize);
  lua_setfield(L, -2, "deserialize");
}
