/*
** hook_veto.c: the allow hooks (allow("tile_placement"),
** allow("figure_placement")) that the flow calls itself, without the Lua
** dispatcher: a veto round is one sandboxed protected call, in which C
** shows each candidate move to the hooks through one reused read-only
** view and keeps the moves none refused.
**
** The dispatcher (meeple.loader.dispatch, veto_calls) hands over a table
**   { allow_placements = {hook, ...}, allow_deploys = {hook, ...},
**     ctx = proxy, fields = its fields, hook_key = (the fields' private
**     key of the running hook), view = a flat read-only view, view_mt =
**     its metatable, freeze = fn(t), last_vetoes = {[play] = reasons} }
** from which mp_setvetoes makes a Vetoes userdata, the play's user value
** 5: its C part (mp_vetoes) holds each hook's narrowing (figure kinds,
** scoped to tiles or stacks) and names, and what the reused place table
** shows now; its user values (VV_*) hold the ctx, the view, the place
** table and per event a flat list {record, fn, source, ...}.
**
** Invariant: each hook sees what the dispatcher would show it, in the
** same order (candidate by candidate, hooks in their order, none after
** the first refusal), with ctx's fields of the round (the lazy ones
** cleared at its start, state when the hook changes), and each call has
** its own instruction budget and clock (mp_sandbox_renew); a refusal's
** reason and a bad reason read as the dispatcher's; the round's reasons
** reach meeple.loader.dispatch's veto_reason through last_vetoes[play]
** (nil: none), as a flat list {move, record, reason, ...} that its
** decode (decode_refusals) turns into the dispatcher's {moves, reasons}
** when someone asks: a refusal costs a few table writes, not a move
** table and a message nobody reads. On
** any failure the game is lent to nobody again and the flow gets the
** sandbox's message.
**
** Cost: a candidate that is a placement writes only the fields that
** changed (x, y, rot; tile and type rarely) into the place table, which
** the view reads with plain table lookups; other moves (deploys, actions)
** are built fresh, their nested tables frozen. Then one lua_call per hook.
*/
#include <limits.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "hook_profile.h"
#include "host.h"
#include "sandbox.h"
#include "hooks.h"

/* The play's user value of the Vetoes userdata (nil: none). */
enum { VETO_UV = MP_PLAY_UV_VETOES };

/* The Vetoes userdata's user values. */
enum {
  VV_TABLE = 1, /* the dispatcher's table: freeze, last_vetoes */
  VV_CTX,
  VV_FIELDS,
  VV_HOOK_KEY,
  VV_VIEW,
  VV_VIEW_MT,
  VV_PLACE,     /* the reused table of placements */
  VV_LISTS      /* + event (0 placements, 1 deploys): {record, fn, source, ...} */
};
enum { VV_COUNT = VV_LISTS + 2 };

typedef struct veto_hook {
  uint32_t figures;   /* deploys: the figure kinds it judges (0: all) */
  int scoped;         /* placements: only its tiles' and stacks' */
  int memo_tile, memo_stack, memo_hit; /* scoped: whether it judged the
                      ** last tile type and stack asked (memo_tile -2:
                      ** none yet; -1 a move that is no placement) */
  const char *source; /* the script, as the sandbox names it */
  const char *at;     /* "file:line" of its declaration (else its script) */
} veto_hook;

typedef struct mp_vetoes {
  uint32_t events;   /* bit per gk_hook called from here */
  int first[3];      /* event e's hooks are first[e] .. first[e + 1] - 1 */
  int tile, x, y, rot; /* what the place table shows (tile -1: nothing yet) */
  mp_ctx_shown shown;  /* what ctx's fields show */
  int running;         /* the hook fields[hook_key] names (-1: none) */
  veto_hook hook[];
} mp_vetoes;

static const char vetoes_key = 'v';

static const char *const events[] = {"allow_placements", "allow_deploys"};

static int event_of(int hook) { return hook == GK_HOOK_ALLOW_DEPLOYS; }

/* The figure kinds of record.figures as a mask (0: none named). */
static uint32_t figure_mask(lua_State *L, int rec, const gk_rules *r) {
  return (uint32_t)mp_record_mask(L, rec, "figures", r, gk_rules_find_figure_kind, 32, "allow: figure kind");
}

typedef struct veto_read {
  mp_vetoes *v;
  const gk_rules *r;
} veto_read;

