/*
** hooks.h: the hooks layer (hooks/): how the flow's hook calls reach the
** scripts. hook_plan.c reads the hook plan once per play (flow:new_play);
** one entry (hook_call.c) picks a route for each call: one of four C
** routes (hook_veto.c, hook_transform.c, hook_collect.c, hook_direct.c,
** sharing the shell and the reader hook_call.c gives them), which call
** a script's functions in one sandboxed call, or the Lua dispatcher
** (meeple.loader.dispatch). Calls go one way: hook_plan.c -> the routes
** -> hook_call.c, ctx_fields.c; the entry reaches a route only through
** the play (ud->veto_call, ...). Internal to bindings/.
*/
#ifndef MP_HOOKS_H
#define MP_HOOKS_H

#include <lua.h>

#include "gk_flow.h"
#include "wrap_play.h"

/* hook_plan.c: the hook plan in C. flow:new_play(game, opts): a play
** whose hooks mp_hook_call calls; adds it to the Flow's methods. */
int mp_flow_new_play(lua_State *L);
void mp_open_hooks(lua_State *L);
/* the plan's names as bits (flow:new_play's and flow:simulate's opts):
** the hooks called, the phases with a collector, the figure kinds the
** deploy vetoes look at (0: all), the filters */
uint32_t mp_hookmask(lua_State *L, int t);
uint64_t mp_collectmask(lua_State *L, int t, const gk_flow *f);
uint32_t mp_deploymask(lua_State *L, int t, const gk_flow *f);
gk_hook_filters mp_hookfilters(lua_State *L, int t, const gk_flow *f);
/* the C routes of a play, set from flow:new_play's and flow:simulate's
** opts, each by its route's own setter below (a copy shares them:
** mp_copy_c_paths, play/) */
void mp_set_c_paths(lua_State *L, int self, int opts);

/* hook_call.c: the gk_hooks callback, the one entry of every hook call:
** it takes one of five routes, the four C routes below (through the
** play's ud->veto_call, ...) or the Lua dispatcher (run_hook). */
int mp_hook_call(void *vud, gk_play *play, gk_hook_call *c);
/* the args table a hook is shown (pushed) */
void mp_pushhookargs(lua_State *L, mp_play *ud, gk_play *play, const gk_hook_call *c);

/* The routes: each setter reads its table of the plan and leaves its
** bits and its call in the play. */
/* hook_veto.c: allow hooks the flow calls without the dispatcher */
void mp_setvetoes(lua_State *L, int self, int opts);

/* hook_transform.c: transforms the flow calls without the dispatcher */
void mp_settransforms(lua_State *L, int self, int opts);

/* hook_collect.c: collects the flow calls without the dispatcher */
void mp_setcollects(lua_State *L, int self, int opts);

/* hook_direct.c: notifications the flow calls without the dispatcher */
void mp_setdirect(lua_State *L, int self, int opts);

/* hook_call.c: what the four C routes share. The userdata made once per
** dispatcher table opts[field] by make(L, that table, ud) (kept there
** under key) set as the play's user value uv; its data, or NULL (no
** real host, or no such table). */
void *mp_c_path_attach(lua_State *L, int self, int opts, const char *field, const void *key, int uv,
                       void (*make)(lua_State *L, int t, mp_play *ud));
/* A C path's userdata, pushed: head bytes and then count hook records
** of hook bytes, all zero, with nuv user values, the first nfields of
** them t[fields[i]] (NULL: t itself). */
void *mp_c_path_new(lua_State *L, int t, size_t head, size_t hook, int count, int nuv,
                    const char *const *fields, int nfields);
/* the hooks listed under these names of table t (a NULL name: none) */
int mp_count_hooks(lua_State *L, int t, const char *const *names, int n);
/* What every C path takes from a hook's record. */
typedef struct mp_hook_info {
  const char *at;     /* "file:line" of its declaration, else its script */
  const char *source; /* its function's short source, as the sandbox names it */
  int params;         /* its function's parameters (INT_MAX: it takes `...`) */
} mp_hook_info;
/* A path's own part of hook k (ordinal), of event e, record at rec. */
typedef void (*mp_hook_reader)(lua_State *L, int rec, int e, int k, const mp_hook_info *h, void *data);
/* The one reader of the four C paths: for each event e < n, the hooks
** t[names[e]] (a NULL name: none) as the flat list {record, fn, source,
** ...}, kept as user value uv + e of the userdata at dest (uv 0: as
** dest[e + 1], dest a table), each record handed to read (hooks get
** the ordinals first[e] .. first[e + 1] - 1; first has n + 1 slots).
** The strings of an info stay alive in the lists. Returns the events
** with a list, bit e each. */
uint64_t mp_read_hooks(lua_State *L, int t, const char *const *names, int n, int dest, int uv, int *first,
                       mp_hook_reader read, void *data);
/* the names in record[field] (rec: a hook's record) as a mask of their
** indices by find, each below bits; else raises "<what> <index> cannot
** be narrowed" */
uint64_t mp_record_mask(lua_State *L, int rec, const char *field, const gk_rules *r,
                        int (*find)(const gk_rules *, const char *), int bits, const char *what);
/* The shell of an event: path->body runs in the sandbox's protected
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
/* ctx names the hook whose record is on top (popped) as the running one:
** fields[key] = record, key the user value key_uv of the path's userdata
** at pv; the state the last one read (ctx_fields.c) is forgotten, a
** hook's state being its script's. */
void mp_set_running(lua_State *L, int fields, int pv, int key_uv);
/* a hook's answer at idx is not what its event takes: raises "<at>:
** <what>, not a <its type>", the dispatcher's message */
int mp_bad_answer(lua_State *L, const char *at, const char *what, int idx);
/* a scoring event's leaders, a new list of player numbers */
void mp_pushleaders(lua_State *L, uint32_t mask);
/* fails the event over a collector's move that does not read, with the
** reader's reason alone (a C argument check's slot number means nothing
** to a script). */
void mp_set_move_error(gk_play *play, const char *reader_msg);

/* ctx_fields.c: meeple_host.ctx_index, the C reader of ctx's lazy
** fields, added to the table on top */
void mp_ctx_fields_open(lua_State *L);
/* What a C path's ctx fields show now (all zero: nothing yet). */
typedef struct mp_ctx_shown {
  const void *view, *play; /* fields.game, fields.play */
  const gk_game *game;     /* the game whose state fields.state may keep */
  int phase1;              /* fields.phase's phase + 1 */
} mp_ctx_shown;
/* ctx's fields for an event (a veto round, a collect), written where
** they changed: game and play (stack slots), phase; the state forgotten
** when the game is another */
void mp_ctx_fields_set(lua_State *L, int fields, int game, int play, const gk_flow *f, int phase,
                       mp_ctx_shown *shown);

#endif
