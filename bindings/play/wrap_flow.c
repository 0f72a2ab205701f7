/*
** wrap_flow.c: meeple.flow(rules), the turn flow's declarations (figure
** rules, scoring, capabilities, phases and actions) as the Flow object's
** methods. Its games run as Play objects (wrap_play.c); flow:simulate is
** in sim/sim_play.c (added by the sim layer).
**
** A Flow owns its gk_flow; user value 1 keeps the Rules it was made from
** alive.
**
** Declarations are tables a script may have built: every read here is
** raw (no __index, __len or __pairs of the script runs in host code,
** outside the sandbox's limits), and a table that hides its fields behind
** a metamethod reads as empty.
*/
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "wrap_play.h"

const char *const mp_hook_names[] = {
    "turn_begin", "tile_drawn", "tile_placed", "figure_placed", "feature_points",
    "feature_scored", "extra_part", "turn_end", "final_scoring", "allow_placements",
    "allow_deploys", "collect", "apply", "phase", NULL};

const char *const mp_move_types[] = {"", "place", "deploy", "pass", "draw", "action", NULL};

/* {======================================================================
** Flow
** ======================================================================= */

/* t[k] and #t without metamethods (t at idx). */
static int raw_getfield(lua_State *L, int idx, const char *k) {
  idx = lua_absindex(L, idx);
  lua_pushstring(L, k);
  return lua_rawget(L, idx);
}

static lua_Integer raw_len(lua_State *L, int idx) {
  return (lua_Integer)lua_rawlen(L, idx);
}

static mp_flow *checkflowud(lua_State *L, int arg) {
  return (mp_flow *)luaL_checkudata(L, arg, MP_FLOW);
}

static int flowerror(lua_State *L, const gk_flow *f) {
  return luaL_error(L, "%s", gk_flow_error(f));
}

/* meeple.flow(rules): the rules must not be frozen yet. */
static int flow_new(lua_State *L) {
  gk_rules *r = mp_checkrules(L, 1);
  luaL_argcheck(L, !gk_rules_frozen(r), 1, "rules already frozen");
  mp_flow *ud = (mp_flow *)lua_newuserdatauv(L, sizeof *ud, 1);
  ud->flow = NULL;
  luaL_setmetatable(L, MP_FLOW);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  ud->flow = gk_flow_new(r);
  if (!ud->flow) return luaL_error(L, "not enough memory");
  return 1;
}

static int flow_gc(lua_State *L) {
  mp_flow *ud = checkflowud(L, 1);
  gk_flow_free(ud->flow);
  ud->flow = NULL;
  return 0;
}