/* A hook's record: the figure kinds it judges, scoped or not. */
static void read_veto(lua_State *L, int rec, int e, int k, const mp_hook_info *in, void *data) {
  (void)e;
  const veto_read *vr = (const veto_read *)data;
  veto_hook *h = &vr->v->hook[k];
  h->figures = figure_mask(L, rec, vr->r);
  lua_getfield(L, rec, "scoped");
  h->scoped = lua_toboolean(L, -1);
  lua_pop(L, 1);
  h->at = in->at;
  h->source = in->source;
  h->memo_tile = -2;
}

/* The Vetoes of the dispatcher's table t, pushed. */
static void new_vetoes(lua_State *L, int t, mp_play *ud) {
  static const char *const fields[] = {NULL, "ctx", "fields", "hook_key", "view", "view_mt"};
  int count = mp_count_hooks(L, t, events, 2);
  mp_vetoes *v = (mp_vetoes *)mp_c_path_new(L, t, sizeof(mp_vetoes), sizeof(veto_hook), count, VV_COUNT,
                                            fields, VV_PLACE - 1);
  v->tile = v->running = -1;
  v->x = v->y = v->rot = INT_MIN; /* the place table shows nothing yet */
  int vv = lua_gettop(L);
  lua_createtable(L, 0, 5);
  lua_pushstring(L, mp_move_types[GK_MOVE_PLACE]);
  lua_setfield(L, -2, "type");
  lua_setiuservalue(L, vv, VV_PLACE);
  veto_read vr = {v, mp_playrules(ud)};
  uint64_t got = mp_read_hooks(L, t, events, 2, vv, VV_LISTS, v->first, read_veto, &vr);
  if (got & 1) v->events |= 1u << GK_HOOK_ALLOW_PLACEMENTS;
  if (got & 2) v->events |= 1u << GK_HOOK_ALLOW_DEPLOYS;
}

/* The route's call (the entry calls it through ud->veto_call). */
static int call_vetoes(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c);

/* opts.vetoes: the dispatcher's table (absent: vetoes dispatch). */
void mp_setvetoes(lua_State *L, int self, int opts) {
  mp_vetoes *v = (mp_vetoes *)mp_c_path_attach(L, self, opts, "vetoes", &vetoes_key, VETO_UV, new_vetoes);
  mp_play *ud = mp_checkplayud(L, self);
  ud->vetoes = v ? v->events : 0;
  ud->veto_call = call_vetoes;
}

/* {======================================================================
** A veto round
** ======================================================================= */

typedef struct veto_round {
  mp_play *ud;
  gk_play *play;
  gk_hook_call *c;
} veto_round;

/* Stack slots of a round (in the protected call). */
typedef struct round_slots {
  int vv, self, game, fields, ctx, view, view_mt, place, list, hook_key;
  int reasons;   /* slot of the round's refusals with a reason: a flat
                 ** list {move (its bytes), hook record, reason, ...} */
  int n_reasons; /* how many (0: nil yet) */
  mp_vetoes *v;
  mp_play *ud;
  int aimed_place; /* the view reads the place table */
} round_slots;

static void set_int(lua_State *L, int t, const char *k, int v) {
  lua_pushinteger(L, v);
  lua_setfield(L, t, k);
}

/* The view shows move m: a placement in the reused table, written where
** it changed; any other move built fresh, its nested tables frozen. */
static void show_move(lua_State *L, round_slots *s, const gk_move *m) {
  mp_vetoes *v = s->v;
  if (m->type == GK_MOVE_PLACE) {
    if (m->tile != v->tile) {
      lua_pushstring(L, gk_rules_tile(mp_playrules(s->ud), m->tile)->id);
      lua_setfield(L, s->place, "tile");
      v->tile = m->tile;
    }
    if (m->x != v->x) set_int(L, s->place, "x", v->x = m->x);
    if (m->y != v->y) set_int(L, s->place, "y", v->y = m->y);
    if (m->rot != v->rot) set_int(L, s->place, "rot", v->rot = m->rot);
    if (!s->aimed_place) {
      lua_pushvalue(L, s->place);
      lua_setfield(L, s->view_mt, "__index");
      s->aimed_place = 1;
    }
    return;
  }
  mp_pushmove(L, s->ud, s->self, m);
  int t = lua_gettop(L);
  static const char *const nested[] = {"at", "args"};
  for (int i = 0; i < 2; i++) {
    if (lua_getfield(L, t, nested[i]) == LUA_TTABLE) {
      lua_getiuservalue(L, s->vv, VV_TABLE);
      lua_getfield(L, -1, "freeze");
      lua_replace(L, -2);
      lua_insert(L, -2);
      lua_call(L, 1, 1);
      lua_setfield(L, t, nested[i]);
    } else lua_pop(L, 1);
  }
  lua_setfield(L, s->view_mt, "__index");
  s->aimed_place = 0;
}

