/*
** meeple.h: meeple for C and C++ programs: load a game with its scripts,
** play it, score it, record it.
**
** Games load through meeple's Lua layer, as the meeple command does: each
** loaded game gets a Lua state of its own whose scripts run sandboxed
** (allow-listed library, instruction budget, memory cap; see
** docs/sandbox.md). The program never touches Lua. Link with
** `pkg-config --cflags --libs meeple` or CMake's find_package(meeple).
**
**   meeple_options o = MEEPLE_OPTIONS_INIT;
**   o.game = "base"; o.players = 2; o.seed = 7;
**   char err[256];
**   meeple_game *g = meeple_load(&o, err, sizeof err);
**   if (!g) { fprintf(stderr, "%s\n", err); return 1; }
**   while (!meeple_over(g)) meeple_random_move(g);
**   int32_t scores[MEEPLE_MAX_PLAYERS];
**   meeple_scores(g, scores, MEEPLE_MAX_PLAYERS);
**   meeple_free(g);
**
** Files: scripts/NAME.lua and tiles/ are looked for under each root of
** o.path (colon-separated), then of $MEEPLE_PATH, then the installed data
** directory. A name with a '/' or ending in .lua is a file path.
**
** Errors: functions returning int return a negative number on failure
** and meeple_error(g) says why in one line; the game is unchanged by a
** failed move. Moves are numbered from 0 here (from 1 in Lua).
**
** Threads: a game, its clones and the games reset from it share one Lua
** state; use them from one thread at a time. Separately loaded games are
** independent.
*/
#ifndef MEEPLE_H
#define MEEPLE_H

#include <stddef.h>
#include <stdint.h>

#include "meeple_version.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MEEPLE_VERSION MEEPLE_VERSION_STRING /* CMakeLists.txt's project(VERSION) */
#define MEEPLE_MAX_PLAYERS 16

typedef struct meeple_game meeple_game;

typedef struct meeple_options {
  const char *game;           /* game script; NULL: "base" */
  const char *const *with;    /* expansions, NULL-terminated; may be NULL */
  const char *const *rules;   /* house-rule scripts, NULL-terminated */
  const char *const *options; /* "key=value" settings, NULL-terminated */
  int players;                /* 0: the game's default */
  uint64_t seed;              /* the game's seed (also the random agent's) */
  const char *path;           /* roots searched first, "a:b"; may be NULL */
  long budget;                /* instructions per script call; 0: default */
  size_t memory_cap;          /* bytes for the scripts' state; 0: default */
} meeple_options;

#define MEEPLE_OPTIONS_INIT {NULL, NULL, NULL, NULL, 0, 1, NULL, 0, 0}

/* Loads the scripts and starts a game. NULL on failure, with the message
** in err (file:line: ... for a script error). */
meeple_game *meeple_load(const meeple_options *o, char *err, size_t errcap);

/* Re-plays a game record (as meeple_record or `meeple play --record`
** writes), checking every state in it. */
meeple_game *meeple_replay(const char *record, size_t len, const char *path,
                           char *err, size_t errcap);

/* An independent copy of the game (same rules, same Lua state). */
meeple_game *meeple_clone(meeple_game *g);

/* A new game of the same rules and setup with another seed. */
meeple_game *meeple_reset(meeple_game *g, uint64_t seed);

/* Frees the game; NULL is ignored. */
void meeple_free(meeple_game *g);

/* The one-line message of the last failure on g ("" if none). */
const char *meeple_error(const meeple_game *g);

int meeple_players(meeple_game *g);
int meeple_over(meeple_game *g);       /* 1 once the game has ended */
int meeple_player(meeple_game *g);     /* the player to move, from 1 */
int meeple_decider(meeple_game *g);    /* who chooses the next move, from 1: the
                                        * player to move but for another
                                        * player's decision (a bid) */
int meeple_turn(meeple_game *g);       /* from 1 */

/* Legal moves now: their number, and the text of move i ("place D 1,0
** r1", "deploy meeple N", "pass", ...). meeple_move_name returns the
** text's length (truncated to cap - 1) or < 0. */
int meeple_move_count(meeple_game *g);
int meeple_move_name(meeple_game *g, int i, char *buf, size_t cap);

/* Plays legal move i, or the move with that text; returns the points the
** moving player gained by it (>= 0), or < 0 if the move is not legal. */
int meeple_apply(meeple_game *g, int i);
int meeple_apply_text(meeple_game *g, const char *move);

/* The random agent's move; returns its index, < 0 on failure. */
int meeple_random_move(meeple_game *g);

/* One step for a learning agent: legal move 'action', or the random
** agent's move when action < 0. Returns the index played (>= 0) and sets
** *gained (if not NULL) to the points the moving player (the decider:
** meeple_decider before the step) gained; < 0 if
** the move is not legal or the game is over. */
int meeple_step(meeple_game *g, int action, int *gained);

/* Whether the game was over after the last meeple_step (no call into Lua:
** for stepping many games fast). */
int meeple_step_over(const meeple_game *g);

/* Scores of players 1..n into out[0..n-1]; returns n (players), < 0 on
** failure. */
int meeple_scores(meeple_game *g, int32_t *out, int cap);

/* The game record (JSON Lines): malloc'd, NUL-terminated, free() it.
** NULL on failure. */
char *meeple_record(meeple_game *g, size_t *len);

/* Plays 'games' random games in C (seeds seed, seed+1, ...); writes each
** game's final scores to out[game * players + p]; returns players, or < 0
** with the message in err. out holds games * MEEPLE_MAX_PLAYERS. */
int meeple_simulate(const meeple_options *o, int games, uint64_t seed, int32_t *out,
                    char *err, size_t errcap);

/* {------------------------------------------------------------------
** Observation: the state as fixed-size numbers, for learning agents
** (docs/python.md describes every field).
** ------------------------------------------------------------------- */

#define MEEPLE_OBS_RADIUS 15                       /* cells each side of 0,0 */
#define MEEPLE_OBS_SIDE (2 * MEEPLE_OBS_RADIUS + 1)
#define MEEPLE_OBS_PLANES 4
#define MEEPLE_OBS_FIGURE_KINDS 8
#define MEEPLE_OBS_MAX_ACTIONS 512

typedef struct meeple_observation {
  /* board[y][x][plane], cell (x - R, y - R): plane 0 tile type + 1 (0:
  ** empty), 1 rotation (quarter turns), 2 owner + 1 of a figure on the
  ** tile (0: none), 3 number of figures on the tile. */
  int16_t board[MEEPLE_OBS_SIDE][MEEPLE_OBS_SIDE][MEEPLE_OBS_PLANES];
  int32_t scores[MEEPLE_MAX_PLAYERS];                  /* 0 past players */
  int16_t supply[MEEPLE_MAX_PLAYERS][MEEPLE_OBS_FIGURE_KINDS]; /* figures left */
  /* player (from 1), turn (from 1), tile to place (type + 1, 0: none),
  ** legal moves, tiles left in the stacks, over (0/1), tiles placed,
  ** tiles outside the board window */
  int32_t status[8];
  uint8_t action_mask[MEEPLE_OBS_MAX_ACTIONS]; /* 1: move i is legal */
} meeple_observation;

/* Fills *out; returns 0, < 0 on failure. */
int meeple_observe(meeple_game *g, meeple_observation *out);

/* The number of tile types and their ids (type t is "tile t + 1" in the
** board's plane 0). */
int meeple_tile_types(meeple_game *g);
const char *meeple_tile_id(meeple_game *g, int type);

#ifdef __cplusplus
}
#endif

#endif
