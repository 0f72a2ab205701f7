/*
** test_base_fixture_agrees.c: the kernel tests' base game
** (tests/fixtures/base_fixture.c, its own spec strings) and the real one
** (tiles/base.tiles, loaded through the binding) agree tile by tile:
** the same ids and counts, and for each tile the same segments (kind,
** ports, attributes) touching the same segments. Segment order may
** differ; the check matches segments by kind and ports.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <lauxlib.h>
#include <lua.h>

#include "base_fixture.h"
#include "meeple_lua.h"
#include "wrap_internal.h"

/* The base rules from tiles/base.tiles; leaves the Rules userdata and
** the list of {id=, count=} on L's stack (index 1 and 2). */
static const char load_base[] =
  "local meeple = require 'meeple'\n"
  "local rules = meeple.rules()\n"
  "rules:kind('city'); rules:kind('road'); rules:kind('field')\n"
  "rules:kind('cloister', {completion = 'surrounded'})\n"
  "rules:attr('pennant', 'sum')\n"
  "rules:figure('follower', {per_player = 7})\n"
  "rules:stack('main')\n"
  "local list = rules:load_tiles(os.getenv('MEEPLE_ROOT') .. '/tiles/base.tiles')\n"
  "rules:freeze()\n"
  "return rules, list\n";

typedef struct both {
  lua_State *L;
  const gk_rules *file;   /* owned by the Rules userdata in L */
  gk_rules *fixture;
} both;

static int setup(void **state) {
  both *b = calloc(1, sizeof *b);
  if (!b) return -1;
  b->L = meeple_lua_newstate();
  if (!b->L || luaL_loadstring(b->L, load_base) != LUA_OK || lua_pcall(b->L, 0, 2, 0) != LUA_OK) {
    fprintf(stderr, "loading tiles/base.tiles: %s\n", b->L ? lua_tostring(b->L, -1) : "no state");
    return -1;
  }
  b->file = mp_checkrules(b->L, 1);
  b->fixture = base_fixture_rules(NULL);
  *state = b;
  return b->fixture ? 0 : -1;
}

static int teardown(void **state) {
  both *b = *state;
  gk_rules_free(b->fixture);
  lua_close(b->L);
  free(b);
  return 0;
}

/* The count base.tiles gives tile `id` (0 if it has none). */
static int file_count(lua_State *L, const char *id) {
  int count = 0;
  lua_Integer n = luaL_len(L, 2);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, 2, i);
    lua_getfield(L, -1, "id");
    if (strcmp(lua_tostring(L, -1), id) == 0) {
      lua_getfield(L, -2, "count");
      count = (int)lua_tointeger(L, -1);
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
  }
  return count;
}

/* Same kind (by name), ports and attributes (by name and value). */
static bool same_segment(const gk_rules *ra, const gk_segment_def *a, const gk_rules *rb,
                         const gk_segment_def *b) {
  if (a->ports != b->ports || a->n_attrs != b->n_attrs) return false;
  if (strcmp(gk_rules_kind_name(ra, a->kind), gk_rules_kind_name(rb, b->kind)) != 0) return false;
  for (int i = 0; i < a->n_attrs; i++) {
    bool found = false;
    for (int j = 0; j < b->n_attrs && !found; j++)
      found = a->attrs[i].value == b->attrs[j].value &&
              strcmp(gk_rules_attr_name(ra, a->attrs[i].attr), gk_rules_attr_name(rb, b->attrs[j].attr)) == 0;
    if (!found) return false;
  }
  return true;
}

/* One tile: a one-to-one segment match, then the same adjacency under it. */
static void check_tile(const both *b, char letter) {
  char id[2] = {letter, 0};
  int ft = base_fixture_tile(b->fixture, letter), tt = gk_rules_find_tile(b->file, id);
  assert_true(ft >= 0);
  if (tt < 0) fail_msg("tile %s: in the fixture, not in tiles/base.tiles", id);
  const gk_tile_def *fx = gk_rules_tile(b->fixture, ft), *fl = gk_rules_tile(b->file, tt);
  if (fx->n_segments != fl->n_segments)
    fail_msg("tile %s: %d segments in the fixture, %d in base.tiles", id, fx->n_segments, fl->n_segments);
  int to[GK_MAX_SEGMENTS];
  unsigned used = 0;
  for (int i = 0; i < fx->n_segments; i++) {
    to[i] = -1;
    for (int j = 0; j < fl->n_segments && to[i] < 0; j++)
      if (!(used >> j & 1) && same_segment(b->fixture, &fx->segments[i], b->file, &fl->segments[j])) to[i] = j;
    if (to[i] < 0) fail_msg("tile %s: fixture segment %d (%s) has no twin in base.tiles", id, i,
                            gk_rules_kind_name(b->fixture, fx->segments[i].kind));
    used |= 1u << to[i];
  }
  for (int i = 0; i < fx->n_segments; i++) {
    unsigned mapped = 0;
    for (int k = 0; k < fx->n_segments; k++)
      if (fx->segments[i].adjacent >> k & 1) mapped |= 1u << to[k];
    if (mapped != fl->segments[to[i]].adjacent)
      fail_msg("tile %s: fixture segment %d touches other segments than in base.tiles", id, i);
  }
  if (file_count(b->L, id) != base_fixture_counts[letter - 'A'])
    fail_msg("tile %s: %d in the fixture, %d in base.tiles", id, base_fixture_counts[letter - 'A'],
             file_count(b->L, id));
}

static void every_tile_agrees(void **state) {
  const both *b = *state;
  for (char c = 'A'; c < 'A' + BASE_TILE_TYPES; c++) check_tile(b, c);
}

/* Nothing in base.tiles that the fixture lacks. */
static void no_other_tiles(void **state) {
  const both *b = *state;
  assert_int_equal(gk_rules_tile_count(b->file), BASE_TILE_TYPES);
}

/* The check can fail: a changed fixture tile is caught. */
static void a_changed_tile_is_caught(void **state) {
  const both *b = *state;
  const gk_tile_def *fx = gk_rules_tile(b->fixture, base_fixture_tile(b->fixture, 'E'));
  const gk_tile_def *fl = gk_rules_tile(b->file, gk_rules_find_tile(b->file, "E"));
  gk_segment_def changed = fx->segments[0];
  changed.ports ^= 1u;  /* one port more or less */
  bool any = false;
  for (int j = 0; j < fl->n_segments; j++) any = any || same_segment(b->fixture, &changed, b->file, &fl->segments[j]);
  assert_false(any);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_tile_agrees),
      cmocka_unit_test(no_other_tiles),
      cmocka_unit_test(a_changed_tile_is_caught),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
