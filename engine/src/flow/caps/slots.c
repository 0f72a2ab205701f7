/*
** slots.c: the loops through which the core calls the capabilities.
**
** Each loop walks one slot list of a frozen flow (on, n_on: gathered by
** fl_caps_freeze in capabilities.c) and calls through the rows' function
** pointers. It names no row, so the core reaches the capabilities only
** through data: capabilities.c -> cap_*.c -> the core's helpers runs one
** way, and this file calls nothing.
*/
#include "flow/flow_internal.h"

/* Each loop runs one slot's callbacks in table order and stops at the
** first status that is not 0. */
#define EACH(f, slot, c)                                \
  for (int c##_i = 0; c##_i < (f)->n_on[slot]; c##_i++) \
    for (const fl_capability *c = (f)->on[slot][c##_i]; c; c = NULL)

int fl_caps_turn_begin(gk_play *p) {
  EACH(p->flow, FL_ON_TURN_BEGIN, c) {
    int st = c->turn_begin(p);
    if (st) return st;
  }
  return GK_OK;
}

void fl_caps_part_start(gk_play *p) { EACH(p->flow, FL_ON_PART_START, c) c->part_start(p); }

int fl_caps_draw_moves(gk_play *p) {
  EACH(p->flow, FL_ON_DRAW_MOVES, c) {
    int st = c->draw_moves(p);
    if (st) return st;
  }
  return GK_OK;
}

bool fl_caps_filters_placements(const gk_play *p) {
  EACH(p->flow, FL_ON_FILTER_PLACEMENTS, c) if (c->filters_placements(p)) return true;
  return false;
}

void fl_caps_filter_placements(gk_play *p) {
  EACH(p->flow, FL_ON_FILTER_PLACEMENTS, c) if (c->filters_placements(p)) c->filter_placements(p);
}

/* The first capability's reason for a place move in the draw phase;
** without one, the player must draw first. */
int fl_caps_why_draw_place(const gk_play *p, const gk_move *m) {
  EACH(p->flow, FL_ON_WHY_DRAW_PLACE, c) {
    int why = c->why_draw_place(p, m);
    if (why >= 0) return why;
  }
  return GK_WHY_DRAW_FIRST;
}

bool fl_caps_goes_on(const gk_play *p) {
  EACH(p->flow, FL_ON_GOES_ON, c) if (c->goes_on(p)) return true;
  return false;
}

bool fl_caps_tile_without_draw(const gk_play *p) {
  EACH(p->flow, FL_ON_TILE_WITHOUT_DRAW, c) if (c->tile_without_draw(p)) return true;
  return false;
}

int fl_caps_tile_placed(gk_play *p, const gk_move *m) {
  EACH(p->flow, FL_ON_TILE_PLACED, c) {
    int st = c->tile_placed(p, m);
    if (st) return st;
  }
  return GK_OK;
}

int fl_caps_deploy_moves(gk_play *p) {
  EACH(p->flow, FL_ON_DEPLOY_MOVES, c) {
    int st = c->deploy_moves(p);
    if (st) return st;
  }
  return GK_OK;
}

int fl_caps_score(gk_play *p) {
  EACH(p->flow, FL_ON_SCORE, c) {
    int st = c->score(p);
    if (st) return st;
  }
  return 0;
}

int fl_caps_feature_scored(gk_play *p, int32_t root, uint32_t leaders) {
  EACH(p->flow, FL_ON_FEATURE_SCORED, c) {
    int st = c->feature_scored(p, root, leaders);
    if (st < 0) return st;
  }
  return GK_OK;
}

int fl_caps_after_scoring(gk_play *p) {
  EACH(p->flow, FL_ON_AFTER_SCORING, c) {
    int st = c->after_scoring(p);
    if (st) return st;
  }
  return 0;
}

int fl_caps_turn_end(gk_play *p) {
  EACH(p->flow, FL_ON_TURN_END, c) {
    int st = c->turn_end(p);
    if (st) return st;
  }
  return GK_OK;
}

int fl_caps_phase_moves(gk_play *p) {
  EACH(p->flow, FL_ON_PHASE_MOVES, c) {
    int st = c->phase_moves(p);
    if (st) return st;
  }
  return GK_OK;
}

int fl_caps_apply(gk_play *p, const gk_move *m) {
  EACH(p->flow, FL_ON_APPLY, c) {
    int st = c->apply(p, m);
    if (st != FL_NOT_MINE) return st;
  }
  return FL_NOT_MINE;
}

int fl_caps_final_scoring(gk_play *p, int stage, fl_final *ctx) {
  EACH(p->flow, FL_ON_FINAL_SCORING, c) {
    int st = c->final_scoring(p, stage, ctx);
    if (st) return st;
  }
  return GK_OK;
}
