/*
** test_binding.c: the Lua binding driven from C, as a host would: every
** check runs a Lua chunk and looks at its result or its error message.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <lauxlib.h>
#include <lua.h>

#include "meeple_lua.h"

/* Base game rules and a game with D at the origin: globals meeple,
** rules, g, list. */
static const char prelude[] =
  "meeple = require 'meeple'\n"
  "rules = meeple.rules()\n"
  "rules:kind('city'); rules:kind('road'); rules:kind('field')\n"
  "rules:kind('cloister', {completion = 'surrounded'})\n"
  "rules:attr('pennant', 'sum')\n"
  "rules:figure('follower', {per_player = 7})\n"
  "rules:stack('main'); rules:reason('city')\n"
  "list = rules:load_tiles(os.getenv('MEEPLE_ROOT') .. '/tiles/base.tiles')\n"
  "g = rules:new_game{players = 2, seed = 7}\n"
  "g:stack_add('main', list)\n"
  "g:place_fixed('D', 0, 0, 0)\n";

static int setup(void **state) {
  lua_State *L = meeple_lua_newstate();
  if (L == NULL) return -1;
  if (luaL_dostring(L, prelude) != LUA_OK) {
    fprintf(stderr, "prelude: %s\n", lua_tostring(L, -1));
    lua_close(L);
    return -1;
  }
  *state = L;
  return 0;
}

static int teardown(void **state) {
  lua_close((lua_State *)*state);
  return 0;
}

/* Runs code that must fail; returns its message without the position
** Lua puts in front ("[string \"...\"]:1: "), valid until the next call
** on L. */
static const char *error_of(lua_State *L, const char *code) {
  lua_settop(L, 0);
  if (luaL_dostring(L, code) == LUA_OK) return "(no error)";
  const char *msg = lua_tostring(L, -1);
  const char *end = strstr(msg, "\"]:");
  if (strncmp(msg, "[string \"", 9) == 0 && end) msg = strchr(end + 3, ' ') + 1;
  return msg;
}

/* Runs code that must succeed and return one value, as a string. */
static const char *result_of(lua_State *L, const char *code) {
  lua_settop(L, 0);
  if (luaL_dostring(L, code) != LUA_OK) {
    fprintf(stderr, "%s\n", lua_tostring(L, -1));
    fail_msg("chunk failed: %s", code);
  }
  return luaL_tolstring(L, 1, NULL);
}

static void test_argument_errors(void **state) {
  lua_State *L = *state;
  assert_string_equal(error_of(L, "g:place('E', 0, -1, 'north')"),
                      "bad argument #4 to 'place' (rotation expected, got string)");
  assert_string_equal(error_of(L, "g:place('E', 0, -1, 4)"),
                      "bad argument #4 to 'place' (rotation must be 0, 1, 2 or 3)");
  assert_string_equal(error_of(L, "g:place('Z', 0, -1, 0)"),
                      "bad argument #1 to 'place' (unknown tile 'Z')");
  assert_string_equal(error_of(L, "g:place(nil, 0, -1, 0)"),
                      "bad argument #1 to 'place' (tile id expected, got nil)");
  assert_string_equal(error_of(L, "g:draw()"),
                      "bad argument #1 to 'draw' (stack name expected, got no value)");
  assert_string_equal(error_of(L, "g:draw('side')"),
                      "bad argument #1 to 'draw' (unknown stack 'side')");
  assert_string_equal(error_of(L, "rules:match('city', 'lake')"),
                      "bad argument #2 to 'match' (unknown kind 'lake')");
  assert_string_equal(error_of(L, "g:feature_at(0, 0, 'Q')"),
                      "bad argument #3 to 'feature_at' (unknown port 'Q')");
  assert_string_equal(error_of(L, "g:deploy(1, 'builder', g:feature_at(0, 0, 'N'))"),
                      "bad argument #2 to 'deploy' (unknown figure kind 'builder')");
  assert_string_equal(error_of(L, "g:deploy(1, 'follower', 42)"),
                      "bad argument #3 to 'deploy' (location expected, got number)");
  assert_string_equal(error_of(L, "g.place(rules, 'E', 0, -1, 0)"),
                      "bad argument #1 to 'place' (meeple.Game expected, got meeple.Rules)");
}

