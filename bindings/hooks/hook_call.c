/*
** hook_call.c: a hook call, the flow's way into the scripts: the one
** entry of every call the flow makes (mp_hook_call, the play's gk_hooks
** callback), the Lua route (run_hook) and what the four C routes share:
** their shell and the reader of their tables.
**
** The five routes of a call, chosen per hook by the bits the hook plan
** set on the play (meeple.loader.dispatch make_dispatcher: a hook goes
** to the first route that can show it what the dispatcher would):
**   veto       allow("tile_placement" | "figure_placement"): hook_veto.c,
**              one round per listing, each candidate shown to the hooks;
**   transform  transform("feature_points" | "extra_part"): hook_transform.c,
**              the value folded through the hooks;
**   collect    collect(phase): hook_collect.c, the moves offered gathered;
**   direct     on(event), on("action"): hook_direct.c, the notification
**              with only the arguments each hook takes;
**   dispatch   anything else (a hook narrowed in a way C does not read,
**              a call nested in another): the Lua dispatcher, run_hook.
** The first three run every hook of the event in one sandboxed protected
** call, their shell here (mp_c_path_call: the game lent, the budgets);
** the direct route makes one sandboxed call per hook. Each route's
** table comes from the hook plan once per play (hook_plan.c calls the
** route's setter): attached to the play (mp_c_path_attach), its hook
** records read into flat lists by one reader (mp_read_hooks), and the
** route's call put in the play (ud->veto_call, ...).
**
** Invariant: calls run one way, hook_plan.c -> a route -> this file:
** the entry reaches a route only through the pointer its setter left in
** the play, never by name, so no loop of calls (tests/structure/
** loops_test.lua). A hook runs in a protected call of its own, so a Lua
** error never unwinds through the flow's C frames; it becomes the
** flow's error, and the flow undoes the whole move.
*/
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "hook_profile.h"
#include "host.h"
#include "hooks.h"
#include "sandbox.h"

/* {======================================================================
** Hooks: the flow's calls into the dispatcher
** ======================================================================= */


/* A hook's leaders: a list of player numbers; anything else raises. */
static uint32_t toleaders(lua_State *L, int idx, const char *hook, int players) {
  uint32_t mask = 0;
  lua_Integer n = (lua_Integer)lua_rawlen(L, idx);  /* raw: a script's table */
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, idx, i);
    int isint = 0;
    lua_Integer p = lua_tointegerx(L, -1, &isint);
    if (!isint || p < 1 || p > players)
      luaL_error(L, "%s: leaders[%d] is not a player (1 to %d)", hook, (int)i, players);
    mask |= 1u << (p - 1);
    lua_pop(L, 1);
  }
  return mask;
}

/* The dispatcher gets (hook name, args) and returns a result table:
** {value=, leaders=, moves=}. Errors become the flow's error, which
** undoes the whole move. */
/* A veto's answer: the 1-based indices, increasing, of the moves it kept.
** The flow's own copies of those moves stay; the tables the hooks saw
** (and may have edited) are not read back. */
static int keep_moves(lua_State *L, int idx, gk_hook_call *c) {
  lua_Unsigned n = lua_rawlen(L, idx);
  lua_Integer last = 0;
  if (n > (lua_Unsigned)c->n_moves) return -1;
  for (lua_Unsigned i = 1; i <= n; i++) {
    lua_rawgeti(L, idx, (lua_Integer)i);
    int isint;
    lua_Integer k = lua_tointegerx(L, -1, &isint);
    lua_pop(L, 1);
    if (!isint || k <= last || k > c->n_moves) return -1;
    c->moves[i - 1] = c->moves[k - 1];
    last = k;
  }
  c->n_moves = (int)n;
  return 0;
}

