/*
** wrap_flow.c: meeple.flow(rules), the turn flow's declarations, and the
** Play object that runs a game through it.
**
** A Play owns a gk_play (and so its game) and shows the game through a
** borrowed Game view (user value 2), so every Game method and handle
** works on a game in play. Hooks: the flow calls one Lua dispatcher
** (user value 3) only for the events named when the play was made; the
** base game names none and runs without entering Lua.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "gk_flow.h"
#include "simrun.h"
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
  uint32_t present;     /* the hooks it calls */
  uint64_t collect_phases; /* phases with a collector */
  uint32_t deploy_kinds;   /* figure kinds the deploy vetoes look at; 0: all */
  gk_hook_filters filters; /* which calls of the hooks are wanted */
} mp_play;

static const char *const hook_names[] = {
    "turn_begin", "tile_drawn", "tile_placed", "figure_placed", "feature_points",
    "feature_scored", "extra_part", "turn_end", "final_scoring", "allow_placements",
    "allow_deploys", "collect", "apply", "phase", NULL};

static const char *const move_types[] = {"", "place", "deploy", "pass", "draw", "action", NULL};

/* {======================================================================
** Flow
** ======================================================================= */

static mp_flow *checkflowud(lua_State *L, int arg) {
  return (mp_flow *)luaL_checkudata(L, arg, MP_FLOW);
}

static gk_flow *checkflow(lua_State *L, int arg) {
  mp_flow *ud = checkflowud(L, arg);
  luaL_argcheck(L, ud->flow != NULL, arg, "flow is gone");
  return ud->flow;
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

static unsigned field_mask(lua_State *L, int t, const char *name) {
  lua_getfield(L, t, name);
  lua_Integer v = lua_isnil(L, -1) ? 0 : luaL_checkinteger(L, -1);
  lua_pop(L, 1);
  return (unsigned)v;
}

/* The kinds named in the list t[field], as bits (0: absent). */
static uint64_t kindmask(lua_State *L, int t, const char *field, const gk_rules *r) {
  uint64_t mask = 0;
  if (lua_getfield(L, t, field) == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_geti(L, -1, i);
      mask |= 1ull << mp_checkname(L, lua_gettop(L), r, gk_rules_find_kind, "kind");
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return mask;
}

/* flow:figure(name, {on={kinds}, group=, blocked_by=, needs_own=, strength=, stays=,
** blocked_across={kinds}, corner=bool}) */
static int flow_figure(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  int kind = mp_checkname(L, 2, r, gk_rules_find_figure_kind, "figure kind");
  luaL_checktype(L, 3, LUA_TTABLE);
  gk_figure_rule rule = {0};
  rule.on_kinds = kindmask(L, 3, "on", r);
  rule.group = field_mask(L, 3, "group");
  rule.blocked_by = field_mask(L, 3, "blocked_by");
  rule.needs_own = field_mask(L, 3, "needs_own");
  rule.strength = (int32_t)field_mask(L, 3, "strength");
  lua_getfield(L, 3, "stays");
  rule.stays = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (lua_getfield(L, 3, "strength_attr") != LUA_TNIL)
    rule.strength_attr = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute") + 1;
  lua_pop(L, 1);
  rule.blocked_across = kindmask(L, 3, "blocked_across", r);
  lua_getfield(L, 3, "corner");
  rule.corner = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (gk_flow_set_figure(f, kind, &rule)) return flowerror(L, f);
  return 0;
}

/* The terms of the system section: "attr_over" takes a second attribute
** as t[5] (max(0, arg - t[5])), "features" a kind as arg. */
static int term_arg_more(lua_State *L, int t, int term, int arg, const gk_rules *r) {
  if (term == GK_TERM_FEATURES) {
    lua_geti(L, t, 2);
    arg = mp_checkname(L, lua_gettop(L), r, gk_rules_find_kind, "kind");
    lua_pop(L, 1);
  } else if (term == GK_TERM_ATTR_OVER) {
    lua_geti(L, t, 2);
    int a = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
    lua_geti(L, t, 5);
    int b = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
    lua_pop(L, 2);
    arg = GK_ATTR_PAIR(a, b);
  }
  return arg;
}

/* flow:scoring(kind, "closed"|"final", {{term, arg, points [, only_with [, arg2]]}, ...},
** reason, keep_figures) */
/* A formula from a list of terms {term, arg, points [, only_with figure]}
** at idx. */
static void read_formula(lua_State *L, int idx, const gk_rules *r, gk_formula *fm) {
  static const char *const terms[] = {"", "const", "tile", "attr", "block", "adjacent",
                                      "adjacent_closed", "attr_over", "features", NULL};
  luaL_checktype(L, idx, LUA_TTABLE);
  memset(fm, 0, sizeof *fm);
  lua_Integer n = luaL_len(L, idx);
  luaL_argcheck(L, n <= GK_MAX_TERMS, idx, "too many terms");
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, idx, i);
    int t = lua_gettop(L);
    luaL_checktype(L, t, LUA_TTABLE);
    lua_geti(L, t, 1);
    int term = luaL_checkoption(L, -1, NULL, terms);
    lua_geti(L, t, 2);
    int arg = 0;
    if (term == GK_TERM_ATTR) arg = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
    if (term == GK_TERM_ADJACENT || term == GK_TERM_ADJACENT_CLOSED)
      arg = mp_checkname(L, lua_gettop(L), r, gk_rules_find_kind, "kind");
    arg = term_arg_more(L, t, term, arg, r);
    lua_geti(L, t, 3);
    lua_Integer pts = luaL_checkinteger(L, -1);
    lua_geti(L, t, 4); /* optional: the figure a leader needs for this term */
    int only_with = lua_isnil(L, -1) ? 0
                    : mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind") + 1;
    fm->terms[fm->n_terms].term = term;
    fm->terms[fm->n_terms].arg = arg;
    fm->terms[fm->n_terms].points = (int32_t)pts;
    fm->terms[fm->n_terms].only_with = only_with;
    fm->n_terms++;
    lua_settop(L, t - 1);
  }
}

static int flow_scoring(lua_State *L) {
  static const char *const whens[] = {"closed", "final", NULL};
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  int kind = mp_checkname(L, 2, r, gk_rules_find_kind, "kind");
  int when = luaL_checkoption(L, 3, NULL, whens);
  luaL_checktype(L, 4, LUA_TTABLE);
  int reason = mp_checkname(L, 5, r, gk_rules_find_reason, "reason");
  gk_formula fm;
  read_formula(L, 4, r, &fm);
  unsigned flags = lua_toboolean(L, 6) ? GK_SCORE_KEEP_FIGURES : 0;
  if (gk_flow_set_scoring(f, kind, (gk_when)when, &fm, reason, flags)) return flowerror(L, f);
  return 0;
}

/* flow:gain_on_close(kind, attribute, counter) */
static int flow_gain_on_close(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  int kind = mp_checkname(L, 2, r, gk_rules_find_kind, "kind");
  int attr = mp_checkname(L, 3, r, gk_rules_find_attr, "attribute");
  int counter = mp_checkname(L, 4, r, gk_rules_find_counter, "counter");
  if (gk_flow_gain_on_close(f, kind, attr, counter)) return flowerror(L, f);
  return 0;
}

