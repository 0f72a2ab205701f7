/*
** hook_direct.c: notifications (on("turn_begin"), on("tile_placed")...)
** that the flow calls itself, without the Lua dispatcher: a rule
** author's hook then costs one sandboxed call, not a dispatch.
**
** The dispatcher (meeple.loader.dispatch) says which events qualify and
** hands over, as the play's user value 4, a table
**   { [event name] = {hook, ...}, ctx = proxy, fields = its fields,
**     hook_key =, text_key = (the fields' private keys), freeze = fn(v),
**     after = fn(hook), failed = fn() }
** to which mp_setdirect adds each list under its hook id + 1.
** Each hook record has fn and script_id; ctx is a proxy of its own, so a
** direct call never shares its fields with a dispatch.
**
** Invariant: the calls see what the dispatcher would show (ctx, subject,
** args, the lent game, the budgets) and fail the same way with the same
** message; on any failure the game is lent to nobody again and the
** dispatcher's cached state decodings are dropped (failed()), so the
** move's undo finds the state as stored.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "host.h"
#include "wrap_play.h"

/* User value 4 of a play: the direct table, or nil. */
enum { DIRECT_UV = 4 };

/* opts.direct: the dispatcher's table (absent: every hook dispatches). */
void mp_setdirect(lua_State *L, int self, int opts) {
  self = lua_absindex(L, self);
  mp_play *ud = mp_checkplayud(L, self);
  ud->direct = 0;
  ud->host = mp_host_of(L);
  if (!ud->host || lua_getfield(L, opts, "direct") != LUA_TTABLE) {
    lua_pop(L, 1);
    return;
  }
  int t = lua_gettop(L);
  for (int h = 0; mp_hook_names[h]; h++) {
    if (lua_getfield(L, t, mp_hook_names[h]) == LUA_TTABLE) {
      ud->direct |= 1u << h;
      lua_rawseti(L, t, h + 1);
    } else {
      lua_pop(L, 1);
    }
  }
  lua_setiuservalue(L, self, DIRECT_UV);
}

/* A copy of a play (clone, a lender) calls the same hooks the same way. */
void mp_copydirect(lua_State *L, int dst_self, int src_self) {
  dst_self = lua_absindex(L, dst_self);
  mp_play *dst = mp_checkplayud(L, dst_self), *src = mp_checkplayud(L, src_self);
  dst->direct = src->direct;
  dst->host = src->host;
  lua_getiuservalue(L, src_self, DIRECT_UV);
  lua_setiuservalue(L, dst_self, DIRECT_UV);
}

/* The name messages give the hook's script: what Lua calls its short
** source, found once per hook and kept in the record. */
static const char *hook_source(lua_State *L, int h, int fn) {
  if (lua_getfield(L, h, "src") != LUA_TSTRING) {
    lua_Debug ar;
    lua_pop(L, 1);
    lua_pushvalue(L, fn);
    lua_getinfo(L, ">S", &ar);
    lua_pushstring(L, ar.short_src);
    lua_pushvalue(L, -1);
    lua_setfield(L, h, "src");
  }
  return lua_tostring(L, -1); /* stays on the stack while the hook runs */
}

/* Stack slots of one direct call. */
typedef struct direct_slots {
  int d, ctx, fields, hook_key, text_key, subject, args;
} direct_slots;

static void rawset_nil(lua_State *L, int t, int key) {
  lua_pushvalue(L, key);
  lua_pushnil(L);
  lua_rawset(L, t);
}

/* ctx's fields for this event: those a hook reads lazily are cleared. */
static void reset_fields(lua_State *L, const direct_slots *s, int view, int play_idx,
                         const char *phase) {
  static const char *const cleared[] = {"player", "turn", "part", "state"};
  lua_pushvalue(L, view);
  lua_setfield(L, s->fields, "game");
  lua_pushvalue(L, play_idx);
  lua_setfield(L, s->fields, "play");
  lua_pushstring(L, phase ? phase : "?");
  lua_setfield(L, s->fields, "phase");
  for (size_t i = 0; i < sizeof cleared / sizeof cleared[0]; i++) {
    lua_pushnil(L);
    lua_setfield(L, s->fields, cleared[i]);
  }
  rawset_nil(L, s->fields, s->hook_key);
  rawset_nil(L, s->fields, s->text_key);
}

