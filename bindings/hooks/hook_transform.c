/*
** hook_transform.c: the transforms (transform("feature_points"),
** transform("extra_part")) that the flow calls itself, without the Lua
** dispatcher: an event is one sandboxed protected call, in which C hands
** each hook the value the hooks before it made, and folds its answer as
** meeple.loader.dispatch's EVENTS.feature_points and EVENTS.extra_part
** do.
**
** The dispatcher (meeple.loader.dispatch, transform_calls) hands over a
** table
**   { feature_points = {hook, ...}, extra_part = {hook, ...}, ctx =
**     proxy, fields = its fields, hook_key = (the fields' private key of
**     the running hook), args = a table, view = its flat read-only view,
**     leaders = the table args.leaders shows through its view }
** from which mp_settransforms makes a Transforms userdata, the play's
** user value 6: its C part (mp_transforms) holds each hook's narrowing
** (kinds and attributes, as masks) and names; its user values (TV_*)
** hold the tables and per event a flat list {record, fn, source, ...}.
**
** Invariant: each hook sees what the dispatcher would show it, in the
** same order, and the answers fold the same way with the same messages:
** feature_points hooks get (ctx, feature, points so far, args), args
** being {phase, feature, when, value (the points before any hook),
** leaders}; a hook returning an integer-valued number within 32 bits
** sets the points, anything else non-nil raises an error naming the
** hook's line and what it returned (points_answer);
** a non-nil second result replaces the leaders (a table of player
** numbers, read raw after the last hook, as the flow reads the
** dispatcher's answer; anything else leaves the flow's). extra_part
** hooks get (ctx, stack name or nil) and answer a stack name, false for
** none or nil to keep. Each call has its own instruction budget
** (mp_sandbox_renew; the first hook has the shell's, granted just
** before); on any failure the game is lent to nobody again
** and the flow gets the sandbox's message. The argument table and the
** leaders table are reused: a hook that keeps args sees the event of
** the moment.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "hook_profile.h"
#include "host.h"
#include "sandbox.h"
#include "wrap_internal.h"
#include "hooks.h"

/* The play's user value of the Transforms userdata (nil: none). */
enum { TRANSFORM_UV = MP_PLAY_UV_TRANSFORMS };

/* The Transforms userdata's user values. */
enum {
  TV_CTX = 1,
  TV_FIELDS,
  TV_HOOK_KEY,
  TV_ARGS,
  TV_VIEW,
  TV_LEADERS,
  TV_LISTS /* + event (0 feature_points, 1 extra_part): {record, fn, source, ...} */
};
enum { TV_COUNT = TV_LISTS + 1 };

typedef struct tf_hook {
  uint64_t kinds;     /* feature_points: the kinds it is about (0: all) */
  uint64_t attrs;     /* and the attributes one of which it needs (0: any) */
  int ties;           /* and two or more leaders (as the flow counted them) */
  const char *source; /* the script, as the sandbox names it */
  const char *at;     /* "file:line" of its declaration (else its script) */
} tf_hook;

typedef struct mp_transforms {
  const void *game, *play; /* what ctx's fields show now */
  const gk_game *state_game; /* the game whose state fields.state may keep */
  int phase;               /* ctx.phase and args.phase (-1: unset) */
  int when;                /* args.when (-1: unset) */
  int running;             /* the hook fields[hook_key] names (-1: none) */
  uint32_t events; /* bit per gk_hook called from here */
  int first[3];    /* event e's hooks are first[e] .. first[e + 1] - 1 */
  tf_hook hook[];
} mp_transforms;

static const char transforms_key = 't';

static const char *const events[] = {"feature_points", "extra_part"};

static int event_of(int hook) { return hook == GK_HOOK_EXTRA_PART; }

typedef struct tf_read {
  mp_transforms *v;
  const gk_rules *r;
} tf_read;

/* A hook's record: the kinds and attributes it is about. */
static void read_transform(lua_State *L, int rec, int e, int k, const mp_hook_info *in, void *data) {
  (void)e;
  const tf_read *tr = (const tf_read *)data;
  tf_hook *h = &tr->v->hook[k];
  h->kinds = mp_record_mask(L, rec, "kinds", tr->r, gk_rules_find_kind, 64, "transform: kind");
  h->attrs = mp_record_mask(L, rec, "attrs", tr->r, gk_rules_find_attr, 64, "transform: attribute");
  lua_pushstring(L, "ties");
  h->ties = lua_rawget(L, rec) == LUA_TBOOLEAN && lua_toboolean(L, -1);
  lua_pop(L, 1);
  h->at = in->at;
  h->source = in->source;
}

