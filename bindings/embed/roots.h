/*
** roots.h: where an installed meeple keeps scripts/ and tiles/.
*/
#ifndef MP_ROOTS_H
#define MP_ROOTS_H

#include <stddef.h>

/* The installed data root, the first of these that holds
** scripts/base.lua: MEEPLE_DATADIR (fixed at build time), then
** share/meeple beside the object holding this code (the library, the
** Lua module or the executable), one to three levels up, for an install
** moved to another prefix. Writes it to buf and returns buf, or NULL. */
const char *mp_installed_root(char *buf, size_t cap);

#endif
