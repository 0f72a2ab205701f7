/*
** wrap_play.c: the Play object, a game running through a flow: moves
** between C and Lua, playing them, and moves as text.
**
** A Play owns a gk_play (and so its game) and shows the game through a
** borrowed Game view (user value 2), so every Game method and handle
** works on a game in play. Hooks: the flow calls one Lua dispatcher
** (user value 3) only for the events named when the play was made; the
** base game names none and runs without entering Lua (hook_call.c).
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "wrap_play.h"

/* {======================================================================
** Moves between C and Lua
** ======================================================================= */

mp_play *mp_checkplayud(lua_State *L, int arg) {
  return (mp_play *)luaL_checkudata(L, arg, MP_PLAY);
}

/* Enters a Play method: records where the userdata is for the hooks. */
static mp_play *enter(lua_State *L) {
  mp_play *ud = mp_checkplayud(L, 1);
  if (!ud->play) luaL_argerror(L, 1, "play is gone (freed)");
  ud->L = L;
  ud->self = 1;
  return ud;
}

/* Enters a method that a hook of this play may not call at 'level'
** (MP_LOCK_*) or deeper: one that lists or copies the flow's state in the
** middle of a move, replaces it, or changes what the flow iterates. The
** methods that score, send figures home or end the game are refused in
** every hook (MP_LOCK_HOOK): called from a feature_scored hook they would
** score the feature again from inside its own scoring. A hook scores
** with ctx:score, which calls no hook. */
static mp_play *enter_unlocked(lua_State *L, int level, const char *what) {
  mp_play *ud = mp_checkplayud(L, 1);
  if (ud->lock >= level)
    luaL_error(L, "play:%s: not allowed inside a%s hook", what,
               ud->lock == MP_LOCK_QUERY ? "n allow, collect or transform" : "");
  return enter(L);
}

/* Pushes the game view of the play at stack index self. */
int mp_pushplayview(lua_State *L, int self) {
  lua_getiuservalue(L, self, 2);
  return lua_gettop(L);
}

const gk_rules *mp_playrules(mp_play *ud) {
  return gk_flow_rules(gk_play_flow(ud->play));
}

void mp_pushmove(lua_State *L, mp_play *ud, int self, const gk_move *m) {
  const gk_rules *r = mp_playrules(ud);
  lua_createtable(L, 0, 5);
  lua_pushstring(L, m->type >= 1 && m->type <= GK_MOVE_ACTION ? mp_move_types[m->type] : "?");
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
      int view = mp_pushplayview(L, self);
      mp_pushlocation(L, view, m->at);
      lua_remove(L, view);
      lua_setfield(L, -2, "at");
      break;
    }
    case GK_MOVE_ACTION: {
      lua_pushstring(L, gk_flow_action_name(gk_play_flow(ud->play), m->action));
      lua_setfield(L, -2, "action");
      mp_pushargs(L, gk_play_flow(ud->play), m);
      lua_setfield(L, -2, "args");
      break;
    }
    default:
      break;
  }
}

gk_move mp_checkmove(lua_State *L, int arg, mp_play *ud, int self) {
  arg = lua_absindex(L, arg);
  const gk_rules *r = mp_playrules(ud);
  luaL_checktype(L, arg, LUA_TTABLE);  /* read raw: it may be a script's */
  gk_move m;
  memset(&m, 0, sizeof m);
  mp_rawfield(L, arg, "type");
  m.type = luaL_checkoption(L, -1, NULL, mp_move_types);
  lua_pop(L, 1);
  luaL_argcheck(L, m.type >= 1, arg, "move type expected");
  switch (m.type) {
    case GK_MOVE_PLACE:
      mp_rawfield(L, arg, "tile");
      m.tile = mp_checktiletype(L, lua_gettop(L), r);
      mp_rawfield(L, arg, "x");
      m.x = mp_checkcoord(L, lua_gettop(L));
      mp_rawfield(L, arg, "y");
      m.y = mp_checkcoord(L, lua_gettop(L));
      mp_rawfield(L, arg, "rot");
      m.rot = mp_checkrotation(L, lua_gettop(L));
      lua_pop(L, 4);
      break;
    case GK_MOVE_DEPLOY: {
      mp_rawfield(L, arg, "figure");
      m.figure_kind = mp_checkname(L, lua_gettop(L), r, gk_rules_find_figure_kind, "figure kind");
      lua_pop(L, 1);
      int view = mp_pushplayview(L, self);
      mp_rawfield(L, arg, "at");
      m.at = mp_checklocation(L, lua_gettop(L), view);
      lua_settop(L, view - 1);
      break;
    }
    case GK_MOVE_ACTION: {
      mp_rawfield(L, arg, "action");
      const char *name = luaL_checkstring(L, -1);
      m.action = gk_flow_find_action(gk_play_flow(ud->play), name);
      if (m.action < 0) luaL_error(L, "unknown action '%s'", name);
      lua_pop(L, 1);
      mp_checkargs(L, arg, gk_play_flow(ud->play), &m);
      break;
    }
    default:
      break;
  }
  return m;
}