/* Does scoped hook h (its record list[3i - 2]) judge move m: its tiles
** (by the candidate's tile id) or its stacks (by the part's)? Asked
** of its record's sets once per tile type and stack in a row (a round's
** candidates mostly share both): the answer is kept in h. */
static int scoped_wants(lua_State *L, const round_slots *s, veto_hook *h, lua_Integer i, const gk_move *m) {
  int tile = m->type == GK_MOVE_PLACE ? m->tile : -1, stack_ix = gk_play_stack(s->ud->play);
  if (h->memo_tile == tile && h->memo_stack == stack_ix) return h->memo_hit;
  const gk_rules *r = mp_playrules(s->ud);
  int top = lua_gettop(L), hit = 0;
  lua_rawgeti(L, s->list, 3 * i - 2);
  int rec = lua_gettop(L);
  if (tile >= 0 && lua_getfield(L, rec, "tile_set") == LUA_TTABLE)
    hit = lua_getfield(L, -1, gk_rules_tile(r, tile)->id) != LUA_TNIL && lua_toboolean(L, -1);
  lua_settop(L, rec);
  if (!hit && lua_getfield(L, rec, "stack_set") == LUA_TTABLE) {
    const char *stack = gk_rules_stack_name(r, stack_ix);
    hit = stack && lua_getfield(L, -1, stack) != LUA_TNIL && lua_toboolean(L, -1);
  }
  lua_settop(L, top);
  h->memo_tile = tile;
  h->memo_stack = stack_ix;
  h->memo_hit = hit;
  return hit;
}

