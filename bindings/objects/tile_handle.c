/*
** tile_handle.c: tile handles as values. A tile handle is a light
** userdata, not an allocated one: making one costs no allocation and
** leaves no garbage, which matters because the flow hands the placed
** tile's handle to every on("tile_placed") hook (bindings/hooks/hook_direct.c).
**
** A handle is the number
**   TAG << 56 | serial << 24 | tile
** where tile is the placed tile's index in its game and serial names one
** Game userdata in one generation (wrap_internal.h: g:free(), g:restore(),
** an undo or an agent repointing a view bump the generation). The serials
** live in a weak-valued table in the registry, serial -> Game userdata,
** and each Game userdata remembers the serial of its current generation
** (mp_game.tile_serial, taken at the first handle made in it).
**
** Invariant: the number itself is never dereferenced; a handle is read
** only through the registry, so a stale handle (its game freed,
** collected, restored, undone or repointed), one of another game, or any
** other light userdata is refused with one message, never read. Two
** handles of one tile of one game state are the same value: `==` and
** table keys need no metamethod. Serials are never reused: a handle never
** comes back to life in another state.
*/
#include <stdint.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "wrap_internal.h"
#include "tile_serials.h"

/* The registry key of the weak table { [serial] = Game userdata,
** [-serial] = that game state's kept feature handles (its user value 3)
** }: how a tile method that makes feature handles pushes its game, or
** finds a kept handle without it (th:feature). */
static const char games_key = 's';

int mp_push_tile_games(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &games_key) == LUA_TTABLE) return lua_gettop(L);
  lua_pop(L, 1);
  lua_createtable(L, 0, 1);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushinteger(L, 0);
  lua_rawseti(L, -2, 0);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &games_key);
  return lua_gettop(L);
}

/* The serial table (tile_serials.h): one per Lua state, in the registry;
** its slots are the full userdata in its user value (replaced when it
** grows), so nothing needs freeing and a game's __gc at lua_close finds
** it whole. */
static const char serials_key = 's';

#define find_slot mp_serial_slot

/* Rebuilds the slots at 'cap' with the games still in them; the table's
** userdata at idx. */
static void resize(lua_State *L, int idx, mp_serials *t, uint32_t cap) {
  serial_slot *old = t->slot;
  uint32_t old_cap = t->cap;
  serial_slot *slot = (serial_slot *)lua_newuserdatauv(L, sizeof *slot * cap, 0);
  memset(slot, 0, sizeof *slot * cap);
  t->slot = slot;
  t->cap = cap;
  t->taken = 0;
  for (uint32_t i = 0; i < old_cap; i++)
    if (old[i].gud) {
      *find_slot(t, old[i].serial) = old[i];
      t->taken++;
    }
  lua_setiuservalue(L, idx, 1); /* the old slots are garbage now */
}

int mp_push_tile_serials(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &serials_key) == LUA_TUSERDATA) return lua_gettop(L);
  lua_pop(L, 1);
  mp_serials *t = (mp_serials *)lua_newuserdatauv(L, sizeof *t, 1);
  t->last = 0;
  t->slot = NULL;
  t->cap = 0;
  t->names_rules = NULL;
  resize(L, lua_gettop(L), t, 16);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &serials_key);
  return lua_gettop(L);
}

void mp_tile_forget(mp_game *gud) {
  if (!gud->serials || !gud->tile_serial) return;
  serial_slot *s = find_slot(gud->serials, gud->tile_serial);
  if (s->gud == gud) s->gud = NULL;
}

/* Gives the Game userdata at game_idx the serial of its generation. */
static void take_serial(lua_State *L, int game_idx, mp_game *gud) {
  int idx = mp_push_tile_serials(L);
  mp_serials *t = (mp_serials *)lua_touserdata(L, idx);
  if (t->last + 1 > SERIAL_MAX)
    luaL_error(L, "tile handles: more than %I game states made handles in this Lua state",
               (lua_Integer)SERIAL_MAX);
  if (2 * (t->taken + 1) > t->cap) {  /* grows, or only sweeps out the left slots */
    uint32_t live = 0;
    for (uint32_t i = 0; i < t->cap; i++) live += t->slot[i].gud != NULL;
    resize(L, idx, t, 4 * (live + 1) > t->cap ? 2 * t->cap : t->cap);
  }
  mp_tile_forget(gud);  /* its last generation's handles are stale */
  uint64_t serial = ++t->last;
  serial_slot *s = find_slot(t, serial);
  s->serial = serial;
  s->gud = gud;
  t->taken++;
  int w = mp_push_tile_games(L);
  if (gud->tile_serial) {
    lua_pushnil(L);
    lua_rawseti(L, w, (lua_Integer)gud->tile_serial);
    lua_pushnil(L);
    lua_rawseti(L, w, -(lua_Integer)gud->tile_serial);
  }
  lua_pushvalue(L, game_idx);
  lua_rawseti(L, w, (lua_Integer)serial);
  gud->serials = t;
  gud->tile_serial = serial;
  gud->tile_generation = gud->generation;
  /* this state's kept feature handles, if made already */
  if (gud->cache_generation == gud->generation) {
    if (lua_getiuservalue(L, game_idx, MP_GAME_FEATURES) == LUA_TTABLE)
      lua_rawseti(L, w, -(lua_Integer)serial);
    else lua_pop(L, 1);
  }
  lua_pop(L, 2);
}

