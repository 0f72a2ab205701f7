/*
** cli_main.c: the meeple executable: a table of subcommands.
*/
#include <stdio.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "cli.h"
#include "meeple_lua.h"
#include "sandbox.h"

typedef struct cli_command {
  const char *name;
  cli_run_fn run;
  const char *summary;
} cli_command;

/* Adding a subcommand is adding a line here (and its file). */
static const cli_command commands[] = {
  {"play", cli_play, "play one game and show its scores"},
  {"sim", cli_sim, "play many games and summarize them"},
  {"merge", cli_merge, "combine the part files of a sharded sim"},
  {"report", cli_report, "draw a sim study as one HTML page of charts"},
  {"replay", cli_replay, "re-play a game record and check it"},
  {"view", cli_view, "write a replay viewer (HTML) for a game record"},
  {"serve", cli_serve, "play in the browser at a local table (HTTP + JSON API)"},
  {"bench", cli_bench, "measure games per second"},
  {"tiles", cli_tiles, "check tile sets and draw them"},
  {"test", cli_test, "run scenario files (scripted test games)"},
  {"check", cli_check, "lint a rules script before sharing it"},
  {"script", cli_script, "run a trusted host-side Lua file (tools, tests)"},
  {NULL, NULL, NULL}
};

static void print_help(void) {
  printf("usage: meeple COMMAND [ARGS...]\n"
         "       meeple --help | --version\n\ncommands:\n");
  for (const cli_command *c = commands; c->name; c++)
    printf("  %-10s %s\n", c->name, c->summary);
  printf("\n'meeple COMMAND --help' describes a command.\n");
}

/* A run in which a script ran past its time limit ends with CLI_TIME,
** whatever the command made of the error: what it printed or wrote may
** differ on a faster or slower machine (docs/sandbox.md, "What is
** guaranteed"). The command has normally said why already (the one line
** of the failed call); a command that caught the error says it here. */
static int time_fired(const char *name, int status) {
  if (!mp_sandbox_time_fired()) return status;
  if (status == CLI_OK)
    fprintf(stderr, "meeple %s: a script ran past its time limit; raise it with --time-limit\n", name);
  return CLI_TIME;
}

int main(int argc, char **argv) {
  if (argc < 2) return cli_usage_error(NULL, "missing command");
  const char *name = argv[1];
  if (cli_is_help(name)) {
    print_help();
    return CLI_OK;
  }
  if (strcmp(name, "--version") == 0) {
    printf("meeple %s (%s)\n", MEEPLE_LUA_VERSION, LUA_RELEASE);
    return CLI_OK;
  }
  for (const cli_command *c = commands; c->name; c++)
    if (strcmp(c->name, name) == 0) {
      lua_State *L = meeple_lua_newstate();
      if (L == NULL) {
        fprintf(stderr, "meeple: not enough memory\n");
        return CLI_FAIL;
      }
      int status = c->run(L, argc - 2, argv + 2);
      lua_close(L);
      return time_fired(name, status);
    }
  if (name[0] == '-') return cli_usage_error(NULL, "unknown option '%s'", name);
  return cli_usage_error(NULL, "unknown command '%s'", name);
}