void mp_pushhookargs(lua_State *L, mp_play *ud, gk_play *play, const gk_hook_call *c) {
  int self = ud->self;
  lua_createtable(L, 0, 8);
  const char *phase = gk_flow_phase_name(gk_play_flow(play), c->phase);
  lua_pushstring(L, phase ? phase : "?");
  lua_setfield(L, -2, "phase");
  if (c->feature >= 0) {
    int view = mp_pushplayview(L, self);
    mp_pushfeature(L, view, c->feature);
    lua_remove(L, view);
    lua_setfield(L, -2, "feature");
    lua_pushstring(L, c->when == GK_WHEN_FINAL ? "final" : "closed");
    lua_setfield(L, -2, "when");
  }
  lua_pushinteger(L, c->value);
  lua_setfield(L, -2, "value");
  if (c->feature >= 0) { /* only scoring events have leaders */
    mp_pushleaders(L, c->leaders);
    lua_setfield(L, -2, "leaders");
  }
  if (c->move) {
    mp_pushmove(L, ud, self, c->move);
    lua_setfield(L, -2, "move");
  }
  if (c->moves) {
    lua_createtable(L, c->n_moves, 0);
    for (int i = 0; i < c->n_moves; i++) {
      mp_pushmove(L, ud, self, &c->moves[i]);
      lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "moves");
  }
  if (c->report) {
    int view = mp_pushplayview(L, self);
    mp_pushtile(L, view, c->report->tile);
    lua_remove(L, view);
    lua_setfield(L, -2, "tile");
    /* the id, for the dispatcher's tile filters: cheaper than th:info() */
    gk_placed_tile pt;
    if (gk_tile_info(gk_play_game(play), c->report->tile, &pt) == GK_OK) {
      lua_pushstring(L, gk_rules_tile(mp_playrules(ud), pt.type)->id);
      lua_setfield(L, -2, "tile_id");
    }
  }
}

static int run_hook(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c) {
  int self = ud->self;
  lua_getiuservalue(L, self, 3);
  lua_pushstring(L, mp_hook_names[c->hook]);
  mp_pushhookargs(L, ud, play, c);
  lua_pushvalue(L, self);
  lua_getiuservalue(L, self, 2); /* the game view: the dispatcher's g */
  if (lua_pcall(L, 4, 1, 0) != LUA_OK) {
    gk_play_set_error(play, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    return GK_EINVAL;
  }
  int res = lua_gettop(L);
  if (lua_istable(L, res)) {
    if (mp_rawfield(L, res, "value") == LUA_TNUMBER) {
      int isint;
      lua_Integer v = lua_tointegerx(L, -1, &isint);
      if (!isint || v < INT32_MIN || v > INT32_MAX) {
        lua_settop(L, res - 1);
        gk_play_set_error(play, "%s: value out of range", mp_hook_names[c->hook]);
        return GK_EINVAL;
      }
      c->value = (int32_t)v;
    }
    lua_pop(L, 1);
    if (mp_rawfield(L, res, "leaders") == LUA_TTABLE)
      c->leaders = toleaders(L, lua_gettop(L), mp_hook_names[c->hook],
                             gk_game_players(gk_play_game(play)));
    lua_pop(L, 1);
    if (mp_rawfield(L, res, "kept") == LUA_TTABLE && c->moves &&
        keep_moves(L, lua_gettop(L), c) < 0) {
      lua_settop(L, res - 1);
      gk_play_set_error(play, "%s: bad list of kept moves", mp_hook_names[c->hook]);
      return GK_EINVAL;
    }
    lua_pop(L, 1);
    ud->hook_where[0] = '\0';
    if (mp_rawfield(L, res, "where") == LUA_TSTRING)
      snprintf(ud->hook_where, sizeof ud->hook_where, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    if (c->moves && mp_rawfield(L, res, "moves") == LUA_TTABLE) {
      int mt = lua_gettop(L);
      lua_Integer n = (lua_Integer)lua_rawlen(L, mt);
      if (n > c->cap_moves) {
        lua_settop(L, res - 1);
        gk_play_set_error(play, "%s: %d moves, at most %d", mp_hook_names[c->hook], (int)n,
                          c->cap_moves);
        return GK_EINVAL;
      }
      for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, mt, i);
        c->moves[i - 1] = mp_checkmove(L, -1, ud, self);
        if (c->hook == GK_HOOK_COLLECT) mp_take_decider(L, -1, ud, &c->decider);
        lua_pop(L, 1);
      }
      c->n_moves = (int)n;
    }
  }
  lua_settop(L, res - 1);
  return GK_OK;
}

