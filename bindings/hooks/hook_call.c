/*
** hook_call.c: the one entry of every hook call the flow makes
** (mp_hook_call, the play's gk_hooks callback), flow:new_play, the play
** that calls them. What the four C routes share is below them, in
** hook_c_path.c.
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
** call, their shell in hook_c_path.c (mp_c_path_call: the game lent,
** the budgets); the direct route makes one sandboxed call per hook.
** Calls go one way: this entry -> a route -> hook_c_path.c. Each
** route's table comes from the hook plan once per rules: attached to the
** play (mp_c_path_attach), its hook records read into flat lists by one
** reader (mp_read_hooks).
**
** Invariant: a hook runs in a protected call of its own, so a Lua error
** never unwinds through the flow's C frames; it becomes the flow's
** error, and the flow undoes the whole move.
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
    h.status = mp_veto_call(L, ud, play, c);
  } else if (transform) {
    /* a transform the flow calls itself (hook_transform.c) */
    ud->in_direct = 1;
    h.status = mp_transform_call(L, ud, play, c);
  } else if (collect) {
    /* a collect the flow calls itself (hook_collect.c) */
    ud->in_direct = 1;
    h.status = mp_collect_call(L, ud, play, c);
  } else if (direct) {
    /* a notification the flow calls itself (hook_direct.c): it raises
    ** nothing, so it needs no protected call of its own */
    ud->in_direct = 1;
    h.status = mp_direct_call(L, ud, play, c);
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

/* flow:new_play(game, {hooks = {names}, dispatch = fn, agent_seed = n}):
** the play takes the game over; the Game userdata passed in is emptied. */
int mp_flow_new_play(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  mp_game *gud = mp_checkgameud(L, 2);
  luaL_argcheck(L, gud->game != NULL && !gud->borrowed, 2, "a free-standing game expected");
  luaL_argcheck(L, gk_game_rules(gud->game) == gk_flow_rules(f), 2, "game of other rules");
  luaL_checktype(L, 3, LUA_TTABLE);
  uint32_t present = mp_hookmask(L, 3);
  uint64_t collect_phases = mp_collectmask(L, 3, f);
  uint32_t deploy_kinds = mp_deploymask(L, 3, f);
  gk_hook_filters filters = mp_hookfilters(L, 3, f);
  lua_getfield(L, 3, "dispatch");
  if (present) luaL_checktype(L, -1, LUA_TFUNCTION);
  int disp = lua_gettop(L);
  lua_getfield(L, 3, "agent_seed");
  lua_Integer seed = luaL_optinteger(L, -1, 1);
  lua_getiuservalue(L, 1, 1); /* rules */
  int rules_idx = lua_gettop(L);
  gk_play *play = gk_play_new(f, gud->game, NULL);
  if (!play) return luaL_error(L, "not enough memory");
  gud->game = NULL; /* now the play's */
  gud->generation++;
  gk_play_seed_agent(play, (uint64_t)seed);
  mp_setfilters(mp_newplay(L, 1, rules_idx, disp, play, present, collect_phases, deploy_kinds,
                           mp_hook_call),
                &filters);
  mp_set_c_paths(L, -1, 3);
  return 1;
}

/* {======================================================================
** The C paths: set from the opts (a copy shares them: play/)
** ======================================================================= */

/* opts.transforms, opts.vetoes, opts.collects and opts.direct: the
** dispatcher's tables (each absent: those hooks dispatch). */
void mp_set_c_paths(lua_State *L, int self, int opts) {
  self = lua_absindex(L, self);
  opts = lua_absindex(L, opts);
  mp_settransforms(L, self, opts);
  mp_setvetoes(L, self, opts);
  mp_setcollects(L, self, opts);
  mp_setdirect(L, self, opts);
  mp_checkplayud(L, self)->host = mp_host_of(L);
}

/* }====================================================================== */

static const luaL_Reg flow_methods[] = {
  {"new_play", mp_flow_new_play},
  {NULL, NULL}
};

/* Gives the Flow (play/) its flow:new_play, a play that calls the hooks. */
void mp_open_hooks(lua_State *L) { mp_add_methods(L, MP_FLOW, flow_methods); }
