/*
** flow_internal.h: what the turn flow's files share. Never included from
** outside engine/src/flow.
**
** The flow is a core (declare.c, play.c, hooks.c, walks.c, scoring.c,
** moves.c, phases.c, undo.c, agent.c) and capabilities (cap_*.c), one
** file per mechanic. Each capability is one row of fl_capabilities
** (capabilities.c): a table of lifecycle callbacks. The core calls the
** rows a flow declared, in table order, at fixed points of the turn, and
** names none of them: it calls through the slot lists (caps/slots.c).
** Calls run one way, capabilities.c -> cap_*.c -> the core's helpers ->
** slots.c, so no loop of calls joins the core and the capabilities
** (tests/structure/loops_test.lua).
**
** Kernel internals the flow uses (gk_internal.h), and why:
**   gk_game's arrays (node_kind, node_tile, node_seg, next, root,
**   figures, tiles, cells, attrs, supply, counter, blobs), gki_find and
**   gki_root_closed: the per-move paths (deploy listing, scoring,
**   majorities, walks) read the board directly, since a call per lookup
**   through gk.h would cost every move;
**   gk_rules' templates, tiles, kind flags, completion and figure specs,
**   and gki_port_seg, gki_cell_index: the same, at freeze and in walks;
**   gki_board_place: placing a move the kernel itself listed without
**   checking it twice;
**   gki_mem and gki_grow: the game's allocator for the flow's buffers;
**   gk_game_copy and the blobs: undoing a failed move by replaying the
**   log into a fresh game (gk_game_new_like, gk_replay) and copying it
**   back in place.
** Everything else goes through gk.h.
*/
#ifndef FLOW_INTERNAL_H
#define FLOW_INTERNAL_H

#include <stdio.h>

#include "gk_flow.h"
#include "gk_internal.h"

/* Sizes of stack buffers that spill to the heap (not limits). */
enum {
  FL_ROOT_LIST_LOCAL = 64,      /* roots a walk keeps on the stack */
  FL_SYSTEM_MEMO_ROOTS = 64,    /* roots a system memo remembers */
  FL_FIGURES_LOCAL = 256        /* figures of a feature sent home at once */
};

typedef struct fl_scoring {
  bool on;
  gk_formula formula;
  int reason;
  unsigned flags;
} fl_scoring;

/* The argument names of one action (named: declared; else its moves
** carry four positional integers). */
typedef struct fl_action_args {
  bool named;
  int n;
  gk_name name[GK_ACTION_ARGS];
} fl_action_args;

typedef struct fl_capability fl_capability;

/* The lifecycle slots of a capability (the callbacks of fl_capability). */
enum fl_slot {
  FL_ON_TURN_BEGIN,
  FL_ON_PART_START,
  FL_ON_DRAW_MOVES,
  FL_ON_FILTER_PLACEMENTS,
  FL_ON_WHY_DRAW_PLACE,
  FL_ON_GOES_ON,
  FL_ON_TILE_WITHOUT_DRAW,
  FL_ON_TILE_PLACED,
  FL_ON_DEPLOY_MOVES,
  FL_ON_SCORE,
  FL_ON_FEATURE_SCORED,
  FL_ON_AFTER_SCORING,
  FL_ON_PHASE_MOVES,
  FL_ON_APPLY,
  FL_ON_FINAL_SCORING,
  FL_ON_TURN_END,
  FL_N_SLOTS
};

/* Lists a figure kind's deploys on the tile just placed, for kinds that do
** not stand on segments of their own (set at freeze by a capability). */
typedef void (*fl_deploy_lister)(gk_play *p, int kind);

/* The declarations of every capability. Each capability reads and writes
** only its own member; the core never touches them. Invariant: a member's
** count (or flag) says how many of its rules are declared. */
typedef struct fl_score_figure_rule {
  int figure;
  bool once_per_owner; /* gk_flow_score_figure_once_per_owner */
  fl_scoring rule;
} fl_score_figure_rule;

