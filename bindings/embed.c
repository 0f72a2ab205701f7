/*
** embed.c: makes "meeple", "meeple.fs", "lpeg" and the embedded Lua modules loadable
** through package.preload, for trusted host states.
*/
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "embed.h"
#include "fs.h"
#include "meeple_lua.h"

/* From the static LPeg library (liblua5.4-lpeg.a). */
int luaopen_lpeg(lua_State *L);

/* The preload loader of one embedded module (upvalue 1); require calls it
** with the module name, which the chunk receives as its '...'. */
static int load_embedded(lua_State *L) {
  const mp_embedded *m = (const mp_embedded *)lua_touserdata(L, lua_upvalueindex(1));
  if (luaL_loadbufferx(L, (const char *)m->code, m->size, m->chunkname, "t") != LUA_OK)
    return lua_error(L);
  lua_pushstring(L, m->name);
  lua_call(L, 1, 1);
  return 1;
}

void meeple_lua_preload(lua_State *L) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  lua_pushcfunction(L, luaopen_meeple);
  lua_setfield(L, -2, "meeple");
  lua_pushcfunction(L, luaopen_lpeg);
  lua_setfield(L, -2, "lpeg");
  lua_pushcfunction(L, luaopen_meeple_fs);
  lua_setfield(L, -2, "meeple.fs");
  for (const mp_embedded *m = mp_embedded_modules; m->name; m++) {
    lua_pushlightuserdata(L, (void *)m);
    lua_pushcclosure(L, load_embedded, 1);
    lua_setfield(L, -2, m->name);
  }
  lua_pop(L, 1);
}

lua_State *meeple_lua_newstate(void) {
  lua_State *L = luaL_newstate();
  if (L == NULL) return NULL;
  luaL_openlibs(L);
  meeple_lua_preload(L);
  return L;
}
