/*
** cli_tiles.c: `meeple tiles check` and `meeple tiles render`.
*/
#include <stdio.h>
#include <string.h>

#include <sys/stat.h>

#include <lua.h>
#include <lauxlib.h>

#include "cli.h"

static const char tiles_help[] =
  "usage: meeple tiles check FILE...\n"
  "       meeple tiles render FILE --svg OUT    (OUT - is stdout)\n"
  "\n"
  "check   parses each tile file (docs/tiles.md), applies its includes and\n"
  "        removes, and registers every tile with the kernel, declaring the\n"
  "        kinds and attributes the file uses; prints a summary per set.\n"
  "        Exit status: 0 all valid, 1 some file is not (one line each on\n"
  "        stderr: FILE:LINE:COL: message), 2 usage error.\n"
  "render  draws every tile type of FILE into an SVG contact sheet.\n";

static void require(lua_State *L, const char *name) {
  lua_getglobal(L, "require");
  lua_pushstring(L, name);
  lua_call(L, 1, 1);
}

/* Calls method 'name' of the object at idx with the nargs values on top. */
static void callmethod(lua_State *L, int idx, const char *name, int nargs,
                       int nresults) {
  lua_getfield(L, idx, name);
  lua_pushvalue(L, idx);
  lua_rotate(L, -2 - nargs, 2);
  lua_call(L, nargs + 1, nresults);
}

/* path -> tiles, set: the resolved tile list; raises "FILE:LINE:COL: ..." */
static int load_resolved(lua_State *L) {
  require(L, "meeple.tiles");
  lua_getfield(L, -1, "load_resolved");
  lua_pushvalue(L, 1);
  lua_call(L, 1, 2);
  if (lua_isnil(L, -2)) return lua_error(L);
  return 2;
}

/* path -> summary, set. The kernel validates every tile too: kinds and
** attributes are declared from the file itself, so only the definitions
** are judged, not whether some rules know them. */
static int check_file(lua_State *L) {
  lua_settop(L, 1);
  lua_pushcfunction(L, load_resolved);
  lua_pushvalue(L, 1);
  lua_call(L, 1, 2);                      /* 2 tiles, 3 set */
  /* an empty file parses, but a set of no tiles is always a mistake */
  if (luaL_len(L, 2) == 0) {
    struct stat st;
    int empty = stat(lua_tostring(L, 1), &st) == 0 && st.st_size == 0;
    return luaL_error(L, "%s: no tiles%s", lua_tostring(L, 1), empty ? " (an empty file)" : "");
  }
  require(L, "meeple");
  lua_getfield(L, -1, "rules");
  lua_call(L, 0, 1);                      /* 5 rules */
  lua_pushvalue(L, 2);
  lua_createtable(L, 0, 1);
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, "declare");
  callmethod(L, 5, "load_tiles", 2, 0);
  callmethod(L, 5, "freeze", 0, 0);
  require(L, "meeple.tiles");
  lua_getfield(L, -1, "summary");
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_call(L, 2, 1);
  lua_pushvalue(L, 3);
  return 2;
}

/* "  label: a 1, b 2" from the list sum[field] of {name=, [count]=}. */
static void print_counts(lua_State *L, int sum, const char *field,
                         const char *count, const char *label) {
  lua_getfield(L, sum, field);
  lua_Integer n = luaL_len(L, -1);
  if (n > 0) {
    printf("  %s:", label);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_geti(L, -1, i);
      lua_getfield(L, -1, "name");
      lua_getfield(L, -2, count);
      printf("%s %s %lld", i > 1 ? "," : "", lua_tostring(L, -2),
             (long long)lua_tointeger(L, -1));
      lua_pop(L, 3);
    }
    printf("\n");
  }
  lua_pop(L, 1);
}

static const char *optfield(lua_State *L, int idx, const char *field) {
  lua_getfield(L, idx, field);
  const char *s = lua_tostring(L, -1);
  lua_pop(L, 1);  /* the set keeps the string alive */
  return s;
}

static void print_summary(lua_State *L, const char *path) {
  int sum = lua_gettop(L) - 1, set = sum + 1;
  const char *title = optfield(L, set, "title");
  const char *edition = optfield(L, set, "edition");
  printf("%s: set %s", path, optfield(L, set, "name"));
  if (title) printf(" \"%s\"", title);
  if (edition) printf(" (%s)", edition);
  lua_getfield(L, sum, "tiles");
  lua_getfield(L, sum, "types");
  printf("\n  %lld tiles, %lld types\n", (long long)lua_tointeger(L, -2),
         (long long)lua_tointeger(L, -1));
  lua_pop(L, 2);
  print_counts(L, sum, "kinds", "segments", "segments");
  print_counts(L, sum, "attrs", "total", "attributes");
  print_counts(L, sum, "tags", "tiles", "tagged tiles");
}