typedef struct fl_score_meeting_rule {
  int figure, reason;
  fl_scoring placed, joined;
} fl_score_meeting_rule;

typedef struct fl_gain_rule {
  int kind, attr, counter;
} fl_gain_rule;

typedef struct fl_majority_rule {
  int counter;
  int32_t points;
  int reason;
} fl_majority_rule;

/* A capability's member with nothing in it. */
typedef struct fl_none {
  char unused;
} fl_none;

/* The token pools on the board (cap_token_pool.c): one entry per figure
** holding one, in the order they arrived; every token in a pool, in the
** order drawn, with its pool's figure (one list: it is part of the play's
** position, which a guarded move copies whole); the figures whose
** feature the tile placed this part extended, to be asked in the pool's
** phase. */
typedef struct fl_pool {
  int16_t figure;
  int8_t owner;
  int32_t node;      /* where the figure stood when its pool began */
  int32_t worth;     /* its tokens' values summed */
} fl_pool;
typedef struct fl_pool_state {
  int8_t n, n_asked;
  uint8_t n_tokens;
  int16_t asked[GK_MAX_POOLS];
  fl_pool pool[GK_MAX_POOLS];
  int16_t token_of[GK_MAX_POOL_TOKENS]; /* the figure whose pool holds it */
  uint16_t token[GK_MAX_POOL_TOKENS];   /* its tile type */
} fl_pool_state;

#include "flow/capability_list.h"

/* Every capability's declarations and per-play state: one member each,
** from its row of capability_list.h. */
#define FL_RULES_MEMBER(name, state, ...) __VA_ARGS__ name;
#define FL_STATE_MEMBER(name, state, ...) state name;
typedef struct fl_cap_rules {
  FL_CAPABILITIES(FL_RULES_MEMBER)
} fl_cap_rules;
typedef struct fl_cap_state {
  FL_CAPABILITIES(FL_STATE_MEMBER)
} fl_cap_state;
#undef FL_RULES_MEMBER
#undef FL_STATE_MEMBER

struct gk_flow {
  gk_rules *rules;
  char err[GK_ERR_MAX];
  bool frozen;
  gk_figure_rule figure[GK_MAX_FIGURE_KINDS];
  fl_scoring scoring[GK_MAX_KINDS][2];
  int stack;
  int n_draw_order;       /* stacks played out before one another, ending */
  int draw_order[GK_MAX_STACKS]; /* with stack (stack_order.c); 0: stack */
  int n_phases;
  gk_name phase_name[GK_MAX_PHASES];
  int next_phase[GK_MAX_PHASES];
  /* gathered at freeze: the phase the phase machine runs after each, which
  ** is next_phase's except that it steps over the after-scoring phase when
  ** no capability fills that slot (nothing can happen or wait there) */
  int run_next[GK_MAX_PHASES];
  int n_actions;
  gk_name action_name[GK_MAX_ACTIONS];
  fl_action_args action_args[GK_MAX_ACTIONS]; /* action_args.c */
  fl_cap_rules caps;
  /* gathered at freeze: per lifecycle slot, the declared capabilities
  ** that fill it, in table order (n_on[slot] of them) */
  int n_active;
  uint8_t n_on[FL_N_SLOTS];
  const fl_capability *on[FL_N_SLOTS][GK_MAX_CAPABILITIES];
  /* gathered at freeze: bit per attribute non-zero on a segment, per type */
  uint64_t *tile_attrs;
  uint64_t *tile_kinds; /* per tile type: the kinds of its segments, a bit each */
  /* gathered at freeze: [type][figure kind] the segments whose kind the
  ** figure may stand on (0 for kinds a capability lists itself) */
  uint16_t *deploy_segs;
  fl_deploy_lister deploy_lister[GK_MAX_FIGURE_KINDS]; /* or NULL */
  /* gathered at freeze: each figure kind's fixed majority strength, and
  ** the kinds whose strength is an attribute of the feature instead */
  int32_t strength[GK_MAX_FIGURE_KINDS];
  uint32_t strength_attr_kinds;
  unsigned group[GK_MAX_FIGURE_KINDS]; /* each kind's occupancy groups */
  uint32_t placed_kinds;  /* kinds deployed on a segment: on_kinds set */
  uint32_t tile_blockers; /* kinds with blocks_tile */
  uint32_t dependents;    /* kinds with needs_own (depends.c) */
  int n_tile_types;
};