/* The Transforms of the dispatcher's table t, pushed. */
static void new_transforms(lua_State *L, int t, mp_play *ud) {
  static const char *const fields[] = {"ctx", "fields", "hook_key", "args", "view", "leaders"};
  int count = mp_count_hooks(L, t, events, 2);
  mp_transforms *v = (mp_transforms *)mp_c_path_new(L, t, sizeof(mp_transforms), sizeof(tf_hook), count,
                                                    TV_COUNT, fields, TV_LISTS - 1);
  v->phase = v->when = v->running = -1;
  tf_read tr = {v, mp_playrules(ud)};
  uint64_t got = mp_read_hooks(L, t, events, 2, -1, TV_LISTS, v->first, read_transform, &tr);
  if (got & 1) v->events |= 1u << GK_HOOK_FEATURE_POINTS;
  if (got & 2) v->events |= 1u << GK_HOOK_EXTRA_PART;
}

/* The route's call (the entry calls it through ud->transform_call). */
static int call_transforms(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c);

/* opts.transforms: the dispatcher's table (absent: transforms dispatch). */
void mp_settransforms(lua_State *L, int self, int opts) {
  mp_transforms *v = (mp_transforms *)mp_c_path_attach(L, self, opts, "transforms", &transforms_key,
                                                       TRANSFORM_UV, new_transforms);
  mp_play *ud = mp_checkplayud(L, self);
  ud->transforms = v ? v->events : 0;
  ud->transform_call = call_transforms;
}

/* {======================================================================
** An event
** ======================================================================= */

typedef struct tf_event {
  mp_play *ud;
  gk_hook_call *c;
  const gk_game *game;
  const char *bad; /* the answer does not read: the flow's message */
  int bad_index;   /* or a leader that is no player: its position */
  int called;      /* a hook of the event has run */
} tf_event;

/* Stack slots of an event (in the protected call). */
typedef struct tf_slots {
  int tv, self, game, fields, ctx, list;
  mp_transforms *v;
  mp_sandbox *sb;
} tf_slots;

/* ctx's fields for the event, written where they changed: the game, the
** play, the phase (and args.phase). The lazy ones (player, turn, part)
** are never kept in the fields: the real host's reader (ctx_fields.c),
** the only one this path runs with, reads them afresh; it keeps the
** running hook's state, forgotten when another game is shown (even
** behind the same view: an agent's lender) and at each change of hook
** (mp_set_running). */
static void set_fields(lua_State *L, const tf_slots *s, const tf_event *ev) {
  mp_transforms *v = s->v;
  if (ev->game != v->state_game) {
    lua_pushnil(L);
    lua_setfield(L, s->fields, "state");
    v->state_game = ev->game;
  }
  const void *game = lua_topointer(L, s->game), *play = lua_topointer(L, s->self);
  if (game != v->game) {
    lua_pushvalue(L, s->game);
    lua_setfield(L, s->fields, "game");
    v->game = game;
  }
  if (play != v->play) {
    lua_pushvalue(L, s->self);
    lua_setfield(L, s->fields, "play");
    v->play = play;
  }
  if (ev->c->phase != v->phase) {
    const char *phase = gk_flow_phase_name(gk_play_flow(ev->ud->play), ev->c->phase);
    lua_pushstring(L, phase ? phase : "?");
    lua_pushvalue(L, -1);
    lua_setfield(L, s->fields, "phase");
    lua_getiuservalue(L, s->tv, TV_ARGS);
    lua_insert(L, -2);
    lua_setfield(L, -2, "phase");
    lua_pop(L, 1);
    v->phase = ev->c->phase;
  }
}

/* ctx names hook k (its record at list[3i - 2]) as the running one; then
** its function is pushed, with ctx. The event's first hook keeps the
** shell's grant when the shell named its script (first_source): no
** script ran since (the setup writes plain tables only), so a renewal
** would grant the same budget. */
static void push_hook(lua_State *L, const tf_slots *s, tf_event *ev, int k, lua_Integer i, const tf_hook *h) {
  if (k != s->v->running) {
    lua_rawgeti(L, s->list, 3 * i - 2);
    mp_set_running(L, s->fields, s->tv, TV_HOOK_KEY);
    s->v->running = k;
  }
  if (ev->called || h->source != s->v->hook[s->v->first[event_of(ev->c->hook)]].source)
    mp_sandbox_renew(s->sb, h->source);
  ev->called = 1;
  lua_rawgeti(L, s->list, 3 * i - 1);
  lua_pushvalue(L, s->ctx);
}