static void test_kernel_errors_surface(void **state) {
  lua_State *L = *state;
  assert_string_equal(error_of(L, "g:place('E', 5, 5, 0)"),
                      "place_tile: cell 5,5 touches no tile");
  /* unknown kinds are errors naming the tile and where it was written */
  assert_string_equal(error_of(L,
                               "local r = meeple.rules()\n"
                               "r:tile{id = 'Q1', segments = {{kind = 'lake', ports = {0}}}}"),
                      "tile Q1: segment 1: unknown kind 'lake' (declare it with rules:kind)");
  assert_string_equal(error_of(L,
                               "local r = meeple.rules(); r:kind('city')\n"
                               "r:tile{id = 'H', segments = {{kind = 'city', ports = {0, 1, 2}}}}"),
                      "tile H: port ENE covered by no segment");
  /* tags are registered on first use */
  assert_string_equal(result_of(L,
                                "local r = meeple.rules(); r:kind('city')\n"
                                "r:tile{id = 'C', tags = {'start'}, segments = {{kind = 'city',"
                                " ports = {0,1,2,3,4,5,6,7,8,9,10,11}}}}\n"
                                "return table.concat(r:names('tag'), ',')"),
                      "start");
}

static void test_players_are_one_based(void **state) {
  lua_State *L = *state;
  assert_string_equal(result_of(L,
                                "local city = g:feature_at(0, 0, 'N')\n"
                                "local f = g:deploy(2, 'follower', city)\n"
                                "local strength, leaders = g:majority(city, {follower = 1})\n"
                                "g:score(2, 4, 'city', city)\n"
                                "return table.concat({f:info().owner, strength, leaders[1],\n"
                                "  g:scores()[1], g:scores()[2], g:ledger()[1].player,\n"
                                "  g:supply(2, 'follower')}, ',')"),
                      "2,1,2,0,4,2,6");
  assert_string_equal(error_of(L, "g:score(3, 1, 'city')"),
                      "bad argument #1 to 'score' (player must be 1..2)");
  assert_string_equal(error_of(L, "g:supply(-1, 'follower')"),
                      "bad argument #1 to 'supply' (player must be 1..2 (or 0: neutral))");
}

static void test_stale_handles(void **state) {
  lua_State *L = *state;
  assert_string_equal(result_of(L,
                                "saved = g:clone()\n"
                                "road = g:feature_at(0, 0, 'E')\n"
                                "tile = g:tile_at(0, 0)\n"
                                "g:restore(saved)\n"
                                "return tostring(road)"),
                      "feature (stale)");
  assert_string_equal(error_of(L, "road:info()"),
                      "stale feature handle (its game was freed or restored)");
  assert_string_equal(error_of(L, "tile:info()"),
                      "stale tile handle (its game was freed or restored)");
  /* fresh handles of the restored state work, and equality follows roots */
  assert_string_equal(result_of(L,
                                "local a, b = g:feature_at(0, 0, 'E'), g:feature_at(0, 0, 'N')\n"
                                "return tostring(a == g:feature_at(0, 0, 'E')) .. tostring(a == b)"),
                      "truefalse");
  /* a handle of another game is refused where a feature of g is needed */
  assert_string_equal(error_of(L, "g:majority(saved:feature_at(0, 0, 'N'), {})"),
                      "bad argument #1 to 'majority' (feature of another game)");
}

static void test_use_after_free(void **state) {
  lua_State *L = *state;
  assert_string_equal(result_of(L,
                                "city = g:feature_at(0, 0, 'N')\n"
                                "fig = g:deploy(1, 'follower', city)\n"
                                "g:free(); g:free()\n"
                                "return tostring(g)"),
                      "meeple game (freed)");
  assert_string_equal(error_of(L, "g:place('E', 0, -1, 2)"), "attempt to use a freed game");
  assert_string_equal(error_of(L, "city:info()"),
                      "stale feature handle (its game was freed or restored)");
  assert_string_equal(error_of(L, "fig:move({cell = {1, 1}})"),
                      "stale figure handle (its game was freed or restored)");
  /* collecting the rules and the freed game afterwards is harmless */
  assert_string_equal(result_of(L,
                                "g, rules = nil, nil; collectgarbage(); collectgarbage()\n"
                                "return tostring(city)"),
                      "feature (stale)");
}

/* Tile handles are values (light userdata, bindings/objects/tile_handle.c): two
** handles of one tile are equal and one table key; a handle does not keep
** its game alive, and once the game is gone it is refused, never read;
** other light userdata share the metatable but are no tile. */
static int foreign_target;

static int push_foreign(lua_State *L) {
  lua_pushlightuserdata(L, &foreign_target);
  return 1;
}

