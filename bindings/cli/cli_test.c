/*
** cli_test.c: meeple test, the scenario runner. Scenario files are
** scripts, so this runs in the host state like play (cli_run_host); the
** work is done by the Lua module meeple.scenario.
*/
#include <lua.h>

#include "cli.h"

int cli_test(lua_State *unused, int argc, char **argv) {
  (void)unused;
  return cli_run_host("test", "meeple.scenario", "main", argc, argv);
}