/* Lua errors inside the conversions above must not unwind through the
** flow's C frames, so the hook runs in a protected call of its own. */
typedef struct hook_ctx {
  mp_play *ud;
  gk_play *play;
  gk_hook_call *c;
  int status;
} hook_ctx;

static int protected_hook(lua_State *L) {
  hook_ctx *h = (hook_ctx *)lua_touserdata(L, 1);
  h->ud->self = 2; /* the play, passed as the second argument */
  h->status = run_hook(L, h->ud, h->play, h->c);
  return 0;
}


/* Hooks that answer the flow's question while it iterates over moves or
** points: the game must hold still. */
static int query_hook(int hook) {
  return hook == GK_HOOK_ALLOW_PLACEMENTS || hook == GK_HOOK_ALLOW_DEPLOYS ||
         hook == GK_HOOK_COLLECT || hook == GK_HOOK_FEATURE_POINTS ||
         hook == GK_HOOK_EXTRA_PART;
}

int mp_hook_call(void *vud, gk_play *play, gk_hook_call *c) {
  mp_play *ud = (mp_play *)vud;
  lua_State *L = ud->L;
  int top = lua_gettop(L);
  int saved_self = ud->self, saved_lock = ud->lock, saved_busy = ud->busy;
  hook_ctx h = {ud, play, c, GK_OK};
  int profiled = mp_profiling ? mp_profile_enter(mp_profiling, NULL, 0) : -1;
  int lock = query_hook(c->hook) ? MP_LOCK_QUERY : MP_LOCK_HOOK;
  if (lock > ud->lock) ud->lock = lock;
  ud->busy = 1;  /* also in flow:simulate, which drives the play from C */
  int direct = ((ud->direct >> c->hook) & 1u) && !ud->in_direct;
  int veto = ((ud->vetoes >> c->hook) & 1u) && !ud->in_direct;
  int transform = ((ud->transforms >> c->hook) & 1u) && !ud->in_direct;
  int collect = ((ud->collects >> c->hook) & 1u) && !ud->in_direct;
  int saved_direct = ud->in_direct;
  int st = LUA_OK;
  if (veto) {
    /* a veto round the flow calls itself (hook_veto.c) */
    ud->in_direct = 1;
    h.status = ud->veto_call(L, ud, play, c);
  } else if (transform) {
    /* a transform the flow calls itself (hook_transform.c) */
    ud->in_direct = 1;
    h.status = ud->transform_call(L, ud, play, c);
  } else if (collect) {
    /* a collect the flow calls itself (hook_collect.c) */
    ud->in_direct = 1;
    h.status = ud->collect_call(L, ud, play, c);
  } else if (direct) {
    /* a notification the flow calls itself (hook_direct.c): it raises
    ** nothing, so it needs no protected call of its own */
    ud->in_direct = 1;
    h.status = ud->direct_call(L, ud, play, c);
  } else {
    lua_pushcfunction(L, protected_hook);
    lua_pushlightuserdata(L, &h);
    lua_pushvalue(L, ud->self);
    st = lua_pcall(L, 2, 0, 0);
  }
  ud->self = saved_self;
  ud->L = L;
  ud->lock = saved_lock;
  ud->busy = saved_busy;
  ud->in_direct = saved_direct;
  if (st != LUA_OK) {
    /* a collector's move that does not read: playerror names the hook */
    if (c->hook == GK_HOOK_COLLECT) mp_set_move_error(play, lua_tostring(L, -1));
    else gk_play_set_error(play, "%s", lua_tostring(L, -1));
    h.status = GK_EINVAL;
  }
  lua_settop(L, top);
  if (profiled >= 0 && mp_profiling) mp_profile_leave(mp_profiling, profiled);
  return h.status;
}

