/*
** tile_serials.h: the serial table of tile handles (tile_handle.c) and
** the tile methods' fast paths, inline because a tile method's whole
** cost is a few comparisons plus the Lua API calls it makes (#39): a
** call of its own would be a sixth of it. Only tile_handle.c and the
** tile methods (wrap_handles.c) include this.
**
** Invariant: as tile_handle.c's: a handle's number is never
** dereferenced; it only names a serial looked up here.
*/
#ifndef TILE_SERIALS_H
#define TILE_SERIALS_H

#include <stdint.h>

#include <lua.h>

#include "wrap_internal.h"

/* The tag in the top byte: no user-space pointer has it on the usual
** 48- and 57-bit address spaces (and one that had would still only be
** looked up in the serial table, never read). */
#define TILE_TAG ((uintptr_t)0xA7)
#define TILE_BITS 24        /* tile indices: the largest board window, 2^24 cells */
#define SERIAL_BITS 32      /* game states that made tile handles, per Lua state */
#define TILE_MASK (((uintptr_t)1 << TILE_BITS) - 1)
#define SERIAL_MAX ((((uint64_t)1) << SERIAL_BITS) - 1)

_Static_assert(sizeof(void *) >= 8, "tile handles need 64-bit pointers");

/* The serial table: serial -> Game userdata, an open-addressing hash in C
** so a tile method finds its game with no Lua table lookup. It holds no
** reference: a game leaves it when it is collected (mp_tile_forget, from
** its __gc) or takes a new serial. */
typedef struct serial_slot {
  uint64_t serial;        /* 0: never used */
  mp_game *gud;           /* NULL: left (the slot stays taken) */
} serial_slot;

struct mp_serials {
  uint64_t last;          /* the last serial given */
  serial_slot *slot;
  uint32_t cap, taken;    /* cap a power of two; taken counts left slots too */
  const gk_rules *names_rules; /* the rules the tile methods' name table holds
                                  the tile ids of (mp_tile_pushid), or NULL */
};

static inline serial_slot *mp_serial_slot(const mp_serials *t, uint64_t serial) {
  uint32_t mask = t->cap - 1;
  for (uint32_t i = (uint32_t)(serial * 0x9E3779B97F4A7C15ull >> 32) & mask;; i = (i + 1) & mask)
    if (t->slot[i].serial == serial || t->slot[i].serial == 0) return &t->slot[i];
}

/* Raises the message for the value v at 1 (no tile handle, or stale). */
int mp_tile_self_fail(lua_State *L, uintptr_t v);

/* The tile methods' check (upvalue 1: the serial table): the tile of the
** live handle at 1, *gud set; raises for anything else. Nothing is
** pushed, and nothing keeps the game alive: read what you need before
** anything allocates. No full userdata's address has the tag (user
** space ends at 2^57): the tag alone says light userdata and a handle. */
static inline int32_t mp_tile_self(lua_State *L, mp_game **gud) {
  uintptr_t v = (uintptr_t)lua_touserdata(L, 1);
  uint64_t serial = (v >> TILE_BITS) & SERIAL_MAX;
  int tile = (int)(v & TILE_MASK);
  mp_game *g = NULL;
  if (v >> 56 == TILE_TAG)
    g = mp_serial_slot((const mp_serials *)lua_touserdata(L, lua_upvalueindex(1)), serial)->gud;
  if (!g || g->game == NULL || g->tile_serial != serial || g->tile_generation != g->generation ||
      tile >= gk_tile_count(g->game))
    mp_tile_self_fail(L, v);
  *gud = g;
  return tile;
}

/* The id of tile type 'type' when the name table (upvalue 3) has it;
** the miss (tile_handle.c) fills it. */
void mp_tile_pushid_miss(lua_State *L, const mp_game *gud, int type);

static inline void mp_tile_pushid(lua_State *L, const mp_game *gud, int type) {
  if (gud->serials->names_rules == gk_game_rules(gud->game)) {
    if (lua_rawgeti(L, lua_upvalueindex(3), (lua_Integer)type + 1) == LUA_TSTRING) return;
    lua_pop(L, 1);
  }
  mp_tile_pushid_miss(L, gud, type);
}

#endif
