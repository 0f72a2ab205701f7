/*
** flow_token_pool.c: flow:token_pool{...}, a figure's pool of tokens drawn
** from a bag (gk_token_pool_rule): its table read here, so that
** wrap_flow.c keeps only its entry.
**
** As in wrap_flow.c, every read is raw: no metamethod of the script's
** table runs in host code; a bad field raises the script's error and
** declares nothing.
*/
#include <lua.h>
#include <lauxlib.h>

#include "wrap_play.h"

/* t[k] (t at index 2) pushed, without metamethods. */
static int field(lua_State *L, const char *k) {
  lua_pushstring(L, k);
  return lua_rawget(L, 2);
}

/* The id of t[k] by a finder of the rules or of the flow, or an error
** naming the key. */
static int rules_name(lua_State *L, const gk_rules *r, const char *k,
                      int (*find)(const gk_rules *, const char *)) {
  field(L, k);
  if (!lua_isstring(L, -1)) luaL_error(L, "token_pool: %s = \"name\" expected", k);
  int id = find(r, lua_tostring(L, -1));
  if (id < 0) luaL_error(L, "token_pool: unknown %s '%s'", k, lua_tostring(L, -1));
  lua_pop(L, 1);
  return id;
}

static int flow_name(lua_State *L, const gk_flow *f, const char *k,
                     int (*find)(const gk_flow *, const char *)) {
  field(L, k);
  if (!lua_isstring(L, -1)) luaL_error(L, "token_pool: %s = \"name\" expected", k);
  int id = find(f, lua_tostring(L, -1));
  if (id < 0) luaL_error(L, "token_pool: unknown %s '%s'", k, lua_tostring(L, -1));
  lua_pop(L, 1);
  return id;
}

/* Reads flow:token_pool's table {figure =, stack =, phase =, grow =,
** cash =, value =, bust = tag or nil, reason =} (at index 2) into *out
** for the rules of f; raises the script's error on a bad field. */
static void read_token_pool(lua_State *L, const gk_flow *f, gk_token_pool_rule *out) {
  luaL_checktype(L, 2, LUA_TTABLE);
  const gk_rules *r = gk_flow_rules(f);
  gk_token_pool_rule x = {0};
  x.figure = rules_name(L, r, "figure", gk_rules_find_figure_kind);
  x.stack = rules_name(L, r, "stack", gk_rules_find_stack);
  x.phase = flow_name(L, f, "phase", gk_flow_find_phase);
  x.grow = flow_name(L, f, "grow", gk_flow_find_action);
  x.cash = flow_name(L, f, "cash", gk_flow_find_action);
  x.value = rules_name(L, r, "value", gk_rules_find_attr);
  x.reason = rules_name(L, r, "reason", gk_rules_find_reason);
  int t = field(L, "bust");
  lua_pop(L, 1);
  x.bust = t == LUA_TNIL ? -1 : rules_name(L, r, "bust", gk_rules_find_tag);
  *out = x;
}

/* flow:token_pool{...}: a figure's pool of tokens. */
int flow_token_pool(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  gk_token_pool_rule x;
  read_token_pool(L, f, &x);
  if (gk_flow_add_token_pool(f, &x)) return luaL_error(L, "%s", gk_flow_error(f));
  return 0;
}
