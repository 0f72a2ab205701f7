/*
** wrap_bench.c: meeple.bench_kernel, the kernel-alone half of
** `meeple bench`: random playouts of a prepared position through the
** kernel only (placement, a random figure, completion detection, no
** scoring rules), with every legal-placement listing timed.
*/
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <time.h>

#include <lua.h>
#include <lauxlib.h>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define MP_HAVE_CALLGRIND 1
#endif
#endif
#ifndef MP_HAVE_CALLGRIND
#define MP_HAVE_CALLGRIND 0
#endif

#include "sim_run.h"
#include "wrap_internal.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The playout's own choices (xorshift64), apart from the game's RNG. */
static uint32_t pick(uint64_t *state, uint32_t n) {
  uint64_t x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *state = x;
  return (uint32_t)(((x >> 32) * (uint64_t)n) >> 32);
}

/* Sends every figure on the feature of node home, GK_BENCH_FIGURES at a
** time (each call lists those still there). */
static void return_figures(gk_game *g, int32_t node) {
  int figs[GK_BENCH_FIGURES];
  for (;;) {
    int nf = gk_feature_figures(g, node, figs, GK_BENCH_FIGURES);
    for (int i = 0; i < nf && i < GK_BENCH_FIGURES; i++) gk_figure_return(g, figs[i]);
    if (nf <= GK_BENCH_FIGURES) return;
  }
}

/* One playout; returns placements made, adds listing time to *listing,
** or -1 when a listing has more placements than GK_BENCH_LISTING. */
static long playout(gk_game *g, int stack, int figure_kind, uint64_t *rng, double *listing,
                    long *listings) {
  gk_placement moves[GK_BENCH_LISTING];
  int player = 0, players = gk_game_players(g);
  long placed = 0;
  for (;;) {
    /* draw until a tile fits; a random placement needs only the count and
    ** the chosen one, not the whole list */
    int type, n = 0;
    gk_placement m;
    do {
      type = gk_stack_draw(g, stack);
      if (type < 0) break;
      n = gk_pick_placement(g, type, pick(rng, 0xFFFFFFFFu), &m);
      if (n == 0) gk_discard(g, type);
    } while (n == 0);
    if (type < 0) break;
    if (listing) {
      double a = now();
      int listed = gk_legal_placements(g, type, moves, GK_BENCH_LISTING);
      *listing += now() - a;
      (*listings)++;
      if (listed > GK_BENCH_LISTING) return -1;
    }
    gk_place_report rep;
    if (gk_place_tile(g, type, m.x, m.y, m.rot, &rep)) break;
    placed++;
    gk_placed_tile pt;
    gk_tile_info(g, rep.tile, &pt);
    int32_t spots[GK_MAX_SEGMENTS];
    int n_spots = 0;
    for (int s = 0; s < pt.n_segments; s++)
      if (gk_feature_figures(g, pt.first_node + s, NULL, 0) == 0) spots[n_spots++] = pt.first_node + s;
    int choice = (int)pick(rng, (uint32_t)n_spots + 1);
    if (figure_kind >= 0 && choice < n_spots && gk_supply(g, player, figure_kind) > 0)
      gk_figure_deploy(g, player, figure_kind, (gk_location){GK_AT_NODE, spots[choice], 0});
    for (int c = 0; c < rep.n_closed; c++) return_figures(g, rep.closed[c]);
    player = (player + 1) % players;
  }
  return placed;
}

/* meeple.bench_kernel(template, stack, figure, games, seed) ->
** games_per_second, placements_per_second, listing_microseconds */
static int bench_kernel(lua_State *L) {
  gk_game *templ = mp_checkgame(L, 1);
  const gk_rules *r = gk_game_rules(templ);
  int stack = mp_checkname(L, 2, r, gk_rules_find_stack, "stack");
  int figure = lua_isnil(L, 3) ? -1 : mp_checkname(L, 3, r, gk_rules_find_figure_kind, "figure kind");
  lua_Integer games = luaL_checkinteger(L, 4);
  lua_Integer seed = luaL_optinteger(L, 5, 1);
  luaL_argcheck(L, games >= 1, 4, "at least one game");
  uint64_t rng = 88172645463325252ull ^ (uint64_t)seed;
  long placed = 0;
  /* one game object, reset from the template for each playout */
  gk_game *g = gk_game_clone(templ);
  if (!g) return luaL_error(L, "not enough memory");
  double t0 = now();
  for (lua_Integer i = 0; i < games; i++) {
    if (gk_game_copy(g, templ)) {
      gk_game_free(g);
      return luaL_error(L, "not enough memory");
    }
    gk_rng_reseed(g, (uint64_t)(seed + i));
    gk_stack_shuffle(g, stack);
    placed += playout(g, stack, figure, &rng, NULL, NULL);
  }
  double dt = now() - t0;
  gk_game_free(g);
  /* listing cost, each call timed alone, less the clock's own cost */
  double listing = 0;
  long listings = 0;
  lua_Integer timed = games / 4 > 0 ? games / 4 : 1;
  for (lua_Integer i = 0; i < timed; i++) {
    gk_game *g = gk_game_clone(templ);
    if (!g) return luaL_error(L, "not enough memory");
    gk_rng_reseed(g, (uint64_t)(seed + i));
    gk_stack_shuffle(g, stack);
    long made = playout(g, stack, figure, &rng, &listing, &listings);
    gk_game_free(g);
    if (made < 0)
      return luaL_error(L, "bench: a listing found more than %d placements (GK_BENCH_LISTING)",
                        GK_BENCH_LISTING);
  }
  double clock_total = 0;
  for (int i = 0; i < 200000; i++) {
    double a = now();
    clock_total += now() - a;
  }
  double per_clock = clock_total / 200000;
  lua_pushnumber(L, (double)games / dt);
  lua_pushnumber(L, (double)placed / dt);
  lua_pushnumber(L, listings ? (listing / (double)listings - per_clock) * 1e6 : 0);
  return 3;
}

/* meeple.bench_callgrind([name]) -> running under valgrind (0: no; or
** built without valgrind/callgrind.h): with a name, callgrind dumps the
** instructions counted since the last dump under that name and starts
** again from zero; without, it only starts from zero. `meeple bench
** --api --callgrind` brackets each probe so: instructions, unlike ns, do
** not move with the machine's load (#39). Outside valgrind the requests
** are a few no-op instructions. */
static int bench_callgrind(lua_State *L) {
#if MP_HAVE_CALLGRIND
  if (lua_isnoneornil(L, 1)) CALLGRIND_ZERO_STATS;
  else {
    const char *name = luaL_checkstring(L, 1);
    CALLGRIND_DUMP_STATS_AT(name);
  }
  lua_pushinteger(L, (lua_Integer)RUNNING_ON_VALGRIND);
#else
  lua_pushinteger(L, 0);
#endif
  return 1;
}

void mp_open_bench(lua_State *L) {
  lua_pushcfunction(L, bench_kernel);
  lua_setfield(L, -2, "bench_kernel");
  lua_pushcfunction(L, bench_callgrind);
  lua_setfield(L, -2, "bench_callgrind");
}
