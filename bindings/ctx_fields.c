/*
** ctx_fields.c: the reader of a hook's ctx fields that are looked up only
** when a hook asks (player, turn, part, state), in C: the Lua reader it
** replaces ran inside the hook's sandboxed call, where every VM
** instruction pays the count hook, and cost about 5,000 machine
** instructions a field (10,000 for state).
**
** meeple_host.ctx_index(methods, lazy, hook_key, lazy_key, live) makes the
** __index of ctx's fields tables (meeple.loader.dispatch): key ->
**   player, turn, part   the play's (fields.play), as play:player() etc.;
**   state                the running hook's (fields[hook_key]) script's
**                        live state table in the game of fields.game:
**                        live[game][hook.state_slot].root, its undo log
**                        started anew when the game's epoch moved on, as
**                        meeple.loader.state_live.load does;
**   anything else        methods[key].
** A value read is kept in the fields (rawset) and fields[lazy_key](), if
** set, is told. Whatever this reader cannot answer itself (no live entry
** yet, a freed play) goes to the Lua reader lazy[key](fields).
**
** Invariant: answers what the Lua readers answer, and changes what they
** change (the fields, the entry's log and epoch), nothing else.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "host.h"
#include "wrap_internal.h"
#include "wrap_play.h"

enum { UP_METHODS = 1, UP_LAZY, UP_HOOK_KEY, UP_LAZY_KEY, UP_LIVE };

/* The play's player, turn or part (which: 0, 1, 2) pushed; 0 if the
** play is not one (or is gone): the Lua reader decides then. */
static int push_play_field(lua_State *L, int fields, int which) {
  lua_getfield(L, fields, "play");
  mp_play *ud = (mp_play *)luaL_testudata(L, -1, MP_PLAY);
  lua_pop(L, 1);
  if (!ud || !ud->play) return 0;
  lua_Integer v = which == 0   ? gk_play_player(ud->play) + 1
                  : which == 1 ? gk_play_turn(ud->play) + 1
                               : gk_play_part(ud->play);
  lua_pushinteger(L, v);
  return 1;
}

/* The entry's undo log starts anew: state_live's forget_log. */
static void new_epoch(lua_State *L, int entry, lua_Integer epoch) {
  lua_getfield(L, entry, "n");
  lua_Integer n = lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (n > 0) {
    lua_getfield(L, entry, "log");
    for (lua_Integer i = 1; i <= n; i++) {
      lua_pushnil(L);
      lua_rawseti(L, -2, i);
    }
    lua_pop(L, 1);
    lua_pushinteger(L, 0);
    lua_setfield(L, entry, "n");
  }
  lua_pushinteger(L, epoch);
  lua_setfield(L, entry, "epoch");
}

/* The running hook's state pushed (nil: its script has none); 0 when
** its game has no live entry for it yet: the Lua reader loads it. */
static int push_state(lua_State *L, int fields) {
  int top = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(UP_HOOK_KEY));
  if (lua_rawget(L, fields) != LUA_TTABLE) {
    lua_settop(L, top);
    lua_pushnil(L);
    return 1;
  }
  if (lua_getfield(L, -1, "state_slot") != LUA_TNUMBER) {
    lua_settop(L, top);
    lua_pushnil(L);
    return 1;
  }
  lua_Integer slot = lua_tointeger(L, -1);
  lua_getfield(L, fields, "game");
  mp_game *view = (mp_game *)luaL_testudata(L, -1, MP_GAME);
  if (!view || !view->game || lua_rawgetp(L, lua_upvalueindex(UP_LIVE), view->game) != LUA_TTABLE ||
      lua_rawgeti(L, -1, slot) != LUA_TTABLE) {
    lua_settop(L, top);
    return 0;
  }
  int entry = lua_gettop(L);
  lua_Integer epoch = (lua_Integer)gk_blob_epoch(view->game);
  lua_getfield(L, entry, "epoch");
  int same = lua_tointeger(L, -1) == epoch;
  lua_pop(L, 1);
  if (!same) new_epoch(L, entry, epoch);
  lua_getfield(L, entry, "root");
  lua_replace(L, top + 1);
  lua_settop(L, top + 1);
  return 1;
}

static int lazy_field(const char *k) {
  static const char *const names[] = {"player", "turn", "part", "state"};
  for (int i = 0; i < 4; i++)
    if (strcmp(k, names[i]) == 0) return i;
  return -1;
}

/* __index(fields, key) */
static int ctx_index(lua_State *L) {
  int which = lua_type(L, 2) == LUA_TSTRING ? lazy_field(lua_tostring(L, 2)) : -1;
  if (which < 0) {
    lua_settop(L, 2);
    lua_rawget(L, lua_upvalueindex(UP_METHODS));
    return 1;
  }
  int done = which == 3 ? push_state(L, 1) : push_play_field(L, 1, which);
  if (!done) { /* the Lua reader: lazy[key](fields) */
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(UP_LAZY));
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
  }
  int v = lua_gettop(L);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, v);
  lua_rawset(L, 1);
  lua_pushvalue(L, lua_upvalueindex(UP_LAZY_KEY));
  if (lua_rawget(L, 1) != LUA_TNIL) lua_call(L, 0, 0);
  else lua_pop(L, 1);
  return 1;
}

/* meeple_host.ctx_index(methods, lazy, hook_key, lazy_key, live) */
static int host_ctx_index(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checkany(L, 3);
  luaL_checkany(L, 4);
  luaL_checktype(L, 5, LUA_TTABLE);
  lua_settop(L, 5);
  lua_pushcclosure(L, ctx_index, 5);
  return 1;
}

void mp_ctx_fields_open(lua_State *L) {
  lua_pushcfunction(L, host_ctx_index);
  lua_setfield(L, -2, "ctx_index");
}