/* flow:final_majority(counter, points, reason) */
static int flow_final_majority(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  int counter = mp_checkname(L, 2, r, gk_rules_find_counter, "counter");
  int32_t points = mp_checkint32(L, 3, "points");
  int reason = mp_checkname(L, 4, r, gk_rules_find_reason, "reason");
  if (gk_flow_final_majority(f, counter, points, reason)) return flowerror(L, f);
  return 0;
}

/* flow:extra_part{trigger = "extends"|"closes", kinds = {...}, figure =,
** attr =, stack =} */
/* flow:hand{tile =, token =, end_round = bool, decline = action} */
static int flow_hand(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  luaL_checktype(L, 2, LUA_TTABLE);
  gk_hand_rule h = {.decline_action = -1};
  lua_getfield(L, 2, "tile");
  h.tile = mp_checktiletype(L, lua_gettop(L), r);
  lua_getfield(L, 2, "token");
  h.token = mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind");
  lua_getfield(L, 2, "end_round");
  h.end_round = lua_toboolean(L, -1);
  lua_getfield(L, 2, "decline");
  if (!lua_isnil(L, -1)) {
    const char *name = luaL_checkstring(L, -1);
    h.decline_action = gk_flow_find_action(f, name);
    if (h.decline_action < 0) return luaL_error(L, "hand: unknown action '%s'", name);
  }
  lua_pop(L, 4);
  if (gk_flow_set_hand(f, &h)) return flowerror(L, f);
  return 0;
}

