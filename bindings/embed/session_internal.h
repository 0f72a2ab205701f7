/*
** session_internal.h: what observe.c needs of a session beyond meeple.h.
*/
#ifndef SESSION_INTERNAL_H
#define SESSION_INTERNAL_H

#include "gk.h"
#include "meeple.h"

/* The kernel game in play, borrowed until the next move; NULL (and the
** error set) if it is gone. */
gk_game *mp_session_kernel(meeple_game *g);

/* The tile type to place now, -1 if none, -2 on failure. */
int mp_session_tile(meeple_game *g, const gk_rules *rules);

#endif
