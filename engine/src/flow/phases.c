/*
** phases.c: running the phase machine and playing a move.
**
** Invariant: between calls the play waits in a phase with its legal
** moves listed, or is over; a phase with no choice never waits.
*/
#include <limits.h>

#include "flow/flow_internal.h"

/* {==================================================================
** Running the phases
** =================================================================== */

static int next_of(const gk_play *p, int phase) { return p->flow->run_next[phase]; }

static int start_part(gk_play *p) {
  p->tile = -1;
  p->placed = -1;
  p->n_closed = 0;
  if (fl_has_slot(p->flow, FL_ON_PART_START)) fl_caps_part_start(p);
  return GK_OK;
}

/* Draws until a tile fits somewhere, discarding the others (logged as
** the kernel's gk_stack_draw_placeable does), and remembers how many
** placements it has. */
static int draw_placeable(gk_play *p) {
  for (;;) {
    int t = gk_stack_draw(p->game, p->stack);
    if (t < 0) {
      /* the stack in play ran out (its last tiles fit nowhere): the next */
      int next = t == GK_EEMPTY && p->part == 1 ? fl_turn_stack(p) : p->stack;
      if (next == p->stack || gk_stack_size(p->game, next) == 0) return t;
      p->stack = next;
      continue;
    }
    int n = gk_count_placements(p->game, t);
    if (n > 0) {
      p->drawn_fits = n;
      return t;
    }
    int st = gk_discard(p->game, t);
    if (st) return st;
  }
}

/* Each phase below runs once and returns PHASE_AGAIN after choosing the
** next phase, or what fl_advance returns: GK_OK when the play waits for
** a move (with moves listed) or is over, else an error. */
#define PHASE_AGAIN INT_MAX

/* Moves on to the phase after the current one. */
static int move_on(gk_play *p) {
  p->phase = next_of(p, p->phase);
  return PHASE_AGAIN;
}

static int begin_turn(gk_play *p) {
  int st = gki_set_turn(p->game, p->turn, p->player);
  if (!st) st = start_part(p);
  if (!st) st = fl_notify(p, GK_HOOK_TURN_BEGIN, 0);
  /* after the hook: a house rule may do some of it itself */
  if (!st && fl_has_slot(p->flow, FL_ON_TURN_BEGIN)) st = fl_caps_turn_begin(p);
  if (st) return st;
  return move_on(p);
}

/* Alternatives to the ordinary draw (capabilities', collectors'): when
** there are some, they wait as moves, with the draw among them while
** the stack has tiles. *waits tells whether the play waits. */
static int draw_alternatives(gk_play *p, bool *waits) {
  int st;
  *waits = false;
  if (fl_has_slot(p->flow, FL_ON_DRAW_MOVES)) {
    st = fl_caps_draw_moves(p);
    if (st) return st;
  }
  if (p->n_moves == 0 && !fl_collects(p, GK_PHASE_DRAW)) return GK_OK;
  st = fl_collect(p);
  if (st || p->n_moves == 0) return st;
  st = fl_reserve_moves(p, p->n_moves + 1);
  if (st) return st;
  if (gk_stack_size(p->game, p->stack) > 0) p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_DRAW};
  *waits = true;
  return GK_OK;
}

static int draw(gk_play *p) {
  if (p->tile >= 0) return move_on(p); /* a hook already chose the tile */
  bool waits;
  int st = draw_alternatives(p, &waits);
  if (st || waits) return st;
  int t = draw_placeable(p);
  if (t == GK_EEMPTY) {
    /* an extra part finds nothing left: the turn just ends; so does
    ** the turn of a player with nothing to do while a capability
    ** keeps the game going (an end round for tiles in hand) */
    bool goes_on = fl_has_slot(p->flow, FL_ON_GOES_ON) && fl_caps_goes_on(p);
    p->phase = p->part > 1 || goes_on ? GK_PHASE_END_TURN : GK_PHASE_GAME_END;
    return PHASE_AGAIN;
  }
  if (t < 0) {
    gk_play_set_error(p, "%s", gk_game_error(p->game));
    return t;
  }
  p->tile = t;
  st = fl_notify(p, GK_HOOK_TILE_DRAWN, t);
  if (st) return st;
  return move_on(p);
}