/* The kinds named in the list t[field], as bits (0: absent). */
static uint64_t kindmask(lua_State *L, int t, const char *field, const gk_rules *r) {
  uint64_t mask = 0;
  if (raw_getfield(L, t, field) == LUA_TTABLE) {
    lua_Integer n = raw_len(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_rawgeti(L, -1, i);
      mask |= 1ull << mp_checkname(L, lua_gettop(L), r, gk_rules_find_kind, "kind");
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return mask;
}

/* Terms with a second argument: "attr_over" takes a second attribute as
** t[5] (max(0, arg - t[5])), "touching" a kind as arg and an attribute
** as t[5]; "features" takes a kind as arg, "*_figures" a figure kind. */
static int term_arg_more(lua_State *L, int t, int term, int arg, const gk_rules *r) {
  if (term == GK_TERM_TOUCHING || term == GK_TERM_TOUCHING_CLOSED) {
    lua_rawgeti(L, t, 2);
    int k = mp_checkname(L, lua_gettop(L), r, gk_rules_find_kind, "kind");
    lua_rawgeti(L, t, 5);
    int a = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
    lua_pop(L, 2);
    arg = GK_KIND_ATTR(k, a);
  } else if (term == GK_TERM_FEATURES) {
    lua_rawgeti(L, t, 2);
    arg = mp_checkname(L, lua_gettop(L), r, gk_rules_find_kind, "kind");
    lua_pop(L, 1);
  } else if (term == GK_TERM_TILE_FIGURES || term == GK_TERM_BLOCK_FIGURES) {
    lua_rawgeti(L, t, 2); /* one figure kind, as its bit */
    arg = (int)(1u << mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind"));
    lua_pop(L, 1);
  } else if (term == GK_TERM_ATTR_OVER) {
    lua_rawgeti(L, t, 2);
    int a = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
    lua_rawgeti(L, t, 5);
    int b = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
    lua_pop(L, 2);
    arg = GK_ATTR_PAIR(a, b);
  }
  return arg;
}

/* flow:score(kind, "closed"|"final", {{term, arg, points [, only_with [, arg2]]}, ...},
** reason, keep_figures) */
/* A formula from a list of terms {term, arg, points [, only_with figure
** [, arg2 [, if_attr attribute]]]} at idx ("zero_if": arg an attribute). */
static void read_formula(lua_State *L, int idx, const gk_rules *r, gk_formula *fm) {
  static const char *const terms[] = {"", "const", "tile", "attr", "block", "adjacent",
                                      "adjacent_closed", "attr_over", "features", "touching",
                                      "zero_if", "touching_closed", "tile_figures",
                                      "block_figures", NULL};
  luaL_checktype(L, idx, LUA_TTABLE);
  memset(fm, 0, sizeof *fm);
  lua_Integer n = raw_len(L, idx);
  luaL_argcheck(L, n <= GK_MAX_TERMS, idx, "too many terms");
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, idx, i);
    int t = lua_gettop(L);
    luaL_checktype(L, t, LUA_TTABLE);
    lua_rawgeti(L, t, 1);
    int term = luaL_checkoption(L, -1, NULL, terms);
    lua_rawgeti(L, t, 2);
    int arg = 0;
    if (term == GK_TERM_ATTR || term == GK_TERM_ZERO_IF)
      arg = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
    if (term == GK_TERM_ADJACENT || term == GK_TERM_ADJACENT_CLOSED)
      arg = mp_checkname(L, lua_gettop(L), r, gk_rules_find_kind, "kind");
    arg = term_arg_more(L, t, term, arg, r);
    lua_rawgeti(L, t, 3);
    lua_Integer pts = luaL_checkinteger(L, -1);
    lua_rawgeti(L, t, 4); /* optional: the figure a leader needs for this term */
    int only_with = lua_isnil(L, -1) ? 0
                    : mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind") + 1;
    fm->terms[fm->n_terms].term = term;
    fm->terms[fm->n_terms].arg = arg;
    fm->terms[fm->n_terms].points = (int32_t)pts;
    fm->terms[fm->n_terms].only_with = only_with;
    lua_rawgeti(L, t, 6); /* optional: the attribute the feature needs for this term */
    fm->terms[fm->n_terms].if_attr =
        lua_isnil(L, -1) ? 0 : mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute") + 1;
    fm->n_terms++;
    lua_settop(L, t - 1);
  }
}

static int flow_score(lua_State *L) {
  static const char *const whens[] = {"closed", "final", NULL};
  gk_flow *f = mp_checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  int kind = mp_checkname(L, 2, r, gk_rules_find_kind, "kind");
  int when = luaL_checkoption(L, 3, NULL, whens);
  luaL_checktype(L, 4, LUA_TTABLE);
  int reason = mp_checkname(L, 5, r, gk_rules_find_reason, "reason");
  gk_formula fm;
  read_formula(L, 4, r, &fm);
  unsigned flags = lua_toboolean(L, 6) ? GK_SCORE_KEEP_FIGURES : 0;
  if (gk_flow_set_score(f, kind, (gk_when)when, &fm, reason, flags)) return flowerror(L, f);
  return 0;
}

/* flow:gain(kind, attribute, counter) */
static int flow_gain(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  int kind = mp_checkname(L, 2, r, gk_rules_find_kind, "kind");
  int attr = mp_checkname(L, 3, r, gk_rules_find_attr, "attribute");
  int counter = mp_checkname(L, 4, r, gk_rules_find_counter, "counter");
  if (gk_flow_add_gain(f, kind, attr, counter)) return flowerror(L, f);
  return 0;
}

/* flow:majority(counter, points, reason) */
static int flow_majority(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  int counter = mp_checkname(L, 2, r, gk_rules_find_counter, "counter");
  int32_t points = mp_checkint32(L, 3, "points");
  int reason = mp_checkname(L, 4, r, gk_rules_find_reason, "reason");
  if (gk_flow_add_majority(f, counter, points, reason)) return flowerror(L, f);
  return 0;
}

/* flow:score_figure(figure, "final", terms, reason [, per]): per is
** "figure" (each scores, the default) or "owner" (once per owner and
** feature). */
static int flow_score_figure(lua_State *L) {
  static const char *const whens[] = {"closed", "final", NULL};
  static const char *const pers[] = {"figure", "owner", NULL};
  gk_flow *f = mp_checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  int figure = mp_checkname(L, 2, r, gk_rules_find_figure_kind, "figure kind");
  int when = luaL_checkoption(L, 3, NULL, whens);
  gk_formula fm;
  read_formula(L, 4, r, &fm);
  int reason = mp_checkname(L, 5, r, gk_rules_find_reason, "reason");
  int per = luaL_checkoption(L, 6, "figure", pers);
  if (gk_flow_add_score_figure(f, figure, (gk_when)when, &fm, reason)) return flowerror(L, f);
  if (per == 1 && gk_flow_score_figure_once_per_owner(f, figure)) return flowerror(L, f);
  return 0;
}

/* flow:score_meeting(figure, placed_terms, joined_terms, reason) */
static int flow_score_meeting(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  gk_score_meeting_rule m;
  m.figure = mp_checkname(L, 2, r, gk_rules_find_figure_kind, "figure kind");
  read_formula(L, 3, r, &m.placed);
  read_formula(L, 4, r, &m.joined);
  m.reason = mp_checkname(L, 5, r, gk_rules_find_reason, "reason");
  if (gk_flow_add_score_meeting(f, &m)) return flowerror(L, f);
  return 0;
}

/* flow:stack(name) draws from one stack; flow:stack{ a, b } plays a out
** before b (b is the draw stack). */
static int flow_stack(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  if (!lua_istable(L, 2)) {
    int s = mp_checkname(L, 2, gk_flow_rules(f), gk_rules_find_stack, "stack");
    if (gk_flow_set_stack(f, s)) return flowerror(L, f);
    return 0;
  }
  int order[GK_MAX_STACKS];
  lua_Unsigned n = lua_rawlen(L, 2);
  luaL_argcheck(L, n >= 1 && n <= GK_MAX_STACKS, 2, "1 to GK_MAX_STACKS stack names");
  for (lua_Unsigned i = 1; i <= n; i++) {
    lua_rawgeti(L, 2, (lua_Integer)i);
    order[i - 1] = mp_checkname(L, lua_gettop(L), gk_flow_rules(f), gk_rules_find_stack, "stack");
    lua_pop(L, 1);
  }
  if (gk_flow_set_stack_order(f, order, (int)n)) return flowerror(L, f);
  return 0;
}

/* flow:joins(stack, kind): that stack's tiles must join the kind. */
static int flow_joins(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  int s = mp_checkname(L, 2, gk_flow_rules(f), gk_rules_find_stack, "stack");
  int k = mp_checkname(L, 3, gk_flow_rules(f), gk_rules_find_kind, "kind");
  if (gk_flow_add_joins(f, s, k)) return flowerror(L, f);
  return 0;
}

/* flow:turns(stack, "alternate" | "alternate_adjacent"): how the
** chain that stack's tiles join may turn. */
static int flow_turns(lua_State *L) {
  static const char *const rules[] = {"alternate", "alternate_adjacent", NULL};
  static const gk_turn_rule rule_of[] = {GK_TURNS_ALTERNATE, GK_TURNS_ALTERNATE_ADJACENT};
  gk_flow *f = mp_checkflow(L, 1);
  int s = mp_checkname(L, 2, gk_flow_rules(f), gk_rules_find_stack, "stack");
  int rule = luaL_checkoption(L, 3, NULL, rules);
  if (gk_flow_add_turns(f, s, rule_of[rule])) return flowerror(L, f);
  return 0;
}

int mp_checkphase(lua_State *L, int arg, const gk_flow *f) {
  const char *name = luaL_checkstring(L, arg);
  int ph = gk_flow_find_phase(f, name);
  if (ph < 0) return luaL_argerror(L, arg, lua_pushfstring(L, "unknown phase '%s'", name));
  return ph;
}

static int flow_phase(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  const char *name = luaL_checkstring(L, 2);
  int after = mp_checkphase(L, 3, f);
  int id = gk_flow_add_phase(f, name, after);
  if (id < 0) return flowerror(L, f);
  return 0;
}

/* flow:action(name [, {argument names}]) */
static int flow_action(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  int action = gk_flow_add_action(f, luaL_checkstring(L, 2));
  if (action < 0) return flowerror(L, f);
  if (lua_isnoneornil(L, 3)) return 0;
  luaL_checktype(L, 3, LUA_TTABLE);
  const char *names[GK_ACTION_ARGS];
  lua_Integer n = raw_len(L, 3);
  luaL_argcheck(L, n <= GK_ACTION_ARGS, 3, "at most 4 argument names");
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, 3, i);
    luaL_argcheck(L, lua_type(L, -1) == LUA_TSTRING, 3, "argument names must be strings");
    names[i - 1] = lua_tostring(L, -1); /* the table keeps it alive */
    lua_pop(L, 1);
  }
  if (gk_flow_set_action_args(f, action, (int)n, names) < 0) return flowerror(L, f);
  return 0;
}

