/*
** embed.c: the entry points that name the module "meeple" itself and
** pass its opener (luaopen_meeple) down: meeple_lua_preload and
** meeple_lua_newstate for trusted host states, mp_host_new (a host whose
** scripts can load the modules), and meeple.h's meeple_load,
** meeple_replay and meeple_simulate, whose games run in such a host.
**
** The top of embed/: preload.c and session.c below take the opener as a
** parameter, so no loop of calls runs through module.c (which opens
** wrap_session.c, which calls session.c).
*/
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "embed.h"
#include "host.h"
#include "meeple.h"
#include "meeple_lua.h"
#include "session_internal.h"

void meeple_lua_preload(lua_State *L) { mp_preload_modules(L, NULL, luaopen_meeple); }

lua_State *meeple_lua_newstate(void) {
  lua_State *L = luaL_newstate();
  if (L == NULL) return NULL;
  luaL_openlibs(L);
  meeple_lua_preload(L);
  return L;
}

mp_host *mp_host_new(const mp_sandbox_limits *limits) { return mp_host_open(limits, luaopen_meeple); }

meeple_game *meeple_load(const meeple_options *o, char *err, size_t errcap) {
  return mp_session_load(o, luaopen_meeple, err, errcap);
}

meeple_game *meeple_replay(const char *record, size_t len, const char *path, char *err,
                           size_t errcap) {
  return mp_session_replay(record, len, path, luaopen_meeple, err, errcap);
}

int meeple_simulate(const meeple_options *o, int games, uint64_t seed, int32_t *out, char *err,
                    size_t errcap) {
  return mp_session_simulate(o, games, seed, out, luaopen_meeple, err, errcap);
}