static int place_tile(gk_play *p) {
  if (p->tile < 0 || p->placed >= 0) return move_on(p);
  int st = fl_list_placements(p);
  if (st) return st;
  if (p->n_moves > 0) return GK_OK;
  /* every placement vetoed: the tile leaves the game */
  st = gk_discard(p->game, p->tile);
  if (st) return st;
  p->tile = -1;
  p->phase = GK_PHASE_DRAW;
  return PHASE_AGAIN;
}

static int place_figure(gk_play *p) {
  int st = fl_list_deploys(p);
  if (st || p->n_moves == 0) {
    /* a capability may have begun a tail and listed nothing in it: the
    ** next phase's list is in moves[] */
    p->tail_move = NULL;
    return st ? st : move_on(p);
  }
  return fl_append_pass(p);
}

/* Scores each feature the placement closed once (two closed ports may
** name one feature), skipping those a capability already scored. */
static int score(gk_play *p) {
  gk_game *g = p->game;
  if (fl_has_slot(p->flow, FL_ON_SCORE)) {
    int st = fl_caps_score(p);
    if (st < 0) return st;
    if (st > 0) return GK_OK; /* a capability waits for a move */
  }
  for (int i = 0; i < p->n_closed; i++) {
    if (fl_closed_done(p, i)) continue;
    int32_t root = gki_find(g, p->closed[i]);
    bool seen = false;
    for (int j = 0; j < i && !seen; j++) seen = gki_find(g, p->closed[j]) == root;
    if (seen) continue;
    int st = fl_score_closed(p, root);
    if (st < 0) return st;
  }
  p->n_closed = 0;
  return move_on(p);
}

static int after_scoring(gk_play *p) {
  if (fl_has_slot(p->flow, FL_ON_AFTER_SCORING)) {
    int st = fl_caps_after_scoring(p);
    if (st < 0) return st;
    if (st > 0) return GK_OK; /* a capability waits for a move */
  }
  return move_on(p);
}

/* Another part of the turn from stack `extra` (or none: -1)? */
static bool extra_part_playable(gk_play *p, int32_t extra) {
  return extra >= 0 && extra < p->game->rules->n_stacks &&
         (gk_stack_size(p->game, extra) > 0 ||
          (fl_has_slot(p->flow, FL_ON_TILE_WITHOUT_DRAW) && fl_caps_tile_without_draw(p)));
}

static int end_part(gk_play *p) {
  /* a declared rule may have granted it; a hook has the last word */
  int32_t extra = p->extra_used ? -1 : p->extra_stack;
  p->extra_stack = -1;
  if (fl_has_hook(p, GK_HOOK_EXTRA_PART)) {
    gk_hook_call c = {.hook = GK_HOOK_EXTRA_PART, .phase = p->phase, .feature = -1, .value = extra};
    int st = fl_call_hook(p, &c);
    if (st) return st;
    extra = c.value;
  }
  if (!extra_part_playable(p, extra)) return move_on(p);
  p->extra_used = true;
  p->part++;
  p->stack = extra;
  start_part(p);
  p->phase = GK_PHASE_DRAW;
  return PHASE_AGAIN;
}

