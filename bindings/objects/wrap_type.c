/*
** wrap_type.c: the one registration helper every userdata type uses.
**
** Invariant: a script can reach a host object's methods only by calling
** them. Each type's metatable has __name (error messages name the type),
** __index (its method table), the type's own metamethods (__gc, __eq,
** __tostring, ...) and a locked __metatable, so getmetatable() gives
** false: a script cannot call __gc on a live object, replace a method in
** the shared __index table, or see what another script sees. The method
** table is only reachable from C (the registry), and it refuses writes
** even there, so a host bug cannot hand a script a writable copy.
*/
#include <lua.h>
#include <lauxlib.h>

#include "wrap_internal.h"

static int refuse_write(lua_State *L) {
  return luaL_error(L, "attempt to modify a host object's methods");
}

void mp_register_type(lua_State *L, const char *tname, const luaL_Reg *meta,
                      const luaL_Reg *methods, int nup) {
  int up = lua_gettop(L) - nup + 1;
  luaL_newmetatable(L, tname);  /* sets __name */
  int mt = lua_gettop(L);
  if (meta) luaL_setfuncs(L, meta, 0);
  lua_newtable(L);
  for (int i = 0; i < nup; i++) lua_pushvalue(L, up + i);
  luaL_setfuncs(L, methods, nup);
  lua_createtable(L, 0, 2);  /* the method table's guard */
  lua_pushcfunction(L, refuse_write);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_setfield(L, mt, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, mt, "__metatable");
  lua_settop(L, up - 1);  /* pops the metatable and the upvalues */
}

void mp_add_methods(lua_State *L, const char *tname, const luaL_Reg *methods) {
  luaL_getmetatable(L, tname);
  lua_getfield(L, -1, "__index");
  for (; methods->name; methods++) {  /* raw: the table refuses writes */
    lua_pushstring(L, methods->name);
    lua_pushcfunction(L, methods->func);
    lua_rawset(L, -3);
  }
  lua_pop(L, 2);
}

/* The method table's __index: reached only for a name that is no method. */
static int typo(lua_State *L) {
  const char *name = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2);
  return luaL_error(L, "%s (no field '%s')", lua_tostring(L, lua_upvalueindex(1)), name);
}

void mp_type_typo_error(lua_State *L, const char *tname, const char *hint) {
  luaL_getmetatable(L, tname);
  lua_getfield(L, -1, "__index");
  lua_getmetatable(L, -1);  /* the guard: raw, as mp_add_methods */
  lua_pushstring(L, hint);
  lua_pushcclosure(L, typo, 1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 3);
}