/* }====================================================================== */

/* {======================================================================
** Play
** ======================================================================= */

const char *mp_play_message(mp_play *ud, const gk_play *play, char *buf, size_t cap) {
  const char *msg = gk_play_error(play);
  /* the flow refused a collector's move after the hook returned */
  if (ud->hook_where[0] && strncmp(msg, "collect:", 8) == 0) {
    snprintf(buf, cap, "%s: %s", ud->hook_where, msg);
    msg = buf;
  }
  ud->hook_where[0] = '\0';
  return msg;
}

/* The flow's message is complete (a hook's includes its script and
** line): raise it as is, without this C function's position. */
static int playerror(lua_State *L, mp_play *ud) {
  char buf[GK_ERR_MAX + sizeof ud->hook_where];
  lua_pushstring(L, mp_play_message(ud, ud->play, buf, sizeof buf));
  return lua_error(L);
}


/* Builds the Play userdata around an existing gk_play: user values are
** the flow, the game view and the dispatcher. */
mp_play *mp_newplay(lua_State *L, int flow_idx, int rules_idx, int dispatcher_idx,
                        gk_play *play, uint32_t present, uint64_t collect_phases,
                        uint32_t deploy_kinds, mp_hook_fn hook_call) {
  flow_idx = lua_absindex(L, flow_idx);
  rules_idx = lua_absindex(L, rules_idx);
  dispatcher_idx = lua_absindex(L, dispatcher_idx);
  mp_play *ud = (mp_play *)lua_newuserdatauv(L, sizeof *ud, MP_PLAY_UV_COUNT);
  memset(ud, 0, sizeof *ud);
  ud->play = play;
  ud->present = present;
  ud->collect_phases = collect_phases;
  ud->deploy_kinds = deploy_kinds;
  ud->hook_call = hook_call;
  luaL_setmetatable(L, MP_PLAY);
  int self = lua_gettop(L);
  lua_pushvalue(L, flow_idx);
  lua_setiuservalue(L, self, 1);
  mp_pushgameview(L, rules_idx, self, gk_play_game(play), &ud->lock);
  lua_setiuservalue(L, self, 2);
  lua_pushvalue(L, dispatcher_idx);
  lua_setiuservalue(L, self, 3);
  gk_hooks hooks = {ud, present, collect_phases, hook_call, deploy_kinds};
  gk_play_set_hooks(play, present ? &hooks : NULL);
  return ud;
}

