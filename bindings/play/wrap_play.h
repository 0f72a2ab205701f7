/*
** wrap_play.h: the play layer (play/): the Flow and Play userdata
** (wrap_flow.c, wrap_play.c) and a move's arguments (move_args.c). The
** layers above add to it: hooks/ the calls into the scripts, flow:new_play
** and the hook plan it reads (hooks.h),
** sim/ flow:simulate (sim_run.h). Internal to bindings/.
*/
#ifndef WRAP_PLAY_H
#define WRAP_PLAY_H

#include <lua.h>
#include <lauxlib.h>

#include "gk_flow.h"
#include "wrap_internal.h"

#define MP_FLOW "meeple.Flow"
#define MP_PLAY "meeple.Play"

typedef struct mp_flow {
  gk_flow *flow;
} mp_flow;

/* The gk_hooks callback a play hands the flow (gk_hooks.call). */
typedef int (*mp_hook_fn)(void *ud, gk_play *play, gk_hook_call *c);
/* A C route's call (hooks/): set on the play by the route's setter. */
struct mp_play;
typedef int (*mp_route_fn)(lua_State *L, struct mp_play *ud, gk_play *play, gk_hook_call *c);

typedef struct mp_play {
  gk_play *play;        /* NULL once freed */
  lua_State *L;         /* the state of the call running the play now */
  int self;             /* stack index of this userdata during that call */
  int busy;             /* inside a call into the flow: no re-entry */
  int lock;             /* MP_LOCK_*: how far inside its own hooks */
  char hook_where[160]; /* "file:line" of the collector whose moves the flow checks */
  uint32_t present;     /* the hooks it calls */
  uint64_t collect_phases; /* phases with a collector */
  uint32_t deploy_kinds;   /* figure kinds the deploy vetoes look at; 0: all */
  gk_hook_filters filters; /* which calls of the hooks are wanted */
  uint32_t direct;      /* hooks called without the Lua dispatcher (hook_direct.c) */
  int in_direct;        /* inside such a call: a nested one takes the dispatcher */
  struct mp_host *host; /* whose sandbox runs them (NULL: no direct calls) */
  uint32_t vetoes;      /* allow hooks called without the dispatcher (hook_veto.c) */
  int veto_reasons;     /* its last veto round kept reasons (dispatch.veto_reason) */
  uint32_t transforms;  /* transforms called without the dispatcher (hook_transform.c) */
  uint32_t collects;    /* collects called without the dispatcher (hook_collect.c) */
  /* each route's call, set with its bits by its setter (hooks/) */
  mp_route_fn direct_call, veto_call, transform_call, collect_call;
  mp_hook_fn hook_call; /* the flow's hook callback (hooks/hook_call.c's
                        ** mp_hook_call), kept for the play's copies */
} mp_play;

/* A play's user values: its flow, its game view, its dispatcher; then
** the userdata of each C path (NULL: that path is off), which a copy of
** the play shares (mp_copy_c_paths). */
enum { MP_PLAY_UV_FLOW = 1, MP_PLAY_UV_VIEW, MP_PLAY_UV_DISPATCHER,
       MP_PLAY_UV_DIRECT, MP_PLAY_UV_VETOES, MP_PLAY_UV_TRANSFORMS, MP_PLAY_UV_COLLECTS };
enum { MP_PLAY_UV_COUNT = MP_PLAY_UV_COLLECTS };


/* Hook names by gk_hook, and move type names by gk_move_type. */
extern const char *const mp_hook_names[];
extern const char *const mp_move_types[];

/* The flow at arg (a meeple.Flow that is not gone). Inline, so that the
** declaration readers of flow_<name>.c need no call back into wrap_flow.c
** (it calls them: one way). */
static inline gk_flow *mp_checkflow(lua_State *L, int arg) {
  mp_flow *ud = (mp_flow *)luaL_checkudata(L, arg, MP_FLOW);
  luaL_argcheck(L, ud->flow != NULL, arg, "flow is gone");
  return ud->flow;
}
/* flow:tile_variants{...} (flow_tile_variants.c). */
int flow_tile_variants(lua_State *L);
/* flow:move_anywhere{...} (flow_move_anywhere.c). */
int flow_move_anywhere(lua_State *L);
/* flow:pairing{...} (flow_pairing.c). */
int flow_pairing(lua_State *L);
int mp_checkphase(lua_State *L, int arg, const gk_flow *f);
/* flow:token_pool{...} (flow_token_pool.c). */
int flow_token_pool(lua_State *L);

/* wrap_play.c */
mp_play *mp_checkplayud(lua_State *L, int arg);
int mp_pushplayview(lua_State *L, int self);
const gk_rules *mp_playrules(mp_play *ud);
void mp_pushmove(lua_State *L, mp_play *ud, int self, const gk_move *m);
gk_move mp_checkmove(lua_State *L, int arg, mp_play *ud, int self);
/* The play's last error as its user reads it: a collector's move that the
** flow refused names the collector's line. May write into buf; forgets
** the line. */
const char *mp_play_message(mp_play *ud, const gk_play *play, char *buf, size_t cap);
/* move_args.c: an action move's args table (named when the action's
** arguments have names, else four positional integers) */
void mp_pushargs(lua_State *L, const gk_flow *f, const gk_move *m);
void mp_checkargs(lua_State *L, int move, const gk_flow *f, gk_move *m);
int mp_play_action_args(lua_State *L);
/* move_args.c: a collected move's `decider` (raw; nil: none) folded into
** *decider (player + 1, 0: none yet); raises for a value that is no
** player or that differs from the one named before. */
void mp_take_decider(lua_State *L, int move, mp_play *ud, int *decider);
mp_play *mp_newplay(lua_State *L, int flow_idx, int rules_idx, int dispatcher_idx, gk_play *play,
                    uint32_t present, uint64_t collect_phases, uint32_t deploy_kinds,
                    mp_hook_fn hook_call);
/* A copy of a play (clone, a lender) calls the same hooks the same way:
** the C paths' fields and user values, shared. */
void mp_copy_c_paths(lua_State *L, int dst_self, int src_self);
void mp_open_play(lua_State *L);
void mp_open_flow(lua_State *L);

/* the play's hook filters, to the flow (the plan's, read by hooks/) */
void mp_setfilters(mp_play *ud, const gk_hook_filters *h);



#endif
