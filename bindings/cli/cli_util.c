/*
** cli_util.c: what every subcommand uses: help and usage errors, and a
** protected call that prints a clean message. Below the subcommands and
** cli_main.c's table, so no subcommand calls back up into the table's
** file.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "cli.h"

int cli_is_help(const char *arg) {
  return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int cli_usage_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "meeple%s%s: ", cmd ? " " : "", cmd ? cmd : "");
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\ntry 'meeple%s%s --help'\n", cmd ? " " : "", cmd ? cmd : "");
  return CLI_USAGE;
}

/* The error message at the top, through meeple.errors.clean: a user
** never sees a host module's location. Left as it is if that fails. */
static void clean_message(lua_State *L) {
  int msg = lua_gettop(L);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "meeple.errors");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_istable(L, -1)) {
    lua_getfield(L, -1, "clean");
    lua_pushvalue(L, msg);
    if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_isstring(L, -1)) lua_replace(L, msg);
  }
  lua_settop(L, msg);
}

int cli_pcall(lua_State *L, int nargs, int nresults) {
  if (lua_pcall(L, nargs, nresults, 0) == LUA_OK) return 1;
  if (lua_isstring(L, -1)) clean_message(L);
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "%s\n", msg ? msg : "(error object is not a string)");
  lua_pop(L, 1);
  return 0;
}
