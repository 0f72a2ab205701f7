/*
** ctx_fields.c: the reader of a hook's ctx fields that are looked up only
** when a hook asks (player, turn, part, state), in C: the Lua reader it
** replaces ran inside the hook's sandboxed call, where every VM
** instruction pays the count hook, and cost about 5,000 machine
** instructions a field (10,000 for state).
**
** meeple_host.ctx_index(methods, lazy, hook_key, live, root, holders)
** makes the __index of ctx's fields tables (meeple.loader.dispatch):
** key ->
**   player, turn, part   the play's (fields.play), as play:player() etc.,
**                        read afresh every time;
**   state                the running hook's (fields[hook_key]) script's
**                        live state table in the game of fields.game:
**                        live[game][hook.state_slot][root] (an entry of
**                        state_entry.c, or a table), as
**                        meeple.loader.state_live.load gives it (a new
**                        epoch's undo log starts at its first write);
**                        kept in fields.state, so that the hook's next
**                        reads are one raw lookup, and noted in
**                        holders[fields] = the game's key;
**   anything else        methods[key].
** Whatever this reader cannot answer itself (no live entry yet, a freed
** play) goes to the Lua reader lazy[key](fields).
**
** Invariant: answers what the Lua readers answer, and changes nothing
** but fields.state and holders. A kept fields.state is the live root of
** fields[hook_key]'s slot in fields.game's game for as long as it stays:
** whoever names another hook or another game in the fields clears it
** (dispatch.lua, hook_direct.c, hook_veto.c), and so does state_live
** when it drops that game's entries (holders). A game's live root never
** changes while its entry lives. Keys and the Game and Play metatables
** are upvalues: each read is a few raw lookups.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "host.h"
#include "wrap_internal.h"
#include "hooks.h"

enum { UP_METHODS = 1, UP_LAZY, UP_HOOK_KEY, UP_LIVE, UP_ROOT, UP_HOLDERS, UP_GAME_MT,
       UP_PLAY_MT, UP_PLAY, UP_GAME, UP_STATE_SLOT, UP_STATE };
static const char *const key_names[] = {"play", "game", "state_slot", "state"};
enum { N_UPVALUES = UP_STATE };

/* The full userdata t[upvalue key] if its metatable is upvalue mt, else
** NULL; pushes nothing. */
static void *field_udata(lua_State *L, int t, int key, int mt) {
  lua_pushvalue(L, lua_upvalueindex(key));
  lua_rawget(L, t);
  void *ud = NULL;
  if (lua_getmetatable(L, -1)) {
    if (lua_rawequal(L, -1, lua_upvalueindex(mt))) ud = lua_touserdata(L, -2);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return ud;
}

/* The play's player, turn or part (which: 0, 1, 2) pushed; 0 if the
** play is not one (or is gone): the Lua reader decides then. */
static int push_play_field(lua_State *L, int fields, int which) {
  mp_play *ud = (mp_play *)field_udata(L, fields, UP_PLAY, UP_PLAY_MT);
  if (!ud || !ud->play) return 0;
  lua_Integer v = which == 0   ? gk_play_player(ud->play) + 1
                  : which == 1 ? gk_play_turn(ud->play) + 1
                               : gk_play_part(ud->play);
  lua_pushinteger(L, v);
  return 1;
}

/* The running hook's state pushed (nil: its script has none); 0 when
** its game has no live entry for it yet: the Lua reader loads it. (A
** new epoch's log is started by the first write, state_write.c.) A
** state found is kept in the fields (keep_state). */
static int push_state(lua_State *L, int fields) {
  int top = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(UP_HOOK_KEY));
  if (lua_rawget(L, fields) != LUA_TTABLE) {
    lua_settop(L, top);
    lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(UP_STATE_SLOT));
  if (lua_rawget(L, -2) != LUA_TNUMBER) {
    lua_settop(L, top);
    lua_pushnil(L);
    return 1;
  }
  lua_Integer slot = lua_tointeger(L, -1);
  mp_game *view = (mp_game *)field_udata(L, fields, UP_GAME, UP_GAME_MT);
  if (!view || !view->game || lua_rawgetp(L, lua_upvalueindex(UP_LIVE), view->game) != LUA_TTABLE)
    return lua_settop(L, top), 0;
  int t = lua_rawgeti(L, -1, slot);
  if (t == LUA_TTABLE) lua_rawgeti(L, -1, lua_tointeger(L, lua_upvalueindex(UP_ROOT)));
  else if (mp_state_entry_of(L, -1)) lua_getiuservalue(L, -1, MP_ENTRY_UV_ROOT);
  else return lua_settop(L, top), 0;
  lua_replace(L, top + 1);
  lua_settop(L, top + 1);
  return 1;
}

