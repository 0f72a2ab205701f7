/*
** capabilities.c: the table of capabilities, and freezing a flow: the
** core's own tables, then each declared row's (the slot lists).
**
** The one file of the core that names the rows: the core calls them
** through the slot lists (slots.c), the rows call the core's helpers
** below them, so nothing below calls back up here.
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
        [FL_ON_TURN_END] = c->turn_end != NULL,
    };
    for (int s = 0; s < FL_N_SLOTS; s++)
      if (fills[s]) f->on[s][f->n_on[s]++] = c;
    int st = c->freeze ? c->freeze(f) : GK_OK;
    if (st) return st;
  }
  return GK_OK;
}

static int gather_tile_attrs(gk_flow *f);
static void gather_figure_tables(gk_flow *f);

int gk_flow_freeze(gk_flow *f) {
  if (!f) return GK_EINVAL;
  int st = gk_rules_freeze(f->rules);
  if (st) {
    fl_flow_error(f, "%s", gk_rules_error(f->rules));
    return st;
  }
  if (!f->frozen) {
    st = gather_tile_attrs(f);
    if (st) return st;
    gather_figure_tables(f);
    st = fl_caps_freeze(f);
    if (st) return st;
    for (int i = 0; i < GK_MAX_PHASES; i++) {
      int n = f->next_phase[i];
      f->run_next[i] =
          n == GK_PHASE_AFTER_SCORING && !fl_has_slot(f, FL_ON_AFTER_SCORING) ? f->next_phase[n] : n;
    }
  }
  f->frozen = true;
  return GK_OK;
}

/* Per tile type: the attributes it carries on some segment, and the
** segments each figure kind may stand on. */
static int gather_tile_attrs(gk_flow *f) {
  int n = gk_rules_tile_count(f->rules);
  if (n <= 0) return GK_OK;
  size_t segs_size = sizeof(uint16_t) * GK_MAX_FIGURE_KINDS * (size_t)n;
  uint64_t *bits = gki_mem(&f->rules->alloc, NULL, 0, sizeof(uint64_t) * (size_t)n);
  uint64_t *kinds = gki_mem(&f->rules->alloc, NULL, 0, sizeof(uint64_t) * (size_t)n);
  uint16_t *segs = gki_mem(&f->rules->alloc, NULL, 0, segs_size);
  if (!bits || !kinds || !segs) {
    gki_mem(&f->rules->alloc, bits, sizeof(uint64_t) * (size_t)n, 0);
    gki_mem(&f->rules->alloc, kinds, sizeof(uint64_t) * (size_t)n, 0);
    gki_mem(&f->rules->alloc, segs, segs_size, 0);
    fl_flow_error(f, "out of memory");
    return GK_ENOMEM;
  }
  for (int t = 0; t < n; t++) {
    const gk_tile_def *d = gk_rules_tile(f->rules, t);
    bits[t] = 0;
    kinds[t] = 0;
    for (int s = 0; s < d->n_segments; s++) kinds[t] |= 1ull << d->segments[s].kind;
    for (int s = 0; s < d->n_segments; s++)
      for (int a = 0; a < d->segments[s].n_attrs; a++)
        if (d->segments[s].attrs[a].value != 0) bits[t] |= 1ull << d->segments[s].attrs[a].attr;
    for (int k = 0; k < GK_MAX_FIGURE_KINDS; k++) {
      uint16_t m = 0;
      for (int s = 0; s < d->n_segments; s++)
        if ((f->figure[k].on_kinds >> d->segments[s].kind) & 1) m |= (uint16_t)(1u << s);
      segs[(size_t)t * GK_MAX_FIGURE_KINDS + (size_t)k] = m;
    }
  }
  f->tile_attrs = bits;
  f->tile_kinds = kinds;
  f->deploy_segs = segs;
  f->n_tile_types = n;
  return GK_OK;
}

/* Per figure kind, in compact arrays for the per-move paths: strength,
** occupancy groups, and which kinds stand on segments or take their
** strength from an attribute. */
static void gather_figure_tables(gk_flow *f) {
  f->strength_attr_kinds = 0;
  f->placed_kinds = 0;
  f->tile_blockers = 0;
  f->dependents = 0;
  for (int k = 0; k < GK_MAX_FIGURE_KINDS; k++) {
    f->strength[k] = f->figure[k].strength;
    f->group[k] = f->figure[k].group;
    if (f->figure[k].on_kinds) f->placed_kinds |= 1u << k;
    if (f->figure[k].strength_attr) f->strength_attr_kinds |= 1u << k;
    if (f->figure[k].blocks_tile) f->tile_blockers |= 1u << k;
    if (f->figure[k].needs_own) f->dependents |= 1u << k;
  }
}
