/*
** flow_move_anywhere.c: flow:move_anywhere{...}, the declaration of
** neutral figures moved onto any open feature (gk_move_anywhere_rule),
** read here by hand: its marks are a list parallel to its figures, which
** the field readers of wrap_flow.c do not cover (and wrap_flow.c has no
** room left).
**
** As in wrap_flow.c, every read is raw: no metamethod of the script's
** table runs in host code.
*/
#include <lua.h>
#include <lauxlib.h>

#include "wrap_play.h"

/* t[k] without metamethods (t at idx): pushed, and its type. */
static int raw_field(lua_State *L, int idx, const char *k) {
  idx = lua_absindex(L, idx);
  lua_pushstring(L, k);
  return lua_rawget(L, idx);
}

/* The list of names in field k of the table at 2, each looked up by
** find into out[] (at most cap); their count. Absent: 0, or an error when
** required. */
static int name_list(lua_State *L, const gk_rules *r, const char *k, int (*find)(const gk_rules *, const char *),
                     const char *what, int *out, int cap, int required) {
  if (raw_field(L, 2, k) != LUA_TTABLE) {
    if (required || !lua_isnil(L, -1)) luaL_error(L, "move_anywhere: %s = {%s names} expected", k, what);
    lua_pop(L, 1);
    return 0;
  }
  int n = (int)lua_rawlen(L, -1);
  if (n > cap) luaL_error(L, "move_anywhere: more than %d names in %s", cap, k);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, -1, i + 1);
    out[i] = mp_checkname(L, lua_gettop(L), r, find, what);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return n;
}

/* The tile tags or attributes of field "tiles" (a filter). */
static gk_tile_filter tile_names(lua_State *L, const gk_rules *r) {
  gk_tile_filter x = {0, 0, 0};
  if (raw_field(L, 2, "tiles") != LUA_TTABLE) luaL_error(L, "move_anywhere: tiles = {tile tags or attributes} expected");
  for (lua_Integer i = 1, n = (lua_Integer)lua_rawlen(L, -1); i <= n; i++) {
    lua_rawgeti(L, -1, i);
    const char *name = luaL_checkstring(L, -1);
    int tag = gk_rules_find_tag(r, name), attr = gk_rules_find_attr(r, name);
    if (tag < 0 && attr < 0) luaL_error(L, "move_anywhere: '%s' in tiles is neither a tile tag nor an attribute", name);
    if (tag >= 0) x.tags |= 1ull << tag;
    if (attr >= 0) x.attrs |= 1ull << attr;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return x;
}

/* flow:move_anywhere{phase =, action =, tiles = {tags or attributes}, on =
** {kinds}, figures = {neutral figure kinds}, marks = {an attribute per
** figure}}: neutral figures moved onto any open feature
** (gk_move_anywhere_rule). */
int flow_move_anywhere(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  luaL_checktype(L, 2, LUA_TTABLE);
  gk_move_anywhere_rule x = {0};
  raw_field(L, 2, "phase");
  x.phase = mp_checkphase(L, lua_gettop(L), f);
  lua_pop(L, 1);
  raw_field(L, 2, "action");
  const char *action = luaL_checkstring(L, -1);
  x.action = gk_flow_find_action(f, action);
  if (x.action < 0) luaL_error(L, "move_anywhere: unknown action '%s'", action);
  lua_pop(L, 1);
  x.tiles = tile_names(L, r);
  int kinds[64];
  int n_kinds = name_list(L, r, "on", gk_rules_find_kind, "kind", kinds, 64, 1);
  for (int i = 0; i < n_kinds; i++) x.kinds |= 1ull << kinds[i];
  int figures[GK_MAX_FIGURE_KINDS];
  x.n_figures = name_list(L, r, "figures", gk_rules_find_figure_kind, "figure kind", figures, GK_MAX_FIGURE_KINDS, 1);
  for (int i = 0; i < x.n_figures; i++) {
    x.figures[i] = (uint8_t)figures[i];
    x.marks[i] = -1;
  }
  int marks[GK_MAX_FIGURE_KINDS];
  int n_marks = name_list(L, r, "marks", gk_rules_find_attr, "attribute", marks, GK_MAX_FIGURE_KINDS, 0);
  if (n_marks != 0 && n_marks != x.n_figures)
    luaL_error(L, "move_anywhere: marks = {...} names an attribute per figure (%d), not %d", x.n_figures, n_marks);
  for (int i = 0; i < n_marks; i++) x.marks[i] = marks[i];
  if (gk_flow_add_move_anywhere(f, &x)) return luaL_error(L, "%s", gk_flow_error(f));
  return 0;
}