static int play_gc(lua_State *L) {
  mp_play *ud = mp_checkplayud(L, 1);
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
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "moves");
  int n = gk_play_moves(ud->play, NULL, 0);
  if (n < 0) return playerror(L, ud);
  gk_move local[64];
  gk_move *m = n <= 64 ? local : (gk_move *)lua_newuserdatauv(L, sizeof(gk_move) * (size_t)n, 0);
  if (gk_play_moves(ud->play, m, n) != n) return playerror(L, ud);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    mp_pushmove(L, ud, 1, &m[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int play_move_count(lua_State *L) {
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "move_count");
  int n = gk_play_moves(ud->play, NULL, 0);
  if (n < 0) return playerror(L, ud);
  lua_pushinteger(L, n);
  return 1;
}

static int play_apply(lua_State *L) {
  mp_play *ud = enter(L);
  gk_move m = mp_checkmove(L, 2, ud, 1);
  FLOW_CALL(ud, gk_play_apply(ud->play, &m));
  return 0;
}

/* play:why(move): nil when the move is legal now, else the reason word
** of the engine's check that refuses it ("occupied", "edge", ...). */
static int play_why(lua_State *L) {
  mp_play *ud = enter(L);
  gk_move m = mp_checkmove(L, 2, ud, 1);
  int why = 0;
  FLOW_CALL(ud, (why = gk_play_why(ud->play, &m)));
  if (why == GK_WHY_LEGAL) return 0;
  lua_pushstring(L, gk_why_name(why));
  return 1;
}

static int play_apply_index(lua_State *L) {
  mp_play *ud = enter(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  luaL_argcheck(L, i >= 1 && i <= INT32_MAX, 2, "no such move");
  FLOW_CALL(ud, gk_play_apply_index(ud->play, (int)(i - 1)));
  return 0;
}

/* play:random_choice(): the index the random agent picks now (its own
** generator advances), without playing it. */
static int play_random_choice(lua_State *L) {
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "random_choice");
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

/* play:undraw(), play:redraw(): the tile in hand back on top of its
** stack, and a draw again (scenarios: a draw decided after the turn's
** own stack changes). */
static int play_undraw(lua_State *L) {
  mp_play *ud = enter(L);
  FLOW_CALL(ud, gk_play_undraw(ud->play));
  return 0;
}

static int play_redraw(lua_State *L) {
  mp_play *ud = enter(L);
  FLOW_CALL(ud, gk_play_redraw(ud->play));
  return 0;
}

/* play:end_game(): the game ends when this turn ends. */
static int play_end_game(lua_State *L) {
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "end_game");
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

/* play:decider(): who decides the moves listed now (gk_play_decider). */
static int play_decider(lua_State *L) {
  mp_play *ud = enter(L);
  lua_pushinteger(L, gk_play_decider(ud->play) + 1);
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

/* play:stack(): the name of the stack this part draws from. */
static int play_stack(lua_State *L) {
  mp_play *ud = enter(L);
  lua_pushstring(L, gk_rules_stack_name(mp_playrules(ud), gk_play_stack(ud->play)));
  return 1;
}

static int play_tile(lua_State *L) {
  mp_play *ud = enter(L);
  int t = gk_play_tile(ud->play);
  if (t < 0) return 0;
  lua_pushstring(L, gk_rules_tile(mp_playrules(ud), t)->id);
  return 1;
}

static int play_placed(lua_State *L) {
  mp_play *ud = enter(L);
  int t = gk_play_placed(ud->play);
  if (t < 0) return 0;
  int view = mp_pushplayview(L, 1);
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
  int view = mp_pushplayview(L, 1);
  for (int i = 0; i < n; i++) {
    mp_pushfeature(L, view, roots[i]);
    lua_rawseti(L, -3, i + 1);
  }
  lua_pop(L, 1);
  return 1;
}

static int play_game(lua_State *L) {
  enter(L);
  mp_pushplayview(L, 1);
  return 1;
}

static int play_score_feature(lua_State *L) {
  static const char *const whens[] = {"closed", "final", NULL};
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "score_feature");
  int view = mp_pushplayview(L, 1);
  int32_t node = mp_checkhandle(L, 2, MP_FEATURE, view, NULL);
  int when = luaL_checkoption(L, 3, "closed", whens);
  int32_t pts = 0;
  if (gk_play_score_feature(ud->play, node, (gk_when)when, &pts) != GK_OK) return playerror(L, ud);
  lua_pushinteger(L, pts);
  return 1;
}

static int play_formula_points(lua_State *L) {
  static const char *const whens[] = {"closed", "final", NULL};
  mp_play *ud = enter(L);
  int view = mp_pushplayview(L, 1);
  int32_t node = mp_checkhandle(L, 2, MP_FEATURE, view, NULL);
  int when = luaL_checkoption(L, 3, "closed", whens);
  lua_pushinteger(L, gk_play_formula_points(ud->play, node, (gk_when)when));
  return 1;
}

static int play_return_figures(lua_State *L) {
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "return_figures");
  int view = mp_pushplayview(L, 1);
  int32_t node = mp_checkhandle(L, 2, MP_FEATURE, view, NULL);
  if (gk_play_return_figures(ud->play, node, lua_toboolean(L, 3)) < 0) return playerror(L, ud);
  return 0;
}

/* The play's hook filters (hooks/hook_plan.c reads them from the plan). */
void mp_setfilters(mp_play *ud, const gk_hook_filters *h) {
  ud->filters = *h;
  gk_play_set_hook_filters(ud->play, ud->present ? h : NULL);
}

/* A copy of a play (clone, a lender) calls the same hooks the same way. */
void mp_copy_c_paths(lua_State *L, int dst_self, int src_self) {
  dst_self = lua_absindex(L, dst_self);
  src_self = lua_absindex(L, src_self);
  mp_play *dst = mp_checkplayud(L, dst_self), *src = mp_checkplayud(L, src_self);
  dst->direct = src->direct;
  dst->vetoes = src->vetoes;
  dst->transforms = src->transforms;
  dst->collects = src->collects;
  dst->direct_call = src->direct_call;
  dst->veto_call = src->veto_call;
  dst->transform_call = src->transform_call;
  dst->collect_call = src->collect_call;
  dst->host = src->host;
  for (int uv = MP_PLAY_UV_DIRECT; uv <= MP_PLAY_UV_COLLECTS; uv++) {
    lua_getiuservalue(L, src_self, uv);
    lua_setiuservalue(L, dst_self, uv);
  }
}

/* play:clone(): an independent copy sharing flow and dispatcher. */
static int play_clone(lua_State *L) {
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "clone");
  gk_play *copy = gk_play_clone(ud->play);
  if (!copy) return luaL_error(L, "not enough memory");
  lua_getiuservalue(L, 1, 1); /* flow */
  int flow_idx = lua_gettop(L);
  lua_getiuservalue(L, flow_idx, 1); /* rules */
  lua_getiuservalue(L, 1, 3); /* dispatcher */
  /* the copy keeps the original's hook set */
  mp_play *cud = mp_newplay(L, flow_idx, flow_idx + 1, flow_idx + 2, copy, ud->present,
                         ud->collect_phases, ud->deploy_kinds, ud->hook_call);
  mp_setfilters(cud, &ud->filters);
  mp_copy_c_paths(L, -1, 1);
  return 1;
}

