/*
** game_log.c: g:log() and g:replay(events), the Game's event log as Lua
** tables and back.
**
** Invariant: g:replay(g:log()) reads back exactly what g:log() wrote.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "gk.h"
#include "wrap_internal.h"

/* {======================================================================
** Event log and replay
**
** An event is a table {event = "place", tile = "D", x = 0, ...}: the
** kernel's fields a..e under names, with ids turned into names and
** players and figures counted from 1, so g:replay(g:log()) reads back
** exactly what g:log() wrote.
** ======================================================================= */

enum field_conv {
  F_NONE, F_INT, F_TILE, F_STACK, F_PLAYER, F_FIGKIND, F_REASON,
  F_FIGURE, F_WHERE, F_PUT, F_ATTR
};

typedef struct event_desc {
  const char *name;
  const char *field[5];       /* a..e; NULL = unused */
  unsigned char conv[5];
} event_desc;

static const event_desc events[] = {
  [GK_EV_PLACE] = {"place", {"tile", "x", "y", "rot", NULL},
                   {F_TILE, F_INT, F_INT, F_INT, F_NONE}},
  [GK_EV_PLACE_FIXED] = {"place_fixed", {"tile", "x", "y", "rot", NULL},
                         {F_TILE, F_INT, F_INT, F_INT, F_NONE}},
  [GK_EV_BLOCK] = {"block", {NULL, "x", "y", NULL, NULL},
                   {F_NONE, F_INT, F_INT, F_NONE, F_NONE}},
  [GK_EV_STACK_ADD] = {"stack_add", {"stack", "tile", "count", NULL, NULL},
                       {F_STACK, F_TILE, F_INT, F_NONE, F_NONE}},
  [GK_EV_SHUFFLE] = {"shuffle", {"stack", NULL, NULL, NULL, NULL},
                     {F_STACK, F_NONE, F_NONE, F_NONE, F_NONE}},
  [GK_EV_DRAW] = {"draw", {"stack", "tile", NULL, NULL, NULL},
                  {F_STACK, F_TILE, F_NONE, F_NONE, F_NONE}},
  [GK_EV_TAKE] = {"take", {"stack", "tile", NULL, NULL, NULL},
                  {F_STACK, F_TILE, F_NONE, F_NONE, F_NONE}},
  [GK_EV_PUT_BACK] = {"put_back", {"stack", "tile", "where", "position", NULL},
                      {F_STACK, F_TILE, F_PUT, F_INT, F_NONE}},
  /* one force call of n tiles is n events, numbered 0..n-1 */
  [GK_EV_FORCE] = {"force", {"stack", "tile", "index", "count", NULL},
                   {F_STACK, F_TILE, F_INT, F_INT, F_NONE}},
  [GK_EV_DISCARD] = {"discard", {"tile", NULL, NULL, NULL, NULL},
                     {F_TILE, F_NONE, F_NONE, F_NONE, F_NONE}},
  [GK_EV_DEPLOY] = {"deploy", {"player", "kind", "where", "a", "b"},
                    {F_PLAYER, F_FIGKIND, F_WHERE, F_INT, F_INT}},
  [GK_EV_MOVE] = {"move", {"figure", NULL, "where", "a", "b"},
                  {F_FIGURE, F_NONE, F_WHERE, F_INT, F_INT}},
  [GK_EV_RETURN] = {"return", {"figure", NULL, NULL, NULL, NULL},
                    {F_FIGURE, F_NONE, F_NONE, F_NONE, F_NONE}},
  [GK_EV_SCORE] = {"score", {"player", "points", "reason", "node", NULL},
                   {F_PLAYER, F_INT, F_REASON, F_INT, F_NONE}},
  [GK_EV_TURN] = {"turn", {"turn", "player", NULL, NULL, NULL},
                  {F_INT, F_PLAYER, F_NONE, F_NONE, F_NONE}},
  [GK_EV_BLOB] = {"blob", {"slot", "length", NULL, NULL, NULL},
                  {F_INT, F_INT, F_NONE, F_NONE, F_NONE}},
  [GK_EV_RNG] = {"rng", {"count", NULL, NULL, NULL, NULL},
                 {F_INT, F_NONE, F_NONE, F_NONE, F_NONE}},
  [GK_EV_COUNTER] = {"counter", {"player", "counter", "delta", NULL, NULL},
                     {F_PLAYER, F_INT, F_INT, F_NONE, F_NONE}},
  [GK_EV_ATTR] = {"attr", {"node", "attribute", "delta", NULL, NULL},
                  {F_INT, F_ATTR, F_INT, F_NONE, F_NONE}},
};