/* }====================================================================== */

/* {======================================================================
** What the four C routes share (each route calls these; the entry
** calls a route only through the pointer its setter put in the play)
** ======================================================================= */

void mp_set_move_error(gk_play *play, const char *reader_msg) {
  static const char wrapper[] = "bad argument #";
  const char *open = strstr(reader_msg, " (");
  size_t n = strlen(reader_msg);
  if (strncmp(reader_msg, wrapper, sizeof wrapper - 1) == 0 && open && reader_msg[n - 1] == ')')
    gk_play_set_error(play, "collect: %.*s", (int)(reader_msg + n - 1 - (open + 2)), open + 2);
  else
    gk_play_set_error(play, "collect: %s", reader_msg);
}

int mp_bad_answer(lua_State *L, const char *at, const char *what, int idx) {
  return luaL_error(L, "%s: %s, not a %s", at, what, luaL_typename(L, idx));
}

/* A scoring event's leaders: a new list of player numbers. */
void mp_pushleaders(lua_State *L, uint32_t mask) {
  lua_newtable(L);
  for (int p = 0, n = 0; p < GK_MAX_PLAYERS; p++)
    if ((mask >> p) & 1) {
      lua_pushinteger(L, p + 1);
      lua_rawseti(L, -2, ++n);
    }
}

/* The record rec into flat[3i - 2 .. 3i] as {record, fn, source}, the
** record popped; read has it first, with what every path takes of it. */
static void flat_hook(lua_State *L, int flat, lua_Integer i, int e, int k, mp_hook_reader read, void *data) {
  int rec = lua_gettop(L);
  mp_hook_info h;
  if (lua_getfield(L, rec, "at") != LUA_TSTRING) {
    lua_pop(L, 1);
    lua_getfield(L, rec, "script");
  }
  h.at = lua_tostring(L, -1); /* alive: the record holds it */
  lua_pop(L, 1);
  lua_getfield(L, rec, "fn");
  lua_Debug ar;
  lua_pushvalue(L, -1);
  lua_getinfo(L, ">Su", &ar);
  h.params = ar.isvararg ? INT_MAX : ar.nparams;
  lua_pushstring(L, ar.short_src);
  h.source = lua_tostring(L, -1); /* alive: the flat list holds it */
  lua_rawseti(L, flat, 3 * i);
  lua_rawseti(L, flat, 3 * i - 1);
  read(L, rec, e, k, &h, data);
  lua_rawseti(L, flat, 3 * i - 2);
}

uint64_t mp_read_hooks(lua_State *L, int t, const char *const *names, int n, int dest, int uv, int *first,
                       mp_hook_reader read, void *data) {
  t = lua_absindex(L, t);
  dest = lua_absindex(L, dest);
  uint64_t events = 0;
  int k = 0;
  for (int e = 0; e < n; e++) {
    first[e] = k;
    if (!names[e]) continue;
    if (lua_getfield(L, t, names[e]) == LUA_TTABLE) {
      events |= 1ull << e;
      int list = lua_gettop(L);
      lua_Integer len = (lua_Integer)lua_rawlen(L, list);
      lua_createtable(L, (int)(3 * len), 0);
      int flat = lua_gettop(L);
      for (lua_Integer i = 1; i <= len; i++, k++) {
        lua_rawgeti(L, list, i);
        flat_hook(L, flat, i, e, k, read, data);
      }
      if (uv) lua_setiuservalue(L, dest, uv + e);
      else lua_rawseti(L, dest, e + 1);
    }
    lua_pop(L, 1);
  }
  first[n] = k;
  return events;
}

