/*
** move_args.c: an action move's arguments between C and Lua. An action
** whose arguments have names (gk_flow_action_args: `action "wagon" {
** args = { "owner", "x", "y", "segment" } }`, or the capability that
** plays it) shows them by name, args = { owner = 1, x = 0, ... }, and
** reads them so; an action without names keeps four positional integers.
** A positional table is still read for a named action: the legacy form,
** its values in declared order.
**
** Invariant: a table from a script is read raw (no metamethod runs in
** host code) and checked whole before the move is used: the move gets
** every declared argument as a 32-bit integer, or the call raises one
** message naming the action, the argument and, for an unknown name, the
** nearest declared one.
*/
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "wrap_play.h"

/* Longest piece of a script's key quoted in a message. */
#define SHOWN_KEY 40

void mp_pushargs(lua_State *L, const gk_flow *f, const gk_move *m) {
  int n = gk_flow_action_args(f, m->action);
  if (n < 0) {
    lua_createtable(L, GK_ACTION_ARGS, 0);
    for (int i = 0; i < GK_ACTION_ARGS; i++) {
      lua_pushinteger(L, m->arg[i]);
      lua_rawseti(L, -2, i + 1);
    }
    return;
  }
  lua_createtable(L, 0, n);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, m->arg[i]);
    lua_setfield(L, -2, gk_flow_action_arg(f, m->action, i));
  }
}

/* "x, y, segment", pushed. */
static const char *push_names(lua_State *L, const gk_flow *f, int action) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  int n = gk_flow_action_args(f, action);
  if (n == 0) luaL_addstring(&b, "no arguments");
  for (int i = 0; i < n; i++) {
    if (i) luaL_addstring(&b, ", ");
    luaL_addstring(&b, gk_flow_action_arg(f, action, i));
  }
  luaL_pushresult(&b);
  return lua_tostring(L, -1);
}

/* strlen(s), at most SHOWN_KEY: a script's key may be long */
static size_t shown_len(const char *s) {
  size_t n = 0;
  while (n < SHOWN_KEY && s[n]) n++;
  return n;
}

/* Edit distance of a (its first SHOWN_KEY bytes) and b, for "did you mean". */
static int distance(const char *a, const char *b) {
  size_t la = shown_len(a), lb = strlen(b);
  int row[GK_NAME_MAX + 2];
  for (size_t j = 0; j <= lb; j++) row[j] = (int)j;
  for (size_t i = 1; i <= la; i++) {
    int diag = row[0];
    row[0] = (int)i;
    for (size_t j = 1; j <= lb; j++) {
      int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      diag = up;
      row[j] = best;
    }
  }
  return row[lb];
}

/* The declared name nearest to key (ties: the first declared), or NULL
** when none is close enough to be a typo. */
static const char *nearest(const gk_flow *f, int action, const char *key) {
  const char *best = NULL;
  int best_d = 0, n = gk_flow_action_args(f, action);
  for (int i = 0; i < n; i++) {
    const char *name = gk_flow_action_arg(f, action, i);
    int d = distance(key, name);
    if (!best || d < best_d) best = name, best_d = d;
  }
  int len = (int)shown_len(key);
  return best && best_d < len && best_d <= (len / 3 > 1 ? len / 3 : 1) ? best : NULL;
}

static int unknown_name(lua_State *L, const gk_flow *f, int action, const char *key) {
  const char *near = nearest(f, action, key);
  const char *takes = push_names(L, f, action);
  lua_pushlstring(L, key, shown_len(key));
  return luaL_error(L, "action '%s': unknown argument '%s' (%s%s%sit takes %s)",
                    gk_flow_action_name(f, action), lua_tostring(L, -1), near ? "did you mean '" : "",
                    near ? near : "", near ? "'? " : "", takes);
}

/* One raw pass over the args table at t (next() order does not matter:
** what it finds is judged afterwards in a fixed order). value[i] is
** argument i: the value of key i+1 (positional) or of the i-th declared
** name; bit i of seen says it was there, of bad that it is no 32-bit
** integer. unknown: the stack index of the unknown name first in byte
** order (pushed), or 0. */
typedef struct arg_scan {
  int positional;
  int named;
  unsigned seen;
  unsigned bad;
  int unknown;
  int32_t value[GK_ACTION_ARGS];
} arg_scan;

/* The argument index of the key below the top (lua_next's key, its
** value on top), or -1 for an unknown name. */
static int key_index(lua_State *L, const gk_flow *f, int action, arg_scan *s) {
  if (lua_isinteger(L, -2)) {
    lua_Integer k = lua_tointeger(L, -2);
    if (k < 1 || k > GK_ACTION_ARGS)
      luaL_error(L, "action '%s': args has key %I (positions are 1..%d)", gk_flow_action_name(f, action), k,
                 GK_ACTION_ARGS);
    s->positional++;
    return (int)k - 1;
  }
  if (lua_type(L, -2) != LUA_TSTRING)
    luaL_error(L, "action '%s': an argument is named by a string, not a %s", gk_flow_action_name(f, action),
               luaL_typename(L, -2));
  s->named++;
  const char *key = lua_tostring(L, -2);
  int n = gk_flow_action_args(f, action);
  for (int i = 0; i < n; i++) {
    const char *name = gk_flow_action_arg(f, action, i);
    if (name[0] == key[0] && strcmp(key, name) == 0) return i; /* most names differ at once */
  }
  return -1;
}

