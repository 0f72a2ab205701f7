/*
** flow_pairing.c: flow:pairing{...}, the declaration of tiles of two
** sorts paired one to one (gk_pairing_rule), read here by hand: its tile
** filters name kinds too, which the field readers of wrap_flow.c do not
** (and wrap_flow.c has no room left).
**
** As in wrap_flow.c, every read is raw: no metamethod of the script's
** table runs in host code.
*/
#include <lua.h>
#include <lauxlib.h>

#include "wrap_play.h"

/* The filter of field k of the table at 2: tile tags, attributes or
** segment kinds, by name. */
static gk_tile_filter sort_filter(lua_State *L, const gk_rules *r, const char *k) {
  gk_tile_filter x = {0, 0, 0};
  lua_pushstring(L, k);
  if (lua_rawget(L, 2) != LUA_TTABLE) luaL_error(L, "pairing: %s = {tile tags, attributes or kinds} expected", k);
  for (lua_Integer i = 1, n = (lua_Integer)lua_rawlen(L, -1); i <= n; i++) {
    lua_rawgeti(L, -1, i);
    const char *name = luaL_checkstring(L, -1);
    int tag = gk_rules_find_tag(r, name), attr = gk_rules_find_attr(r, name), kind = gk_rules_find_kind(r, name);
    if (tag < 0 && attr < 0 && kind < 0)
      luaL_error(L, "pairing: '%s' in %s is neither a tile tag, an attribute nor a kind", name, k);
    if (tag >= 0) x.tags |= 1ull << tag;
    if (attr >= 0) x.attrs |= 1ull << attr;
    if (kind >= 0) x.kinds |= 1ull << kind;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return x;
}

/* flow:pairing{a = {names}, b = {names}, rival = kind or nil}: tiles of
** two sorts paired one to one, their features of the rival kind
** contesting (gk_pairing_rule). */
int flow_pairing(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  luaL_checktype(L, 2, LUA_TTABLE);
  gk_pairing_rule x = {.rival_kind = -1};
  x.a = sort_filter(L, r, "a");
  x.b = sort_filter(L, r, "b");
  lua_pushliteral(L, "rival");
  if (lua_rawget(L, 2) != LUA_TNIL) x.rival_kind = mp_checkname(L, lua_gettop(L), r, gk_rules_find_kind, "kind");
  lua_pop(L, 1);
  if (gk_flow_add_pairing(f, &x)) return luaL_error(L, "%s", gk_flow_error(f));
  return 0;
}
