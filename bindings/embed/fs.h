/*
** fs.h: the module "meeple.fs" (fs.c), file-system calls for the trusted
** host's safe output. Never opened in a sandbox.
*/
#ifndef MEEPLE_FS_H
#define MEEPLE_FS_H

#include <lua.h>

int luaopen_meeple_fs(lua_State *L);

#endif