static void scan_args(lua_State *L, int t, const gk_flow *f, int action, arg_scan *s) {
  memset(s, 0, sizeof *s);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int i = key_index(L, f, action, s);
    if (i >= 0) {
      int isint = 0;
      lua_Integer v = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &isint) : 0;
      s->seen |= 1u << i;
      if (!isint || v < INT32_MIN || v > INT32_MAX) s->bad |= 1u << i;
      else s->value[i] = (int32_t)v;
    } else if (!s->unknown || strcmp(lua_tostring(L, -2), lua_tostring(L, s->unknown)) < 0) {
      if (s->unknown) lua_remove(L, s->unknown); /* below the key: t + 1 */
      lua_pushvalue(L, -2);
      lua_insert(L, t + 1);
      s->unknown = t + 1;
    }
    lua_pop(L, 1);
  }
}

/* Raises: argument i of the args table at t is no 32-bit integer. */
static void bad_value(lua_State *L, int t, const gk_flow *f, int action, int i, int named) {
  const char *what;
  if (named) {
    const char *name = gk_flow_action_arg(f, action, i);
    lua_pushstring(L, name);
    lua_rawget(L, t);
    what = lua_pushfstring(L, "args.%s", name);
  } else {
    lua_rawgeti(L, t, i + 1);
    what = lua_pushfstring(L, "argument %d", i + 1);
  }
  if (lua_type(L, -2) == LUA_TNUMBER)
    luaL_error(L, "action '%s': %s must be a 32-bit integer, got %s", gk_flow_action_name(f, action), what,
               lua_tostring(L, -2));
  luaL_error(L, "action '%s': %s must be a 32-bit integer, got a %s", gk_flow_action_name(f, action), what,
             luaL_typename(L, -2));
}

/* The arguments from a scan: positional (legacy: absent ones are 0) or
** by name (every declared one required). */
static void take_args(lua_State *L, int t, const gk_flow *f, gk_move *m, const arg_scan *s, int named) {
  int n = named ? gk_flow_action_args(f, m->action) : GK_ACTION_ARGS;
  for (int i = 0; i < n; i++) {
    if (named && !((s->seen >> i) & 1)) {
      const char *takes = push_names(L, f, m->action);
      luaL_error(L, "action '%s': argument '%s' is missing (it takes %s)", gk_flow_action_name(f, m->action),
                 gk_flow_action_arg(f, m->action, i), takes);
    }
    if ((s->bad >> i) & 1) bad_value(L, t, f, m->action, i, named);
    m->arg[i] = s->value[i];
  }
}

void mp_checkargs(lua_State *L, int move, const gk_flow *f, gk_move *m) {
  int type = mp_rawfield(L, move, "args");
  int t = lua_gettop(L), n = gk_flow_action_args(f, m->action);
  const char *action = gk_flow_action_name(f, m->action);
  if (type == LUA_TNIL && n > 0) {
    const char *takes = push_names(L, f, m->action);
    luaL_error(L, "action '%s': args are missing (it takes %s)", action, takes);
  }
  if (type != LUA_TNIL && type != LUA_TTABLE)
    luaL_error(L, "action '%s': args must be a table, not a %s", action, lua_typename(L, type));
  if (type == LUA_TTABLE) {
    arg_scan s;
    scan_args(L, t, f, m->action, &s);
    if (s.named && n < 0)
      luaL_error(L, "action '%s' has no argument names (declare them: action \"%s\" { args = { ... } })",
                 action, action);
    if (s.named && s.positional)
      luaL_error(L, "action '%s': args mixes names and positions (it takes %s)", action,
                 push_names(L, f, m->action));
    if (s.unknown) unknown_name(L, f, m->action, lua_tostring(L, s.unknown));
    /* the legacy form: positions only (an empty table is named: a named
    ** action's arguments are all required) */
    take_args(L, t, f, m, &s, n >= 0 && !(s.positional && !s.named));
  }
  lua_settop(L, t - 1);
}

/* play:action_args(name): the action's argument names in order, or nil
** when it has none (its moves carry four positional integers). */
int mp_play_action_args(lua_State *L) {
  mp_play *ud = mp_checkplayud(L, 1);
  luaL_argcheck(L, ud->play != NULL, 1, "play is gone (freed)");
  const gk_flow *f = gk_play_flow(ud->play);
  const char *name = luaL_checkstring(L, 2);
  int action = gk_flow_find_action(f, name);
  if (action < 0) return luaL_error(L, "unknown action '%s'", name);
  int n = gk_flow_action_args(f, action);
  if (n < 0) return 0;
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, gk_flow_action_arg(f, action, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* A collector names who decides the moves it offers (an auction's bids):
** `decider = P` on each of them. One list has one decider. */
void mp_take_decider(lua_State *L, int move, mp_play *ud, int *decider) {
  move = lua_absindex(L, move);
  if (!lua_istable(L, move)) return;
  lua_pushliteral(L, "decider");
  if (lua_rawget(L, move) == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  int n = gk_game_players(gk_play_game(ud->play)), ok = 0;
  lua_Integer d = lua_tointegerx(L, -1, &ok);
  lua_pop(L, 1);
  if (!ok || d < 1 || d > n)
    luaL_error(L, "decider: a player 1..%d expected (who decides this move)", n);
  if (*decider && *decider != (int)d)
    luaL_error(L, "decider: moves decided by player %d and by player %d in one list "
                  "(offer one player's decision at a time)", *decider, (int)d);
  *decider = (int)d;
}
