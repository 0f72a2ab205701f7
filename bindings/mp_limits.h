/*
** mp_limits.h: the binding's named limits on what a script (or any Lua
** caller) may hand to the host in one call. The kernel's own limits are
** in gk.h; the sandbox's budget, memory cap and time limit in sandbox.h.
** docs/sandbox.md lists them all with their defaults.
*/
#ifndef MP_LIMITS_H
#define MP_LIMITS_H

/* Events one g:replay() call takes (a game logs a few thousand). */
#define MP_MAX_REPLAY_EVENTS 1000000

/* Tile ids one g:force() call takes. */
#define MP_MAX_FORCED_TILES 100000

#endif