/* The state on top kept as fields.state, and holders[fields] = its
** game's key, for state_live to clear when it drops that game's state. */
static void keep_state(lua_State *L, int fields) {
  if (lua_isnil(L, -1)) return;
  mp_game *view = (mp_game *)field_udata(L, fields, UP_GAME, UP_GAME_MT);
  if (!view || !view->game) return;
  lua_pushvalue(L, fields);
  lua_pushlightuserdata(L, view->game);
  lua_rawset(L, lua_upvalueindex(UP_HOLDERS));
  lua_pushvalue(L, lua_upvalueindex(UP_STATE));
  lua_pushvalue(L, -2);
  lua_rawset(L, fields);
}

/* 0 player, 1 turn, 2 part, 3 state, -1 another key. */
static int lazy_field(const char *k) {
  switch (k[0]) {
  case 'p': return strcmp(k, "player") == 0 ? 0 : strcmp(k, "part") == 0 ? 2 : -1;
  case 't': return strcmp(k, "turn") == 0 ? 1 : -1;
  case 's': return strcmp(k, "state") == 0 ? 3 : -1;
  default: return -1;
  }
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
  if (which == 3) keep_state(L, 1);
  return 1;
}

/* meeple_host.ctx_index(methods, lazy, hook_key, live, root, holders) */
static int host_ctx_index(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checkany(L, 3);
  luaL_checktype(L, 4, LUA_TTABLE);
  luaL_checkinteger(L, 5);
  luaL_checktype(L, 6, LUA_TTABLE);
  lua_settop(L, 6);
  luaL_getmetatable(L, MP_GAME);
  luaL_getmetatable(L, MP_PLAY);
  for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++) lua_pushstring(L, key_names[i]);
  lua_pushcclosure(L, ctx_index, N_UPVALUES);
  return 1;
}

/* ctx's fields for an event of a C path (hook_veto.c, hook_collect.c),
** written where they changed since the path's last event (shown): the
** game view and play at those slots, the phase's name. The lazy player,
** turn and part are never kept in the fields (ctx_index reads them
** afresh, and the C paths run with it only); the state it keeps is the
** running hook's in one game, forgotten when another game is shown, even
** through the same view (an agent's lender repoints its view), and at a
** change of hook (mp_set_running). */
void mp_ctx_fields_set(lua_State *L, int fields, int game, int play, const gk_flow *f, int phase,
                       mp_ctx_shown *shown) {
  const void *view = lua_topointer(L, game), *self = lua_topointer(L, play);
  const gk_game *g = ((const mp_game *)view)->game;
  if (view != shown->view) {
    lua_pushvalue(L, game);
    lua_setfield(L, fields, "game");
    shown->view = view;
  }
  if (g != shown->game) {
    lua_pushnil(L);
    lua_setfield(L, fields, "state");
    shown->game = g;
  }
  if (self != shown->play) {
    lua_pushvalue(L, play);
    lua_setfield(L, fields, "play");
    shown->play = self;
  }
  if (phase + 1 != shown->phase1) {
    const char *name = gk_flow_phase_name(f, phase);
    lua_pushstring(L, name ? name : "?");
    lua_setfield(L, fields, "phase");
    shown->phase1 = phase + 1;
  }
}

void mp_ctx_fields_open(lua_State *L) {
  lua_pushcfunction(L, host_ctx_index);
  lua_setfield(L, -2, "ctx_index");
}