static int end_turn(gk_play *p) {
  gk_game *g = p->game;
  int st = fl_has_slot(p->flow, FL_ON_TURN_END) ? fl_caps_turn_end(p) : GK_OK;
  if (!st) st = fl_notify(p, GK_HOOK_TURN_END, 0);
  if (st) return st;
  /* a turn need not draw a tile (a collector's, a capability's moves):
  ** this bounds a game the tile limit does not */
  if (p->turn + 1 >= GK_MAX_TURNS) {
    gk_play_set_error(p, "the game reached %d turns, the most one may have", GK_MAX_TURNS);
    return GK_EINVAL;
  }
  p->player = (p->player + 1) % g->n_players;
  p->turn++;
  p->part = 1;
  p->extra_used = false;
  p->extra_stack = -1;
  p->stack = p->flow->n_draw_order > 1 ? fl_turn_stack(p) : p->flow->stack;
  bool over = p->ending || (gk_stack_size(g, p->stack) == 0 && !fl_collects(p, GK_PHASE_DRAW) &&
                            !(fl_has_slot(p->flow, FL_ON_GOES_ON) && fl_caps_goes_on(p)));
  p->phase = over ? GK_PHASE_GAME_END : GK_PHASE_BEGIN_TURN;
  return PHASE_AGAIN;
}

static int game_end(gk_play *p) {
  /* what scores from here on scores after the last turn */
  int st = gki_set_turn(p->game, p->turn, p->player);
  if (st) return st;
  return move_on(p);
}

static int final_scoring(gk_play *p) {
  int st = fl_final_scoring(p);
  if (st) return st;
  p->phase = GK_PHASE_GAME_OVER;
  return PHASE_AGAIN;
}

/* A script's phase: moves come from capabilities and collectors. */
static int custom_phase(gk_play *p) {
  int st = fl_has_slot(p->flow, FL_ON_PHASE_MOVES) ? fl_caps_phase_moves(p) : GK_OK;
  if (!st) st = fl_collect(p);
  if (st) return st;
  if (p->n_moves > 0) return GK_OK;
  st = fl_notify(p, GK_HOOK_PHASE, 0);
  if (st) return st;
  p->phase = next_of(p, p->phase);
  if (p->phase < 0) p->phase = GK_PHASE_GAME_OVER;
  return PHASE_AGAIN;
}

static int run_phase(gk_play *p) {
  switch (p->phase) {
    case GK_PHASE_BEGIN_TURN: return begin_turn(p);
    case GK_PHASE_DRAW: return draw(p);
    case GK_PHASE_PLACE_TILE: return place_tile(p);
    case GK_PHASE_PLACE_FIGURE: return place_figure(p);
    case GK_PHASE_SCORE: return score(p);
    case GK_PHASE_AFTER_SCORING: return after_scoring(p);
    case GK_PHASE_END_PART: return end_part(p);
    case GK_PHASE_END_TURN: return end_turn(p);
    case GK_PHASE_GAME_END: return game_end(p);
    case GK_PHASE_FINAL_SCORING: return final_scoring(p);
    case GK_PHASE_GAME_OVER: return GK_OK;
    default: return custom_phase(p);
  }
}

/* Runs phases until one waits for a move (with moves listed) or the game
** is over. Before each phase, whatever the move or the last phase sent
** home takes its dependent figures with it (depends.c); so does what a
** waiting phase sent home before listing its moves (a wagon with nowhere
** to go), and if that sends a figure home the phase lists them again. */
int fl_advance(gk_play *p) {
  for (;;) {
    p->n_moves = 0;
    p->decider = 0;
    p->moves_in_place = false;
    p->moves_lazy = false;
    int st = p->game->vacated ? fl_settle_dependents(p) : GK_OK;
    if (st < 0) return st;
    st = run_phase(p);
    if (st == PHASE_AGAIN) continue;
    if (st != GK_OK || !p->game->vacated) return st;
    st = fl_settle_dependents(p);
    if (st <= 0) return st; /* nothing sent home: the moves stand */
  }
}

int gk_play_set_first_player(gk_play *p, int player) {
  if (!p) return GK_EINVAL;
  if (p->turn != 0 || p->phase != GK_PHASE_BEGIN_TURN || !gki_valid_player(p->game, player)) {
    gk_play_set_error(p, "the first player can only be chosen before the first turn");
    return GK_EINVAL;
  }
  p->player = player;
  return GK_OK;
}