/* Runs hook record h: (ctx, subject, args), then stores its state if
** it read it. GK_OK, or the flow's error set. */
static int run_one(lua_State *L, mp_play *ud, gk_play *play, int h, const direct_slots *s) {
  int top = lua_gettop(L);
  lua_pushvalue(L, s->hook_key);
  lua_pushvalue(L, h);
  lua_rawset(L, s->fields);
  lua_pushnil(L);
  lua_setfield(L, s->fields, "state");
  rawset_nil(L, s->fields, s->text_key);
  lua_getfield(L, h, "fn");
  int fn = lua_gettop(L);
  const char *name = hook_source(L, h, fn);
  lua_pushvalue(L, fn);
  lua_pushvalue(L, s->ctx);
  lua_pushvalue(L, s->subject);
  lua_pushvalue(L, s->args);
  if (mp_host_call(ud->host, 3, 0, name) != MP_SANDBOX_OK) {
    gk_play_set_error(play, "%s", mp_sandbox_error(mp_host_sandbox(ud->host)));
    lua_settop(L, top);
    return GK_EINVAL;
  }
  int st = GK_OK;
  lua_pushliteral(L, "state");
  if (lua_rawget(L, s->fields) != LUA_TNIL) { /* read (raw: no lazy load): store it */
    lua_getfield(L, s->d, "after");
    lua_pushvalue(L, h);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
      gk_play_set_error(play, "%s", lua_tostring(L, -1));
      st = GK_EINVAL;
    }
  }
  lua_settop(L, top);
  return st;
}

/* After a failure: nobody's game is lent, and the state decodings that
** a failed hook may have changed in place are dropped. */
static void abort_direct(lua_State *L, mp_play *ud, int d) {
  mp_host_lend(ud->host, L, 0);
  lua_getfield(L, d, "failed");
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) lua_pop(L, 1);
}

void mp_direct_failed(lua_State *L, mp_play *ud, int self) {
  lua_getiuservalue(L, self, DIRECT_UV);
  abort_direct(L, ud, lua_gettop(L));
  lua_pop(L, 1);
}

int mp_direct_call(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c) {
  int self = ud->self;
  int top = lua_gettop(L);
  direct_slots s;
  lua_getiuservalue(L, self, DIRECT_UV);
  s.d = top + 1;
  lua_rawgeti(L, s.d, c->hook + 1);
  int list = lua_gettop(L);
  lua_getfield(L, s.d, "ctx");
  s.ctx = lua_gettop(L);
  lua_getfield(L, s.d, "fields");
  s.fields = lua_gettop(L);
  lua_getfield(L, s.d, "hook_key");
  s.hook_key = lua_gettop(L);
  lua_getfield(L, s.d, "text_key");
  s.text_key = lua_gettop(L);
  int view = mp_pushplayview(L, self);
  reset_fields(L, &s, view, self, gk_flow_phase_name(gk_play_flow(play), c->phase));
  mp_pushhookargs(L, ud, play, c);
  int raw = lua_gettop(L);
  /* what the hooks see: read-only views (meeple.loader.freeze), as the
  ** dispatcher shows them; the subject is the placed tile or the move */
  lua_getfield(L, s.d, "freeze");
  lua_pushvalue(L, -1);
  if (c->report) lua_getfield(L, raw, "tile");
  else if (c->move) lua_getfield(L, raw, "move");
  else lua_pushnil(L);
  lua_call(L, 1, 1);
  s.subject = lua_gettop(L);
  lua_pushvalue(L, s.subject - 1); /* freeze again, for the args */
  lua_pushvalue(L, raw);
  lua_call(L, 1, 1);
  s.args = lua_gettop(L);
  mp_host_lend(ud->host, L, view);
  lua_Integer n = (lua_Integer)lua_rawlen(L, list);
  int st = GK_OK;
  for (lua_Integer i = 1; i <= n && st == GK_OK; i++) {
    lua_rawgeti(L, list, i);
    st = run_one(L, ud, play, lua_gettop(L), &s);
    lua_pop(L, 1);
  }
  if (st == GK_OK) mp_host_lend(ud->host, L, 0);
  else abort_direct(L, ud, s.d);
  lua_settop(L, top);
  return st;
}