/* The move a lazy tail's entry stands for (see gk_play.tail_move). */
typedef gk_move (*fl_tail_move)(const gk_play *p, uint32_t entry);
/* The entry of a pass move, whoever wrote the tail. */
#define FL_TAIL_PASS UINT32_MAX

struct gk_play {
  const gk_flow *flow;
  gk_game *game;
  gk_hooks hooks;
  char err[GK_ERR_MAX];
  /* The position: every field a move may change but the placement's
  ** report and closed list, in one block from phase to closed_done, which
  ** undo.c keeps whole before a guarded move (a field a move changes
  ** belongs inside it). */
  int phase;
  int turn, player, part;
  int stack;              /* where this part draws from */
  int tile;               /* drawn type waiting to be placed, or -1 */
  int placed;             /* placed tile index this part, or -1 */
  int n_closed;           /* entries of closed[] this part */
  uint64_t agent_rng;
  bool ending;            /* end the game when this turn ends */
  bool extra_used;        /* this turn already had its extra part */
  int extra_stack;        /* an extra part granted this turn, or -1 */
  /* The legal moves of the waiting phase (their buffers are below). */
  int n_moves;
  /* Who decides them: player + 1, or 0 for the active player (the flow
  ** clears it before each phase lists; a capability or a collector that
  ** offers another player's decision sets it: gk_play_decider). */
  int decider;
  /* In the place-tile phase the moves stay in place[] as the kernel wrote
  ** them, and become gk_moves only when someone asks. */
  bool moves_in_place;
  /* ... or not even written: the kernel finds the i-th one on demand,
  ** which is all a random agent needs. */
  bool moves_lazy;
  bool from_listing;      /* the move being played came from the kernel's
                          ** placement listing as is (lazy or in place) */
  bool formula_bad;       /* a formula could not be counted (no memory) or
                          ** gave more than one score may (the message is
                          ** set); fl_formula_status reports and clears it */
  int drawn_fits;         /* placements of the tile just drawn */
  /* A lazy tail of the figure phase's list (fl_tail_begin): moves
  ** [tail_from, n_moves) are entries of tail[], each a few bytes a
  ** capability turns into its move on demand (tail_move), so that a
  ** random pick among a few hundred portal or fairy moves writes none
  ** of them. NULL: every move is in moves[]. Only fl_list_deploys makes
  ** one, and it ends when its phase's list does: the listing starts
  ** without (fl_list_deploys) and a move played from it takes the move
  ** first (gk_play_apply_index), so the lists in moves[] of the phases
  ** that follow never see a stale tail. */
  fl_tail_move tail_move;
  int tail_from;
  fl_cap_state caps;
  /* bit i: closed[i] already scored by a capability (fl_closed_done) */
  uint64_t closed_done[(GK_REPORT_MAX + 63) / 64];
  /* End of the position. Only a tile placement writes these two, and only
  ** in a part that has placed nothing yet (so n_closed is 0): until then
  ** nothing reads them, which is why the undo of a move leaves them. */
  int32_t closed[GK_REPORT_MAX];
  gk_place_report report;
  void *blob_keep;        /* the blobs' bytes before the move */
  size_t blob_keep_cap;
  size_t blob_kept_bytes;  /* their sum: 0, and the lengths are not kept */
  size_t blob_kept_len[GK_MAX_BLOBS];
  uint32_t blob_kept_stale; /* ... and which of them a host kept newer */
  void *backup;           /* the move list before the move */
  size_t backup_bytes;
  int cap_moves;
  gk_move *moves;
  int cap_tail;
  uint32_t *tail;         /* the lazy tail's entries (tail_move) */
  int32_t cap_place;      /* the kernel's placement listing */
  gk_placement *place;
  gk_hook_filters filters; /* which calls of the hooks are wanted */
  bool guarded;           /* a move that rolls back on a hook failure is running */
  bool blobs_kept;        /* ... and its blobs were kept before its first hook */
  bool game_released;     /* gk_play_release: freeing the play keeps the game */
};

