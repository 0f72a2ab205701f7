/*
** session_internal.h: what observe.c, embed.c and wrap_session.c need of
** a session beyond meeple.h.
*/
#ifndef SESSION_INTERNAL_H
#define SESSION_INTERNAL_H

#include <lua.h>

#include "gk.h"
#include "meeple.h"

/* meeple_load, meeple_replay and meeple_simulate, whose new host loads
** the module "meeple" through opener (luaopen_meeple). */
meeple_game *mp_session_load(const meeple_options *o, lua_CFunction opener, char *err, size_t errcap);
meeple_game *mp_session_replay(const char *record, size_t len, const char *path, lua_CFunction opener,
                               char *err, size_t errcap);
int mp_session_simulate(const meeple_options *o, int games, uint64_t seed, int32_t *out,
                        lua_CFunction opener, char *err, size_t errcap);

/* The kernel game in play, borrowed until the next move; NULL (and the
** error set) if it is gone. */
gk_game *mp_session_kernel(meeple_game *g);

/* The tile type to place now, -1 if none, -2 on failure. */
int mp_session_tile(meeple_game *g, const gk_rules *rules);

#endif
