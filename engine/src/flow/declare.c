/*
** declare.c: a flow's declarations: figure rules, scoring formulas, the
** phase chain and the named actions (caps/capabilities.c freezes them).
**
** Owns struct gk_flow's core fields (flow_internal.h). Invariant: once
** frozen, nothing changes; until then, every declared value was checked
** against the rules (kinds, attributes, reasons that exist), so the play
** paths index tables with them unchecked.
*/
#include "flow/flow_internal.h"

void fl_flow_error(gk_flow *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->err, sizeof f->err, fmt, ap);
  va_end(ap);
}

static const char *const builtin_phase_names[] = {
    "begin_turn", "draw",     "place_tile", "place_figure",  "score",    "after_scoring",
    "end_part",   "end_turn", "game_end",   "final_scoring", "game_over"};

gk_flow *gk_flow_new(gk_rules *rules) {
  if (!rules) return NULL;
  gk_flow *f = gki_mem(&rules->alloc, NULL, 0, sizeof *f);
  if (!f) return NULL;
  memset(f, 0, sizeof *f);
  f->rules = rules;
  f->stack = 0;
  for (int i = 0; i < GK_MAX_PHASES; i++) f->next_phase[i] = -1;
  for (int i = 0; i <= GK_PHASE_GAME_OVER; i++) strcpy(f->phase_name[i].s, builtin_phase_names[i]);
  f->next_phase[GK_PHASE_BEGIN_TURN] = GK_PHASE_DRAW;
  f->next_phase[GK_PHASE_DRAW] = GK_PHASE_PLACE_TILE;
  f->next_phase[GK_PHASE_PLACE_TILE] = GK_PHASE_PLACE_FIGURE;
  f->next_phase[GK_PHASE_PLACE_FIGURE] = GK_PHASE_SCORE;
  f->next_phase[GK_PHASE_SCORE] = GK_PHASE_AFTER_SCORING;
  f->next_phase[GK_PHASE_AFTER_SCORING] = GK_PHASE_END_PART;
  f->next_phase[GK_PHASE_END_PART] = GK_PHASE_END_TURN;
  f->next_phase[GK_PHASE_END_TURN] = GK_PHASE_BEGIN_TURN;
  f->next_phase[GK_PHASE_GAME_END] = GK_PHASE_FINAL_SCORING;
  f->next_phase[GK_PHASE_FINAL_SCORING] = GK_PHASE_GAME_OVER;
  f->n_phases = GK_PHASE_CUSTOM;
  return f;
}

void gk_flow_free(gk_flow *f) {
  if (!f) return;
  gki_mem(&f->rules->alloc, f->tile_attrs, sizeof(uint64_t) * (size_t)f->n_tile_types, 0);
  gki_mem(&f->rules->alloc, f->tile_kinds, sizeof(uint64_t) * (size_t)f->n_tile_types, 0);
  gki_mem(&f->rules->alloc, f->deploy_segs,
         sizeof(uint16_t) * GK_MAX_FIGURE_KINDS * (size_t)f->n_tile_types, 0);
  gki_mem(&f->rules->alloc, f, sizeof *f, 0);
}

const char *gk_flow_error(const gk_flow *f) { return f ? f->err : "no flow"; }
gk_rules *gk_flow_rules(const gk_flow *f) { return f ? f->rules : NULL; }

int fl_check_open(gk_flow *f, const char *what) {
  if (!f) return GK_EINVAL;
  if (f->frozen) {
    fl_flow_error(f, "cannot %s: the flow is frozen", what);
    return GK_ESTATE;
  }
  return GK_OK;
}

int gk_flow_set_figure(gk_flow *f, int kind, const gk_figure_rule *rule) {
  int st = fl_check_open(f, "set a figure rule");
  if (st) return st;
  if (kind < 0 || kind >= f->rules->n_figure_kinds || !rule) {
    fl_flow_error(f, "set_figure: no figure kind %d", kind);
    return GK_EINVAL;
  }
  if (rule->strength < 0 || rule->strength_attr < 0 || rule->strength_attr > f->rules->n_attrs) {
    fl_flow_error(f, "set_figure: negative strength %d or bad strength attribute", rule->strength);
    return GK_EINVAL;
  }
  if (f->rules->n_kinds < 64 && (rule->blocked_across >> f->rules->n_kinds) != 0) {
    fl_flow_error(f, "set_figure: blocked_across names a kind that does not exist");
    return GK_EINVAL;
  }
  f->figure[kind] = *rule;
  return GK_OK;
}

/* Is a term (type, argument) well formed? (in_system: for a system) */
bool fl_term_ok(const gk_rules *r, int t, int a, bool in_system) {
  bool ok = t >= GK_TERM_CONST && t <= GK_TERM_BLOCK_FIGURES;
  if (t == GK_TERM_TILE_FIGURES || t == GK_TERM_BLOCK_FIGURES) /* a mask of figure kinds */
    ok = ok && a != 0 && (r->n_figure_kinds >= 32 || ((uint32_t)a >> r->n_figure_kinds) == 0);
  if (t == GK_TERM_ATTR || t == GK_TERM_ZERO_IF) ok = ok && a >= 0 && a < r->n_attrs;
  if (t == GK_TERM_ATTR_OVER) ok = ok && a >= 0 && (a & 0xff) < r->n_attrs && (a >> 8) < r->n_attrs;
  if (t == GK_TERM_ADJACENT || t == GK_TERM_ADJACENT_CLOSED || t == GK_TERM_FEATURES)
    ok = ok && a >= 0 && a < r->n_kinds;
  if (t == GK_TERM_TOUCHING || t == GK_TERM_TOUCHING_CLOSED) ok = ok && a >= 0 && (a & 0xff) < r->n_kinds && (a >> 8) < r->n_attrs;
  if (in_system)
    ok = ok && (t == GK_TERM_CONST || t == GK_TERM_ATTR || t == GK_TERM_ATTR_OVER ||
                t == GK_TERM_FEATURES);
  return ok;
}

