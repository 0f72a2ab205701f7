/*
** gk_limits.h: every fixed capacity of meeple, in one place: the kernel's,
** the turn flow's and the bindings'. Exceeding one is an error whose
** message names it, never a silent skip. Included by gk.h. The Lua side
** reads the same numbers from meeple.limits (bindings/objects/checks.c);
** it never repeats one.
*/
#ifndef GK_LIMITS_H
#define GK_LIMITS_H

/* {====================================================================
** Rules and games (gk.h)
** ===================================================================== */
enum {
  GK_MAX_SEGMENTS = 16,      /* segments per tile type */
  GK_MAX_SEG_ATTRS = 8,      /* attributes set on one segment */
  GK_MAX_TAGS = 64,          /* distinct tile tags per rules */
  GK_MAX_KINDS = 64,         /* segment kinds per rules */
  GK_MAX_ATTRS = 64,         /* attribute names per rules */
  GK_MAX_FIGURE_KINDS = 32,
  GK_MAX_PLAYERS = 8,
  GK_MAX_STACKS = 8,
  GK_MAX_COUNTERS = 16,      /* per-player counters (trade goods, ...) */
  GK_NAME_MAX = 47,          /* longest name the kernel stores */
  GK_MAX_BLOBS = 32,         /* blob slots of a game */
  GK_MAX_FORCE = 4096,       /* tiles one forced stack order names */
  GK_MAX_CLASSES = 64,       /* edge-matching classes per rules */
  GK_MAX_REGIONS = 16,       /* rectangles a board may be limited to */
  GK_MAX_WINDOW_SIDE = 32000, /* cells along one side of the board window */
  GK_MAX_COORD = 1 << 20,    /* |x| and |y| of any cell */
  GK_MAX_POINTS = 1000000,   /* points one score event gives or takes, a
                             ** counter's one change, a formula term's factor */
  GK_MAX_SCORE = 1000000000, /* |a player's score| and |a counter| */
  GK_MAX_TILE_COUNT = 10000, /* copies of one tile type (a tile file's xN,
                             ** one stack_add) */
  GK_MAX_GAME_TILES = 10000, /* tiles of one game: in its stacks and on the
                             ** board; with no hook to charge, this bounds a
                             ** game's work */
  GK_MAX_TURNS = 20000       /* turns of one game (a turn need not draw a tile) */
};
/* Largest board window, in cells. Tiles must touch, so a real game stays
** far below it; it only stops absurd fixed placements. */
#define GK_MAX_WINDOW_CELLS (16u << 20)
/* Longest error message kept (longer ones are cut). */
#define GK_ERR_MAX 256

/* }==================================================================== */

/* {====================================================================
** The turn flow's declarations (gk_flow.h)
** ===================================================================== */
enum {
  GK_MAX_TERMS = 8,             /* terms of one scoring formula */
  GK_MAX_PHASES = 48,           /* phases, built-in ones included */
  GK_MAX_ACTIONS = 32,          /* named custom actions */
  GK_ACTION_ARGS = 4,           /* integer arguments of an action move (gk_move.arg) */
  GK_LINE_MAX_START = 8,        /* start cells of line markers */
  GK_MAX_SYSTEMS = 4,           /* gk_flow_add_system rules */
  GK_MAX_RECALLS = 4,           /* gk_flow_add_recall rules */
  GK_MAX_WALK_STEPS = 16,       /* moves of one walk (gk_walker_rule) */
  GK_MAX_RELOCATIONS = 4,       /* gk_flow_add_relocate rules */
  GK_MAX_SCORE_FIGURES = 4,   /* gk_flow_add_score_figure rules */
  GK_MAX_SCORE_MEETINGS = 4,    /* gk_flow_add_score_meeting rules */
  GK_MAX_EXTRA_PARTS = 4,       /* gk_flow_add_extra_part rules */
  GK_MAX_TILE_VARIANTS = 64,    /* (tile, variant) pairs of gk_flow_add_tile_variants */
  GK_MAX_POOLS = 16,            /* figures holding a token pool at once (gk_token_pool_rule) */
  GK_MAX_POOL_TOKENS = 32,      /* tokens in all pools at once */
  GK_MAX_CAPABILITIES = 32,     /* rows of the flow's capability table */
  GK_MAX_FINAL_HELD = 256,      /* figures a figure scoring scores at the end */
  GK_MAX_REACH = 512,           /* features a relocating figure may reach */
  GK_MAX_COLLECTED = 2048       /* moves one phase's collect hooks may add (a
                                ** figure onto any segment of the board) */
};

/* }==================================================================== */

/* {====================================================================
** The bindings
** ===================================================================== */
enum {
  GK_MAX_JOBS = 64,             /* processes of one flow:simulate (sim --jobs) */
  GK_MAX_REPLAY_EVENTS = 1000000, /* events one g:replay() call takes (a game logs a few thousand) */
  GK_MAX_FORCED_TILES = 100000, /* tile ids one g:force() call takes */
  GK_BENCH_LISTING = 1024,      /* placements one timed listing of meeple bench holds */
  GK_BENCH_FIGURES = 64,        /* figures returned per call in a bench playout */
  GK_MAX_RECORD_FILES = 256,    /* entries of a game record's `files` list */
  GK_MAX_FILE_BYTES = 16 << 20  /* any input file: script, tile set, scenario,
                                ** record, bot */
};

/* }==================================================================== */

#endif