/* The refusals of a round with reasons (play, list): the dispatcher's
** {moves = {move, ...}, reasons = {"reason (file:line)", ...}}, the
** moves as the hooks were shown them, built from the play as it is now
** (meeple.loader.dispatch's veto_reason asks at once). Host code only:
** the list is the list's decode, and no script reaches the list. */
static int decode_refusals(lua_State *L) {
  mp_play *ud = mp_checkplayud(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  if (!ud->play) return luaL_error(L, "attempt to use a freed play");
  int n = (int)(lua_rawlen(L, 2) / 3);
  lua_createtable(L, 0, 2);
  lua_createtable(L, n, 0);
  lua_createtable(L, n, 0);
  int out = lua_gettop(L) - 2, moves = out + 1, reasons = out + 2;
  for (int i = 1; i <= n; i++) {
    size_t len = 0;
    lua_rawgeti(L, 2, 3 * i - 2);
    const char *bytes = lua_tolstring(L, -1, &len);
    if (!bytes || len != sizeof(gk_move)) return luaL_error(L, "veto refusals: bad move %d", i);
    gk_move m;
    memcpy(&m, bytes, sizeof m);
    mp_pushmove(L, ud, 1, &m);
    lua_rawseti(L, moves, i);
    lua_rawgeti(L, 2, 3 * i - 1); /* the hook's record: at, else its script */
    if (lua_getfield(L, -1, "at") != LUA_TSTRING) {
      lua_pop(L, 1);
      lua_getfield(L, -1, "script");
    }
    lua_rawgeti(L, 2, 3 * i);
    lua_pushfstring(L, "%s (%s)", lua_tostring(L, -1), lua_tostring(L, -2));
    lua_rawseti(L, reasons, i);
    lua_pop(L, 4);
  }
  lua_setfield(L, out, "reasons");
  lua_setfield(L, out, "moves");
  return 1;
}

/* The answer on top (answer, why): 1 refused, 0 not. A reason goes to
** the round's refusals (made at the first) with the move and the hook's
** record (list[3i - 2]); a reason that is no string raises. */
static int refused(lua_State *L, round_slots *s, const veto_hook *h, lua_Integer i, const gk_move *m) {
  if (!lua_isboolean(L, -2) || lua_toboolean(L, -2)) return 0;
  if (lua_isnil(L, -1)) return 1;
  if (lua_type(L, -1) != LUA_TSTRING)
    return mp_bad_answer(L, h->at, "a veto's reason must be a string", -1);
  if (!s->n_reasons) {
    lua_createtable(L, 6, 1);
    lua_pushcfunction(L, decode_refusals);
    lua_setfield(L, -2, "decode");
    lua_replace(L, s->reasons);
  }
  lua_Integer n = 3 * (lua_Integer)s->n_reasons++;
  lua_pushlstring(L, (const char *)m, sizeof *m);
  lua_rawseti(L, s->reasons, n + 1);
  lua_rawgeti(L, s->list, 3 * i - 2);
  lua_rawseti(L, s->reasons, n + 2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, s->reasons, n + 3);
  return 1;
}

/* Is move m kept: no hook of [first, last) that judges it refuses it? */
static int judge(lua_State *L, round_slots *s, const gk_move *m, int first, int last) {
  mp_sandbox *sb = mp_host_sandbox(s->ud->host);
  int shown = 0;
  for (int k = first; k < last; k++) {
    veto_hook *h = &s->v->hook[k];
    int i = k - first + 1;
    if (h->figures && (m->type != GK_MOVE_DEPLOY || !((h->figures >> m->figure_kind) & 1u))) continue;
    if (h->scoped && !scoped_wants(L, s, h, i, m)) continue;
    int profiled = mp_profiling ? mp_profile_enter_at(L, mp_profiling, s->list, 3 * i - 2, MP_PATH_VETO) : -1;
    if (!shown) show_move(L, s, m), shown = 1;
    if (k != s->v->running) { /* ctx names the hook; its state is its script's */
      lua_rawgeti(L, s->list, 3 * i - 2);
      mp_set_running(L, s->fields, s->vv, VV_HOOK_KEY);
      s->v->running = k;
    }
    mp_sandbox_renew(sb, h->source);
    lua_rawgeti(L, s->list, 3 * i - 1);
    lua_pushvalue(L, s->ctx);
    lua_pushvalue(L, s->view);
    lua_call(L, 2, 2);
    int no = refused(L, s, h, i, m);
    lua_pop(L, 2);
    if (profiled >= 0) mp_profile_leave(mp_profiling, profiled);
    if (no) return 0;
  }
  return 1;
}

/* The round's refusals as last_vetoes[play], or the last round's
** forgotten. */
static void keep_reasons(lua_State *L, round_slots *s) {
  if (!s->n_reasons && !s->ud->veto_reasons) return;
  lua_getiuservalue(L, s->vv, VV_TABLE);
  lua_getfield(L, -1, "last_vetoes");
  lua_pushvalue(L, s->self);
  lua_pushvalue(L, s->reasons);
  lua_rawset(L, -3);
  lua_pop(L, 2);
  s->ud->veto_reasons = s->n_reasons != 0;
}

/* In the sandbox's protected call: (round, vetoes, play, game view). */
static int run_round(lua_State *L) {
  veto_round *r = (veto_round *)lua_touserdata(L, 1);
  round_slots s = {.vv = 2, .self = 3, .game = 4, .ud = r->ud};
  s.v = (mp_vetoes *)lua_touserdata(L, s.vv);
  int e = event_of(r->c->hook);
  lua_getiuservalue(L, s.vv, VV_FIELDS);
  s.fields = lua_gettop(L);
  lua_getiuservalue(L, s.vv, VV_CTX);
  s.ctx = lua_gettop(L);
  lua_getiuservalue(L, s.vv, VV_VIEW);
  s.view = lua_gettop(L);
  lua_getiuservalue(L, s.vv, VV_VIEW_MT);
  s.view_mt = lua_gettop(L);
  lua_getiuservalue(L, s.vv, VV_PLACE);
  s.place = lua_gettop(L);
  lua_getiuservalue(L, s.vv, VV_LISTS + e);
  s.list = lua_gettop(L);
  lua_pushnil(L);
  s.reasons = s.list + 1;
  mp_ctx_fields_set(L, s.fields, s.game, s.self, gk_play_flow(r->ud->play), r->c->phase, &s.v->shown);
  gk_hook_call *c = r->c;
  int first = s.v->first[e], last = s.v->first[e + 1], kept = 0;
  for (int i = 0; i < c->n_moves; i++) {
    gk_move m = c->moves[i];
    if (judge(L, &s, &m, first, last)) c->moves[kept++] = m;
  }
  c->n_moves = kept;
  keep_reasons(L, &s);
  return 0;
}


/* The script messages name: the event's first hook's. */
static const char *first_source(void *vetoes, int hook) {
  const mp_vetoes *v = (const mp_vetoes *)vetoes;
  return v->hook[v->first[event_of(hook)]].source;
}

/* Called by the flow outside any protected call: raises nothing. */
static int call_vetoes(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c) {
  static const mp_c_path path = {VETO_UV, run_round, first_source};
  veto_round round = {ud, play, c};
  return mp_c_path_call(L, ud, play, &path, &round, c);
}

/* }====================================================================== */
