/*
** hook_collect.c: the collect hooks (collect(phase, fn)) that the flow
** calls itself, without the Lua dispatcher: an event is one sandboxed
** protected call, in which C calls the phase's hooks on ctx and gathers
** the moves they offer; the flow's own moves are neither shown nor read
** back, so a call costs what the hooks do.
**
** The dispatcher (meeple.loader.dispatch, collect_calls) hands over a
** table
**   { phases = { [phase name] = {hook, ...} }, ctx = proxy, fields = its
**     fields, hook_key = (the fields' private key of the running hook) }
** from which mp_setcollects makes a Collects userdata, the play's user
** value 7: its C part (mp_collects) holds each hook's names and whether
** it narrows to tiles; its user values (CV_*) hold the ctx, the flat
** lists by phase {record, fn, source, ...} and the moves the hooks
** offered in the last event that offered any (made then, as they are).
**
** Invariant: each hook sees what the dispatcher's EVENTS.collect shows
** it (ctx only, with the event's game, play and phase; a hook narrowed
** to tiles runs only when this part's placed tile is one of them), in
** the same order, and the answers fold the same way with the same
** messages: nil offers nothing, a table offers its elements 1 to its raw
** length (nils skipped), anything else fails naming the hook's line and
** what it returned. The moves offered are then read (mp_checkmove)
** outside the sandbox, as the dispatcher's caller reads them, after the
** flow's moves; a move that does not read fails the event with
** "collect: " and the reader's message, the collector's line kept in the
** play's hook_where for the message the flow's checks give. Each call has
** its own instruction budget (mp_sandbox_renew; the first hook has the
** shell's, granted just before); on any failure the game
** is lent to nobody again and the flow gets the message, and nothing is
** appended.
*/
#include <stdio.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "hook_profile.h"
#include "host.h"
#include "sandbox.h"
#include "hooks.h"

/* The play's user value of the Collects userdata (nil: none). */
enum { COLLECT_UV = MP_PLAY_UV_COLLECTS };

/* The Collects userdata's user values. */
enum {
  CV_CTX = 1,
  CV_FIELDS,
  CV_HOOK_KEY,
  CV_LISTS, /* phase + 1 -> the phase's flat list {record, fn, source, ...} */
  CV_OUT    /* the moves the last event's hooks offered, a list */
};
enum { CV_COUNT = CV_OUT };

typedef struct cl_hook {
  const char *source; /* the script, as the sandbox names it */
  const char *at;     /* "file:line" of its declaration (else its script) */
  const char *where;  /* its declaration's "file:line", or NULL */
  int tiles;          /* it narrows to tiles: record.tile_set */
} cl_hook;

typedef struct mp_collects {
  int running;                  /* the hook fields[hook_key] names (-1: none) */
  mp_ctx_shown shown;           /* what ctx's fields show */
  int first[GK_MAX_PHASES + 1]; /* phase p's hooks are first[p] .. first[p + 1] - 1 */
  cl_hook hook[];
} mp_collects;

static const char collects_key = 'c';

/* A hook's record: its line, and whether it narrows to tiles. */
static void read_collect(lua_State *L, int rec, int e, int k, const mp_hook_info *in, void *data) {
  (void)e;
  cl_hook *h = &((mp_collects *)data)->hook[k];
  h->tiles = lua_getfield(L, rec, "tile_set") == LUA_TTABLE;
  lua_pop(L, 1);
  h->where = lua_getfield(L, rec, "at") == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
  lua_pop(L, 1); /* alive: the record holds it */
  h->at = in->at;
  h->source = in->source;
}

/* The Collects of the dispatcher's table t, pushed. */
static void new_collects(lua_State *L, int t, mp_play *ud) {
  static const char *const fields[] = {"ctx", "fields", "hook_key"};
  const gk_flow *f = gk_play_flow(ud->play);
  const char *names[GK_MAX_PHASES];
  for (int p = 0; p < GK_MAX_PHASES; p++) names[p] = gk_flow_phase_name(f, p);
  lua_getfield(L, t, "phases");
  int phases = lua_gettop(L);
  int count = mp_count_hooks(L, phases, names, GK_MAX_PHASES);
  mp_collects *v = (mp_collects *)mp_c_path_new(L, t, sizeof(mp_collects), sizeof(cl_hook), count, CV_COUNT,
                                                fields, CV_LISTS - 1);
  v->running = -1;
  lua_newtable(L);
  mp_read_hooks(L, phases, names, GK_MAX_PHASES, -1, 0, v->first, read_collect, v);
  lua_setiuservalue(L, -2, CV_LISTS);
  lua_remove(L, phases);
}

