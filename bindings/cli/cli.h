/*
** cli.h: what the subcommands of the meeple executable share.
**
** A subcommand is one function in its own file and one entry in the
** table of cli_main.c. It gets the arguments after its name and a
** trusted Lua state with the meeple modules preloaded, and returns the
** exit status.
*/
#ifndef CLI_H
#define CLI_H

#include <lua.h>

/* CLI_TIME: a script ran past its time limit (cli_main.c). */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2, CLI_TIME = 3 };

typedef int (*cli_run_fn)(lua_State *L, int argc, char **argv);

/* Subcommands: one line each, in cli_main.c's table. */
int cli_tiles(lua_State *L, int argc, char **argv);
int cli_play(lua_State *L, int argc, char **argv);
int cli_sim(lua_State *L, int argc, char **argv);
int cli_merge(lua_State *L, int argc, char **argv);
int cli_check(lua_State *L, int argc, char **argv);
int cli_report(lua_State *L, int argc, char **argv);
int cli_replay(lua_State *L, int argc, char **argv);
int cli_view(lua_State *L, int argc, char **argv);
int cli_serve(lua_State *L, int argc, char **argv);
/* Pushes the ctx table the Lua subcommands take: {root =, tty =}. */
void cli_push_ctx(lua_State *L);
int cli_bench(lua_State *L, int argc, char **argv);
int cli_test(lua_State *L, int argc, char **argv);
int cli_script(lua_State *L, int argc, char **argv);

/* Runs require(module)[fn](args, {root=, tty=}) in a new host state (the
** sandbox plus trusted code, see host.h) and returns its exit status. */
int cli_run_host(const char *cmd, const char *module, const char *fn, int argc,
                 char **argv);

/* Prints "meeple CMD: message" and "try 'meeple CMD --help'" on stderr;
** returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...);

/* Does argv[i] ask for help? */
int cli_is_help(const char *arg);

/* Calls the function below its nargs arguments in protected mode and
** prints the one-line error message on stderr if it raises. */
int cli_pcall(lua_State *L, int nargs, int nresults);

#endif