/* {======================================================================
** Declarations read from a table, one row per field
** ======================================================================= */

/* What a field of a declaration table holds, and how it is read. */
typedef enum decl_type {
  D_NAME,        /* a name find knows (what: its word); D_OPT: nil keeps the preset */
  D_TILE,        /* a tile type's id */
  D_PHASE,       /* a phase's name */
  D_ACTION,      /* an action's name; D_OPT: nil keeps the preset */
  D_OPTION,      /* one of options; nil: def (NULL: required) */
  D_INT,         /* an integer within +-1,000,000; nil keeps the preset */
  D_SIGN,        /* 1 or -1; nil keeps the preset */
  D_MASK,        /* an integer, as bits; nil: 0 */
  D_BOOL,
  D_KINDS,       /* a list of kinds, as bits (uint64_t) */
  D_FIGURES,     /* a list of figure kinds, as bits (uint32_t) */
  D_FIGURE_LIST, /* a list of figure kinds in order (uint8_t[]), its length at count */
  D_TILES        /* a list of tile tags or attributes (gk_tile_filter) */
} decl_type;

enum { D_OPT = 1 };

typedef struct decl_field {
  const char *name;
  decl_type type;
  size_t at;                                  /* where in the rule */
  int flags;                                  /* D_OPT */
  int (*find)(const gk_rules *, const char *); /* D_NAME */
  const char *what;                           /* D_NAME: the name's word */
  int bias;                                   /* D_NAME: stored as id + bias */
  const char *const *options;                 /* D_OPTION */
  const char *def;                            /* D_OPTION: nil reads as this */
  const char *bad;                            /* D_INT: the message past the range */
  size_t count;                               /* D_FIGURE_LIST: where its length goes */
} decl_field;