/* Is the feature one hook h is about (its kinds; one of its attributes
** non-zero)? */
static int wants(const tf_hook *h, const gk_game *g, int32_t node, int kind, uint32_t leaders) {
  if (h->kinds && (kind < 0 || kind >= 64 || !((h->kinds >> kind) & 1u))) return 0;
  if (h->ties && __builtin_popcount(leaders) < 2) return 0;
  if (!h->attrs) return 1;
  for (int a = 0; a < 64; a++)
    if (((h->attrs >> a) & 1u) && gk_feature_attr(g, node, a) != 0) return 1;
  return 0;
}

/* args for a feature's points: the feature (pushed too: the hooks'
** subject), when, value and leaders (the reused table, refilled; args
** shows it through its view, set once). */
static void set_points_args(lua_State *L, const tf_slots *s, const gk_hook_call *c) {
  lua_getiuservalue(L, s->tv, TV_ARGS);
  int args = lua_gettop(L);
  int when = c->when == GK_WHEN_FINAL;
  if (when != s->v->when) {
    lua_pushstring(L, when ? "final" : "closed");
    lua_setfield(L, args, "when");
    s->v->when = when;
  }
  lua_pushinteger(L, c->value);
  lua_setfield(L, args, "value");
  lua_getiuservalue(L, s->tv, TV_LEADERS);
  int leaders = lua_gettop(L);
  lua_Integer n = 0;
  for (int p = 0; p < GK_MAX_PLAYERS; p++)
    if ((c->leaders >> p) & 1u) {
      lua_pushinteger(L, p + 1);
      lua_rawseti(L, leaders, ++n);
    }
  for (lua_Integer i = n + 1, len = (lua_Integer)lua_rawlen(L, leaders); i <= len; i++) {
    lua_pushnil(L);
    lua_rawseti(L, leaders, i);
  }
  lua_pop(L, 1);
  mp_pushfeature(L, s->game, c->feature);
  lua_pushvalue(L, -1);
  lua_setfield(L, args, "feature");
  lua_remove(L, args);
}

/* The hooks' leaders into c: a list of player numbers (read raw); else
** the error the flow gives when it reads the dispatcher's answer. */
static void to_leaders(lua_State *L, int idx, tf_event *ev) {
  int players = gk_game_players(ev->game);
  uint32_t mask = 0;
  lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, idx, i);
    int isint = 0;
    lua_Integer p = lua_tointegerx(L, -1, &isint);
    lua_pop(L, 1);
    if (!isint || p < 1 || p > players) {
      ev->bad = "leaders";
      ev->bad_index = (int)i;
      return;
    }
    mask |= 1u << (p - 1);
  }
  ev->c->leaders = mask;
}

/* Hook h's points, on top but one: a number with an integer value that
** fits the flow's 32 bits; else the dispatcher's message (dispatch.lua,
** points_of), naming the hook and what it returned. */
static lua_Integer points_answer(lua_State *L, const tf_hook *h) {
  int isint = 0;
  int number = lua_type(L, -2) == LUA_TNUMBER;
  lua_Integer v = number ? lua_tointegerx(L, -2, &isint) : 0;
  if (!isint && number) {
    lua_pushvalue(L, -2); /* a copy: lua_tostring converts in place */
    luaL_error(L, "%s: feature_points must return an integer, not %s", h->at, lua_tostring(L, -1));
  }
  if (!isint) mp_bad_answer(L, h->at, "feature_points must return an integer", -2);
  /* what one score may give (gk_score): refused here, at the hook's line */
  if (v < -GK_MAX_POINTS || v > GK_MAX_POINTS)
    luaL_error(L, "%s: feature_points returned %I, out of range (%d to %d)", h->at, (LUAI_UACINT)v,
               -GK_MAX_POINTS, GK_MAX_POINTS);
  return v;
}

/* The feature_points hooks of [first, last), folded into c. */
static void run_points(lua_State *L, const tf_slots *s, tf_event *ev, int first, int last) {
  gk_hook_call *c = ev->c;
  int kind = gk_node_kind(ev->game, c->feature);
  int subject = 0, leaders = 0;
  lua_Integer value = c->value;
  for (int k = first; k < last; k++) {
    const tf_hook *h = &s->v->hook[k];
    if (!wants(h, ev->game, c->feature, kind, c->leaders)) continue;
    lua_Integer i = k - first + 1;
    int profiled = mp_profiling ? mp_profile_enter_at(L, mp_profiling, s->list, 3 * i - 2, MP_PATH_TRANSFORM) : -1;
    if (!subject) {
      set_points_args(L, s, c);
      subject = lua_gettop(L);
    }
    push_hook(L, s, ev, k, i, h);
    lua_pushvalue(L, subject);
    lua_pushinteger(L, value);
    lua_getiuservalue(L, s->tv, TV_VIEW);
    lua_call(L, 4, 2);
    if (!lua_isnil(L, -2)) value = points_answer(L, h);
    if (!lua_isnil(L, -1)) { /* the leaders so far, kept in a slot of their own */
      if (leaders) lua_replace(L, leaders);
      else {
        lua_insert(L, -2);
        leaders = lua_gettop(L) - 1;
      }
    } else lua_pop(L, 1);
    lua_pop(L, 1);
    if (profiled >= 0) mp_profile_leave(mp_profiling, profiled);
  }
  c->value = (int32_t)value; /* each answer fits (points_answer) */
  if (leaders && lua_istable(L, leaders)) to_leaders(L, leaders, ev);
}

