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

#include <lua.h>
#include <lauxlib.h>

#include "wrap_internal.h"

/* The tag in the top byte: no user-space pointer has it on the usual
** 48- and 57-bit address spaces (and one that had would still only be
** looked up in the registry, never read). */
#define TILE_TAG ((uintptr_t)0xA7)
#define TILE_BITS 24        /* tile indices: the largest board window, 2^24 cells */
#define SERIAL_BITS 32      /* game states that made tile handles, per Lua state */
#define TILE_MASK (((uintptr_t)1 << TILE_BITS) - 1)
#define SERIAL_MAX ((((uint64_t)1) << SERIAL_BITS) - 1)

_Static_assert(sizeof(void *) >= 8, "tile handles need 64-bit pointers");

/* The registry key of the serial table: { [0] = last serial, [serial] =
** Game userdata } with weak values. */
static const char serials_key = 's';

int mp_push_tile_serials(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &serials_key) == LUA_TTABLE) return lua_gettop(L);
  lua_pop(L, 1);
  lua_createtable(L, 0, 1);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushinteger(L, 0);
  lua_rawseti(L, -2, 0);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &serials_key);
  return lua_gettop(L);
}

/* Gives the Game userdata at game_idx the serial of its generation. */
static void take_serial(lua_State *L, int game_idx, mp_game *gud) {
  int t = mp_push_tile_serials(L);
  if (gud->tile_serial) { /* its last generation's handles are stale */
    lua_pushnil(L);
    lua_rawseti(L, t, (lua_Integer)gud->tile_serial);
  }
  lua_rawgeti(L, t, 0);
  uint64_t serial = (uint64_t)lua_tointeger(L, -1) + 1;
  lua_pop(L, 1);
  if (serial > SERIAL_MAX)
    luaL_error(L, "tile handles: more than %I game states made handles in this Lua state",
               (lua_Integer)SERIAL_MAX);
  lua_pushinteger(L, (lua_Integer)serial);
  lua_rawseti(L, t, 0);
  lua_pushvalue(L, game_idx);
  lua_rawseti(L, t, (lua_Integer)serial);
  lua_pop(L, 1);
  gud->tile_serial = serial;
  gud->tile_generation = gud->generation;
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
  lua_Integer serial = (lua_Integer)((v >> TILE_BITS) & SERIAL_MAX);
  int tile = (int)(v & TILE_MASK);
  mp_push_tile_serials(L);
  lua_rawgeti(L, -1, serial);
  lua_remove(L, -2);
  mp_game *g = (mp_game *)lua_touserdata(L, -1);
  if (!g || g->game == NULL || (lua_Integer)g->tile_serial != serial ||
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

int32_t mp_tile_self(lua_State *L, mp_game **gud) {
  uintptr_t v = (uintptr_t)lua_touserdata(L, 1);
  if (lua_type(L, 1) != LUA_TLIGHTUSERDATA || v >> 56 != TILE_TAG)
    luaL_typeerror(L, 1, "tile handle");
  uint64_t serial = (v >> TILE_BITS) & SERIAL_MAX;
  int tile = (int)(v & TILE_MASK);
  lua_rawgeti(L, lua_upvalueindex(1), (lua_Integer)serial);
  mp_game *g = (mp_game *)lua_touserdata(L, -1);
  if (!g || g->game == NULL || g->tile_serial != serial || g->tile_generation != g->generation ||
      tile >= gk_tile_count(g->game))
    luaL_error(L, "stale tile handle (its game was freed or restored)");
  *gud = g;
  return tile;
}