int gk_play_start(gk_play *p) {
  if (!p) return GK_EINVAL;
  /* the stacks are filled by now: the first turn draws in their order */
  if (p->phase == GK_PHASE_BEGIN_TURN && p->part == 1 && p->flow->n_draw_order > 1)
    p->stack = fl_turn_stack(p);
  return fl_with_reason(p, fl_advance(p));
}

int gk_play_moves(gk_play *p, gk_move *out, int cap) {
  if (!p) return GK_EINVAL;
  if (cap < 0 || (cap > 0 && !out)) {
    gk_play_set_error(p, "moves: bad output buffer");
    return GK_EINVAL;
  }
  if (cap > 0 && p->moves_lazy) {
    int st = fl_materialize(p);
    if (st) return st;
  }
  for (int i = 0; i < p->n_moves && i < cap; i++) out[i] = fl_move_at(p, i);
  return p->n_moves;
}

/* A tile placement: on the board, then the capabilities and the hook. */
static int place_move(gk_play *p, const gk_move *m) {
  gk_game *g = p->game;
  int st;
  /* one placement a part: undo.c relies on it to leave report and closed.
  ** A collector's moves are checked for it (check_collected); this guards
  ** every other way a script could offer one, refused, never assumed. */
  if (p->placed >= 0 || p->n_closed != 0) {
    gk_play_set_error(p, "place: this turn part has placed its tile already (one placement a part)");
    return GK_EILLEGAL;
  }
  if (p->phase == GK_PHASE_DRAW) p->tile = m->tile; /* played from hand */
  if (p->from_listing) {
    /* the kernel listed it, so the checks of gk_place_tile would only
    ** repeat the listing's */
    assert(gk_can_place(g, m->tile, m->x, m->y, m->rot) == 1);
    st = gki_board_place(g, m->tile, m->x, m->y, m->rot, false, &p->report);
  } else {
    st = gk_place_tile(g, m->tile, m->x, m->y, m->rot, &p->report);
  }
  if (st) {
    gk_play_set_error(p, "%s", gk_game_error(g));
    return st;
  }
  p->placed = p->report.tile;
  p->n_closed = p->report.n_closed;
  /* most placements close nothing: no call to memcpy for 0 bytes */
  if (p->n_closed)
    memcpy(p->closed, p->report.closed, sizeof(int32_t) * (size_t)p->report.n_closed);
  if (fl_has_slot(p->flow, FL_ON_TILE_PLACED)) {
    st = fl_caps_tile_placed(p, m); /* still in the phase it was played in */
    if (st < 0) return st;
  }
  p->phase = GK_PHASE_PLACE_TILE;
  return fl_notify(p, GK_HOOK_TILE_PLACED, 0);
}

static int deploy_move(gk_play *p, const gk_move *m) {
  gk_game *g = p->game;
  gk_location at = m->at;
  /* a to_tile kind listed on a segment of the placed tile stands on the
  ** tile; the move (and the figure_placed hook) still names the segment */
  if (at.where == GK_AT_NODE && p->flow->figure[m->figure_kind].to_tile &&
      gk_node_tile(g, at.a) == p->placed)
    at = (gk_location){GK_AT_TILE, p->placed, 0};
  int f = gk_figure_deploy(g, p->player, m->figure_kind, at);
  if (f < 0) {
    gk_play_set_error(p, "%s", gk_game_error(g));
    return f;
  }
  if (!fl_has_hook(p, GK_HOOK_FIGURE_PLACED) ||
      (p->filters.placed_figures && !((p->filters.placed_figures >> m->figure_kind) & 1)))
    return GK_OK;
  gk_hook_call c = {
      .hook = GK_HOOK_FIGURE_PLACED, .phase = p->phase, .feature = -1, .value = f, .move = m};
  return fl_call_hook(p, &c);
}