/* The extra_part hooks of [first, last), folded into c (a stack index,
** -1: none). */
static void run_extra(lua_State *L, const tf_slots *s, tf_event *ev, int first, int last) {
  gk_hook_call *c = ev->c;
  const gk_rules *r = mp_playrules(ev->ud);
  int value = c->value;
  for (int k = first; k < last; k++) {
    const tf_hook *h = &s->v->hook[k];
    lua_Integer i = k - first + 1;
    int profiled = mp_profiling ? mp_profile_enter_at(L, mp_profiling, s->list, 3 * i - 2, MP_PATH_TRANSFORM) : -1;
    push_hook(L, s, ev, k, i, h);
    const char *name = value >= 0 ? gk_rules_stack_name(r, value) : NULL;
    if (name) lua_pushstring(L, name);
    else lua_pushnil(L);
    lua_call(L, 2, 1);
    if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) value = -1;
    else if (!lua_isnil(L, -1)) {
      int stack = lua_type(L, -1) == LUA_TSTRING ? gk_rules_find_stack(r, lua_tostring(L, -1)) : -1;
      if (stack < 0) {
        if (lua_type(L, -1) == LUA_TSTRING)
          luaL_error(L, "%s: extra_part: unknown stack '%s' (a stack name, false for none, nil to keep)",
                     h->at, lua_tostring(L, -1));
        luaL_error(L, "%s: extra_part: unknown stack a %s (a stack name, false for none, nil to keep)",
                   h->at, luaL_typename(L, -1));
      }
      value = stack;
    }
    lua_pop(L, 1);
    if (profiled >= 0) mp_profile_leave(mp_profiling, profiled);
  }
  c->value = value;
}

/* In the sandbox's protected call: (event, transforms, play, game view). */
static int run_event(lua_State *L) {
  tf_event *ev = (tf_event *)lua_touserdata(L, 1);
  tf_slots s = {.tv = 2, .self = 3, .game = 4, .sb = mp_host_sandbox(ev->ud->host)};
  ev->game = ((const mp_game *)lua_touserdata(L, s.game))->game;
  s.v = (mp_transforms *)lua_touserdata(L, s.tv);
  int e = event_of(ev->c->hook);
  lua_getiuservalue(L, s.tv, TV_FIELDS);
  s.fields = lua_gettop(L);
  lua_getiuservalue(L, s.tv, TV_CTX);
  s.ctx = lua_gettop(L);
  lua_getiuservalue(L, s.tv, TV_LISTS + e);
  s.list = lua_gettop(L);
  set_fields(L, &s, ev);
  int first = s.v->first[e], last = s.v->first[e + 1];
  if (e == 0) run_points(L, &s, ev, first, last);
  else run_extra(L, &s, ev, first, last);
  return 0;
}

/* The script messages name: the event's first hook's. */
static const char *first_source(void *transforms, int hook) {
  const mp_transforms *v = (const mp_transforms *)transforms;
  return v->hook[v->first[event_of(hook)]].source;
}

/* Called by the flow outside any protected call: raises nothing. */
static int call_transforms(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c) {
  static const mp_c_path path = {TRANSFORM_UV, run_event, first_source};
  tf_event ev = {ud, c, NULL, NULL, 0, 0};
  int st = mp_c_path_call(L, ud, play, &path, &ev, c);
  if (st != GK_OK) return st;
  if (ev.bad_index) /* the flow's messages when it reads a dispatcher's answer */
    gk_play_set_error(play, "feature_points: leaders[%d] is not a player (1 to %d)", ev.bad_index,
                      gk_game_players(gk_play_game(play)));
  else if (ev.bad) gk_play_set_error(play, "%s", ev.bad);
  return ev.bad ? GK_EINVAL : GK_OK;
}

/* }====================================================================== */