/* play:restore(other): becomes a copy of other; handles go stale. */
static int play_restore(lua_State *L) {
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "restore");
  mp_play *other = mp_checkplayud(L, 2);
  luaL_argcheck(L, other->play != NULL, 2, "play is gone (freed)");
  luaL_argcheck(L, other->lock == MP_LOCK_NONE, 2, "play is inside one of its hooks");
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
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "move_name");
  int n = gk_play_moves(ud->play, NULL, 0);
  if (n < 0) return playerror(L, ud);
  lua_Integer i = luaL_checkinteger(L, 2);
  luaL_argcheck(L, i >= 1 && i <= n, 2, "no such move");
  gk_move *all = (gk_move *)lua_newuserdatauv(L, sizeof(gk_move) * (size_t)n, 0);
  if (gk_play_moves(ud->play, all, n) != n) return playerror(L, ud);
  format_move(L, ud->play, &all[i - 1]);
  return 1;
}

/* play:find_move(text): the index of the legal move with that text, or
** nil and why. */
static int play_find_move(lua_State *L) {
  mp_play *ud = enter_unlocked(L, MP_LOCK_HOOK, "find_move");
  const char *text = luaL_checkstring(L, 2);
  int n = gk_play_moves(ud->play, NULL, 0);
  if (n < 0) return playerror(L, ud);
  gk_move *all = (gk_move *)lua_newuserdatauv(L, sizeof(gk_move) * (size_t)(n + 1), 0);
  if (gk_play_moves(ud->play, all, n) != n) return playerror(L, ud);
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
  mp_play *ud = mp_checkplayud(L, 1);
  if (!ud->play) {
    lua_pushliteral(L, "meeple play (freed)");
  } else {
    const char *ph = gk_flow_phase_name(gk_play_flow(ud->play), gk_play_phase(ud->play));
    lua_pushfstring(L, "meeple play (turn %d, player %d, %s)", gk_play_turn(ud->play) + 1,
                    gk_play_player(ud->play) + 1, ph ? ph : "?");
  }
  return 1;
}

static const luaL_Reg play_methods[] = {
  {"start", play_start},
  {"moves", play_moves},
  {"move_count", play_move_count},
  {"apply", play_apply},
  {"apply_index", play_apply_index},
  {"why", play_why},
  {"action_args", mp_play_action_args},
  {"random_move", play_random_move},
  {"random_choice", play_random_choice},
  {"random_game", play_random_game},
  {"phase", play_phase},
  {"end_game", play_end_game},
  {"undraw", play_undraw},
  {"redraw", play_redraw},
  {"over", play_over},
  {"player", play_player},
  {"decider", play_decider},
  {"turn", play_turn},
  {"part", play_part},
  {"stack", play_stack},
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

static const luaL_Reg play_meta[] = {
  {"__gc", play_gc},
  {"__tostring", play_tostring},
  {NULL, NULL}
};

void mp_open_play(lua_State *L) {
  mp_register_type(L, MP_PLAY, play_meta, play_methods, 0);
}
