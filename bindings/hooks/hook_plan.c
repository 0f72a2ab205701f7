/*
** hook_plan.c: the hook plan in C, read once per play. flow:new_play
** (and flow:simulate, sim/) takes the plan meeple.loader.dispatch made
** (make_dispatcher) as its options: which hooks the play calls (hooks),
** in which phases the flow collects (collect_phases), which figure kinds
** the deploy vetoes look at (deploy_figures), the tile, attribute, kind,
** phase and stack filters that keep the flow from calling a hook at
** all, the Lua dispatcher, and the tables of the four C routes, which
** each route's setter reads (mp_set_c_paths). Names become bits here,
** once per play, so the flow tests bits; the kernel gets mp_hook_call
** (hook_call.c) as the play's gk_hooks.call.
**
** Invariant: the top of hooks/: it calls the routes' setters and the
** entry's mp_hook_call by name, and nothing in hooks/ calls it, so
** calls run one way: this file -> a route -> hook_call.c.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "host.h"
#include "hooks.h"

/* {======================================================================
** The plan's names as bits
** ======================================================================= */

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
** points_attrs = {attributes}, points_kinds = {kinds}, points_ties_kinds = {kinds},
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
  h.points_ties_kinds = subnamemask(L, t, "points_ties_kinds", NULL, r, gk_rules_find_kind, "kind");
  h.placement_tiles.tags = subnamemask(L, t, "placement_tiles", "tags", r, gk_rules_find_tag, "tag");
  h.placement_tiles.attrs =
      subnamemask(L, t, "placement_tiles", "attrs", r, gk_rules_find_attr, "attribute");
  h.placement_tiles.kinds = subnamemask(L, t, "placement_tiles", "kinds", r, gk_rules_find_kind, "kind");
  h.placement_stacks = subnamemask(L, t, "placement_stacks", NULL, r, gk_rules_find_stack, "stack");
  h.placed_figures = (uint32_t)namemask(L, t, "placed_figures", f, checkfigurekind);
  return h;
}

/* }====================================================================== */

/* flow:new_play(game, {hooks = {names}, dispatch = fn, agent_seed = n}):
** the play takes the game over; the Game userdata passed in is emptied. */
int mp_flow_new_play(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  mp_game *gud = mp_checkgameud(L, 2);
  luaL_argcheck(L, gud->game != NULL && !gud->borrowed, 2, "a free-standing game expected");
  luaL_argcheck(L, gk_game_rules(gud->game) == gk_flow_rules(f), 2, "game of other rules");
  luaL_checktype(L, 3, LUA_TTABLE);
  uint32_t present = mp_hookmask(L, 3);
  uint64_t collect_phases = mp_collectmask(L, 3, f);
  uint32_t deploy_kinds = mp_deploymask(L, 3, f);
  gk_hook_filters filters = mp_hookfilters(L, 3, f);
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
  mp_setfilters(mp_newplay(L, 1, rules_idx, disp, play, present, collect_phases, deploy_kinds,
                           mp_hook_call),
                &filters);
  mp_set_c_paths(L, -1, 3);
  return 1;
}

/* {======================================================================
** The C paths: set from the opts (a copy shares them: play/)
** ======================================================================= */

/* opts.transforms, opts.vetoes, opts.collects and opts.direct: the
** dispatcher's tables (each absent: those hooks dispatch). */
void mp_set_c_paths(lua_State *L, int self, int opts) {
  self = lua_absindex(L, self);
  opts = lua_absindex(L, opts);
  mp_settransforms(L, self, opts);
  mp_setvetoes(L, self, opts);
  mp_setcollects(L, self, opts);
  mp_setdirect(L, self, opts);
  mp_checkplayud(L, self)->host = mp_host_of(L);
}

/* }====================================================================== */

static const luaL_Reg flow_methods[] = {
  {"new_play", mp_flow_new_play},
  {NULL, NULL}
};

/* Gives the Flow (play/) its flow:new_play, a play that calls the hooks. */
void mp_open_hooks(lua_State *L) { mp_add_methods(L, MP_FLOW, flow_methods); }