/* {==================================================================
** Capabilities: lifecycle callbacks (any may be NULL)
** =================================================================== */

/* What a capability's apply did with a move. */
enum { FL_NOT_MINE = 0, FL_PLAYED_NEXT = 1, FL_PLAYED_AGAIN = 2 };

/* Final scoring runs in two stages around the features' own final
** scoring; what the first stage finds for the second goes here. */
enum { FL_FINAL_BEFORE = 0, FL_FINAL_AFTER = 1 };

typedef struct fl_final {
  int n_held;             /* figures standing on features at the start */
  struct { int32_t figure, root; int rule; } held[GK_MAX_FINAL_HELD];
} fl_final;

struct fl_capability {
  const char *name;
  bool (*declared)(const gk_flow *f);
  /* after the core's own tables are gathered */
  int (*freeze)(gk_flow *f);
  /* after the turn-begin hook */
  int (*turn_begin)(gk_play *p);
  /* each part of a turn starts: no tile drawn or placed yet */
  void (*part_start)(gk_play *p);
  /* appends draw-phase moves (alternatives to drawing) */
  int (*draw_moves)(gk_play *p);
  /* this part's placements need filtering (before any hook sees them);
  ** filter_placements then keeps some of the materialized place[] */
  bool (*filters_placements)(const gk_play *p);
  void (*filter_placements)(gk_play *p);
  /* why a place move in the draw phase (a tile not drawn) is refused: a
  ** GK_WHY_* reason, or -1 when the tile is none of this capability's */
  int (*why_draw_place)(const gk_play *p, const gk_move *m);
  /* keeps the game going once the draw stack is empty */
  bool (*goes_on)(const gk_play *p);
  /* the active player could play a part without drawing (a tile from
  ** hand): an extra part is granted even when its stack is empty */
  bool (*tile_without_draw)(const gk_play *p);
  /* the move placed a tile (p->report); before the tile-placed hook */
  int (*tile_placed)(gk_play *p, const gk_move *m);
  /* appends place-figure moves (alternatives to a deploy), after the
  ** tile's deploys and their veto, before the collectors */
  int (*deploy_moves)(gk_play *p);
  /* the score phase, before the core scores the closed features: 1 to
  ** wait for a move (listed), 0 to go on */
  int (*score)(gk_play *p);
  /* a closed feature was scored (leaders took the points), before its
  ** figures go home */
  int (*feature_scored)(gk_play *p, int32_t root, uint32_t leaders);
  /* the after-scoring phase: 1 to wait for a move (listed), 0 to go on */
  int (*after_scoring)(gk_play *p);
  /* appends a custom phase's moves, before its collectors */
  int (*phase_moves)(gk_play *p);
  /* a move the core does not know: FL_NOT_MINE, FL_PLAYED_NEXT (on to the
  ** next phase), FL_PLAYED_AGAIN (the phase asks again) or an error */
  int (*apply)(gk_play *p, const gk_move *m);
  /* final scoring, stage FL_FINAL_BEFORE or FL_FINAL_AFTER */
  int (*final_scoring)(gk_play *p, int stage, fl_final *ctx);
  /* the turn's last part is over, before the turn-end hook */
  int (*turn_end)(gk_play *p);
};