#define F_NAME(n, S, m, fl, fn, w, b) {n, D_NAME, offsetof(S, m), fl, fn, w, b, NULL, NULL, NULL, 0}
#define F_FIGURE(n, S, m) F_NAME(n, S, m, 0, gk_rules_find_figure_kind, "figure kind", 0)
#define F_REASON(n, S, m) F_NAME(n, S, m, 0, gk_rules_find_reason, "reason", 0)
#define F_OF(n, S, m, t) {n, t, offsetof(S, m), 0, NULL, NULL, 0, NULL, NULL, NULL, 0}
#define F_ACTION(n, S, m, fl) {n, D_ACTION, offsetof(S, m), fl, NULL, NULL, 0, NULL, NULL, NULL, 0}
#define F_OPTION(n, S, m, o, d) {n, D_OPTION, offsetof(S, m), 0, NULL, NULL, 0, o, d, NULL, 0}
#define F_INT(n, S, m, b) {n, D_INT, offsetof(S, m), 0, NULL, NULL, 0, NULL, NULL, b, 0}
#define F_LIST(n, S, m, c) {n, D_FIGURE_LIST, offsetof(S, m), 0, NULL, NULL, 0, NULL, NULL, NULL, offsetof(S, c)}

static void set_int(void *rule, size_t at, int v) { memcpy((char *)rule + at, &v, sizeof v); }