int gk_flow_set_score(gk_flow *f, int kind, gk_when when, const gk_formula *formula, int reason,
                        unsigned flags) {
  int st = fl_check_open(f, "set score");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (kind < 0 || kind >= r->n_kinds || (when != GK_WHEN_CLOSED && when != GK_WHEN_FINAL) ||
      (formula && (reason < 0 || reason >= r->n_reasons)) || (flags & ~GK_SCORE_KEEP_FIGURES)) {
    fl_flow_error(f, "set_score: bad kind %d, when %d, reason %d or flags", kind, (int)when,
                  reason);
    return GK_EINVAL;
  }
  fl_scoring *sr = &f->scoring[kind][when];
  if (!formula) {
    memset(sr, 0, sizeof *sr);
    return GK_OK;
  }
  if (formula->n_terms < 0 || formula->n_terms > GK_MAX_TERMS) {
    fl_flow_error(f, "set_score: %d terms (at most %d)", formula->n_terms, GK_MAX_TERMS);
    return GK_EINVAL;
  }
  for (int i = 0; i < formula->n_terms; i++) {
    int t = formula->terms[i].term, a = formula->terms[i].arg;
    bool ok = fl_term_ok(r, t, a, false);
    int w = formula->terms[i].only_with, c = formula->terms[i].if_attr;
    ok = ok && w >= 0 && w <= r->n_figure_kinds && c >= 0 && c <= r->n_attrs;
    if (!ok) {
      fl_flow_error(f, "set_score: term %d is malformed (term %d, arg %d)", i + 1, t, a);
      return GK_EINVAL;
    }
  }
  sr->on = true;
  sr->formula = *formula;
  sr->reason = reason;
  sr->flags = flags;
  return GK_OK;
}

bool fl_formula_ok(const gk_rules *r, const gk_formula *fm) {
  bool ok = fm->n_terms >= 0 && fm->n_terms <= GK_MAX_TERMS;
  for (int i = 0; ok && i < fm->n_terms; i++)
    ok = fl_term_ok(r, fm->terms[i].term, fm->terms[i].arg, false) && fm->terms[i].only_with >= 0 &&
         fm->terms[i].only_with <= r->n_figure_kinds && fm->terms[i].if_attr >= 0 &&
         fm->terms[i].if_attr <= r->n_attrs;
  return ok;
}

int gk_flow_set_stack(gk_flow *f, int stack) {
  int st = fl_check_open(f, "set the stack");
  if (st) return st;
  if (stack < 0 || stack >= f->rules->n_stacks) {
    fl_flow_error(f, "set_stack: no stack %d", stack);
    return GK_EINVAL;
  }
  f->stack = stack;
  f->n_draw_order = 0;
  return GK_OK;
}

int gk_flow_find_phase(const gk_flow *f, const char *name) {
  if (!f || !name) return -1;
  for (int i = 0; i < f->n_phases; i++)
    if (f->phase_name[i].s[0] && strcmp(f->phase_name[i].s, name) == 0) return i;
  return -1;
}

const char *gk_flow_phase_name(const gk_flow *f, int phase) {
  if (!f || phase < 0 || phase >= f->n_phases || !f->phase_name[phase].s[0]) return NULL;
  return f->phase_name[phase].s;
}

int gk_flow_add_phase(gk_flow *f, const char *name, int after) {
  int st = fl_check_open(f, "add a phase");
  if (st) return st;
  if (!gki_name_ok(name) || gk_flow_find_phase(f, name) >= 0) {
    fl_flow_error(f, "add_phase: bad or duplicate phase name '%s'", name ? name : "?");
    return GK_EINVAL;
  }
  if (after < 0 || after >= f->n_phases || !f->phase_name[after].s[0] ||
      after == GK_PHASE_GAME_OVER) {
    fl_flow_error(f, "add_phase: no phase %d to follow", after);
    return GK_EINVAL;
  }
  if (f->n_phases >= GK_MAX_PHASES) {
    fl_flow_error(f, "add_phase: too many phases");
    return GK_EINVAL;
  }
  int id = f->n_phases++;
  strcpy(f->phase_name[id].s, name);
  f->next_phase[id] = f->next_phase[after];
  f->next_phase[after] = id;
  return id;
}

int gk_flow_add_action(gk_flow *f, const char *name) {
  int st = fl_check_open(f, "add an action");
  if (st) return st;
  if (!gki_name_ok(name) || gk_flow_find_action(f, name) >= 0 || f->n_actions >= GK_MAX_ACTIONS) {
    fl_flow_error(f, "add_action: bad, duplicate or too many action names ('%s')",
                  name ? name : "?");
    return GK_EINVAL;
  }
  strcpy(f->action_name[f->n_actions].s, name);
  return f->n_actions++;
}

int gk_flow_find_action(const gk_flow *f, const char *name) {
  if (!f || !name) return -1;
  for (int i = 0; i < f->n_actions; i++)
    if (strcmp(f->action_name[i].s, name) == 0) return i;
  return -1;
}

const char *gk_flow_action_name(const gk_flow *f, int a) {
  return f && a >= 0 && a < f->n_actions ? f->action_name[a].s : NULL;
}

int gk_flow_tile_matches(const gk_flow *f, int type, const gk_tile_filter *filter) {
  if (!f || !filter || !f->frozen || type < 0 || type >= gk_rules_tile_count(f->rules))
    return GK_EINVAL;
  return fl_tile_passes(f, type, filter) ? 1 : 0;
}