/* The route's call (the entry calls it through ud->collect_call). */
static int call_collects(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c);

/* opts.collects: the dispatcher's table (absent: collects dispatch). */
void mp_setcollects(lua_State *L, int self, int opts) {
  void *v = mp_c_path_attach(L, self, opts, "collects", &collects_key, COLLECT_UV, new_collects);
  mp_play *ud = mp_checkplayud(L, self);
  ud->collects = v ? 1u << GK_HOOK_COLLECT : 0;
  ud->collect_call = call_collects;
}

/* {======================================================================
** An event
** ======================================================================= */

typedef struct cl_event {
  mp_play *ud;
  gk_hook_call *c;
  int offered;         /* how many moves CV_OUT holds */
  const char *where;   /* the last hook that offered any: its line, or NULL */
  int called;          /* a hook of the event has run */
} cl_event;

/* Stack slots of an event (in the protected call). */
typedef struct cl_slots {
  int cv, self, game, fields, ctx, list, out;
  mp_collects *v;
} cl_slots;

/* The id of the tile placed in this part, pushed (nil: none). */
static void push_placed_id(lua_State *L, mp_play *ud) {
  gk_placed_tile pt;
  int t = gk_play_placed(ud->play);
  if (t >= 0 && gk_tile_info(gk_play_game(ud->play), t, &pt) == GK_OK)
    lua_pushstring(L, gk_rules_tile(mp_playrules(ud), pt.type)->id);
  else lua_pushnil(L);
}

/* Does the hook narrowed to tiles (record at rec) run: is the placed
** tile's id (at id, nil: none) in its tile_set? */
static int wants_tile(lua_State *L, int rec, int id) {
  if (lua_isnil(L, id)) return 0;
  int top = lua_gettop(L);
  lua_getfield(L, rec, "tile_set");
  lua_pushvalue(L, id);
  int hit = lua_gettable(L, -2) != LUA_TNIL && lua_toboolean(L, -1);
  lua_settop(L, top);
  return hit;
}

