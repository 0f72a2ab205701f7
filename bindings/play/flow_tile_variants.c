/*
** flow_tile_variants.c: flow:tile_variants{...}, a declaration whose table
** (a list of tile pairs, a limit per player count) the field readers of
** wrap_flow.c do not cover, so it is read here by hand; wrap_flow.c keeps
** only its entry.
**
** As in wrap_flow.c, every read is raw: no metamethod of the script's
** table runs in host code.
*/
#include <lua.h>
#include <lauxlib.h>

#include "gk_limits.h"
#include "wrap_play.h"

/* t[k] without metamethods (t at idx). */
static int raw_getfield(lua_State *L, int idx, const char *k) {
  idx = lua_absindex(L, idx);
  lua_pushstring(L, k);
  return lua_rawget(L, idx);
}

/* The limit on top of the stack (entry: its index in a list, 0 for a
** single number): an integer 0..GK_MAX_POINTS, as the flow takes it,
** read whole: a huge or negative value is refused with its value, never
** cast to an int that wraps into a small valid one. */
static int check_limit(lua_State *L, lua_Integer entry) {
  if (!lua_isinteger(L, -1)) {
    if (entry) luaL_error(L, "tile_variants: limit[%I] is %s: an integer expected", entry, luaL_typename(L, -1));
    luaL_error(L, "tile_variants: limit is %s: an integer or a list of them expected", luaL_typename(L, -1));
  }
  lua_Integer v = lua_tointeger(L, -1);
  if (v < 0 || v > GK_MAX_POINTS) {
    if (entry) luaL_error(L, "tile_variants: limit[%I] = %I: an integer from 0 to %d expected", entry, v, GK_MAX_POINTS);
    luaL_error(L, "tile_variants: limit = %I: an integer from 0 to %d expected", v, GK_MAX_POINTS);
  }
  return (int)v;
}

/* Reads flow:tile_variants's table {counter = name, limit = n or {n per
** player count}, pairs = {{tile id, variant id}, ...}} (at index 2) into
** *out for the rules of f; raises the script's error on a bad field. */
static void read_tile_variants(lua_State *L, const gk_flow *f, gk_tile_variants_rule *out) {
  const gk_rules *r = gk_flow_rules(f);
  luaL_checktype(L, 2, LUA_TTABLE);
  gk_tile_variants_rule x = {0};
  raw_getfield(L, 2, "counter");
  x.counter = mp_checkname(L, lua_gettop(L), r, gk_rules_find_counter, "counter");
  lua_pop(L, 1);
  /* a number: with any player count; a list: entry n with n players, the
  ** last entry beyond the list */
  if (raw_getfield(L, 2, "limit") == LUA_TTABLE) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    if (n < 1) luaL_error(L, "tile_variants: limit = {...} needs one entry or more");
    for (int i = 0; i < GK_MAX_PLAYERS; i++) {
      lua_rawgeti(L, -1, i < n ? i + 1 : n);
      x.limit[i] = check_limit(L, i < n ? i + 1 : n);
      lua_pop(L, 1);
    }
  } else {
    int v = check_limit(L, 0);
    for (int i = 0; i < GK_MAX_PLAYERS; i++) x.limit[i] = v;
  }
  lua_pop(L, 1);
  if (raw_getfield(L, 2, "pairs") != LUA_TTABLE) luaL_error(L, "tile_variants: pairs = {{tile, variant}, ...} expected");
  lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
  if (n > GK_MAX_TILE_VARIANTS) luaL_error(L, "tile_variants: more than %d pairs", GK_MAX_TILE_VARIANTS);
  for (lua_Integer i = 1; i <= n; i++) {
    if (lua_rawgeti(L, -1, i) != LUA_TTABLE) luaL_error(L, "tile_variants: pair %d is not {tile, variant}", (int)i);
    lua_rawgeti(L, -1, 1);
    x.tile[x.n] = mp_checktiletype(L, lua_gettop(L), r);
    lua_rawgeti(L, -2, 2);
    x.variant[x.n] = mp_checktiletype(L, lua_gettop(L), r);
    x.n++;
    lua_pop(L, 3);
  }
  lua_pop(L, 1);
  *out = x;
}

/* flow:tile_variants{counter =, limit =, pairs =}: a drawn tile played as
** one of its variants (gk_tile_variants_rule). */
int flow_tile_variants(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  gk_tile_variants_rule x;
  read_tile_variants(L, f, &x);
  if (gk_flow_add_tile_variants(f, &x)) return luaL_error(L, "%s", gk_flow_error(f));
  return 0;
}