static void test_tile_handles_are_values(void **state) {
  lua_State *L = *state;
  assert_string_equal(result_of(L,
                                "local a, b = g:tile_at(0, 0), g:tile_at(0, 0)\n"
                                "local keys = {[a] = 1}\n"
                                "g:place('E', 0, -1, 2)\n"
                                "local c = g:tile_at(0, -1)\n"
                                "return table.concat({tostring(a == b), tostring(rawequal(a, b)),\n"
                                "  tostring(keys[b]), tostring(a == c), type(a), tostring(getmetatable(a)),\n"
                                "  tostring(a), c:info().id}, ',')"),
                      "true,true,1,false,userdata,false,tile D at 0,0 rot 0,E");
  assert_string_equal(error_of(L, "setmetatable(g:tile_at(0, 0), {})"),
                      "bad argument #1 to 'setmetatable' (table expected, got meeple.Tile)");
  /* a handle made before g:free() or a collection is stale */
  assert_string_equal(result_of(L,
                                "local other = rules:new_game{players = 2, seed = 1}\n"
                                "other:place_fixed('D', 0, 0, 0)\n"
                                "kept = other:tile_at(0, 0)\n"
                                "other = nil; collectgarbage(); collectgarbage()\n"
                                "return tostring(kept)"),
                      "tile (stale)");
  assert_string_equal(error_of(L, "kept:info()"),
                      "stale tile handle (its game was freed or restored)");
  assert_string_equal(error_of(L, "g:deploy(1, 'follower', kept)"),
                      "stale tile handle (its game was freed or restored)");
  assert_string_equal(error_of(L, "local o = rules:new_game{players = 2, seed = 1}\n"
                                  "o:place_fixed('D', 0, 0, 0)\n"
                                  "g:deploy(1, 'follower', o:tile_at(0, 0))"),
                      "bad argument #3 to 'deploy' (tile of another game)");
  assert_string_equal(result_of(L, "th = g:tile_at(0, 0); g:free(); return tostring(th)"), "tile (stale)");
  /* another light userdata: printed as Lua prints it, refused as a tile
  ** (messages name it by the shared metatable's __name) */
  lua_pushcfunction(L, push_foreign);
  lua_setglobal(L, "foreign");
  char expected[64];
  snprintf(expected, sizeof expected, "userdata: %p", (void *)&foreign_target);
  assert_string_equal(result_of(L, "return tostring(foreign())"), expected);
  assert_string_equal(error_of(L, "return kept.info(foreign())"),
                      "bad argument #1 to 'info' (tile handle expected, got meeple.Tile)");
}

static void test_rules_outlive_their_games(void **state) {
  lua_State *L = *state;
  assert_string_equal(result_of(L,
                                "local game = g\n"
                                "g, rules = nil, nil; collectgarbage(); collectgarbage()\n"
                                "game:place('E', 0, -1, 2)\n"
                                "return game:tile_count()"),
                      "2");
}

static void test_serialize_round_trip(void **state) {
  lua_State *L = *state;
  assert_string_equal(result_of(L,
                                "g:shuffle('main')\n"
                                "local t = g:draw('main')\n"
                                "g:deploy(1, 'follower', g:feature_at(0, 0, 'N'))\n"
                                "local s = g:serialize()\n"
                                "local copy = meeple.deserialize(rules, s)\n"
                                "local same = copy:serialize() == s\n"
                                "local replayed = rules:new_game{players = 2, seed = 7}\n"
                                "replayed:replay(g:log())\n"
                                "return tostring(same) .. ',' .. tostring(replayed:serialize() == s)\n"
                                "  .. ',' .. copy:stack_size('main') .. ',' .. #copy:figures(copy:feature_at(0, 0, 'N'))"),
                      "true,true,71,1");
  assert_string_equal(error_of(L, "meeple.deserialize(rules, 'nonsense')"),
                      "deserialize: not a saved game (bad magic)");
}

static void test_embedded_modules(void **state) {
  lua_State *L = *state;
  assert_string_equal(result_of(L,
                                "local tiles = require 'meeple.tiles'\n"
                                "local render = require 'meeple.render'\n"
                                "return type(require('lpeg').match) .. type(render.contact_sheet)\n"
                                "  .. #assert(tiles.parse('tile A\\n  city N* E* S* W*\\n')).tiles"),
                      "functionfunction1");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(test_argument_errors, setup, teardown),
    cmocka_unit_test_setup_teardown(test_kernel_errors_surface, setup, teardown),
    cmocka_unit_test_setup_teardown(test_players_are_one_based, setup, teardown),
    cmocka_unit_test_setup_teardown(test_stale_handles, setup, teardown),
    cmocka_unit_test_setup_teardown(test_use_after_free, setup, teardown),
    cmocka_unit_test_setup_teardown(test_tile_handles_are_values, setup, teardown),
    cmocka_unit_test_setup_teardown(test_rules_outlive_their_games, setup, teardown),
    cmocka_unit_test_setup_teardown(test_serialize_round_trip, setup, teardown),
    cmocka_unit_test_setup_teardown(test_embedded_modules, setup, teardown),
  };
  return cmocka_run_group_tests_name("binding", tests, NULL, NULL);
}