/* A move the core does not know: a capability's, or else the hook's.
** Returns FL_PLAYED_NEXT or FL_PLAYED_AGAIN, or an error. */
static int other_move(gk_play *p, const gk_move *m) {
  int st = fl_has_slot(p->flow, FL_ON_APPLY) ? fl_caps_apply(p, m) : FL_NOT_MINE;
  if (st != FL_NOT_MINE) return st;
  if (!fl_has_hook(p, GK_HOOK_APPLY)) {
    gk_play_set_error(p, "no hook plays this move");
    return GK_EILLEGAL;
  }
  gk_hook_call c = {.hook = GK_HOOK_APPLY, .phase = p->phase, .feature = -1, .move = m};
  st = fl_call_hook(p, &c);
  if (st) return st;
  return c.value == 1 ? FL_PLAYED_AGAIN : FL_PLAYED_NEXT;
}

/* The ordinary draw, chosen over the alternatives: 1 if the stack was
** empty (the game ends), 0 with a tile drawn, or an error. */
static int draw_move(gk_play *p) {
  int t = draw_placeable(p);
  if (t == GK_EEMPTY) return 1;
  if (t < 0) return t;
  p->tile = t;
  return fl_notify(p, GK_HOOK_TILE_DRAWN, t);
}

/* A scenario decides a draw after a turn whose own moves changed the
** stacks: the tile in hand goes back on top of the stack it came from
** (undraw), the stacks change, and the play draws again (redraw), as if
** the change had come just before the draw. The draw phase's
** alternatives are not offered again: the turn drew. Between the two the
** play lists no move. */
static bool waits_for_tile(const gk_play *p) {
  return p->phase == GK_PHASE_PLACE_TILE && p->placed < 0;
}

int gk_play_undraw(gk_play *p) {
  if (!p) return GK_EINVAL;
  if (!waits_for_tile(p) || p->tile < 0) {
    gk_play_set_error(p, "undraw: no drawn tile waits for its placement");
    return GK_EILLEGAL;
  }
  int st = gk_stack_put_back(p->game, p->stack, p->tile, GK_PUT_TOP);
  if (st < 0) {
    gk_play_set_error(p, "%s", gk_game_error(p->game));
    return st;
  }
  p->tile = -1;
  p->n_moves = 0;
  return GK_OK;
}

int gk_play_redraw(gk_play *p) {
  if (!p) return GK_EINVAL;
  if (!waits_for_tile(p)) {
    gk_play_set_error(p, "redraw: no drawn tile waits for its placement");
    return GK_EILLEGAL;
  }
  int st = p->tile >= 0 ? gk_play_undraw(p) : GK_OK;
  if (st) return st;
  int t = draw_placeable(p);
  if (t == GK_EEMPTY) { /* what is left fits nowhere */
    p->phase = p->part > 1 ? GK_PHASE_END_TURN : GK_PHASE_GAME_END;
    return fl_advance(p);
  }
  if (t < 0) {
    gk_play_set_error(p, "%s", gk_game_error(p->game));
    return t;
  }
  p->tile = t;
  st = fl_notify(p, GK_HOOK_TILE_DRAWN, t);
  return st ? st : fl_advance(p);
}

/* Plays a move known to be legal in the current phase. */
int fl_play_move(gk_play *p, const gk_move *m) {
  int st = GK_OK;
  switch (m->type) {
    case GK_MOVE_PLACE: st = place_move(p, m); break;
    case GK_MOVE_DEPLOY: st = deploy_move(p, m); break;
    case GK_MOVE_PASS: break;
    case GK_MOVE_DRAW:
      st = draw_move(p);
      if (st == 1) {
        p->phase = GK_PHASE_GAME_END;
        return fl_advance(p);
      }
      break;
    default:
      st = other_move(p, m);
      if (st == FL_PLAYED_AGAIN) return fl_advance(p); /* same phase, asked again */
      if (st == FL_PLAYED_NEXT) st = GK_OK;
  }
  if (st) return st;
  p->phase = next_of(p, p->phase);
  return fl_advance(p);
}
