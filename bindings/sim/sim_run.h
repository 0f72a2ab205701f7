/*
** sim_run.h: the simulation layer (sim/). Many games in seed order, on
** one core or many, folded into a summary of integers as they finish
** (sim_run.c); flow:simulate (sim_play.c) supplies how one game is
** played.
*/
#ifndef SIMRUN_H
#define SIMRUN_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "gk.h"

enum {
  /* a tie of k players gives each WIN_UNITS / k: exact for every k up to
  ** GK_MAX_PLAYERS, since 840 is lcm(1..8) */
  MP_SIM_WIN_UNITS = 840,
  MP_SIM_ERR_MAX = 256,   /* longest message of a failed game */
  MP_SIM_PROGRESS_EVERY = 256, /* games between two progress calls */
  MP_SIM_NO_KIND = GK_MAX_KINDS /* points' column of points scored for no feature */
};

/* The name of the points' column MP_SIM_NO_KIND in summaries and rows. */
#define MP_SIM_NO_KIND_NAME "other"

/* One finished game. */
typedef struct mp_sim_result {
  int32_t scores[GK_MAX_PLAYERS];
  int32_t turns;
  int32_t moves;
  int32_t closed[GK_MAX_KINDS]; /* features completed per kind */
  /* each player's points per feature kind from the ledger; the last
  ** column (MP_SIM_NO_KIND) holds points scored for no feature */
  int32_t points[GK_MAX_PLAYERS][GK_MAX_KINDS + 1];
} mp_sim_result;

/* Exact moments of an integer column: mergeable by adding. */
typedef struct mp_sim_moments {
  int64_t sum, sumsq;
  int32_t min, max;
} mp_sim_moments;

typedef struct mp_sim_summary {
  int64_t games, moves;
  mp_sim_moments seat[GK_MAX_PLAYERS], turns;
  int64_t wins[GK_MAX_PLAYERS]; /* in 1/MP_SIM_WIN_UNITS of a game */
  int64_t closed[GK_MAX_KINDS];
  int64_t points[GK_MAX_PLAYERS][GK_MAX_KINDS + 1];
} mp_sim_summary;

/* Plays the game with this seed into *out: 0, or -1 with err filled. */
typedef int (*mp_sim_play_fn)(void *ctx, uint64_t seed, mp_sim_result *out, char *err,
                              size_t errcap);

typedef struct mp_sim_plan {
  int64_t games;
  uint64_t first_seed; /* game i plays seed first_seed + i */
  int jobs;            /* 1: in this process; J > 1: J child processes */
  mp_sim_play_fn play;
  void *ctx;
  const gk_rules *rules;
  int players;
  int progress; /* stack index of fn(done, seconds), or 0 */
  int on_game;  /* stack index of fn(row), or 0 */
  int progress_every; /* games between two progress calls; 0: MP_SIM_PROGRESS_EVERY */
} mp_sim_plan;

/* Plays the plan's games, folding each into *sum and passing it to
** on_game in seed order. Raises a Lua error if a game fails, a job dies
** or a callback raises; the child processes are stopped either way. */
void mp_sim_run(lua_State *L, const mp_sim_plan *plan, mp_sim_summary *sum);

/* Pushes the summary as a table of integers (see docs/scale.md). */
void mp_sim_push_summary(lua_State *L, const mp_sim_summary *sum, const gk_rules *rules,
                         int players);

/* meeple.play_games{...}: the same run, each game played by a Lua
** function (sim_games.c). */
int mp_sim_games(lua_State *L);

/* sim_play.c: flow:simulate */
int mp_flow_simulate(lua_State *L);
/* Adds flow:simulate to the Flow's methods and opens meeple.bench_kernel
** (wrap_bench.c) and meeple.agent (wrap_agent.c). */
void mp_open_sim(lua_State *L);
void mp_open_bench(lua_State *L);
void mp_open_agent(lua_State *L);

#endif
