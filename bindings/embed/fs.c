/*
** fs.c: the module "meeple.fs", the few file-system calls that standard
** Lua lacks and that safe output needs (see meeple/cli/output.lua):
**
**   fs.stat(path)          {type=, size=, dev=, ino=} or nil, message
**   fs.realpath(path)      the canonical absolute path or nil, message
**   fs.temp(dir, prefix)   a new file DIR/PREFIXXXXXXX opened for writing:
**                          file handle, its path (mode as a plain open's)
**   fs.sync(file)          flushes the handle and fsyncs its descriptor
**   fs.sync_dir(path)      fsyncs a directory, so a rename in it lasts
**   fs.pid()               this process's id
**   fs.list(dir)           the names in a directory (not . and ..), in
**                          no order (callers sort), or nil, message
**
** Trusted host states only (meeple_lua_preload): scripts never see it.
*/
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "fs.h"

static int fail(lua_State *L, const char *what) {
  int e = errno;
  lua_pushnil(L);
  if (what) lua_pushfstring(L, "%s: %s", what, strerror(e));
  else lua_pushstring(L, strerror(e));
  return 2;
}

static const char *type_name(mode_t m) {
  if (S_ISREG(m)) return "file";
  if (S_ISDIR(m)) return "directory";
  if (S_ISCHR(m)) return "character device";
  if (S_ISBLK(m)) return "block device";
  if (S_ISFIFO(m)) return "fifo";
  if (S_ISSOCK(m)) return "socket";
  return "other";
}

static int fs_stat(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  struct stat st;
  if (stat(path, &st) != 0) return fail(L, path);
  lua_createtable(L, 0, 4);
  lua_pushstring(L, type_name(st.st_mode));
  lua_setfield(L, -2, "type");
  lua_pushinteger(L, (lua_Integer)st.st_size);
  lua_setfield(L, -2, "size");
  lua_pushinteger(L, (lua_Integer)st.st_dev);
  lua_setfield(L, -2, "dev");
  lua_pushinteger(L, (lua_Integer)st.st_ino);
  lua_setfield(L, -2, "ino");
  return 1;
}

static int fs_realpath(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  char *full = realpath(path, NULL);
  if (!full) return fail(L, path);
  lua_pushstring(L, full);
  free(full);
  return 1;
}

/* The close function of handles made here, as liolib's for io.open. */
static int temp_close(lua_State *L) {
  luaL_Stream *p = (luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE);
  int ok = fclose(p->f) == 0;
  return luaL_fileresult(L, ok, NULL);
}

/* mkstemp makes the file 0600; an output gets what open(2) would give. */
static void default_mode(int fd) {
  mode_t mask = umask(0);
  umask(mask);
  (void)fchmod(fd, 0666 & ~mask);
}

static int fs_temp(lua_State *L) {
  const char *dir = luaL_checkstring(L, 1);
  const char *prefix = luaL_checkstring(L, 2);
  const char *path = lua_pushfstring(L, "%s/%sXXXXXX", dir, prefix);
  char *name = (char *)lua_newuserdatauv(L, strlen(path) + 1, 0);
  strcpy(name, path);
  luaL_Stream *p = (luaL_Stream *)lua_newuserdatauv(L, sizeof *p, 0);
  p->closef = NULL; /* not yet open: a collected handle closes nothing */
  luaL_setmetatable(L, LUA_FILEHANDLE);
  int fd = mkstemp(name);
  if (fd < 0) return fail(L, dir);
  default_mode(fd);
  p->f = fdopen(fd, "wb");
  if (!p->f) {
    int e = errno;
    close(fd);
    unlink(name);
    errno = e;
    return fail(L, name);
  }
  p->closef = temp_close;
  lua_pushstring(L, name);
  return 2;
}

static int fs_sync(lua_State *L) {
  luaL_Stream *p = (luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE);
  if (p->closef == NULL) return luaL_error(L, "attempt to use a closed file");
  if (fflush(p->f) != 0 || fsync(fileno(p->f)) != 0) return fail(L, NULL);
  lua_pushboolean(L, 1);
  return 1;
}

static int fs_sync_dir(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  int fd = open(path, O_RDONLY | O_DIRECTORY);
  if (fd < 0) return fail(L, path);
  int ok = fsync(fd) == 0;
  int e = errno;
  close(fd);
  errno = e;
  if (!ok) return fail(L, path);
  lua_pushboolean(L, 1);
  return 1;
}

static int fs_pid(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)getpid());
  return 1;
}

static int fs_list(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  DIR *d = opendir(path);
  if (!d) return fail(L, path);
  lua_newtable(L);
  lua_Integer n = 0;
  for (struct dirent *e = readdir(d); e; e = readdir(d)) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    lua_pushstring(L, e->d_name);
    lua_rawseti(L, -2, ++n);
  }
  closedir(d);
  return 1;
}

static const luaL_Reg fs_funcs[] = {
  {"list", fs_list},
  {"stat", fs_stat},
  {"realpath", fs_realpath},
  {"temp", fs_temp},
  {"sync", fs_sync},
  {"sync_dir", fs_sync_dir},
  {"pid", fs_pid},
  {NULL, NULL}
};

int luaopen_meeple_fs(lua_State *L) {
  luaL_newlib(L, fs_funcs);
  return 1;
}
