/*
** cli_game.c: play, sim, replay, bench and script. These run scripts, so
** they need the host state (sandbox plus trusted code, see host.h) rather
** than the plain trusted state the other subcommands get; the work is
** done by the Lua module meeple.cli.
*/
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "cli.h"
#include "host.h"
#include "roots.h"

/* Where scripts/ and tiles/ are: $MEEPLE_ROOT, the current directory if
** it holds them, the directory above the executable's if it does (a
** build tree), else the installed root (roots.h). */
static void push_root(lua_State *L) {
  const char *env = getenv("MEEPLE_ROOT");
  if (env && *env) {
    lua_pushstring(L, env);
    return;
  }
  if (access("scripts/base.lua", R_OK) == 0) {
    lua_pushliteral(L, ".");
    return;
  }
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n > 0) {
    buf[n] = 0;
    char *slash = strrchr(buf, '/');
    if (slash) {
      *slash = 0;
      char probe[4200];
      snprintf(probe, sizeof probe, "%s/../scripts/base.lua", buf);
      if (access(probe, R_OK) == 0) {
        lua_pushfstring(L, "%s/..", buf);
        return;
      }
    }
  }
  char installed[4096];
  const char *root = mp_installed_root(installed, sizeof installed);
  lua_pushstring(L, root ? root : ".");
}

void cli_push_ctx(lua_State *L) {
  lua_createtable(L, 0, 2);
  push_root(L);
  lua_setfield(L, -2, "root");
  lua_pushboolean(L, isatty(STDERR_FILENO) && isatty(STDOUT_FILENO));
  lua_setfield(L, -2, "tty");
}

/* with_debug: the debug library as a module of the host's own code
** (require "debug", never a global and never in the sandbox), for
** `meeple check`, which reads the upvalues of a script's hooks. */
static int run_host(const char *cmd, const char *module, const char *fn, int argc, char **argv,
                    int with_debug) {
  mp_host *host = mp_host_new(NULL);
  if (!host) {
    fprintf(stderr, "meeple %s: not enough memory\n", cmd);
    return CLI_FAIL;
  }
  lua_State *L = mp_host_lua(host);
  if (with_debug) {
    luaL_requiref(L, LUA_DBLIBNAME, luaopen_debug, 0);
    lua_pop(L, 1);
  }
  int status = CLI_FAIL;
  lua_getglobal(L, "require");
  lua_pushstring(L, module);
  if (cli_pcall(L, 1, 1)) {
    lua_getfield(L, -1, fn);
    lua_createtable(L, argc, 0);
    for (int i = 0; i < argc; i++) {
      lua_pushstring(L, argv[i]);
      lua_rawseti(L, -2, i + 1);
    }
    cli_push_ctx(L);
    if (cli_pcall(L, 2, 1)) status = (int)luaL_optinteger(L, -1, CLI_FAIL);
  }
  fflush(stdout);
  mp_host_free(host);
  return status;
}

int cli_run_host(const char *cmd, const char *module, const char *fn, int argc,
                 char **argv) {
  return run_host(cmd, module, fn, argc, argv, 0);
}

int cli_play(lua_State *L, int argc, char **argv) {
  (void)L;
  return cli_run_host("play", "meeple.cli", "play", argc, argv);
}

int cli_sim(lua_State *L, int argc, char **argv) {
  (void)L;
  return cli_run_host("sim", "meeple.cli", "sim", argc, argv);
}

int cli_merge(lua_State *L, int argc, char **argv) {
  (void)L;
  return cli_run_host("merge", "meeple.cli", "merge", argc, argv);
}

int cli_report(lua_State *L, int argc, char **argv) {
  (void)L;
  return cli_run_host("report", "meeple.cli", "report", argc, argv);
}

int cli_check(lua_State *L, int argc, char **argv) {
  (void)L;
  return run_host("check", "meeple.cli", "check", argc, argv, 1);
}

int cli_replay(lua_State *L, int argc, char **argv) {
  (void)L;
  return cli_run_host("replay", "meeple.cli", "replay", argc, argv);
}

int cli_script(lua_State *L, int argc, char **argv) {
  (void)L;
  return cli_run_host("script", "meeple.cli", "script", argc, argv);
}

int cli_bench(lua_State *L, int argc, char **argv) {
  (void)L;
  return cli_run_host("bench", "meeple.cli", "bench", argc, argv);
}

int cli_view(lua_State *L, int argc, char **argv) {
  (void)L;
  return cli_run_host("view", "meeple.cli", "view", argc, argv);
}
