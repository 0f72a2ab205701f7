/*
** preload.c: makes a module opener's "meeple", "meeple.fs", "lpeg" and
** the embedded Lua modules loadable through package.preload, and opens
** a host (host/host.c) whose scripts can load them.
**
** The opener of "meeple" is a parameter: embed.c and wrap_session.c pass
** luaopen_meeple down, so this file, and session.c that makes hosts
** through it, call nothing above them (no loop through module.c).
*/
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "embed.h"
#include "fs.h"
#include "hook_profile.h"
#include "hooks.h"
#include "host.h"
#include "sandbox.h"

/* From the static LPeg library (liblua5.4-lpeg.a). */
int luaopen_lpeg(lua_State *L);

/* The preload loader of one embedded module (upvalue 1); require calls it
** with the module name, which the chunk receives as its '...'. In a
** sandbox's state (upvalue 2, else NULL) the chunk is the host's own code,
** trusted by identity (mp_sandbox_trust), not by its name. */
static int load_embedded(lua_State *L) {
  const mp_embedded *m = (const mp_embedded *)lua_touserdata(L, lua_upvalueindex(1));
  mp_sandbox *sb = (mp_sandbox *)lua_touserdata(L, lua_upvalueindex(2));
  if (luaL_loadbufferx(L, (const char *)m->code, m->size, m->chunkname, "t") != LUA_OK)
    return lua_error(L);
  if (sb != NULL && mp_sandbox_trust(sb, -1) != MP_SANDBOX_OK)
    return luaL_error(L, "%s: not enough memory", m->name);
  lua_pushstring(L, m->name);
  lua_call(L, 1, 1);
  return 1;
}

void mp_preload_modules(lua_State *L, mp_sandbox *sb, lua_CFunction opener) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  lua_pushcfunction(L, opener);
  lua_setfield(L, -2, "meeple");
  lua_pushcfunction(L, luaopen_lpeg);
  lua_setfield(L, -2, "lpeg");
  lua_pushcfunction(L, luaopen_meeple_fs);
  lua_setfield(L, -2, "meeple.fs");
  for (const mp_embedded *m = mp_embedded_modules; m->name; m++) {
    lua_pushlightuserdata(L, (void *)m);
    lua_pushlightuserdata(L, sb);
    lua_pushcclosure(L, load_embedded, 2);
    lua_setfield(L, -2, m->name);
  }
  lua_pop(L, 1);
}

mp_host *mp_host_open(const mp_sandbox_limits *limits, lua_CFunction opener) {
  mp_host *h = mp_host_create(limits);
  if (!h) return NULL;
  lua_State *L = mp_host_lua(h);
  /* the embedded modules are host code: trusted as they load */
  mp_preload_modules(L, mp_host_sandbox(h), opener);
  lua_getglobal(L, "meeple_host");
  mp_ctx_fields_open(L);
  mp_hook_profile_open(L);
  lua_pop(L, 1);
  return h;
}