/* The answer on top, popped: its moves appended to out; an answer that
** is no list raises. */
static void gather(lua_State *L, cl_event *e, const cl_slots *s, const cl_hook *h) {
  int t = lua_type(L, -1);
  if (t == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  if (t != LUA_TTABLE) mp_bad_answer(L, h->at, "collect must return a list of moves", -1);
  lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
  if (n > 0 && lua_isnil(L, s->out)) { /* made at the first offer */
    lua_createtable(L, (int)(n < 16 ? n : 16), 0);
    lua_replace(L, s->out);
  }
  for (lua_Integer i = 1; i <= n; i++) /* read raw: no metamethod of the script's list */
    if (lua_rawgeti(L, -1, i) == LUA_TNIL) lua_pop(L, 1);
    else lua_rawseti(L, s->out, ++e->offered);
  if (n > 0) e->where = h->where;
  lua_pop(L, 1);
}

/* Calls hook k (i-th of the list) on ctx and gathers its answer. */
static void call_hook(lua_State *L, cl_event *e, const cl_slots *s, int k, int i) {
  mp_collects *v = s->v;
  if (k != v->running) { /* ctx names the hook; its state is its script's */
    lua_rawgeti(L, s->list, 3 * i - 2);
    mp_set_running(L, s->fields, s->cv, CV_HOOK_KEY);
    v->running = k;
  }
  /* the event's first hook keeps the shell's grant when the shell named
  ** its script (first_source): no script ran since (the setup runs no
  ** Lua: plain tables), so a renewal would grant the same budget */
  if (e->called || v->hook[k].source != v->hook[0].source)
    mp_sandbox_renew(mp_host_sandbox(e->ud->host), v->hook[k].source);
  e->called = 1;
  int profiled = mp_profiling ? mp_profile_enter_at(L, mp_profiling, s->list, 3 * i - 2, MP_PATH_COLLECT) : -1;
  lua_rawgeti(L, s->list, 3 * i - 1);
  lua_pushvalue(L, s->ctx);
  lua_call(L, 1, 1);
  if (profiled >= 0) mp_profile_leave(mp_profiling, profiled);
  gather(L, e, s, &v->hook[k]);
}

/* In the sandbox's protected call: (event, collects, play, game view). */
static int run_event(lua_State *L) {
  cl_event *e = (cl_event *)lua_touserdata(L, 1);
  cl_slots s = {.cv = 2, .self = 3, .game = 4};
  s.v = (mp_collects *)lua_touserdata(L, s.cv);
  lua_getiuservalue(L, s.cv, CV_FIELDS);
  s.fields = lua_gettop(L);
  lua_getiuservalue(L, s.cv, CV_CTX);
  s.ctx = lua_gettop(L);
  lua_getiuservalue(L, s.cv, CV_LISTS);
  lua_rawgeti(L, -1, e->c->phase + 1);
  s.list = lua_gettop(L);
  lua_pushnil(L); /* the moves offered: a list made at the first (gather) */
  s.out = lua_gettop(L);
  int placed = 0; /* slot of the placed tile's id, read at the first narrowed hook */
  mp_ctx_fields_set(L, s.fields, s.game, s.self, gk_play_flow(e->ud->play), e->c->phase, &s.v->shown);
  int first = s.v->first[e->c->phase], last = s.v->first[e->c->phase + 1];
  for (int k = first; k < last; k++) {
    int i = k - first + 1;
    if (s.v->hook[k].tiles) {
      if (!placed) push_placed_id(L, e->ud), placed = lua_gettop(L);
      lua_rawgeti(L, s.list, 3 * i - 2);
      int wants = wants_tile(L, lua_gettop(L), placed);
      lua_pop(L, 1);
      if (!wants) continue;
    }
    call_hook(L, e, &s, k, i);
  }
  if (e->offered) {
    lua_pushvalue(L, s.out);
    lua_setiuservalue(L, s.cv, CV_OUT);
  }
  return 0;
}

/* Outside the sandbox, in a protected call of its own: (event,
** collects, play). The moves offered, read after the flow's. */
static int read_moves(lua_State *L) {
  cl_event *e = (cl_event *)lua_touserdata(L, 1);
  gk_hook_call *c = e->c;
  lua_getiuservalue(L, 2, CV_OUT);
  int out = lua_gettop(L), n = c->n_moves;
  for (int j = 1; j <= e->offered; j++) {
    lua_rawgeti(L, out, j);
    c->moves[n + j - 1] = mp_checkmove(L, -1, e->ud, 3);
    mp_take_decider(L, -1, e->ud, &c->decider);
    lua_pop(L, 1);
  }
  c->n_moves = n + e->offered;
  return 0;
}

/* The script messages name until the first hook runs (each is named as
** it runs: mp_sandbox_renew): the first hook's. */
static const char *first_source(void *collects, int hook) {
  (void)hook;
  return ((const mp_collects *)collects)->hook[0].source;
}

/* The moves offered, after the hooks ran: too many, or one that does not
** read, fails the event. */
static int take_moves(lua_State *L, cl_event *e, gk_play *play) {
  gk_hook_call *c = e->c;
  int total = c->n_moves + e->offered;
  if (total > c->cap_moves) {
    gk_play_set_error(play, "collect: %d moves, at most %d", total, c->cap_moves);
    return GK_EINVAL;
  }
  if (!e->offered) return GK_OK;
  int top = lua_gettop(L);
  lua_pushcfunction(L, read_moves);
  lua_pushlightuserdata(L, e);
  lua_getiuservalue(L, e->ud->self, COLLECT_UV);
  lua_pushvalue(L, e->ud->self);
  int st = lua_pcall(L, 3, 0, 0);
  if (st != LUA_OK) mp_set_move_error(play, lua_tostring(L, -1));
  lua_settop(L, top);
  return st == LUA_OK ? GK_OK : GK_EINVAL;
}

/* Called by the flow outside any protected call: raises nothing. */
static int call_collects(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c) {
  static const mp_c_path path = {COLLECT_UV, run_event, first_source};
  cl_event e = {ud, c, 0, NULL, 0};
  /* A hook that calls a play method (ctx.play:phase()) makes ud->self
  ** that method's slot, gone once the hooks return: take_moves reads the
  ** play's own slot, kept here. */
  int self = lua_absindex(L, ud->self);
  int st = mp_c_path_call(L, ud, play, &path, &e, c);
  ud->self = self;
  ud->L = L;
  if (st != GK_OK) return st;
  ud->hook_where[0] = '\0';
  if (e.where) snprintf(ud->hook_where, sizeof ud->hook_where, "%s", e.where);
  return take_moves(L, &e, play);
}

/* }====================================================================== */