extern const fl_capability *const fl_capabilities[];
extern const int fl_n_capabilities;

/* The rows of the table (one per cap_*.c), from capability_list.h. */
#define FL_CAP_EXTERN(name, ...) extern const fl_capability fl_cap_##name;
FL_CAPABILITIES(FL_CAP_EXTERN)
#undef FL_CAP_EXTERN

/* The loops of the core over the declared capabilities filling a slot, in
** table order (caps/slots.c, which calls nothing; fl_caps_freeze is
** capabilities.c's). Callers test has_slot first, so a flow that
** declares none pays one load and compare. */
static inline bool fl_has_slot(const gk_flow *f, int slot) { return f->n_on[slot] != 0; }
int fl_caps_freeze(gk_flow *f);
int fl_caps_turn_begin(gk_play *p);
void fl_caps_part_start(gk_play *p);
int fl_caps_draw_moves(gk_play *p);
bool fl_caps_filters_placements(const gk_play *p);
int fl_caps_why_draw_place(const gk_play *p, const gk_move *m);
int fl_why_cell(const gk_game *g, const gk_move *m, bool into_hole); /* why.c */
void fl_caps_filter_placements(gk_play *p);
bool fl_caps_goes_on(const gk_play *p);
bool fl_caps_tile_without_draw(const gk_play *p);
int fl_caps_tile_placed(gk_play *p, const gk_move *m);
int fl_caps_deploy_moves(gk_play *p);
int fl_caps_score(gk_play *p);
int fl_caps_feature_scored(gk_play *p, int32_t root, uint32_t leaders);
int fl_caps_after_scoring(gk_play *p);
int fl_caps_turn_end(gk_play *p);
int fl_caps_phase_moves(gk_play *p);
int fl_caps_apply(gk_play *p, const gk_move *m);
int fl_caps_final_scoring(gk_play *p, int stage, fl_final *ctx);

/* }================================================================== */

/* {==================================================================
** Core services the capabilities use
** =================================================================== */

/* action_args.c: a capability's action takes these argument names */
int fl_action_layout(gk_flow *f, int action, const char *what, int n, const char *const *names);
/* action_args.c: an action whose moves name a node of the board: its
** arguments are x, y, segment (from 1). fl_node_action_layout declares
** that layout for a capability ('what' names it in errors);
** fl_action_node reads the node a move of it names, or sets the play's
** error ("ACTION: no segment S at X Y") and returns -1. */
int fl_node_action_layout(gk_flow *f, int action, const char *what);
int32_t fl_action_node(gk_play *p, const gk_move *m);
/* declare.c */
void fl_flow_error(gk_flow *f, const char *fmt, ...);
int fl_check_open(gk_flow *f, const char *what);
bool fl_term_ok(const gk_rules *r, int t, int a, bool in_system);
bool fl_formula_ok(const gk_rules *r, const gk_formula *fm);
/* Does a tile type pass the filter (any of its tags, attributes, segment
** kinds; an empty filter passes all)? Inline: capabilities ask it of the
** tile placed at every placement and listing, mostly to learn "no". */
static inline bool fl_tile_passes(const gk_flow *f, int type, const gk_tile_filter *filter) {
  if (!filter->tags && !filter->attrs && !filter->kinds) return true;
  if (type < 0 || type >= f->n_tile_types) return false;
  return (f->rules->tiles[type].def.tags & filter->tags) || (f->tile_attrs[type] & filter->attrs) ||
         (f->tile_kinds[type] & filter->kinds);
}
int fl_turn_stack(const gk_play *p);
int fl_joins_kind(const gk_flow *f, int stack); /* the kind stack's tiles join, or -1 */
unsigned fl_kind_ports(const gk_tile_def *td, int kind);
/* cap_turns.c: the turn a joining placement makes, as state.last holds it */
enum { FL_TURN_NONE = 0, FL_TURN_STRAIGHT = 1, FL_TURN_RIGHT = 2, FL_TURN_LEFT = 4 };
bool fl_turns_wanted(const gk_play *p);
bool fl_turns_allow(const gk_play *p, const gk_placement *pl, unsigned ports);
/* cap_companion.c: the node the companion stands on, or -1 */
int32_t fl_companion_node(const gk_play *p);

