/*
** state_entry.c: the entry of one script's live state in one game
** (meeple.loader.state_live), as a userdata whose fields C reads as
** struct members: the C write of a state table (state_write.c) and the
** C reader of ctx.state (ctx_fields.c) run on every hook call that
** touches state, and each field of a table entry cost them a raw lookup.
**
** meeple_host.state_entry(key, slot, epoch, stale) makes one: key the
** game's lightuserdata (state_blobs.c's state_key), live, with an empty
** undo log. Lua reads and writes it as before, by the integer keys of
** mp_state_field (state_live's KEY, SLOT...), through __index and
** __newindex; the log table and the root are its user values.
**
** Invariant: a field holds what state_live last stored in it, with the
** type it stored (key: a lightuserdata or nil, slot/epoch/count:
** integers, live/stale: booleans); keys outside mp_state_field raise.
*/
#include <lua.h>
#include <lauxlib.h>

#include "host.h"

static const char entry_mt_key = 'e';

mp_state_entry *mp_state_entry_of(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(mp_state_entry)) return NULL;
  return (mp_state_entry *)lua_touserdata(L, idx);
}

static mp_state_entry *check_entry(lua_State *L) {
  mp_state_entry *e = mp_state_entry_of(L, 1);
  if (!e) luaL_typeerror(L, 1, "state entry");
  return e;
}

static int entry_index(lua_State *L) {
  mp_state_entry *e = check_entry(L);
  switch (luaL_checkinteger(L, 2)) {
  case MP_ENTRY_KEY:
    if (e->key) lua_pushlightuserdata(L, e->key);
    else lua_pushnil(L);
    break;
  case MP_ENTRY_SLOT: lua_pushinteger(L, e->slot); break;
  case MP_ENTRY_EPOCH: lua_pushinteger(L, e->epoch); break;
  case MP_ENTRY_COUNT: lua_pushinteger(L, e->count); break;
  case MP_ENTRY_LIVE: lua_pushboolean(L, e->live); break;
  case MP_ENTRY_STALE: lua_pushboolean(L, e->stale); break;
  case MP_ENTRY_LOG: lua_getiuservalue(L, 1, MP_ENTRY_UV_LOG); break;
  case MP_ENTRY_ROOT: lua_getiuservalue(L, 1, MP_ENTRY_UV_ROOT); break;
  default: return luaL_argerror(L, 2, "no such state entry field");
  }
  return 1;
}

static int entry_newindex(lua_State *L) {
  mp_state_entry *e = check_entry(L);
  lua_settop(L, 3);
  switch (luaL_checkinteger(L, 2)) {
  case MP_ENTRY_KEY:
    e->key = lua_isnil(L, 3) ? NULL : (luaL_checktype(L, 3, LUA_TLIGHTUSERDATA), lua_touserdata(L, 3));
    break;
  case MP_ENTRY_SLOT: e->slot = luaL_checkinteger(L, 3); break;
  case MP_ENTRY_EPOCH: e->epoch = luaL_checkinteger(L, 3); break;
  case MP_ENTRY_COUNT: e->count = luaL_checkinteger(L, 3); break;
  case MP_ENTRY_LIVE: e->live = lua_toboolean(L, 3); break;
  case MP_ENTRY_STALE: e->stale = lua_toboolean(L, 3); break;
  case MP_ENTRY_LOG:
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_setiuservalue(L, 1, MP_ENTRY_UV_LOG);
    break;
  case MP_ENTRY_ROOT: lua_setiuservalue(L, 1, MP_ENTRY_UV_ROOT); break;
  default: return luaL_argerror(L, 2, "no such state entry field");
  }
  return 0;
}

/* meeple_host.state_entry(key, slot, epoch, stale) */
static int state_entry(lua_State *L) {
  luaL_checktype(L, 1, LUA_TLIGHTUSERDATA);
  mp_state_entry *e = (mp_state_entry *)lua_newuserdatauv(L, sizeof *e, MP_ENTRY_UV_COUNT);
  *e = (mp_state_entry){.key = lua_touserdata(L, 1), .slot = luaL_checkinteger(L, 2),
                        .epoch = luaL_checkinteger(L, 3), .live = 1, .stale = lua_toboolean(L, 4)};
  lua_newtable(L);
  lua_setiuservalue(L, -2, MP_ENTRY_UV_LOG);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &entry_mt_key);
  lua_setmetatable(L, -2);
  return 1;
}

void mp_state_entry_open(lua_State *L) {
  lua_createtable(L, 0, 3);
  lua_pushcfunction(L, entry_index);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, entry_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &entry_mt_key);
  lua_pushcfunction(L, state_entry);
  lua_setfield(L, -2, "state_entry");
}