enum { N_EVENTS = sizeof events / sizeof events[0] };

static const char *const where_names[] = {"supply", "node", "corner", "tile",
                                          "cell", "out", NULL};
static const char *const put_names[] = {"top", "bottom", "random", NULL};

static void pushfield(lua_State *L, const gk_rules *r, int conv, int32_t v) {
  const char *s = NULL;
  switch (conv) {
    case F_TILE: s = gk_rules_tile(r, v) ? gk_rules_tile(r, v)->id : NULL; break;
    case F_STACK: s = gk_rules_stack_name(r, v); break;
    case F_FIGKIND: s = gk_rules_figure_kind_name(r, v); break;
    case F_REASON: s = gk_rules_reason_name(r, v); break;
    case F_ATTR: s = gk_rules_attr_name(r, v); break;
    case F_WHERE: s = v >= 0 && v <= GK_AT_OUT ? where_names[v] : NULL; break;
    case F_PUT: s = v >= 0 && v <= GK_PUT_RANDOM ? put_names[v] : NULL; break;
    case F_PLAYER: case F_FIGURE: lua_pushinteger(L, (lua_Integer)v + 1); return;
    default: lua_pushinteger(L, v); return;
  }
  if (s) lua_pushstring(L, s);
  else lua_pushinteger(L, v);
}

int mp_game_log(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  const gk_rules *r = gk_game_rules(g);
  int n = gk_log_count(g);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    gk_event e;
    gk_log_event(g, i, &e);
    const int32_t v[5] = {e.a, e.b, e.c, e.d, e.e};
    lua_createtable(L, 0, 5);
    if (e.type > 0 && e.type < N_EVENTS && events[e.type].name) {
      const event_desc *d = &events[e.type];
      lua_pushstring(L, d->name);
      lua_setfield(L, -2, "event");
      for (int k = 0; k < 5; k++)
        if (d->field[k]) {
          pushfield(L, r, d->conv[k], v[k]);
          lua_setfield(L, -2, d->field[k]);
        }
    } else {  /* an event this binding does not know: raw fields */
      static const char *const raw[5] = {"a", "b", "c", "d", "e"};
      lua_pushinteger(L, e.type);
      lua_setfield(L, -2, "type");
      for (int k = 0; k < 5; k++) {
        lua_pushinteger(L, v[k]);
        lua_setfield(L, -2, raw[k]);
      }
    }
    lua_rawseti(L, -2, i + 1);
  }
  /* the blobs' contents are not events (a script's state is written
  ** in place, unlogged): the log carries them at its end, so that
  ** g:replay(g:log()) gives the same game */
  int any = 0;
  for (int slot = 0; slot < GK_MAX_BLOBS; slot++) {
    size_t len;
    const void *p = gk_blob_get(g, slot, &len);
    if (!p) continue;
    if (!any) lua_createtable(L, 0, 1);
    any = 1;
    lua_pushlstring(L, (const char *)p, len);
    lua_rawseti(L, -2, slot + 1);
  }
  if (any) lua_setfield(L, -2, "blobs");
  return 1;
}

