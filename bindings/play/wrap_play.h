/*
** wrap_play.h: what the bindings of the turn flow share: the Flow and
** Play userdata (wrap_flow.c, wrap_play.c), the bridge from the flow's
** hooks to the Lua dispatcher (play_hooks.c) and flow:simulate
** (simulate.c). Internal to bindings/.
*/
#ifndef WRAP_PLAY_H
#define WRAP_PLAY_H

#include <lua.h>

#include "gk_flow.h"
#include "wrap_internal.h"

#define MP_FLOW "meeple.Flow"
#define MP_PLAY "meeple.Play"

typedef struct mp_flow {
  gk_flow *flow;
} mp_flow;

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

/* wrap_flow.c */
gk_flow *mp_checkflow(lua_State *L, int arg);
int mp_checkphase(lua_State *L, int arg, const gk_flow *f);

/* wrap_play.c */
mp_play *mp_checkplayud(lua_State *L, int arg);
int mp_pushplayview(lua_State *L, int self);
const gk_rules *mp_playrules(mp_play *ud);
void mp_pushmove(lua_State *L, mp_play *ud, int self, const gk_move *m);
/* play_hooks.c: a scoring event's leaders, a new list of player numbers */
void mp_pushleaders(lua_State *L, uint32_t mask);
gk_move mp_checkmove(lua_State *L, int arg, mp_play *ud, int self);
/* The play's last error as its user reads it: a collector's move that the
** flow refused names the collector's line. May write into buf; forgets
** the line. */
const char *mp_play_message(mp_play *ud, const gk_play *play, char *buf, size_t cap);
/* play_hooks.c: fails the event over a collector's move that does not
** read, with the reader's reason alone (a C argument check's slot number
** means nothing to a script). */
void mp_set_move_error(gk_play *play, const char *reader_msg);
/* move_args.c: an action move's args table (named when the action's
** arguments have names, else four positional integers) */
void mp_pushargs(lua_State *L, const gk_flow *f, const gk_move *m);
void mp_checkargs(lua_State *L, int move, const gk_flow *f, gk_move *m);
int mp_play_action_args(lua_State *L);
mp_play *mp_newplay(lua_State *L, int flow_idx, int rules_idx, int dispatcher_idx, gk_play *play,
                    uint32_t present, uint64_t collect_phases, uint32_t deploy_kinds);
int mp_flow_new_play(lua_State *L);
void mp_open_play(lua_State *L);

/* play_hooks.c: the gk_hooks callback, and the hook options of
** flow:new_play and flow:simulate */
int mp_hook_call(void *vud, gk_play *play, gk_hook_call *c);
uint32_t mp_hookmask(lua_State *L, int t);
uint64_t mp_collectmask(lua_State *L, int t, const gk_flow *f);
uint32_t mp_deploymask(lua_State *L, int t, const gk_flow *f);
gk_hook_filters mp_hookfilters(lua_State *L, int t, const gk_flow *f);
void mp_setfilters(mp_play *ud, const gk_hook_filters *h);

/* play_hooks.c: the args table a hook is shown (pushed) */
void mp_pushhookargs(lua_State *L, mp_play *ud, gk_play *play, const gk_hook_call *c);
/* play_hooks.c: the C paths of a play, set from flow:new_play's and
** flow:simulate's opts (mp_set_c_paths: each path's own setter below),
** and shared by its copies (clone, a lender); and what the setters
** share: the userdata made once per dispatcher table opts[field] by
** make(L, that table, ud) (kept there under key) set as the play's user
** value uv; its data, or NULL (no real host, or no such table) */
void mp_set_c_paths(lua_State *L, int self, int opts);
void mp_copy_c_paths(lua_State *L, int dst_self, int src_self);
void *mp_c_path_attach(lua_State *L, int self, int opts, const char *field, const void *key, int uv,
                       void (*make)(lua_State *L, int t, mp_play *ud));

/* hook_direct.c: notifications the flow calls without the dispatcher */
void mp_setdirect(lua_State *L, int self, int opts);
int mp_direct_call(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c);

/* hook_veto.c: allow hooks the flow calls without the dispatcher */
void mp_setvetoes(lua_State *L, int self, int opts);
int mp_veto_call(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c);
/* and what the C paths share: the hooks listed under these names of the
** dispatcher's table t; the record on top into flat[3i - 2 .. 3i] as
** {record, fn, source} (popped), with its "file:line" (else its script)
** and its source's short name, both kept alive by the tables */
int mp_count_hooks(lua_State *L, int t, const char *const *names, int n);
/* ctx_fields.c: ctx's fields all written for an event (a veto round, a
** collect): game and play (stack slots), phase, the lazy ones cleared */
void mp_ctx_fields_set(lua_State *L, int fields, int game, int play, const gk_flow *f, int phase);
/* play_hooks.c: a hook's answer at idx is not what its event takes:
** raises "<at>: <what>, not a <its type>", the dispatcher's message */
int mp_bad_answer(lua_State *L, const char *at, const char *what, int idx);
/* the names in record[field] (rec: a hook's record) as a mask of their
** indices by find, each below bits; else raises "<what> <index> cannot
** be narrowed" */
uint64_t mp_record_mask(lua_State *L, int rec, const char *field, const gk_rules *r,
                        int (*find)(const gk_rules *, const char *), int bits, const char *what);
/* t[name] as user value uv of the userdata at ud */
void mp_copy_field(lua_State *L, int ud, int t, const char *name, int uv);
/* and the shell of an event: path->body runs in the sandbox's protected
** call on (arg, the play's user value path->uv, the play, its game view)
** with the game lent meanwhile; messages name path->name_of(that user
** value's data, c->hook). Raises nothing: GK_OK, or the flow's error. */
typedef struct mp_c_path {
  int uv;
  lua_CFunction body;
  const char *(*name_of)(void *data, int hook);
} mp_c_path;
int mp_c_path_call(lua_State *L, mp_play *ud, gk_play *play, const mp_c_path *path, void *arg,
                   const gk_hook_call *c);
void mp_flat_hook(lua_State *L, int flat, lua_Integer i, const char **at, const char **source);

/* hook_transform.c: transforms the flow calls without the dispatcher */
void mp_settransforms(lua_State *L, int self, int opts);
int mp_transform_call(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c);

/* hook_collect.c: collects the flow calls without the dispatcher */
void mp_setcollects(lua_State *L, int self, int opts);
int mp_collect_call(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c);

/* simulate.c */
int mp_flow_simulate(lua_State *L);

#endif