static int tiles_check(lua_State *L, int argc, char **argv) {
  int files = 0;
  for (int i = 0; i < argc; i++) {
    if (cli_is_help(argv[i])) {
      fputs(tiles_help, stdout);
      return CLI_OK;
    }
    if (argv[i][0] == '-' && argv[i][1] != '\0')
      return cli_usage_error("tiles", "unknown option '%s'", argv[i]);
    files++;
  }
  if (files == 0) return cli_usage_error("tiles", "check needs at least one FILE");
  int status = CLI_OK;
  for (int i = 0; i < argc; i++) {
    lua_pushcfunction(L, check_file);
    lua_pushstring(L, argv[i]);
    if (cli_pcall(L, 1, 2)) {
      print_summary(L, argv[i]);
      lua_pop(L, 2);
    } else {
      status = CLI_FAIL;
    }
  }
  return status;
}

/* path, out -> count: renders the contact sheet into out. */
static int render_file(lua_State *L) {
  luaL_checkstring(L, 2);
  lua_pushcfunction(L, load_resolved);
  lua_pushvalue(L, 1);
  lua_call(L, 1, 2);                      /* 3 tiles, 4 set */
  require(L, "meeple.render");
  lua_getfield(L, -1, "contact_sheet");
  lua_pushvalue(L, 3);
  lua_createtable(L, 0, 1);
  lua_getfield(L, 4, "name");
  lua_setfield(L, -2, "title");
  lua_call(L, 2, 1);
  size_t len;
  luaL_checklstring(L, -1, &len);
  int svg = lua_gettop(L);
  if (strcmp(lua_tostring(L, 2), "-") == 0) {
    fwrite(lua_tostring(L, svg), 1, len, stdout);
    lua_pushinteger(L, luaL_len(L, 3));
    return 1;
  }
  /* meeple.cli.output: atomic, and never over the tile file itself */
  require(L, "meeple.cli.output");
  lua_getfield(L, -1, "write_output");
  lua_pushvalue(L, 2);
  lua_pushvalue(L, svg);
  lua_pushliteral(L, "--svg");
  lua_createtable(L, 1, 0);
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, 1);
  lua_call(L, 4, 2);
  if (!lua_toboolean(L, -2)) return luaL_error(L, "%s", lua_tostring(L, -1));
  lua_pushinteger(L, luaL_len(L, 3));
  return 1;
}

static int tiles_render(lua_State *L, int argc, char **argv) {
  const char *file = NULL, *out = NULL;
  for (int i = 0; i < argc; i++) {
    if (cli_is_help(argv[i])) {
      fputs(tiles_help, stdout);
      return CLI_OK;
    } else if (strcmp(argv[i], "--svg") == 0) {
      if (i + 1 >= argc) return cli_usage_error("tiles", "--svg needs a file name");
      out = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      return cli_usage_error("tiles", "unknown option '%s'", argv[i]);
    } else if (file) {
      return cli_usage_error("tiles", "render takes one FILE");
    } else {
      file = argv[i];
    }
  }
  if (!file || !out) return cli_usage_error("tiles", "usage: render FILE --svg OUT");
  lua_pushcfunction(L, render_file);
  lua_pushstring(L, file);
  lua_pushstring(L, out);
  if (!cli_pcall(L, 2, 1)) return CLI_FAIL;
  /* "-" is stdout, which then carries only the SVG */
  if (strcmp(out, "-") != 0)
    printf("wrote %s (%lld tile types)\n", out, (long long)lua_tointeger(L, -1));
  lua_pop(L, 1);
  return CLI_OK;
}

int cli_tiles(lua_State *L, int argc, char **argv) {
  if (argc < 1) return cli_usage_error("tiles", "missing subcommand (check or render)");
  if (cli_is_help(argv[0])) {
    fputs(tiles_help, stdout);
    return CLI_OK;
  }
  if (strcmp(argv[0], "check") == 0) return tiles_check(L, argc - 1, argv + 1);
  if (strcmp(argv[0], "render") == 0) return tiles_render(L, argc - 1, argv + 1);
  return cli_usage_error("tiles", "unknown subcommand '%s'", argv[0]);
}