/* A tile filter from field `name` of table t: a list of tags or
** attributes (absent: none). */
static gk_tile_filter field_tiles(lua_State *L, int t, const gk_rules *r, const char *name, const char *what) {
  gk_tile_filter x = {0, 0, 0};
  if (raw_getfield(L, t, name) == LUA_TTABLE) {
    for (lua_Integer i = 1, n = raw_len(L, -1); i <= n; i++) {
      lua_rawgeti(L, -1, i);
      const char *tn = luaL_checkstring(L, -1);
      int tag = gk_rules_find_tag(r, tn), attr = gk_rules_find_attr(r, tn);
      if (tag < 0 && attr < 0)
        luaL_error(L, "%s: '%s' in %s is neither a tile tag nor an attribute", what, tn, name);
      if (tag >= 0) x.tags |= 1ull << tag;
      if (attr >= 0) x.attrs |= 1ull << attr;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return x;
}

/* A mask of the figure kinds listed in field `name` of table t. */
static uint32_t field_figures(lua_State *L, int t, const gk_rules *r, const char *name) {
  uint32_t mask = 0;
  if (raw_getfield(L, t, name) == LUA_TTABLE) {
    for (lua_Integer i = 1, n = raw_len(L, -1); i <= n; i++) {
      lua_rawgeti(L, -1, i);
      mask |= 1u << mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind");
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return mask;
}

/* The figure kinds listed in field `name` of table t, in order, into
** out[GK_MAX_FIGURE_KINDS]; their count. */
static int field_figure_list(lua_State *L, int t, const gk_rules *r, const char *name, uint8_t *out,
                             const char *what) {
  int n = 0;
  if (raw_getfield(L, t, name) != LUA_TTABLE) return luaL_error(L, "%s: %s = {figure kinds} expected", what, name);
  for (lua_Integer i = 1, len = raw_len(L, -1); i <= len; i++) {
    lua_rawgeti(L, -1, i);
    if (n >= GK_MAX_FIGURE_KINDS) return luaL_error(L, "%s: too many figure kinds in %s", what, name);
    out[n++] = (uint8_t)mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return n;
}

/* The value of field d, on top (popped), into rule. */
static void read_value(lua_State *L, int t, const gk_flow *f, const char *what, const decl_field *d, void *rule) {
  const gk_rules *r = gk_flow_rules(f);
  int top = lua_gettop(L);
  int nil = lua_isnil(L, top);
  switch (d->type) {
  case D_NAME:
    if (!nil || !(d->flags & D_OPT)) set_int(rule, d->at, mp_checkname(L, top, r, d->find, d->what) + d->bias);
    break;
  case D_TILE: set_int(rule, d->at, mp_checktiletype(L, top, r)); break;
  case D_PHASE: set_int(rule, d->at, mp_checkphase(L, top, f)); break;
  case D_ACTION:
    if (!nil || !(d->flags & D_OPT)) {
      const char *name = luaL_checkstring(L, -1);
      int action = gk_flow_find_action(f, name);
      if (action < 0) luaL_error(L, "%s: unknown action '%s'", what, name);
      set_int(rule, d->at, action);
    }
    break;
  case D_OPTION: set_int(rule, d->at, luaL_checkoption(L, -1, d->def, d->options)); break;
  case D_INT:
  case D_SIGN:
    if (!nil) {
      lua_Integer i = luaL_checkinteger(L, -1);
      if (d->type == D_SIGN) luaL_argcheck(L, i == 1 || i == -1, t, "dir must be 1 or -1");
      else if (i < -1000000 || i > 1000000) {
        if (d->bad) luaL_argerror(L, t, d->bad);
        luaL_error(L, "%s: %d is out of range", d->name, (int)i);
      }
      set_int(rule, d->at, (int)i);
    }
    break;
  case D_MASK: set_int(rule, d->at, nil ? 0 : (int)(unsigned)luaL_checkinteger(L, -1)); break;
  case D_BOOL: set_int(rule, d->at, lua_toboolean(L, -1)); break;
  default: break; /* the lists read their field themselves */
  }
  lua_settop(L, top - 1);
}

/* Reads the fields d[0 .. n-1] of the declaration table at t, in order,
** into rule (preset by the caller: what an absent optional field keeps);
** what names the declaration in messages. */
static void read_decl(lua_State *L, int t, const gk_flow *f, const char *what, const decl_field *d, int n,
                      void *rule) {
  const gk_rules *r = gk_flow_rules(f);
  luaL_checktype(L, t, LUA_TTABLE);
  for (int i = 0; i < n; i++, d++) {
    char *at = (char *)rule + d->at;
    switch (d->type) {
    case D_KINDS: {
      uint64_t m = kindmask(L, t, d->name, r);
      memcpy(at, &m, sizeof m);
      break;
    }
    case D_FIGURES: {
      uint32_t m = field_figures(L, t, r, d->name);
      memcpy(at, &m, sizeof m);
      break;
    }
    case D_TILES: {
      gk_tile_filter x = field_tiles(L, t, r, d->name, what);
      memcpy(at, &x, sizeof x);
      break;
    }
    case D_FIGURE_LIST: set_int(rule, d->count, field_figure_list(L, t, r, d->name, (uint8_t *)at, what)); break;
    default:
      raw_getfield(L, t, d->name);
      read_value(L, t, f, what, d, rule);
    }
  }
}

#define N_FIELDS(a) ((int)(sizeof(a) / sizeof(a)[0]))

/* flow:figure(name, {on={kinds}, group=, blocked_by=, needs_own=, blocks=, strength=, stays=,
** strength_attr=, blocked_across={kinds}, corner=bool, blocks_tile=bool, to_tile=bool}) */
static int flow_figure(lua_State *L) {
  static const decl_field d[] = {
      F_OF("on", gk_figure_rule, on_kinds, D_KINDS),
      F_OF("group", gk_figure_rule, group, D_MASK),
      F_OF("blocked_by", gk_figure_rule, blocked_by, D_MASK),
      F_OF("needs_own", gk_figure_rule, needs_own, D_MASK),
      F_OF("blocks", gk_figure_rule, blocks, D_MASK),
      F_OF("strength", gk_figure_rule, strength, D_MASK),
      F_OF("stays", gk_figure_rule, stays, D_BOOL),
      F_NAME("strength_attr", gk_figure_rule, strength_attr, D_OPT, gk_rules_find_attr, "attribute", 1),
      F_OF("blocked_across", gk_figure_rule, blocked_across, D_KINDS),
      F_OF("corner", gk_figure_rule, corner, D_BOOL),
      F_OF("blocks_tile", gk_figure_rule, blocks_tile, D_BOOL),
      F_OF("to_tile", gk_figure_rule, to_tile, D_BOOL)};
  gk_flow *f = mp_checkflow(L, 1);
  int kind = mp_checkname(L, 2, gk_flow_rules(f), gk_rules_find_figure_kind, "figure kind");
  gk_figure_rule x = {0};
  read_decl(L, 3, f, "figure", d, N_FIELDS(d), &x);
  if (gk_flow_set_figure(f, kind, &x)) return flowerror(L, f);
  return 0;
}

/* flow:hand_tile{tile =, token =, end_round = bool, decline = action} */
static int flow_hand_tile(lua_State *L) {
  static const decl_field d[] = {
      F_OF("tile", gk_hand_tile_rule, tile, D_TILE),
      F_FIGURE("token", gk_hand_tile_rule, token),
      F_OF("end_round", gk_hand_tile_rule, end_round, D_BOOL),
      F_ACTION("decline", gk_hand_tile_rule, decline_action, D_OPT)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_hand_tile_rule x = {.decline_action = -1};
  read_decl(L, 2, f, "hand_tile", d, N_FIELDS(d), &x);
  if (gk_flow_add_hand_tile(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:relocate{figure =, reach = "connected"|"around", action =, kinds = {...}} */
static int flow_relocate(lua_State *L) {
  static const char *const reaches[] = {"", "connected", "around", NULL};
  static const decl_field d[] = {
      F_FIGURE("figure", gk_relocate_rule, figure),
      F_OPTION("reach", gk_relocate_rule, reach, reaches, "connected"),
      F_ACTION("action", gk_relocate_rule, action, 0),
      F_OF("kinds", gk_relocate_rule, kinds, D_KINDS)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_relocate_rule x = {0};
  read_decl(L, 2, f, "relocate", d, N_FIELDS(d), &x);
  if (gk_flow_add_relocate(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:extra_part{trigger = "extends"|"closes", kinds = {...}, figure =,
** attr =, stack =} */
static int flow_extra_part(lua_State *L) {
  static const char *const triggers[] = {"", "extends", "closes", NULL};
  static const decl_field d[] = {
      F_OPTION("trigger", gk_extra_part_rule, trigger, triggers, NULL),
      F_OF("kinds", gk_extra_part_rule, kinds, D_KINDS),
      F_NAME("figure", gk_extra_part_rule, figure, D_OPT, gk_rules_find_figure_kind, "figure kind", 0),
      F_NAME("attr", gk_extra_part_rule, attr, D_OPT, gk_rules_find_attr, "attribute", 0),
      F_NAME("stack", gk_extra_part_rule, stack, 0, gk_rules_find_stack, "stack", 0)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_extra_part_rule x = {0, 0, -1, -1, 0};
  read_decl(L, 2, f, "extra_part", d, N_FIELDS(d), &x);
  if (gk_flow_add_extra_part(f, &x)) return flowerror(L, f);
  return 0;
}

/* The start cells {{x, y}, ...} of field "start" of table t. */
static void line_starts(lua_State *L, int t, gk_line_markers_rule *lr) {
  if (raw_getfield(L, t, "start") == LUA_TTABLE) {
    lua_Integer n = raw_len(L, -1);
    if (n > GK_LINE_MAX_START) luaL_error(L, "line_markers: more than %d start cells", GK_LINE_MAX_START);
    for (lua_Integer i = 1; i <= n; i++) {
      if (lua_rawgeti(L, -1, i) != LUA_TTABLE) luaL_error(L, "line_markers: start cell %d is not {x, y}", (int)i);
      for (int c = 0; c < 2; c++) {
        int isnum = 0;
        lua_rawgeti(L, -1, c + 1);
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        if (!isnum || v < -(1 << 20) || v > (1 << 20))
          luaL_error(L, "line_markers: start cell %d is not {x, y}", (int)i);
        lr->start[i - 1][c] = (int32_t)v;
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    }
    lr->n_start = (int)n;
  }
  lua_pop(L, 1);
}

/* flow:line_markers(figure, {axis = "x"|"y", dir = 1|-1, bonus =, reason =,
** bonus_per = "figure"|"player", order = "placed"|"active_first"|"choose",
** action =, sweep = {kinds}, start = {{x, y}, ...}}) */
static int flow_line_markers(lua_State *L) {
  static const char *const axes[] = {"x", "y", NULL};
  static const char *const orders[] = {"placed", "active_first", "choose", NULL};
  static const char *const pers[] = {"figure", "player", NULL};
  static const decl_field d[] = {
      F_OPTION("axis", gk_line_markers_rule, axis, axes, "x"),
      F_OF("dir", gk_line_markers_rule, dir, D_SIGN),
      F_INT("bonus", gk_line_markers_rule, bonus, "bonus out of range"),
      F_NAME("reason", gk_line_markers_rule, bonus_reason, D_OPT, gk_rules_find_reason, "reason", 0),
      F_OPTION("bonus_per", gk_line_markers_rule, bonus_per_player, pers, "figure"),
      F_OPTION("order", gk_line_markers_rule, order, orders, "placed"),
      F_ACTION("action", gk_line_markers_rule, order_action, D_OPT),
      F_OF("sweep", gk_line_markers_rule, sweep_kinds, D_KINDS)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_line_markers_rule x = {.dir = 1, .order_action = -1};
  x.figure = mp_checkname(L, 2, gk_flow_rules(f), gk_rules_find_figure_kind, "figure kind");
  read_decl(L, 3, f, "line_markers", d, N_FIELDS(d), &x);
  line_starts(L, 3, &x);
  if (gk_flow_add_line_markers(f, &x)) return flowerror(L, f);
  return 0;
}

/* The terms {{term, arg, points [, if_attr [, arg2]]}, ...} of field
** "terms" of table t. */
static void system_terms(lua_State *L, int t, const gk_rules *r, gk_system_rule *sr) {
  static const char *const terms[] = {"", "const", "tile", "attr", "block", "adjacent",
                                      "adjacent_closed", "attr_over", "features", "touching",
                                      NULL};
  luaL_argcheck(L, raw_getfield(L, t, "terms") == LUA_TTABLE, t, "terms expected");
  int list = lua_gettop(L);
  lua_Integer n = raw_len(L, list);
  luaL_argcheck(L, n <= GK_MAX_TERMS, t, "too many terms");
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, list, i);
    int e = lua_gettop(L);
    luaL_checktype(L, e, LUA_TTABLE);
    lua_rawgeti(L, e, 1);
    int term = luaL_checkoption(L, -1, NULL, terms);
    int arg = 0;
    if (term == GK_TERM_ATTR) {
      lua_rawgeti(L, e, 2);
      arg = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
    }
    arg = term_arg_more(L, e, term, arg, r);
    lua_rawgeti(L, e, 3);
    lua_Integer pts = luaL_checkinteger(L, -1);
    lua_rawgeti(L, e, 4);
    int if_attr = lua_isnil(L, -1) ? 0
                  : mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute") + 1;
    sr->terms[sr->n_terms].term = term;
    sr->terms[sr->n_terms].arg = arg;
    sr->terms[sr->n_terms].points = (int32_t)pts;
    sr->terms[sr->n_terms].if_attr = if_attr;
    sr->n_terms++;
    lua_settop(L, list);
  }
  lua_pop(L, 1);
}

/* flow:system{kinds = {...}, figure =, reason =, terms = {{term, arg, points
** [, if_attr [, arg2]]}, ...}}: a final scoring over systems of features. */
static int flow_system(lua_State *L) {
  static const decl_field d[] = {
      F_OF("kinds", gk_system_rule, kinds, D_KINDS),
      F_FIGURE("figure", gk_system_rule, figure),
      F_REASON("reason", gk_system_rule, reason)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_system_rule x;
  memset(&x, 0, sizeof x);
  read_decl(L, 2, f, "system", d, N_FIELDS(d), &x);
  system_terms(L, 2, gk_flow_rules(f), &x);
  if (gk_flow_add_system(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:recall{phase =, action =, figures = {figure kinds}, on = {kinds}, tiles = {tags
** or attributes}, scores = bool, where = attr, near = {kinds}, near_of =, names =}: in that
** custom phase (or "place_figure": instead of a deploy), after placing such a tile (no
** tiles: any), the player may take back a figure of those kinds standing on a feature of
** those kinds (narrowed by where and near), scoring its final formula with scores
** (gk_recall_rule). */
static int flow_recall(lua_State *L) {
  static const char *const of[] = {"feature", "where", NULL}, *const names[] = {"feature", "spot", NULL};
  static const decl_field d[] = {
      F_OF("phase", gk_recall_rule, phase, D_PHASE),
      F_ACTION("action", gk_recall_rule, action, 0),
      F_OF("figures", gk_recall_rule, figures, D_FIGURES),
      F_OF("on", gk_recall_rule, kinds, D_KINDS),
      F_OF("tiles", gk_recall_rule, tiles, D_TILES),
      F_OF("scores", gk_recall_rule, scores, D_BOOL),
      F_NAME("where", gk_recall_rule, where, D_OPT, gk_rules_find_attr, "attribute", 1),
      F_OF("near", gk_recall_rule, near, D_KINDS), F_OPTION("near_of", gk_recall_rule, near_where, of, "feature"),
      F_OPTION("names", gk_recall_rule, by_spot, names, "feature")};
  gk_flow *f = mp_checkflow(L, 1);
  gk_recall_rule x = {0};
  read_decl(L, 2, f, "recall", d, N_FIELDS(d), &x);
  if (gk_flow_add_recall(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:companion{figure =, reason =, action =, follows = {figure kinds},
** turn_points =, scored_points =, final = bool}: a neutral figure moved
** next to a follower instead of a deploy, paying that follower's owner
** (gk_companion_rule). */
static int flow_companion(lua_State *L) {
  static const decl_field d[] = {
      F_FIGURE("figure", gk_companion_rule, figure),
      F_REASON("reason", gk_companion_rule, reason),
      F_ACTION("action", gk_companion_rule, action, 0),
      F_LIST("follows", gk_companion_rule, follows, n_follows),
      F_INT("turn_points", gk_companion_rule, turn_points, NULL),
      F_INT("scored_points", gk_companion_rule, scored_points, NULL),
      F_OF("final", gk_companion_rule, scored_final, D_BOOL)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_companion_rule x = {0};
  read_decl(L, 2, f, "companion", d, N_FIELDS(d), &x);
  if (gk_flow_add_companion(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:walker{figure =, phase =, action =, lands = {tags}, walks = {tags},
** steps =, avoids = {figure kinds}, spares = {figure kinds}}: a neutral
** figure landing on some tiles and walking after others
** (gk_walker_rule). */
static int flow_walker(lua_State *L) {
  static const decl_field d[] = {
      F_FIGURE("figure", gk_walker_rule, figure),
      F_OF("phase", gk_walker_rule, phase, D_PHASE),
      F_ACTION("action", gk_walker_rule, action, 0),
      F_OF("lands", gk_walker_rule, lands, D_TILES),
      F_OF("walks", gk_walker_rule, walks, D_TILES),
      F_INT("steps", gk_walker_rule, steps, NULL),
      F_OF("avoids", gk_walker_rule, avoids, D_FIGURES),
      F_OF("spares", gk_walker_rule, spares, D_FIGURES)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_walker_rule x = {0};
  read_decl(L, 2, f, "walker", d, N_FIELDS(d), &x);
  if (gk_flow_add_walker(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:deploy_anywhere{action =, tiles = {tags}, figures = {figure kinds}}:
** after such a tile, a figure deployed on any open feature of the board
** (gk_deploy_anywhere_rule). */
static int flow_deploy_anywhere(lua_State *L) {
  static const decl_field d[] = {
      F_ACTION("action", gk_deploy_anywhere_rule, action, 0),
      F_OF("tiles", gk_deploy_anywhere_rule, tiles, D_TILES),
      F_LIST("figures", gk_deploy_anywhere_rule, figures, n_figures)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_deploy_anywhere_rule x = {0};
  read_decl(L, 2, f, "deploy_anywhere", d, N_FIELDS(d), &x);
  if (gk_flow_add_deploy_anywhere(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:evict{action =, tiles = {tags}, figures = {figure kinds}, attr =}:
** after such a tile, a figure on its features sent home (gk_evict_rule). */
static int flow_evict(lua_State *L) {
  static const decl_field d[] = {
      F_ACTION("action", gk_evict_rule, action, 0),
      F_OF("tiles", gk_evict_rule, tiles, D_TILES),
      F_OF("figures", gk_evict_rule, figures, D_FIGURES),
      F_NAME("attr", gk_evict_rule, attr, D_OPT, gk_rules_find_attr, "attribute", 0)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_evict_rule x = {.attr = -1};
  read_decl(L, 2, f, "evict", d, N_FIELDS(d), &x);
  if (gk_flow_add_evict(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:record{kind =, counter =, reason =, each_closed =, final_each =,
** final =}: the holder of the largest completed feature of a kind so far
** (gk_record_rule). */
static int flow_record(lua_State *L) {
  static const decl_field d[] = {
      F_NAME("kind", gk_record_rule, kind, 0, gk_rules_find_kind, "kind", 0),
      F_NAME("counter", gk_record_rule, counter, 0, gk_rules_find_counter, "counter", 0),
      F_REASON("reason", gk_record_rule, reason),
      F_INT("each_closed", gk_record_rule, each_closed, NULL),
      F_INT("final_each", gk_record_rule, final_each, NULL),
      F_INT("final", gk_record_rule, final, NULL)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_record_rule x = {0};
  read_decl(L, 2, f, "record", d, N_FIELDS(d), &x);
  if (gk_flow_add_record(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:square_count{attr =, kinds = {kinds}, scorers = {figure kinds},
** count = "figures"|"attr"|"tiles"|"segments", figures = {figure kinds},
** of_attr =, of_kind =, unless =, reason =}: a figure on a marked segment
** of a completed feature scores what its tile's 3x3 square holds
** (gk_square_count_rule). */
static int flow_square_count(lua_State *L) {
  static const char *const counts[] = {"figures", "attr", "tiles", "segments", NULL};
  static const decl_field d[] = {
      F_NAME("attr", gk_square_count_rule, attr, 0, gk_rules_find_attr, "attribute", 0),
      F_OF("kinds", gk_square_count_rule, kinds, D_KINDS),
      F_OF("scorers", gk_square_count_rule, scorers, D_FIGURES),
      F_OPTION("count", gk_square_count_rule, count, counts, NULL),
      F_OF("figures", gk_square_count_rule, figures, D_FIGURES),
      F_NAME("of_attr", gk_square_count_rule, arg, D_OPT, gk_rules_find_attr, "attribute", 0),
      F_NAME("of_kind", gk_square_count_rule, arg, D_OPT, gk_rules_find_kind, "kind", 0),
      F_NAME("unless", gk_square_count_rule, unless, D_OPT, gk_rules_find_attr, "attribute", 0),
      F_REASON("reason", gk_square_count_rule, reason)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_square_count_rule x = {.arg = -1, .unless = -1};
  read_decl(L, 2, f, "square_count", d, N_FIELDS(d), &x);
  if (gk_flow_add_square_count(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:split_occupancy{action =, figure =, attr =}: a figure deployed
** on an occupied feature's free part (gk_split_occupancy_rule). */
static int flow_split_occupancy(lua_State *L) {
  static const decl_field d[] = {
      F_ACTION("action", gk_split_occupancy_rule, action, 0),
      F_FIGURE("figure", gk_split_occupancy_rule, figure),
      F_NAME("attr", gk_split_occupancy_rule, attr, 0, gk_rules_find_attr, "attribute", 0)};
  gk_flow *f = mp_checkflow(L, 1);
  gk_split_occupancy_rule x = {0};
  read_decl(L, 2, f, "split_occupancy", d, N_FIELDS(d), &x);
  if (gk_flow_add_split_occupancy(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:set_aside(stack, {until = {tags}}): the stack's tiles wait until
** such a tile is placed, then join the draw stack. */
static int flow_set_aside(lua_State *L) {
  static const decl_field d[] = {F_OF("until", gk_tile_filter, tags, D_TILES)};
  gk_flow *f = mp_checkflow(L, 1);
  int s = mp_checkname(L, 2, gk_flow_rules(f), gk_rules_find_stack, "stack");
  gk_tile_filter until = {0, 0, 0};
  read_decl(L, 3, f, "set_aside", d, N_FIELDS(d), &until);
  if (gk_flow_add_set_aside(f, s, &until)) return flowerror(L, f);
  return 0;
}

/* }====================================================================== */

static int flow_freeze(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  if (gk_flow_freeze(f)) return flowerror(L, f);
  return 0;
}

static int flow_phases(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  lua_newtable(L);
  for (int i = 0, n = 0; i < GK_MAX_PHASES; i++) {
    const char *name = gk_flow_phase_name(f, i);
    if (name) {
      lua_pushstring(L, name);
      lua_rawseti(L, -2, ++n);
    }
  }
  return 1;
}

/* }====================================================================== */

static const luaL_Reg flow_methods[] = {
  {"line_markers", flow_line_markers},
  {"hand_tile", flow_hand_tile},
  {"relocate", flow_relocate},
  {"recall", flow_recall},
  {"companion", flow_companion},
  {"walker", flow_walker},
  {"deploy_anywhere", flow_deploy_anywhere},
  {"evict", flow_evict},
  {"record", flow_record},
  {"square_count", flow_square_count},
  {"split_occupancy", flow_split_occupancy},
  {"set_aside", flow_set_aside},
  {"tile_variants", flow_tile_variants},
  {"token_pool", flow_token_pool},
  {"score_figure", flow_score_figure},
  {"score_meeting", flow_score_meeting},
  {"figure", flow_figure},
  {"score", flow_score},
  {"stack", flow_stack},
  {"joins", flow_joins},
  {"turns", flow_turns},
  {"gain", flow_gain},
  {"majority", flow_majority},
  {"extra_part", flow_extra_part},
  {"system", flow_system},
  {"phase", flow_phase},
  {"action", flow_action},
  {"freeze", flow_freeze},
  {"phases", flow_phases},
  {"move_anywhere", flow_move_anywhere},
  {"pairing", flow_pairing},
  {NULL, NULL}
};

static const luaL_Reg flow_meta[] = {
  {"__gc", flow_gc},
  {NULL, NULL}
};

void mp_open_flow(lua_State *L) {
  mp_register_type(L, MP_FLOW, flow_meta, flow_methods, 0);
  lua_pushcfunction(L, flow_new);
  lua_setfield(L, -2, "flow");
}