void *mp_c_path_new(lua_State *L, int t, size_t head, size_t hook, int count, int nuv,
                    const char *const *fields, int nfields) {
  t = lua_absindex(L, t);
  size_t size = head + hook * (size_t)count;
  void *p = lua_newuserdatauv(L, size, nuv);
  memset(p, 0, size);
  for (int i = 0; i < nfields; i++) {
    if (fields[i]) lua_getfield(L, t, fields[i]);
    else lua_pushvalue(L, t);
    lua_setiuservalue(L, -2, i + 1);
  }
  return p;
}

uint64_t mp_record_mask(lua_State *L, int rec, const char *field, const gk_rules *r,
                        int (*find)(const gk_rules *, const char *), int bits, const char *what) {
  uint64_t mask = 0;
  if (lua_getfield(L, rec, field) == LUA_TTABLE) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_rawgeti(L, -1, i);
      int k = lua_type(L, -1) == LUA_TSTRING ? find(r, lua_tostring(L, -1)) : -1;
      if (k < 0 || k >= bits) luaL_error(L, "%s %d cannot be narrowed", what, k);
      mask |= 1ull << k;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return mask;
}

void mp_set_running(lua_State *L, int fields, int pv, int key_uv) {
  lua_getiuservalue(L, pv, key_uv);
  lua_insert(L, -2);
  lua_rawset(L, fields);
  lua_pushnil(L);
  lua_setfield(L, fields, "state");
}

int mp_count_hooks(lua_State *L, int t, const char *const *names, int n) {
  int count = 0;
  for (int e = 0; e < n; e++) {
    if (!names[e]) continue;
    if (lua_getfield(L, t, names[e]) == LUA_TTABLE) count += (int)lua_rawlen(L, -1);
    lua_pop(L, 1);
  }
  return count;
}

int mp_c_path_call(lua_State *L, mp_play *ud, gk_play *play, const mp_c_path *path, void *arg,
                   const gk_hook_call *c) {
  int top = lua_gettop(L);
  if (!lua_checkstack(L, 32)) {
    gk_play_set_error(play, "out of memory");
    return GK_ENOMEM;
  }
  mp_sandbox *sb = mp_host_sandbox(ud->host);
  lua_getiuservalue(L, ud->self, path->uv);
  lua_getiuservalue(L, ud->self, 2);
  const mp_game *view = (const mp_game *)lua_touserdata(L, top + 2);
  if (!view->game) {
    gk_play_set_error(play, "attempt to use a freed game");
    lua_settop(L, top);
    return GK_EINVAL;
  }
  mp_sandbox_push_handler(sb);
  lua_pushcfunction(L, path->body);
  lua_pushlightuserdata(L, arg);
  lua_pushvalue(L, top + 1);
  lua_pushvalue(L, ud->self);
  lua_pushvalue(L, top + 2);
  mp_host_lend_game(ud->host, view->game);
  int st = mp_sandbox_call_with(sb, 4, top + 3, path->name_of(lua_touserdata(L, top + 1), c->hook));
  mp_host_lend_game(ud->host, NULL);
  lua_settop(L, top);
  if (st == MP_SANDBOX_OK) return GK_OK;
  gk_play_set_error(play, "%s", mp_sandbox_error(sb));
  return GK_EINVAL;
}

void *mp_c_path_attach(lua_State *L, int self, int opts, const char *field, const void *key, int uv,
                       void (*make)(lua_State *L, int t, mp_play *ud)) {
  self = lua_absindex(L, self);
  opts = lua_absindex(L, opts);
  mp_play *ud = mp_checkplayud(L, self);
  if (!mp_host_of(L) || lua_getfield(L, opts, field) != LUA_TTABLE) {
    lua_pop(L, 1);
    return NULL;
  }
  int t = lua_gettop(L);
  /* one per dispatcher table: its plays share the ctx it caches */
  if (lua_rawgetp(L, t, key) != LUA_TUSERDATA) {
    lua_pop(L, 1);
    make(L, t, ud);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, t, key);
  }
  void *data = lua_touserdata(L, -1);
  lua_setiuservalue(L, self, uv);
  lua_pop(L, 1);
  return data;
}

/* }====================================================================== */