/* The closed features a capability already scored (bits: they
** are part of the position a guarded move copies) */
static inline bool fl_closed_done(const gk_play *p, int i) {
  return (p->closed_done[i >> 6] >> (i & 63)) & 1u;
}
static inline void fl_set_closed_done(gk_play *p, int i) {
  p->closed_done[i >> 6] |= 1ull << (i & 63);
}

/* hooks.c */
static inline bool fl_has_hook(const gk_play *p, int hook) {
  return (p->hooks.present >> hook) & 1;
}
int fl_call_hook(gk_play *p, gk_hook_call *c);
int fl_notify(gk_play *p, int hook, int32_t value);
int fl_filter_moves(gk_play *p, int hook);
/* Lets a filter hook drop listed moves (hooks.c); without one, a test. */
static inline int fl_filter(gk_play *p, int hook) {
  return fl_has_hook(p, hook) && p->n_moves != 0 ? fl_filter_moves(p, hook) : GK_OK;
}
/* Does a collector want moves in this phase? */
static inline bool fl_collects(const gk_play *p, int phase) {
  if (!fl_has_hook(p, GK_HOOK_COLLECT)) return false;
  return p->hooks.collect_phases == 0 || ((p->hooks.collect_phases >> phase) & 1);
}
int fl_collect_moves(gk_play *p);
/* Asks the collectors for moves (hooks.c); most phases of most games
** have none, and then this costs a test, not a call. */
static inline int fl_collect(gk_play *p) {
  return fl_collects(p, p->phase) ? fl_collect_moves(p) : GK_OK;
}

/* walks.c: features of kinds joined through segment adjacency. A list
** of feature roots that starts on the stack and grows on the heap. */
typedef struct fl_root_list {
  int32_t *v;
  int32_t n, cap;
  int32_t local[FL_ROOT_LIST_LOCAL];
} fl_root_list;

void fl_roots_init(fl_root_list *l);
void fl_roots_free(gk_game *g, fl_root_list *l);
bool fl_root_holds(const gk_play *p, int32_t root, unsigned groups, int kind);
int fl_gather_system(gk_play *p, int32_t root, uint64_t kinds, fl_root_list *l,
                     unsigned stop_groups, int stop_kind);

/* What the last walk of a system found: the other segments of a tile
** usually lie in the same system, which is then walked once per listing. */
typedef struct fl_system_memo {
  uint64_t kinds;
  unsigned groups;
  bool held;
  int n; /* roots kept; 0: nothing */
  int32_t roots[FL_SYSTEM_MEMO_ROOTS];
} fl_system_memo;

bool fl_system_holds(gk_play *p, int32_t root, uint64_t kinds, unsigned groups, int kind,
                     fl_system_memo *memo);
bool fl_attrs_hold(const gk_game *g, int32_t root, uint64_t mask);

/* scoring.c */
int32_t fl_formula_sum(gk_play *p, int32_t root, const fl_scoring *sr, bool conditional,
                       uint32_t with_figures);
/* After fl_formula_sum: an error (the play's message set) when a term
** could not be counted for lack of memory or the sum was beyond
** +-GK_MAX_POINTS (fl_formula_sum then gave 0), else GK_OK. */
int fl_formula_status(gk_play *p);
/* st, after making sure a failure (st < 0) leaves the play a message:
** the game's, from the kernel call that failed. */
int fl_with_reason(gk_play *p, int st);
/* Scores pts (any int64_t: a formula's sum, a hook's value plus terms)
** to player pl, refusing a value beyond +-GK_MAX_POINTS with a message
** naming it and the reason, and copying the kernel's message on failure. */
int fl_score(gk_play *p, int pl, int64_t pts, int reason, int32_t root);
int fl_score_feature(gk_play *p, int32_t node, gk_when when, uint32_t *leaders_out, int32_t *points_out);
int fl_score_closed(gk_play *p, int32_t root);
int fl_final_scoring(gk_play *p);

