/*
** capabilities.c: the table of capabilities, and the loops through which
** the core calls them.
**
** Owns fl_capabilities and a flow's slot lists (on, n_on). Invariant: a
** frozen flow's list of a slot holds, in table order, exactly the rows
** whose declared() is true and that fill the slot; the core calls no
** other row. Table order is call
** order, and some mechanics rely on it: relocation notes the figures on
** closed features before line markers score them (and send them home);
** meetings score before relocated figures choose; line-marker bonuses
** come before gains; systems score before figure scorers are found, and
** counter majorities before the figure scorers score.
*/
#include "flow/flow_internal.h"

/* The table: capability_list.h's rows, in their order. Adding a
** capability is its cap_*.c file and a row there. */
#define FL_CAP_ROW(name, ...) &fl_cap_##name,
const fl_capability *const fl_capabilities[] = {FL_CAPABILITIES(FL_CAP_ROW)};
#undef FL_CAP_ROW
const int fl_n_capabilities = (int)(sizeof fl_capabilities / sizeof fl_capabilities[0]);

_Static_assert(sizeof fl_capabilities / sizeof fl_capabilities[0] <= GK_MAX_CAPABILITIES,
               "raise GK_MAX_CAPABILITIES");

int fl_caps_freeze(gk_flow *f) {
  f->n_active = 0;
  memset(f->n_on, 0, sizeof f->n_on);
  for (int i = 0; i < fl_n_capabilities; i++) {
    const fl_capability *c = fl_capabilities[i];
    if (!c->declared(f)) continue;
    f->n_active++;
    const bool fills[FL_N_SLOTS] = {
        [FL_ON_TURN_BEGIN] = c->turn_begin != NULL,
        [FL_ON_PART_START] = c->part_start != NULL,
        [FL_ON_DRAW_MOVES] = c->draw_moves != NULL,
        [FL_ON_FILTER_PLACEMENTS] = c->filter_placements != NULL,
        [FL_ON_WHY_DRAW_PLACE] = c->why_draw_place != NULL,
        [FL_ON_GOES_ON] = c->goes_on != NULL,
        [FL_ON_TILE_WITHOUT_DRAW] = c->tile_without_draw != NULL,
        [FL_ON_TILE_PLACED] = c->tile_placed != NULL,
        [FL_ON_DEPLOY_MOVES] = c->deploy_moves != NULL,
        [FL_ON_SCORE] = c->score != NULL,
        [FL_ON_FEATURE_SCORED] = c->feature_scored != NULL,
        [FL_ON_AFTER_SCORING] = c->after_scoring != NULL,
        [FL_ON_PHASE_MOVES] = c->phase_moves != NULL,
        [FL_ON_APPLY] = c->apply != NULL,
        [FL_ON_FINAL_SCORING] = c->final_scoring != NULL,
    };
    for (int s = 0; s < FL_N_SLOTS; s++)
      if (fills[s]) f->on[s][f->n_on[s]++] = c;
    int st = c->freeze ? c->freeze(f) : GK_OK;
    if (st) return st;
  }
  return GK_OK;
}

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