void mp_tile_note_features(lua_State *L, const mp_game *gud, int features_idx) {
  if (!gud->tile_serial || gud->tile_generation != gud->generation ||
      gud->cache_generation != gud->generation)
    return;
  int w = mp_push_tile_games(L);
  lua_pushvalue(L, features_idx);
  lua_rawseti(L, w, -(lua_Integer)gud->tile_serial);
  lua_pop(L, 1);
}

int mp_pushtile_ready(lua_State *L, const mp_game *gud, int tile) {
  if (gud->tile_generation != gud->generation || !gud->tile_serial || (uintptr_t)tile > TILE_MASK) return 0;
  uintptr_t v = TILE_TAG << 56 | (uintptr_t)gud->tile_serial << TILE_BITS | (uintptr_t)tile;
  lua_pushlightuserdata(L, (void *)v);
  return 1;
}

void mp_pushtile_with(lua_State *L, int game_idx, mp_game *gud, int tile) {
  if (mp_pushtile_ready(L, gud, tile)) return;
  if ((uintptr_t)tile > TILE_MASK) luaL_error(L, "tile handles: tile index %d out of range", tile);
  take_serial(L, lua_absindex(L, game_idx), gud);
  mp_pushtile_ready(L, gud, tile);
}

void mp_pushtile(lua_State *L, int game_idx, int tile) {
  mp_pushtile_with(L, game_idx, mp_checkgameud(L, game_idx), tile);
}

int mp_istile(lua_State *L, int arg) {
  return lua_type(L, arg) == LUA_TLIGHTUSERDATA && (uintptr_t)lua_touserdata(L, arg) >> 56 == TILE_TAG;
}

/* The Game userdata of the tile handle at arg pushed, and its tile; or
** nothing pushed and -1 if it is stale. */
int mp_tile_game(lua_State *L, int arg, mp_game **gud) {
  uintptr_t v = (uintptr_t)lua_touserdata(L, arg);
  uint64_t serial = (v >> TILE_BITS) & SERIAL_MAX;
  int tile = (int)(v & TILE_MASK);
  mp_push_tile_games(L);
  lua_rawgeti(L, -1, (lua_Integer)serial);
  lua_remove(L, -2);
  mp_game *g = (mp_game *)lua_touserdata(L, -1);
  if (!g || g->game == NULL || g->tile_serial != serial ||
      g->tile_generation != g->generation || tile >= gk_tile_count(g->game)) {
    lua_pop(L, 1);
    return -1;
  }
  *gud = g;
  return tile;
}

int32_t mp_checktile(lua_State *L, int arg, int game_idx, gk_game **game) {
  arg = lua_absindex(L, arg);
  if (!mp_istile(L, arg)) luaL_typeerror(L, arg, "tile handle");
  mp_game *gud;
  int tile = mp_tile_game(L, arg, &gud);
  if (tile < 0) luaL_error(L, "stale tile handle (its game was freed or restored)");
  if (game_idx > 0 && !lua_rawequal(L, -1, game_idx))
    luaL_argerror(L, arg, "tile of another game");
  lua_pop(L, 1);
  if (game) *game = gud->game;
  return tile;
}

int mp_tile_self_fail(lua_State *L, uintptr_t v) {
  if (v >> 56 != TILE_TAG) luaL_typeerror(L, 1, "tile handle");
  return luaL_error(L, "stale tile handle (its game was freed or restored)");
}

int32_t mp_tile_self_game(lua_State *L, mp_game **gud) {
  int32_t tile = mp_tile_self(L, gud);
  lua_rawgeti(L, lua_upvalueindex(2), (lua_Integer)(*gud)->tile_serial);
  return tile;
}

/* The tile ids as Lua strings, by tile type + 1, for the rules
** names_rules: the tile methods' upvalue 3. th:id() is asked often (a walk
** asks it per tile), and one raw array read is cheaper than interning the
** id again (lua_pushstring hashes or compares it on every call). Rules
** other than the last ones empty the table first; rules going away forget
** it (mp_tile_names_forget), so an address reused by new rules never
** finds old names. */
void mp_tile_pushid_miss(lua_State *L, const mp_game *gud, int type) {
  const gk_rules *rules = gk_game_rules(gud->game);
  int names = lua_upvalueindex(3);
  mp_serials *t = gud->serials; /* set: the handle was made */
  if (t->names_rules != rules) {
    /* every key, not 1..#names: the table has holes (types never asked),
    ** and a border below a hole would leave the old rules' names after it */
    lua_pushnil(L);
    while (lua_next(L, names)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      lua_pushnil(L);
      lua_rawset(L, names);
    }
    t->names_rules = rules;
  }
  lua_pushstring(L, gk_rules_tile(rules, type)->id);
  lua_pushvalue(L, -1);
  lua_rawseti(L, names, (lua_Integer)type + 1);
}

void mp_tile_names_forget(lua_State *L, const gk_rules *rules) {
  mp_serials *t = (mp_serials *)lua_touserdata(L, mp_push_tile_serials(L));
  if (t->names_rules == rules) t->names_rules = NULL;
  lua_pop(L, 1);
}