/* moves.c */
/* The occupancy check that refuses a figure there, as a gk_why. */
int fl_occupancy_refusal(const gk_play *p, int kind, int32_t root);

static inline gk_move fl_move_at(const gk_play *p, int i) {
  if (p->moves_lazy) {
    gk_placement pl = {0, 0, 0};
    gk_placement_at(p->game, p->tile, i, &pl);
    return (gk_move){.type = GK_MOVE_PLACE, .tile = p->tile, .x = pl.x, .y = pl.y, .rot = pl.rot};
  }
  if (!p->moves_in_place) {
    if (p->tail_move && i >= p->tail_from) {
      uint32_t e = p->tail[i - p->tail_from];
      return e == FL_TAIL_PASS ? (gk_move){.type = GK_MOVE_PASS} : p->tail_move(p, e);
    }
    return p->moves[i];
  }
  return (gk_move){.type = GK_MOVE_PLACE, .tile = p->tile, .x = p->place[i].x,
                   .y = p->place[i].y, .rot = p->place[i].rot};
}
int fl_grow_moves(gk_play *p, int need);
/* Room for `need` moves in moves[]: a test, and a call only to grow. */
static inline int fl_reserve_moves(gk_play *p, int need) {
  return need <= p->cap_moves ? GK_OK : fl_grow_moves(p, need);
}
int fl_materialize(gk_play *p);
/* The lazy tail (gk_play.tail_move). fl_tail_begin starts one written by
** fn after the moves listed so far (a tail of another writer is written
** out first) and makes room for `more` entries, and as many moves in
** moves[], so that writing it out never allocates; fl_tail_settle writes
** it out, for anyone about to read or append to moves[]. */
int fl_tail_begin(gk_play *p, fl_tail_move fn, int more);
void fl_tail_write_out(gk_play *p);
static inline void fl_tail_settle(gk_play *p) {
  if (p->tail_move) fl_tail_write_out(p);
}
/* Appends a pass: to the tail while there is one. */
static inline int fl_append_pass(gk_play *p) {
  int st = fl_reserve_moves(p, p->n_moves + 1);
  if (st) return st;
  if (p->tail_move) {
    if (p->n_moves - p->tail_from < p->cap_tail) {
      p->tail[p->n_moves++ - p->tail_from] = FL_TAIL_PASS;
      return GK_OK;
    }
    fl_tail_write_out(p);
  }
  p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_PASS};
  return GK_OK;
}
int fl_list_placements(gk_play *p);
bool fl_deployable(const gk_play *p, int kind, int32_t node);
unsigned fl_kinds_on(const gk_play *p, const int *kinds, int n, int feature_kind);
unsigned fl_root_takes(const gk_play *p, const int *kinds, int n, int32_t root);
bool fl_tile_blocked(const gk_play *p, int32_t t); /* a blocks_tile figure stands on t */
int fl_list_deploys(gk_play *p);

/* phases.c */
int fl_advance(gk_play *p);
/* depends.c: dependent figures (needs_own) go home once alone; settle
** returns how many it sent home, or an error */
bool fl_has_company(const gk_play *p, int32_t f, unsigned groups);
int fl_settle_dependents(gk_play *p);
int fl_play_move(gk_play *p, const gk_move *m);

/* hooks.c: the blobs kept before a guarded move's first hook (undo.c
** puts them back) */
int fl_keep_blobs(gk_play *p);

/* }================================================================== */

#endif