/* flow:relocate{figure =, reach = "connected"|"around", kinds = {...}, action =} */
static int flow_relocate(lua_State *L) {
  static const char *const reaches[] = {"", "connected", "around", NULL};
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  luaL_checktype(L, 2, LUA_TTABLE);
  gk_relocate_rule x = {0};
  lua_getfield(L, 2, "figure");
  x.figure = mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind");
  lua_getfield(L, 2, "reach");
  x.reach = luaL_checkoption(L, -1, "connected", reaches);
  lua_getfield(L, 2, "action");
  const char *name = luaL_checkstring(L, -1);
  x.action = gk_flow_find_action(f, name);
  if (x.action < 0) return luaL_error(L, "relocate: unknown action '%s'", name);
  lua_pop(L, 3);
  x.kinds = kindmask(L, 2, "kinds", r);
  if (gk_flow_relocate(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:figure_scoring(figure, "final", terms, reason) */
static int flow_figure_scoring(lua_State *L) {
  static const char *const whens[] = {"closed", "final", NULL};
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  int figure = mp_checkname(L, 2, r, gk_rules_find_figure_kind, "figure kind");
  int when = luaL_checkoption(L, 3, NULL, whens);
  gk_formula fm;
  read_formula(L, 4, r, &fm);
  int reason = mp_checkname(L, 5, r, gk_rules_find_reason, "reason");
  if (gk_flow_figure_scoring(f, figure, (gk_when)when, &fm, reason)) return flowerror(L, f);
  return 0;
}

/* flow:meet_scoring(figure, placed_terms, joined_terms, reason) */
static int flow_meet_scoring(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  gk_meet_rule m;
  m.figure = mp_checkname(L, 2, r, gk_rules_find_figure_kind, "figure kind");
  read_formula(L, 3, r, &m.placed);
  read_formula(L, 4, r, &m.joined);
  m.reason = mp_checkname(L, 5, r, gk_rules_find_reason, "reason");
  if (gk_flow_meet_scoring(f, &m)) return flowerror(L, f);
  return 0;
}

static int flow_extra_part(lua_State *L) {
  static const char *const triggers[] = {"", "extends", "closes", NULL};
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  luaL_checktype(L, 2, LUA_TTABLE);
  gk_extra_rule x = {0, 0, -1, -1, 0};
  lua_getfield(L, 2, "trigger");
  x.trigger = luaL_checkoption(L, -1, NULL, triggers);
  lua_pop(L, 1);
  x.kinds = kindmask(L, 2, "kinds", r);
  if (lua_getfield(L, 2, "figure") != LUA_TNIL)
    x.figure = mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind");
  lua_pop(L, 1);
  if (lua_getfield(L, 2, "attr") != LUA_TNIL)
    x.attr = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
  lua_pop(L, 1);
  lua_getfield(L, 2, "stack");
  x.stack = mp_checkname(L, lua_gettop(L), r, gk_rules_find_stack, "stack");
  lua_pop(L, 1);
  if (gk_flow_extra_part(f, &x)) return flowerror(L, f);
  return 0;
}

/* flow:line_markers(figure, {axis = "x"|"y", dir = 1|-1, bonus =, reason =,
** bonus_per = "figure"|"player", sweep = {kinds}, order = "placed"|
** "active_first"|"choose", action =, start = {{x, y}, ...}}) */
static int flow_line_markers(lua_State *L) {
  static const char *const axes[] = {"x", "y", NULL};
  static const char *const orders[] = {"placed", "active_first", "choose", NULL};
  static const char *const pers[] = {"figure", "player", NULL};
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  gk_line_rule lr = {0};
  lr.figure = mp_checkname(L, 2, r, gk_rules_find_figure_kind, "figure kind");
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_getfield(L, 3, "axis");
  lr.axis = luaL_checkoption(L, -1, "x", axes);
  lua_getfield(L, 3, "dir");
  lr.dir = (int)luaL_optinteger(L, -1, 1);
  luaL_argcheck(L, lr.dir == 1 || lr.dir == -1, 3, "dir must be 1 or -1");
  lua_getfield(L, 3, "bonus");
  lua_Integer bonus = luaL_optinteger(L, -1, 0);
  luaL_argcheck(L, bonus >= -1000000 && bonus <= 1000000, 3, "bonus out of range");
  lr.bonus = (int32_t)bonus;
  lua_getfield(L, 3, "reason");
  lr.bonus_reason = lua_isnil(L, -1) ? 0 : mp_checkname(L, lua_gettop(L), r, gk_rules_find_reason, "reason");
  lua_getfield(L, 3, "bonus_per");
  lr.bonus_per_player = luaL_checkoption(L, -1, "figure", pers);
  lua_getfield(L, 3, "order");
  lr.order = luaL_checkoption(L, -1, "placed", orders);
  lua_getfield(L, 3, "action");
  lr.order_action = -1;
  if (!lua_isnil(L, -1)) {
    const char *name = luaL_checkstring(L, -1);
    lr.order_action = gk_flow_find_action(f, name);
    if (lr.order_action < 0) return luaL_error(L, "line_markers: unknown action '%s'", name);
  }
  lua_pop(L, 7);
  lr.sweep_kinds = kindmask(L, 3, "sweep", r);
  if (lua_getfield(L, 3, "start") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    if (n > GK_LINE_MAX_START) return luaL_error(L, "line_markers: more than %d start cells", GK_LINE_MAX_START);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_geti(L, -1, i);
      for (int c = 0; c < 2; c++) {
        int isnum = 0;
        lua_geti(L, -1, c + 1);
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        if (!isnum || v < -(1 << 20) || v > (1 << 20))
          return luaL_error(L, "line_markers: start cell %d is not {x, y}", (int)i);
        lr.start[i - 1][c] = (int32_t)v;
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    }
    lr.n_start = (int)n;
  }
  lua_pop(L, 1);
  if (gk_flow_set_line(f, &lr)) return flowerror(L, f);
  return 0;
}

/* flow:system{kinds = {...}, figure =, reason =, terms = {{term, arg, points
** [, if_attr [, arg2]]}, ...}}: a final scoring over systems of features. */
static int flow_system(lua_State *L) {
  static const char *const terms[] = {"", "const", "tile", "attr", "block", "adjacent",
                                      "adjacent_closed", "attr_over", "features", NULL};
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  luaL_checktype(L, 2, LUA_TTABLE);
  gk_system_rule sr;
  memset(&sr, 0, sizeof sr);
  sr.kinds = kindmask(L, 2, "kinds", r);
  lua_getfield(L, 2, "figure");
  sr.figure = mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind");
  lua_getfield(L, 2, "reason");
  sr.reason = mp_checkname(L, lua_gettop(L), r, gk_rules_find_reason, "reason");
  lua_pop(L, 2);
  luaL_argcheck(L, lua_getfield(L, 2, "terms") == LUA_TTABLE, 2, "terms expected");
  int list = lua_gettop(L);
  lua_Integer n = luaL_len(L, list);
  luaL_argcheck(L, n <= GK_MAX_TERMS, 2, "too many terms");
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, list, i);
    int t = lua_gettop(L);
    luaL_checktype(L, t, LUA_TTABLE);
    lua_geti(L, t, 1);
    int term = luaL_checkoption(L, -1, NULL, terms);
    int arg = 0;
    if (term == GK_TERM_ATTR) {
      lua_geti(L, t, 2);
      arg = mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute");
    }
    arg = term_arg_more(L, t, term, arg, r);
    lua_geti(L, t, 3);
    lua_Integer pts = luaL_checkinteger(L, -1);
    lua_geti(L, t, 4);
    int if_attr = lua_isnil(L, -1) ? 0
                  : mp_checkname(L, lua_gettop(L), r, gk_rules_find_attr, "attribute") + 1;
    sr.terms[sr.n_terms].term = term;
    sr.terms[sr.n_terms].arg = arg;
    sr.terms[sr.n_terms].points = (int32_t)pts;
    sr.terms[sr.n_terms].if_attr = if_attr;
    sr.n_terms++;
    lua_settop(L, list);
  }
  if (gk_flow_system_scoring(f, &sr)) return flowerror(L, f);
  return 0;
}

static int flow_stack(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  int s = mp_checkname(L, 2, gk_flow_rules(f), gk_rules_find_stack, "stack");
  if (gk_flow_set_stack(f, s)) return flowerror(L, f);
  return 0;
}

static int checkphase(lua_State *L, int arg, const gk_flow *f) {
  const char *name = luaL_checkstring(L, arg);
  int ph = gk_flow_find_phase(f, name);
  if (ph < 0) return luaL_argerror(L, arg, lua_pushfstring(L, "unknown phase '%s'", name));
  return ph;
}

static int flow_phase(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  const char *name = luaL_checkstring(L, 2);
  int after = checkphase(L, 3, f);
  int id = gk_flow_add_phase(f, name, after);
  if (id < 0) return flowerror(L, f);
  return 0;
}

static int flow_action(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  if (gk_flow_add_action(f, luaL_checkstring(L, 2)) < 0) return flowerror(L, f);
  return 0;
}

/* flow:recall{phase =, action =, figures = {figure kinds}, on = {kinds},
** tiles = {tags or attributes}}: in that custom phase, after placing such
** a tile (no tiles: any), the player may take back a figure of those kinds
** standing on a feature of those kinds (gk_recall_rule). */
static int flow_recall(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  luaL_checktype(L, 2, LUA_TTABLE);
  gk_recall_rule x = {0};
  lua_getfield(L, 2, "phase");
  x.phase = checkphase(L, lua_gettop(L), f);
  lua_getfield(L, 2, "action");
  const char *name = luaL_checkstring(L, -1);
  x.action = gk_flow_find_action(f, name);
  if (x.action < 0) return luaL_error(L, "recall: unknown action '%s'", name);
  lua_pop(L, 2);
  if (lua_getfield(L, 2, "figures") == LUA_TTABLE) {
    for (lua_Integer i = 1, n = luaL_len(L, -1); i <= n; i++) {
      lua_geti(L, -1, i);
      x.figures |=
          1u << mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind");
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  x.kinds = kindmask(L, 2, "on", r);
  if (lua_getfield(L, 2, "tiles") == LUA_TTABLE) {
    for (lua_Integer i = 1, n = luaL_len(L, -1); i <= n; i++) {
      lua_geti(L, -1, i);
      const char *tn = luaL_checkstring(L, -1);
      int tag = gk_rules_find_tag(r, tn), attr = gk_rules_find_attr(r, tn);
      if (tag < 0 && attr < 0)
        return luaL_error(L, "recall: '%s' in tiles is neither a tile tag nor an attribute", tn);
      if (tag >= 0) x.tiles.tags |= 1ull << tag;
      if (attr >= 0) x.tiles.attrs |= 1ull << attr;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  if (gk_flow_recall(f, &x)) return flowerror(L, f);
  return 0;
}

static int flow_freeze(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  if (gk_flow_freeze(f)) return flowerror(L, f);
  return 0;
}

static int flow_phases(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
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

/* {======================================================================
** Moves between C and Lua
** ======================================================================= */

static mp_play *checkplayud(lua_State *L, int arg) {
  return (mp_play *)luaL_checkudata(L, arg, MP_PLAY);
}

/* Enters a Play method: records where the userdata is for the hooks. */
static mp_play *enter(lua_State *L) {
  mp_play *ud = checkplayud(L, 1);
  if (!ud->play) luaL_argerror(L, 1, "play is gone (freed)");
  ud->L = L;
  ud->self = 1;
  return ud;
}

/* Pushes the game view of the play at stack index self. */
static int pushview(lua_State *L, int self) {
  lua_getiuservalue(L, self, 2);
  return lua_gettop(L);
}

static const gk_rules *playrules(mp_play *ud) {
  return gk_flow_rules(gk_play_flow(ud->play));
}

static void pushmove(lua_State *L, mp_play *ud, int self, const gk_move *m) {
  const gk_rules *r = playrules(ud);
  lua_createtable(L, 0, 5);
  lua_pushstring(L, m->type >= 1 && m->type <= GK_MOVE_ACTION ? move_types[m->type] : "?");
  lua_setfield(L, -2, "type");
  switch (m->type) {
    case GK_MOVE_PLACE:
      lua_pushstring(L, gk_rules_tile(r, m->tile)->id);
      lua_setfield(L, -2, "tile");
      lua_pushinteger(L, m->x);
      lua_setfield(L, -2, "x");
      lua_pushinteger(L, m->y);
      lua_setfield(L, -2, "y");
      lua_pushinteger(L, m->rot);
      lua_setfield(L, -2, "rot");
      break;
    case GK_MOVE_DEPLOY: {
      lua_pushstring(L, gk_rules_figure_kind_name(r, m->figure_kind));
      lua_setfield(L, -2, "figure");
      int view = pushview(L, self);
      mp_pushlocation(L, view, m->at);
      lua_remove(L, view);
      lua_setfield(L, -2, "at");
      break;
    }
    case GK_MOVE_ACTION: {
      lua_pushstring(L, gk_flow_action_name(gk_play_flow(ud->play), m->action));
      lua_setfield(L, -2, "action");
      lua_createtable(L, 4, 0);
      for (int i = 0; i < 4; i++) {
        lua_pushinteger(L, m->arg[i]);
        lua_rawseti(L, -2, i + 1);
      }
      lua_setfield(L, -2, "args");
      break;
    }
    default:
      break;
  }
}

static gk_move checkmove(lua_State *L, int arg, mp_play *ud, int self) {
  arg = lua_absindex(L, arg);
  const gk_rules *r = playrules(ud);
  luaL_checktype(L, arg, LUA_TTABLE);
  gk_move m;
  memset(&m, 0, sizeof m);
  lua_getfield(L, arg, "type");
  m.type = luaL_checkoption(L, -1, NULL, move_types);
  lua_pop(L, 1);
  luaL_argcheck(L, m.type >= 1, arg, "move type expected");
  switch (m.type) {
    case GK_MOVE_PLACE:
      lua_getfield(L, arg, "tile");
      m.tile = mp_checktiletype(L, lua_gettop(L), r);
      lua_getfield(L, arg, "x");
      m.x = mp_checkcoord(L, lua_gettop(L));
      lua_getfield(L, arg, "y");
      m.y = mp_checkcoord(L, lua_gettop(L));
      lua_getfield(L, arg, "rot");
      m.rot = mp_checkrotation(L, lua_gettop(L));
      lua_pop(L, 4);
      break;
    case GK_MOVE_DEPLOY: {
      lua_getfield(L, arg, "figure");
      m.figure_kind = mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind");
      lua_pop(L, 1);
      int view = pushview(L, self);
      lua_getfield(L, arg, "at");
      m.at = mp_checklocation(L, lua_gettop(L), view);
      lua_settop(L, view - 1);
      break;
    }
    case GK_MOVE_ACTION: {
      lua_getfield(L, arg, "action");
      const char *name = luaL_checkstring(L, -1);
      m.action = gk_flow_find_action(gk_play_flow(ud->play), name);
      if (m.action < 0) luaL_error(L, "unknown action '%s'", name);
      lua_pop(L, 1);
      if (lua_getfield(L, arg, "args") == LUA_TTABLE)
        for (int i = 0; i < 4; i++) {
          lua_geti(L, -1, i + 1);
          m.arg[i] = (int32_t)luaL_optinteger(L, -1, 0);
          lua_pop(L, 1);
        }
      lua_pop(L, 1);
      break;
    }
    default:
      break;
  }
  return m;
}

/* }====================================================================== */

/* {======================================================================
** Hooks: the flow's calls into the dispatcher
** ======================================================================= */

static void pushleaders(lua_State *L, uint32_t mask) {
  lua_newtable(L);
  for (int p = 0, n = 0; p < GK_MAX_PLAYERS; p++)
    if ((mask >> p) & 1) {
      lua_pushinteger(L, p + 1);
      lua_rawseti(L, -2, ++n);
    }
}

static uint32_t toleaders(lua_State *L, int idx) {
  uint32_t mask = 0;
  if (!lua_istable(L, idx)) return 0;
  lua_Integer n = luaL_len(L, idx);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, idx, i);
    lua_Integer p = lua_tointeger(L, -1);
    if (p >= 1 && p <= GK_MAX_PLAYERS) mask |= 1u << (p - 1);
    lua_pop(L, 1);
  }
  return mask;
}

/* The dispatcher gets (hook name, args) and returns a result table:
** {value=, leaders=, moves=}. Errors become the flow's error, which
** undoes the whole move. */
static int run_hook(lua_State *L, mp_play *ud, gk_play *play, gk_hook_call *c) {
  int self = ud->self;
  lua_getiuservalue(L, self, 3);
  lua_pushstring(L, hook_names[c->hook]);
  lua_createtable(L, 0, 8);
  const char *phase = gk_flow_phase_name(gk_play_flow(play), c->phase);
  lua_pushstring(L, phase ? phase : "?");
  lua_setfield(L, -2, "phase");
  if (c->feature >= 0) {
    int view = pushview(L, self);
    mp_pushfeature(L, view, c->feature);
    lua_remove(L, view);
    lua_setfield(L, -2, "feature");
    lua_pushstring(L, c->when == GK_WHEN_FINAL ? "final" : "closed");
    lua_setfield(L, -2, "when");
  }
  lua_pushinteger(L, c->value);
  lua_setfield(L, -2, "value");
  if (c->feature >= 0) { /* only scoring events have leaders */
    pushleaders(L, c->leaders);
    lua_setfield(L, -2, "leaders");
  }
  if (c->move) {
    pushmove(L, ud, self, c->move);
    lua_setfield(L, -2, "move");
  }
  if (c->moves) {
    lua_createtable(L, c->n_moves, 0);
    for (int i = 0; i < c->n_moves; i++) {
      pushmove(L, ud, self, &c->moves[i]);
      lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "moves");
  }
  if (c->report) {
    int view = pushview(L, self);
    mp_pushtile(L, view, c->report->tile);
    lua_remove(L, view);
    lua_setfield(L, -2, "tile");
    /* the id, for the dispatcher's tile filters: cheaper than th:info() */
    gk_placed_tile pt;
    if (gk_tile_info(gk_play_game(play), c->report->tile, &pt) == GK_OK) {
      lua_pushstring(L, gk_rules_tile(playrules(ud), pt.type)->id);
      lua_setfield(L, -2, "tile_id");
    }
  }
  lua_pushvalue(L, self);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK) {
    gk_play_set_error(play, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    return GK_EINVAL;
  }
  int res = lua_gettop(L);
  if (lua_istable(L, res)) {
    if (lua_getfield(L, res, "value") == LUA_TNUMBER) c->value = (int32_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (lua_getfield(L, res, "leaders") == LUA_TTABLE) c->leaders = toleaders(L, lua_gettop(L));
    lua_pop(L, 1);
    if (c->moves && lua_getfield(L, res, "moves") == LUA_TTABLE) {
      int mt = lua_gettop(L);
      lua_Integer n = luaL_len(L, mt);
      if (n > c->cap_moves) {
        lua_settop(L, res - 1);
        gk_play_set_error(play, "%s: %d moves, at most %d", hook_names[c->hook], (int)n,
                          c->cap_moves);
        return GK_EINVAL;
      }
      for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, mt, i);
        c->moves[i - 1] = checkmove(L, -1, ud, self);
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

static int hook_call(void *vud, gk_play *play, gk_hook_call *c) {
  mp_play *ud = (mp_play *)vud;
  lua_State *L = ud->L;
  int top = lua_gettop(L);
  int saved_self = ud->self;
  hook_ctx h = {ud, play, c, GK_OK};
  lua_pushcfunction(L, protected_hook);
  lua_pushlightuserdata(L, &h);
  lua_pushvalue(L, ud->self);
  int st = lua_pcall(L, 2, 0, 0);
  ud->self = saved_self;
  ud->L = L;
  if (st != LUA_OK) {
    gk_play_set_error(play, "%s", lua_tostring(L, -1));
    h.status = GK_EINVAL;
  }
  lua_settop(L, top);
  return h.status;
}

/* }====================================================================== */

/* {======================================================================
** Play
** ======================================================================= */

/* The flow's message is complete (a hook's includes its script and
** line): raise it as is, without this C function's position. */
static int playerror(lua_State *L, mp_play *ud) {
  lua_pushstring(L, gk_play_error(ud->play));
  return lua_error(L);
}

static int checkfigurekind(lua_State *L, int arg, const gk_flow *f) {
  int kind = mp_checkname(L, arg, gk_flow_rules(f), gk_rules_find_figure_kind, "figure kind");
  luaL_argcheck(L, kind < 32, arg, "a deploy veto narrows only the first 32 figure kinds");
  return kind;
}

/* The names in the list opts[field], each turned into a bit by check
** (0: the field is absent or empty). */
static uint64_t namemask(lua_State *L, int t, const char *field, const gk_flow *f,
                         int (*check)(lua_State *, int, const gk_flow *)) {
  uint64_t mask = 0;
  if (lua_getfield(L, t, field) == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_geti(L, -1, i);
      mask |= 1ull << check(L, lua_gettop(L), f);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return mask;
}

/* The phases with a collector (0: none named). */
static uint64_t collectmask(lua_State *L, int t, const gk_flow *f) {
  return namemask(L, t, "collect_phases", f, checkphase);
}

/* The figure kinds the deploy vetoes look at (0: all). */
static uint32_t deploymask(lua_State *L, int t, const gk_flow *f) {
  return (uint32_t)namemask(L, t, "deploy_figures", f, checkfigurekind);
}

static uint32_t hookmask(lua_State *L, int t) {
  uint32_t mask = 0;
  if (lua_getfield(L, t, "hooks") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_geti(L, -1, i);
      mask |= 1u << luaL_checkoption(L, -1, NULL, hook_names);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return mask;
}

/* The names in t[field][sub], as bits by find (0: absent). */
static uint64_t subnamemask(lua_State *L, int t, const char *field, const char *sub,
                            const gk_rules *r, int (*find)(const gk_rules *, const char *),
                            const char *what) {
  uint64_t mask = 0;
  if (lua_getfield(L, t, field) == LUA_TTABLE) {
    int ft = lua_gettop(L);
    int list = ft;
    if (sub) {
      lua_getfield(L, ft, sub);
      list = lua_gettop(L);
    }
    if (lua_istable(L, list)) {
      lua_Integer n = luaL_len(L, list);
      for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, list, i);
        mask |= 1ull << mp_checkname(L, lua_gettop(L), r, find, what);
        lua_pop(L, 1);
      }
    }
    lua_settop(L, ft);
  }
  lua_pop(L, 1);
  return mask;
}

/* The hook filters of opts: placed_tiles = {tags =, attrs =}, collect_tiles =
** {tags =, attrs =}, collect_filtered = {phases}, points_attrs = {attributes}. */
static gk_hook_filters hookfilters(lua_State *L, int t, const gk_flow *f) {
  const gk_rules *r = gk_flow_rules(f);
  gk_hook_filters h;
  memset(&h, 0, sizeof h);
  h.placed_tiles.tags = subnamemask(L, t, "placed_tiles", "tags", r, gk_rules_find_tag, "tag");
  h.placed_tiles.attrs = subnamemask(L, t, "placed_tiles", "attrs", r, gk_rules_find_attr, "attribute");
  h.collect_tiles.tags = subnamemask(L, t, "collect_tiles", "tags", r, gk_rules_find_tag, "tag");
  h.collect_tiles.attrs = subnamemask(L, t, "collect_tiles", "attrs", r, gk_rules_find_attr, "attribute");
  h.collect_filtered = namemask(L, t, "collect_filtered", f, checkphase);
  h.points_attrs = subnamemask(L, t, "points_attrs", NULL, r, gk_rules_find_attr, "attribute");
  return h;
}

static void setfilters(mp_play *ud, const gk_hook_filters *h) {
  ud->filters = *h;
  gk_play_set_hook_filters(ud->play, ud->present ? h : NULL);
}

/* Builds the Play userdata around an existing gk_play: user values are
** the flow, the game view and the dispatcher. */
static mp_play *newplay(lua_State *L, int flow_idx, int rules_idx, int dispatcher_idx,
                        gk_play *play, uint32_t present, uint64_t collect_phases,
                        uint32_t deploy_kinds) {
  flow_idx = lua_absindex(L, flow_idx);
  rules_idx = lua_absindex(L, rules_idx);
  dispatcher_idx = lua_absindex(L, dispatcher_idx);
  mp_play *ud = (mp_play *)lua_newuserdatauv(L, sizeof *ud, 3);
  memset(ud, 0, sizeof *ud);
  ud->play = play;
  ud->present = present;
  ud->collect_phases = collect_phases;
  ud->deploy_kinds = deploy_kinds;
  luaL_setmetatable(L, MP_PLAY);
  int self = lua_gettop(L);
  lua_pushvalue(L, flow_idx);
  lua_setiuservalue(L, self, 1);
  mp_pushgameview(L, rules_idx, self, gk_play_game(play));
  lua_setiuservalue(L, self, 2);
  lua_pushvalue(L, dispatcher_idx);
  lua_setiuservalue(L, self, 3);
  gk_hooks hooks = {ud, present, collect_phases, hook_call, deploy_kinds};
  gk_play_set_hooks(play, present ? &hooks : NULL);
  return ud;
}

/* flow:new_play(game, {hooks = {names}, dispatch = fn, agent_seed = n}):
** the play takes the game over; the Game userdata passed in is emptied. */
static int flow_new_play(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  mp_game *gud = mp_checkgameud(L, 2);
  luaL_argcheck(L, gud->game != NULL && !gud->borrowed, 2, "a free-standing game expected");
  luaL_argcheck(L, gk_game_rules(gud->game) == gk_flow_rules(f), 2, "game of other rules");
  luaL_checktype(L, 3, LUA_TTABLE);
  uint32_t present = hookmask(L, 3);
  uint64_t collect_phases = collectmask(L, 3, f);
  uint32_t deploy_kinds = deploymask(L, 3, f);
  gk_hook_filters filters = hookfilters(L, 3, f);
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
  setfilters(newplay(L, 1, rules_idx, disp, play, present, collect_phases, deploy_kinds), &filters);
  return 1;
}

static int play_gc(lua_State *L) {
  mp_play *ud = checkplayud(L, 1);
  if (ud->play) {
    lua_getiuservalue(L, 1, 2);
    mp_game *view = (mp_game *)lua_touserdata(L, -1);
    if (view) mp_gameview_invalidate(view, NULL);
    gk_play_free(ud->play);
    ud->play = NULL;
  }
  return 0;
}

/* Runs a flow call with re-entry refused; hooks run inside it. */
#define FLOW_CALL(ud, expr)                                                   \
  do {                                                                        \
    if ((ud)->busy) return luaL_error(L, "cannot drive a play from one of its own hooks"); \
    (ud)->busy = 1;                                                           \
    int st_ = (expr);                                                         \
    (ud)->busy = 0;                                                           \
    if (st_ < 0) return playerror(L, ud);                                     \
  } while (0)

/* play:start([first_player]) */
static int play_start(lua_State *L) {
  mp_play *ud = enter(L);
  if (!lua_isnoneornil(L, 2)) {
    int first = mp_checkplayer(L, 2, gk_play_game(ud->play), 0);
    if (gk_play_set_first_player(ud->play, first) < 0) return playerror(L, ud);
  }
  FLOW_CALL(ud, gk_play_start(ud->play));
  return 0;
}

static int play_moves(lua_State *L) {
  mp_play *ud = enter(L);
  int n = gk_play_moves(ud->play, NULL, 0);
  gk_move local[64];
  gk_move *m = n <= 64 ? local : (gk_move *)lua_newuserdatauv(L, sizeof(gk_move) * (size_t)n, 0);
  gk_play_moves(ud->play, m, n);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    pushmove(L, ud, 1, &m[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int play_move_count(lua_State *L) {
  mp_play *ud = enter(L);
  lua_pushinteger(L, gk_play_moves(ud->play, NULL, 0));
  return 1;
}

static int play_apply(lua_State *L) {
  mp_play *ud = enter(L);
  gk_move m = checkmove(L, 2, ud, 1);
  FLOW_CALL(ud, gk_play_apply(ud->play, &m));
  return 0;
}

static int play_apply_index(lua_State *L) {
  mp_play *ud = enter(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  FLOW_CALL(ud, gk_play_apply_index(ud->play, (int)(i - 1)));
  return 0;
}

/* play:random_choice(): the index the random agent picks now (its own
** generator advances), without playing it. */
static int play_random_choice(lua_State *L) {
  mp_play *ud = enter(L);
  int i = gk_play_random_index(ud->play);
  if (i < 0) return 0;
  lua_pushinteger(L, i + 1);
  return 1;
}

static int play_random_move(lua_State *L) {
  mp_play *ud = enter(L);
  FLOW_CALL(ud, gk_play_random_move(ud->play));
  return 0;
}

static int play_random_game(lua_State *L) {
  mp_play *ud = enter(L);
  FLOW_CALL(ud, gk_play_random_game(ud->play));
  return 0;
}

/* play:end_game(): the game ends when this turn ends. */
static int play_end_game(lua_State *L) {
  mp_play *ud = enter(L);
  gk_play_end_game(ud->play);
  return 0;
}

static int play_phase(lua_State *L) {
  mp_play *ud = enter(L);
  const char *name = gk_flow_phase_name(gk_play_flow(ud->play), gk_play_phase(ud->play));
  lua_pushstring(L, name ? name : "?");
  return 1;
}

static int play_over(lua_State *L) {
  mp_play *ud = enter(L);
  lua_pushboolean(L, gk_play_over(ud->play));
  return 1;
}

static int play_player(lua_State *L) {
  mp_play *ud = enter(L);
  lua_pushinteger(L, gk_play_player(ud->play) + 1);
  return 1;
}

static int play_turn(lua_State *L) {
  mp_play *ud = enter(L);
  lua_pushinteger(L, gk_play_turn(ud->play) + 1);
  return 1;
}

static int play_part(lua_State *L) {
  mp_play *ud = enter(L);
  lua_pushinteger(L, gk_play_part(ud->play));
  return 1;
}

static int play_tile(lua_State *L) {
  mp_play *ud = enter(L);
  int t = gk_play_tile(ud->play);
  if (t < 0) return 0;
  lua_pushstring(L, gk_rules_tile(playrules(ud), t)->id);
  return 1;
}

static int play_placed(lua_State *L) {
  mp_play *ud = enter(L);
  int t = gk_play_placed(ud->play);
  if (t < 0) return 0;
  int view = pushview(L, 1);
  mp_pushtile(L, view, t);
  return 1;
}

/* play:closed(): handles of the features this part's tile closed, not
** yet scored, in the order they closed. */
static int play_closed(lua_State *L) {
  mp_play *ud = enter(L);
  int32_t roots[GK_REPORT_MAX];
  int n = gk_play_closed(ud->play, roots, GK_REPORT_MAX);
  if (n < 0) return luaL_error(L, "closed: %s", gk_play_error(ud->play));
  if (n > GK_REPORT_MAX) n = GK_REPORT_MAX;
  lua_createtable(L, n, 0);
  int view = pushview(L, 1);
  for (int i = 0; i < n; i++) {
    mp_pushfeature(L, view, roots[i]);
    lua_rawseti(L, -3, i + 1);
  }
  lua_pop(L, 1);
  return 1;
}

static int play_game(lua_State *L) {
  enter(L);
  pushview(L, 1);
  return 1;
}

static int play_score_feature(lua_State *L) {
  static const char *const whens[] = {"closed", "final", NULL};
  mp_play *ud = enter(L);
  int view = pushview(L, 1);
  int32_t node = mp_checkhandle(L, 2, MP_FEATURE, view, NULL);
  int when = luaL_checkoption(L, 3, "closed", whens);
  int pts = gk_play_score_feature(ud->play, node, (gk_when)when);
  if (pts < 0) return playerror(L, ud);
  lua_pushinteger(L, pts);
  return 1;
}

static int play_formula_points(lua_State *L) {
  static const char *const whens[] = {"closed", "final", NULL};
  mp_play *ud = enter(L);
  int view = pushview(L, 1);
  int32_t node = mp_checkhandle(L, 2, MP_FEATURE, view, NULL);
  int when = luaL_checkoption(L, 3, "closed", whens);
  lua_pushinteger(L, gk_play_formula_points(ud->play, node, (gk_when)when));
  return 1;
}

static int play_return_figures(lua_State *L) {
  mp_play *ud = enter(L);
  int view = pushview(L, 1);
  int32_t node = mp_checkhandle(L, 2, MP_FEATURE, view, NULL);
  if (gk_play_return_figures(ud->play, node, lua_toboolean(L, 3)) < 0) return playerror(L, ud);
  return 0;
}

/* play:clone(): an independent copy sharing flow and dispatcher. */
static int play_clone(lua_State *L) {
  mp_play *ud = enter(L);
  gk_play *copy = gk_play_clone(ud->play);
  if (!copy) return luaL_error(L, "not enough memory");
  lua_getiuservalue(L, 1, 1); /* flow */
  int flow_idx = lua_gettop(L);
  lua_getiuservalue(L, flow_idx, 1); /* rules */
  lua_getiuservalue(L, 1, 3); /* dispatcher */
  /* the copy keeps the original's hook set */
  mp_play *cud = newplay(L, flow_idx, flow_idx + 1, flow_idx + 2, copy, ud->present,
                         ud->collect_phases, ud->deploy_kinds);
  setfilters(cud, &ud->filters);
  return 1;
}

/* play:restore(other): becomes a copy of other; handles go stale. */
static int play_restore(lua_State *L) {
  mp_play *ud = enter(L);
  mp_play *other = checkplayud(L, 2);
  luaL_argcheck(L, other->play != NULL, 2, "play is gone (freed)");
  if (gk_play_copy_from(ud->play, other->play)) return playerror(L, ud);
  lua_getiuservalue(L, 1, 2);
  mp_gameview_invalidate((mp_game *)lua_touserdata(L, -1), gk_play_game(ud->play));
  lua_settop(L, 1);
  return 1;
}

/* {------------------------------------------------------------------
** Moves as text: "place D 1,0 r1", "deploy meeple NNE", "pass", "draw",
** "action wagon 3 0". A figure's spot is named by the first port (in
** board orientation) of its segment on the tile just placed, or C, C2..
** for segments that touch no edge.
** ------------------------------------------------------------------- */

static void spot_name(const gk_game *g, int32_t node, char *out, size_t cap) {
  gk_placed_tile pt;
  int tile = gk_node_tile(g, node), seg = gk_node_segment(g, node);
  gk_tile_info(g, tile, &pt);
  const gk_tile_def *d = gk_rules_tile(gk_game_rules(g), pt.type);
  uint16_t ports = d->segments[seg].ports;
  if (ports == 0) {
    int nth = 1;
    for (int s = 0; s < seg; s++) nth += d->segments[s].ports == 0;
    if (nth == 1) snprintf(out, cap, "C");
    else snprintf(out, cap, "C%d", nth);
    return;
  }
  int best = GK_PORT_COUNT;
  for (int p = 0; p < GK_PORT_COUNT; p++)
    if ((ports >> p) & 1) {
      int bp = (p + 3 * pt.rot) % GK_PORT_COUNT;
      /* prefer a side centre: "N" reads better than "NNW" for a city */
      int rank = (bp % 3 == 1) ? bp - 100 : bp;
      int brank = (best % 3 == 1) ? best - 100 : best;
      if (best == GK_PORT_COUNT || rank < brank) best = bp;
    }
  snprintf(out, cap, "%s", gk_port_name(best));
}

static void format_move(lua_State *L, gk_play *play, const gk_move *m) {
  const gk_rules *r = gk_flow_rules(gk_play_flow(play));
  const gk_game *g = gk_play_game(play);
  char spot[16];
  switch (m->type) {
    case GK_MOVE_PLACE:
      lua_pushfstring(L, "place %s %d,%d r%d", gk_rules_tile(r, m->tile)->id, (int)m->x,
                      (int)m->y, m->rot);
      break;
    case GK_MOVE_DEPLOY:
      if (m->at.where == GK_AT_NODE) {
        spot_name(g, m->at.a, spot, sizeof spot);
        lua_pushfstring(L, "deploy %s %s", gk_rules_figure_kind_name(r, m->figure_kind), spot);
      } else if (m->at.where == GK_AT_CORNER) {
        lua_pushfstring(L, "deploy %s corner %d,%d", gk_rules_figure_kind_name(r, m->figure_kind),
                        (int)m->at.a, (int)m->at.b);
      } else {
        lua_pushfstring(L, "deploy %s tile %d", gk_rules_figure_kind_name(r, m->figure_kind),
                        (int)m->at.a);
      }
      break;
    case GK_MOVE_PASS: lua_pushliteral(L, "pass"); break;
    case GK_MOVE_DRAW: lua_pushliteral(L, "draw"); break;
    default:
      lua_pushfstring(L, "action %s %d %d %d %d", gk_flow_action_name(gk_play_flow(play), m->action),
                      (int)m->arg[0], (int)m->arg[1], (int)m->arg[2], (int)m->arg[3]);
  }
}

/* play:move_name(i): the text of the i-th legal move. */
static int play_move_name(lua_State *L) {
  mp_play *ud = enter(L);
  int n = gk_play_moves(ud->play, NULL, 0);
  lua_Integer i = luaL_checkinteger(L, 2);
  luaL_argcheck(L, i >= 1 && i <= n, 2, "no such move");
  gk_move *all = (gk_move *)lua_newuserdatauv(L, sizeof(gk_move) * (size_t)n, 0);
  gk_play_moves(ud->play, all, n);
  format_move(L, ud->play, &all[i - 1]);
  return 1;
}

/* play:find_move(text): the index of the legal move with that text, or
** nil and why. */
static int play_find_move(lua_State *L) {
  mp_play *ud = enter(L);
  const char *text = luaL_checkstring(L, 2);
  int n = gk_play_moves(ud->play, NULL, 0);
  gk_move *all = (gk_move *)lua_newuserdatauv(L, sizeof(gk_move) * (size_t)(n + 1), 0);
  gk_play_moves(ud->play, all, n);
  /* Deploys name a spot, which several segments of one feature can't
  ** share; comparing texts is exact and keeps one naming scheme. */
  for (int i = 0; i < n; i++) {
    format_move(L, ud->play, &all[i]);
    int same = strcmp(lua_tostring(L, -1), text) == 0;
    lua_pop(L, 1);
    if (same) {
      lua_pushinteger(L, i + 1);
      return 1;
    }
  }
  lua_pushnil(L);
  const char *ph = gk_flow_phase_name(gk_play_flow(ud->play), gk_play_phase(ud->play));
  lua_pushfstring(L, "'%s' is not a legal move now (phase %s, %d legal moves)", text,
                  ph ? ph : "?", n);
  return 2;
}

static int play_tostring(lua_State *L) {
  mp_play *ud = checkplayud(L, 1);
  if (!ud->play) {
    lua_pushliteral(L, "meeple play (freed)");
  } else {
    const char *ph = gk_flow_phase_name(gk_play_flow(ud->play), gk_play_phase(ud->play));
    lua_pushfstring(L, "meeple play (turn %d, player %d, %s)", gk_play_turn(ud->play) + 1,
                    gk_play_player(ud->play) + 1, ph ? ph : "?");
  }
  return 1;
}

/* {------------------------------------------------------------------
** Many games at once, in C: sim and bench.
** ------------------------------------------------------------------- */

/* One random game from a prepared position: copy into g, reseed, shuffle.
** g is one game reused for every game of the run (a copy into its
** buffers costs a tenth of a clone). */
static int sim_one(mp_game *view, const gk_flow *f, const gk_game *templ, gk_game *g,
                   const int *stacks, int n_stacks, uint64_t seed, const gk_hooks *hooks,
                   mp_play *hook_ud, int want_closed, mp_sim_result *out, char *err,
                   size_t errcap) {
  if (gk_game_copy(g, templ)) {
    snprintf(err, errcap, "not enough memory");
    return -1;
  }
  gk_rng_reseed(g, seed);
  for (int s = 0; s < n_stacks; s++) gk_stack_shuffle(g, stacks[s]);
  gk_play *p = gk_play_new(f, g, NULL);
  if (!p) {
    snprintf(err, errcap, "not enough memory");
    return -1;
  }
  if (hooks) {
    /* the lent Play and its view show this game while it runs */
    gk_hooks h = *hooks;
    h.ud = hook_ud;
    gk_play_set_hooks(p, &h);
    gk_play_set_hook_filters(p, &hook_ud->filters);
    hook_ud->play = p;
    mp_gameview_invalidate(view, g);
  }
  gk_play_seed_agent(p, seed);
  int st = gk_play_start(p);
  int moves = 0;
  while (st >= 0 && !gk_play_over(p)) {
    st = gk_play_random_move(p);
    moves++;
  }
  if (st < 0) {
    snprintf(err, errcap, "seed %llu: %s", (unsigned long long)seed, gk_play_error(p));
    if (view) mp_gameview_invalidate(view, NULL);
    gk_play_release(p); /* g stays for the next game */
    return -1;
  }
  memset(out, 0, sizeof *out);
  for (int pl = 0; pl < gk_game_players(g); pl++) out->scores[pl] = gk_player_score(g, pl);
  out->turns = gk_play_turn(p);
  out->moves = moves;
  int n = want_closed ? gk_features(g, NULL, 0) : 0;
  int32_t local[1024];
  if (n > 0 && n <= 1024) { /* none asked: no walk over the nodes */
    gk_features(g, local, n);
    for (int i = 0; i < n; i++)
      if (gk_feature_closed(g, local[i]) == 1) out->closed[gk_feature_kind(g, local[i])]++;
  }
  if (view) mp_gameview_invalidate(view, NULL);
  gk_play_release(p); /* g stays for the next game */
  return 0;
}

/* How simrun plays one game: sim_one, then the lent Play goes back to its
** holder between games. */
typedef struct sim_ctx {
  mp_game *view;
  const gk_flow *f;
  const gk_game *templ;
  gk_game *reuse;
  const int *stacks;
  int n_stacks;
  const gk_hooks *hooks;
  mp_play *hud;
  gk_play *holder;
  int want_closed;
} sim_ctx;

static int sim_play(void *c, uint64_t seed, mp_sim_result *out, char *err, size_t errcap) {
  sim_ctx *x = (sim_ctx *)c;
  int st = sim_one(x->view, x->f, x->templ, x->reuse, x->stacks, x->n_stacks, seed, x->hooks,
                   x->hud, x->want_closed, out, err, errcap);
  if (x->hud) {
    x->hud->play = x->holder;
    mp_gameview_invalidate(x->view, gk_play_game(x->holder));
  }
  return st;
}

/* flow:simulate(template, {games=, seed=, stacks={names}, features=bool,
** jobs=, hooks=, dispatch=, progress=fn(done, seconds), on_game=fn(row)})
** -> summary (see simrun.h). Game i plays from seed + i - 1, in one
** process or in 'jobs' child processes; features = false skips counting
** completed features. Hooks run in this state through a temporary Play. */
static int flow_simulate(lua_State *L) {
  gk_flow *f = checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  gk_game *templ = mp_checkgame(L, 2);
  luaL_argcheck(L, gk_game_rules(templ) == r, 2, "game of other rules");
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_getfield(L, 3, "games");
  lua_Integer games = luaL_checkinteger(L, -1);
  lua_getfield(L, 3, "seed");
  lua_Integer seed = luaL_optinteger(L, -1, 1);
  lua_getfield(L, 3, "features");
  int want = lua_isnil(L, -1) || lua_toboolean(L, -1);
  lua_pop(L, 3);
  luaL_argcheck(L, games >= 0, 3, "games must be >= 0");
  int stacks[GK_MAX_STACKS], n_stacks = 0;
  if (lua_getfield(L, 3, "stacks") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n && n_stacks < GK_MAX_STACKS; i++) {
      lua_geti(L, -1, i);
      stacks[n_stacks++] = mp_checkname(L, lua_gettop(L), r, gk_rules_find_stack, "stack");
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  uint32_t present = hookmask(L, 3);
  uint64_t collect_phases = collectmask(L, 3, f);
  uint32_t deploy_kinds = deploymask(L, 3, f);
  gk_hook_filters filters = hookfilters(L, 3, f);
  /* A Play userdata that lends hooks its identity during each game. */
  mp_play *hud = NULL;
  mp_game *view = NULL;
  gk_hooks hooks = {NULL, present, collect_phases, hook_call, deploy_kinds};
  if (present) {
    lua_getfield(L, 3, "dispatch");
    luaL_checktype(L, -1, LUA_TFUNCTION);
    int disp = lua_gettop(L);
    lua_getiuservalue(L, 1, 1);
    int rules_idx = lua_gettop(L);
    gk_game *dummy = gk_game_clone(templ);
    gk_play *holder = dummy ? gk_play_new(f, dummy, NULL) : NULL;
    if (!holder) {
      gk_game_free(dummy);
      return luaL_error(L, "not enough memory");
    }
    hud = newplay(L, 1, rules_idx, disp, holder, present, collect_phases, deploy_kinds);
    setfilters(hud, &filters);
    hud->L = L;
    hud->self = lua_gettop(L);
    lua_getiuservalue(L, hud->self, 2);
    view = (mp_game *)lua_touserdata(L, -1);
    lua_pop(L, 1);
  }
  lua_getfield(L, 3, "progress");
  int progress = lua_isfunction(L, -1) ? lua_gettop(L) : 0;
  lua_getfield(L, 3, "on_game");
  int on_game = lua_isfunction(L, -1) ? lua_gettop(L) : 0;
  lua_getfield(L, 3, "jobs");
  lua_Integer jobs = luaL_optinteger(L, -1, 1);
  lua_pop(L, 1);
  if (jobs > games) jobs = games;
  if (jobs < 1) jobs = 1;
  luaL_argcheck(L, jobs <= MP_SIM_MAX_JOBS, 3, "too many jobs");
  /* the one game every game of this process is played in, owned by a
  ** Game userdata so that an error on the way frees it */
  gk_game *reuse = gk_game_clone(templ);
  if (!reuse) return luaL_error(L, "not enough memory");
  lua_getiuservalue(L, 1, 1);
  mp_pushgame(L, -1, reuse);
  sim_ctx ctx = {view, f, templ, reuse, stacks, n_stacks, present ? &hooks : NULL,
                 hud, hud ? hud->play : NULL, want};
  mp_sim_plan plan = {games, (uint64_t)seed, (int)jobs, sim_play, &ctx, r,
                      gk_game_players(templ), progress, on_game};
  mp_sim_summary *sum = (mp_sim_summary *)lua_newuserdatauv(L, sizeof *sum, 0);
  mp_sim_run(L, &plan, sum);
  mp_sim_push_summary(L, sum, r, gk_game_players(templ));
  return 1;
}

static const luaL_Reg flow_methods[] = {
  {"line_markers", flow_line_markers},
  {"hand", flow_hand},
  {"relocate", flow_relocate},
  {"recall", flow_recall},
  {"figure_scoring", flow_figure_scoring},
  {"meet_scoring", flow_meet_scoring},
  {"simulate", flow_simulate},
  {"figure", flow_figure},
  {"scoring", flow_scoring},
  {"stack", flow_stack},
  {"gain_on_close", flow_gain_on_close},
  {"final_majority", flow_final_majority},
  {"extra_part", flow_extra_part},
  {"system", flow_system},
  {"phase", flow_phase},
  {"action", flow_action},
  {"freeze", flow_freeze},
  {"phases", flow_phases},
  {"new_play", flow_new_play},
  {NULL, NULL}
};

static const luaL_Reg play_methods[] = {
  {"start", play_start},
  {"moves", play_moves},
  {"move_count", play_move_count},
  {"apply", play_apply},
  {"apply_index", play_apply_index},
  {"random_move", play_random_move},
  {"random_choice", play_random_choice},
  {"random_game", play_random_game},
  {"phase", play_phase},
  {"end_game", play_end_game},
  {"over", play_over},
  {"player", play_player},
  {"turn", play_turn},
  {"part", play_part},
  {"tile", play_tile},
  {"placed", play_placed},
  {"closed", play_closed},
  {"game", play_game},
  {"score_feature", play_score_feature},
  {"formula_points", play_formula_points},
  {"return_figures", play_return_figures},
  {"move_name", play_move_name},
  {"find_move", play_find_move},
  {"clone", play_clone},
  {"restore", play_restore},
  {NULL, NULL}
};

void mp_open_flow(lua_State *L) {
  luaL_newmetatable(L, MP_FLOW);
  lua_pushcfunction(L, flow_gc);
  lua_setfield(L, -2, "__gc");
  luaL_newlib(L, flow_methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  luaL_newmetatable(L, MP_PLAY);
  lua_pushcfunction(L, play_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, play_tostring);
  lua_setfield(L, -2, "__tostring");
  luaL_newlib(L, play_methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_pushcfunction(L, flow_new);
  lua_setfield(L, -2, "flow");
}
