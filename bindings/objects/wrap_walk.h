/*
** wrap_walk.h: board walks done in C (wrap_walk.c), so a hook that follows
** a road or looks along a row makes one call instead of one per step.
*/
#ifndef WRAP_WALK_H
#define WRAP_WALK_H

#include <lua.h>

/* Adds g:walk, g:line, g:neighbours, f:ends and th:figures to the Game,
** Feature and Tile method tables (after mp_open_game and mp_open_handles). */
void mp_open_walk(lua_State *L);

#endif
