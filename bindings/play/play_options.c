/*
** play_options.c: the hook options a Play reads from flow:new_play's and
** flow:simulate's opts: which hooks it calls (hooks), in which phases
** the flow collects (collect_phases), which figure kinds the deploy
** vetoes look at (deploy_figures), and the tile, attribute, kind, phase
** and stack filters that keep the flow from calling a hook at all.
** Names become bits here, once per play, so the flow tests bits.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "wrap_play.h"

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
uint64_t mp_collectmask(lua_State *L, int t, const gk_flow *f) {
  return namemask(L, t, "collect_phases", f, mp_checkphase);
}

/* The figure kinds the deploy vetoes look at (0: all). */
uint32_t mp_deploymask(lua_State *L, int t, const gk_flow *f) {
  return (uint32_t)namemask(L, t, "deploy_figures", f, checkfigurekind);
}

uint32_t mp_hookmask(lua_State *L, int t) {
  uint32_t mask = 0;
  if (lua_getfield(L, t, "hooks") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_geti(L, -1, i);
      mask |= 1u << luaL_checkoption(L, -1, NULL, mp_hook_names);
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

/* The hook filters of opts: placed_tiles = {tags =, attrs =, kinds =},
** collect_tiles = {tags =, attrs =, kinds =}, collect_filtered = {phases},
** points_attrs = {attributes}, points_kinds = {kinds},
** placement_tiles = {tags =, attrs =, kinds =}, placement_stacks = {stacks},
** placed_figures = {figure kinds}. */
gk_hook_filters mp_hookfilters(lua_State *L, int t, const gk_flow *f) {
  const gk_rules *r = gk_flow_rules(f);
  gk_hook_filters h;
  memset(&h, 0, sizeof h);
  h.placed_tiles.tags = subnamemask(L, t, "placed_tiles", "tags", r, gk_rules_find_tag, "tag");
  h.placed_tiles.attrs = subnamemask(L, t, "placed_tiles", "attrs", r, gk_rules_find_attr, "attribute");
  h.placed_tiles.kinds = subnamemask(L, t, "placed_tiles", "kinds", r, gk_rules_find_kind, "kind");
  h.collect_tiles.tags = subnamemask(L, t, "collect_tiles", "tags", r, gk_rules_find_tag, "tag");
  h.collect_tiles.attrs = subnamemask(L, t, "collect_tiles", "attrs", r, gk_rules_find_attr, "attribute");
  h.collect_tiles.kinds = subnamemask(L, t, "collect_tiles", "kinds", r, gk_rules_find_kind, "kind");
  h.collect_filtered = namemask(L, t, "collect_filtered", f, mp_checkphase);
  h.points_attrs = subnamemask(L, t, "points_attrs", NULL, r, gk_rules_find_attr, "attribute");
  h.points_kinds = subnamemask(L, t, "points_kinds", NULL, r, gk_rules_find_kind, "kind");
  h.placement_tiles.tags = subnamemask(L, t, "placement_tiles", "tags", r, gk_rules_find_tag, "tag");
  h.placement_tiles.attrs =
      subnamemask(L, t, "placement_tiles", "attrs", r, gk_rules_find_attr, "attribute");
  h.placement_tiles.kinds = subnamemask(L, t, "placement_tiles", "kinds", r, gk_rules_find_kind, "kind");
  h.placement_stacks = subnamemask(L, t, "placement_stacks", NULL, r, gk_rules_find_stack, "stack");
  h.placed_figures = (uint32_t)namemask(L, t, "placed_figures", f, checkfigurekind);
  return h;
}

void mp_setfilters(mp_play *ud, const gk_hook_filters *h) {
  ud->filters = *h;
  gk_play_set_hook_filters(ud->play, ud->present ? h : NULL);
}