/* Reads field k of the event table at the top; -1 (unused) if absent. */
static int32_t checkfield(lua_State *L, const gk_rules *r, int conv,
                          const char *name, int i) {
  int t = mp_rawfield(L, -1, name);
  int32_t v = -1;
  int isint;
  if (t == LUA_TSTRING) {
    const char *s = lua_tostring(L, -1);
    switch (conv) {
      case F_TILE: v = gk_rules_find_tile(r, s); break;
      case F_STACK: v = gk_rules_find_stack(r, s); break;
      case F_FIGKIND: v = gk_rules_find_figure_kind(r, s); break;
      case F_REASON: v = gk_rules_find_reason(r, s); break;
      case F_ATTR: v = gk_rules_find_attr(r, s); break;
      case F_WHERE: case F_PUT: {
        const char *const *lst = conv == F_WHERE ? where_names : put_names;
        for (int j = 0; lst[j]; j++)
          if (strcmp(lst[j], s) == 0) v = j;
        break;
      }
      default: break;
    }
    if (v < 0)
      luaL_error(L, "replay: event %d: bad %s '%s'", i, name, s);
  } else if (t != LUA_TNIL) {
    lua_Integer x = lua_tointegerx(L, -1, &isint);
    /* range first: the 1-based shift must not overflow */
    if (!isint || x < INT32_MIN || x > INT32_MAX)
      luaL_error(L, "replay: event %d: bad %s", i, name);
    if (conv == F_PLAYER || conv == F_FIGURE) x--;
    v = (int32_t)x;
  }
  lua_pop(L, 1);
  return v;
}

/* g:replay(events): applies g:log() output; raises on the first event
** that fails, the game then holding every event before it. The blobs
** then hold events.blobs[slot] (g:log() puts them there). */
int mp_game_replay(lua_State *L) {
  gk_game *g = mp_checkgame_edit(L, 1, MP_LOCK_HOOK, "replay");
  const gk_rules *r = gk_game_rules(g);
  luaL_checktype(L, 2, LUA_TTABLE);
  /* raw: a script's __len or __index must not run (or lie) here */
  lua_Unsigned len = lua_rawlen(L, 2);
  luaL_argcheck(L, len <= GK_MAX_REPLAY_EVENTS, 2, "too many events");
  int n = (int)len;
  gk_event *ev = (gk_event *)lua_newuserdatauv(L, (n > 0 ? (size_t)n : 1) * sizeof *ev, 0);
  for (int i = 0; i < n; i++) {
    if (lua_rawgeti(L, 2, i + 1) != LUA_TTABLE)
      return luaL_error(L, "replay: event %d is not a table", i + 1);
    mp_rawfield(L, -1, "event");
    const char *name = lua_tostring(L, -1);
    int type = 0;
    for (int k = 1; name && k < N_EVENTS; k++)
      if (events[k].name && strcmp(events[k].name, name) == 0) type = k;
    if (type == 0)
      return luaL_error(L, "replay: event %d has no known 'event' name", i + 1);
    lua_pop(L, 1);
    int32_t v[5];
    for (int k = 0; k < 5; k++)
      v[k] = events[type].field[k]
                 ? checkfield(L, r, events[type].conv[k], events[type].field[k], i + 1)
                 : 0;
    ev[i] = (gk_event){type, v[0], v[1], v[2], v[3], v[4]};
    lua_pop(L, 1);
  }
  if (gk_replay(g, ev, n) < 0) return mp_gameerror(L, g);
  /* the blobs as the log ends (g:log()'s field 'blobs'), unlogged like
  ** the writes they come from */
  if (lua_getfield(L, 2, "blobs") == LUA_TTABLE) {
    for (int slot = 0; slot < GK_MAX_BLOBS; slot++) {
      size_t blen;
      if (lua_rawgeti(L, -1, slot + 1) == LUA_TSTRING) {
        const char *s = lua_tolstring(L, -1, &blen);
        if (gk_blob_fill(g, slot, s, blen) < 0) return mp_gameerror(L, g);
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return 0;
}

/* }====================================================================== */
