/*
** gk_flow.c: turn phases, legal moves, data-driven scoring and the hook
** calls around them.
*/
#include <stdio.h>

#include "gk_flow.h"
#include "gk_internal.h"

typedef struct scoring_rule {
  bool on;
  gk_formula formula;
  int reason;
  unsigned flags;
} scoring_rule;

struct gk_flow {
  gk_rules *rules;
  char err[GK_ERR_MAX];
  bool frozen;
  gk_figure_rule figure[GK_MAX_FIGURE_KINDS];
  scoring_rule scoring[GK_MAX_KINDS][2];
  int stack;
  int n_phases;
  gk_name phase_name[GK_MAX_PHASES];
  int next_phase[GK_MAX_PHASES];
  int n_actions;
  gk_name action_name[32];
  int n_gains;
  struct { int kind, attr, counter; } gain[GK_MAX_COUNTERS];
  int n_majorities;
  struct { int counter; int32_t points; int reason; } majority[GK_MAX_COUNTERS];
  int n_extras;
  gk_extra_rule extra[4];
  bool has_line;
  gk_line_rule line;
  bool has_hand;
  gk_hand_rule hand;
  int n_relocs;
  gk_relocate_rule reloc[4];
  int n_recalls;
  gk_recall_rule recall[GK_MAX_RECALLS];
  int n_figure_scores;
  struct { int figure; scoring_rule rule; } figure_score[4];
  int n_meets;
  struct { int figure, reason; scoring_rule placed, joined; } meet[4];
  /* gathered at freeze: bit per attribute non-zero on a segment, per type */
  uint64_t *tile_attrs;
  /* gathered at freeze: [type][figure kind] the segments whose kind the
  ** figure may stand on (0 for corner figures, placed by corners) */
  uint16_t *deploy_segs;
  /* gathered at freeze: each figure kind's fixed majority strength, and
  ** the kinds whose strength is an attribute of the feature instead */
  int32_t strength[GK_MAX_FIGURE_KINDS];
  uint32_t strength_attr_kinds;
  unsigned group[GK_MAX_FIGURE_KINDS]; /* each kind's occupancy groups */
  uint32_t placed_kinds;  /* kinds deployed on a segment: on_kinds set */
  int n_tile_types;
  int n_systems;
  gk_system_rule system[GK_MAX_SYSTEMS];
};

struct gk_play {
  const gk_flow *flow;
  gk_game *game;
  gk_hooks hooks;
  char err[GK_ERR_MAX];
  int phase;
  int turn, player, part;
  int stack;              /* where this part draws from */
  int tile;               /* drawn type waiting to be placed, or -1 */
  int placed;             /* placed tile index this part, or -1 */
  int n_closed;
  int32_t closed[GK_REPORT_MAX];
  uint8_t closed_done[GK_REPORT_MAX]; /* scored one at a time (line markers) */
  bool relocation_due;    /* a scored feature held a figure that may move on */
  bool meet_done;         /* this part's meeting scoring ran */
  gk_place_report report;
  uint64_t agent_rng;
  bool ending;            /* end the game when this turn ends */
  int extra_stack;        /* an extra part granted this turn, or -1 */
  bool extra_used;        /* this turn already had its extra part */
  void *blob_keep;        /* the blobs' bytes before the move */
  size_t blob_keep_cap;
  size_t blob_kept_len[GK_MAX_BLOBS];
  void *backup;           /* the move list before the move */
  size_t backup_bytes;
  /* The legal moves of the waiting phase. */
  int n_moves, cap_moves;
  gk_move *moves;
  int32_t cap_place;      /* the kernel's placement listing */
  gk_placement *place;
  /* In the place-tile phase the moves stay in place[] as the kernel wrote
  ** them, and become gk_moves only when someone asks. */
  bool moves_in_place;
  /* ... or not even written: the kernel finds the i-th one on demand,
  ** which is all a random agent needs. */
  bool moves_lazy;
  int drawn_fits;         /* placements of the tile just drawn */
  bool from_listing;      /* the move being played came from the kernel's
                          ** placement listing as is (lazy or in place) */
  gk_hook_filters filters; /* which calls of the hooks are wanted */
  bool guarded;           /* a move that rolls back on a hook failure is running */
  bool blobs_kept;        /* ... and its blobs were kept before its first hook */
  bool game_released;     /* gk_play_release: freeing the play keeps the game */
};

static gk_move move_at(const gk_play *p, int i) {
  if (p->moves_lazy) {
    gk_placement pl = {0, 0, 0};
    gk_placement_at(p->game, p->tile, i, &pl);
    return (gk_move){.type = GK_MOVE_PLACE, .tile = p->tile, .x = pl.x, .y = pl.y, .rot = pl.rot};
  }
  if (!p->moves_in_place) return p->moves[i];
  return (gk_move){.type = GK_MOVE_PLACE, .tile = p->tile, .x = p->place[i].x,
                   .y = p->place[i].y, .rot = p->place[i].rot};
}

static void flow_err(gk_flow *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->err, sizeof f->err, fmt, ap);
  va_end(ap);
}

void gk_play_set_error(gk_play *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err, sizeof p->err, fmt, ap);
  va_end(ap);
}

/* {==================================================================
** Declarations
** =================================================================== */

static const char *const builtin_phase_names[] = {
    "begin_turn", "draw", "place_tile", "place_figure", "score", "after_scoring",
    "end_part", "end_turn", "game_end", "final_scoring", "game_over"};

gk_flow *gk_flow_new(gk_rules *rules) {
  if (!rules) return NULL;
  gk_flow *f = gk_mem(&rules->alloc, NULL, 0, sizeof *f);
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
  gk_mem(&f->rules->alloc, f->tile_attrs, sizeof(uint64_t) * (size_t)f->n_tile_types, 0);
  gk_mem(&f->rules->alloc, f->deploy_segs,
         sizeof(uint16_t) * GK_MAX_FIGURE_KINDS * (size_t)f->n_tile_types, 0);
  gk_mem(&f->rules->alloc, f, sizeof *f, 0);
}

const char *gk_flow_error(const gk_flow *f) { return f ? f->err : "no flow"; }
gk_rules *gk_flow_rules(const gk_flow *f) { return f ? f->rules : NULL; }

static int check_open(gk_flow *f, const char *what) {
  if (!f) return GK_EINVAL;
  if (f->frozen) {
    flow_err(f, "cannot %s: the flow is frozen", what);
    return GK_ESTATE;
  }
  return GK_OK;
}

int gk_flow_set_figure(gk_flow *f, int kind, const gk_figure_rule *rule) {
  int st = check_open(f, "set a figure rule");
  if (st) return st;
  if (kind < 0 || kind >= f->rules->n_figure_kinds || !rule) {
    flow_err(f, "set_figure: no figure kind %d", kind);
    return GK_EINVAL;
  }
  if (rule->strength < 0 || rule->strength_attr < 0 ||
      rule->strength_attr > f->rules->n_attrs) {
    flow_err(f, "set_figure: negative strength %d or bad strength attribute", rule->strength);
    return GK_EINVAL;
  }
  if (f->rules->n_kinds < 64 && (rule->blocked_across >> f->rules->n_kinds) != 0) {
    flow_err(f, "set_figure: blocked_across names a kind that does not exist");
    return GK_EINVAL;
  }
  f->figure[kind] = *rule;
  return GK_OK;
}

int gk_flow_get_figure(const gk_flow *f, int kind, gk_figure_rule *out) {
  if (!f || kind < 0 || kind >= f->rules->n_figure_kinds || !out) return GK_EINVAL;
  *out = f->figure[kind];
  return GK_OK;
}

/* Is a term (type, argument) well formed? (in_system: for a system) */
static bool term_ok(const gk_rules *r, int t, int a, bool in_system) {
  bool ok = t >= GK_TERM_CONST && t <= GK_TERM_FEATURES;
  if (t == GK_TERM_ATTR) ok = ok && a >= 0 && a < r->n_attrs;
  if (t == GK_TERM_ATTR_OVER)
    ok = ok && a >= 0 && (a & 0xff) < r->n_attrs && (a >> 8) < r->n_attrs;
  if (t == GK_TERM_ADJACENT || t == GK_TERM_ADJACENT_CLOSED || t == GK_TERM_FEATURES)
    ok = ok && a >= 0 && a < r->n_kinds;
  if (in_system)
    ok = ok && (t == GK_TERM_CONST || t == GK_TERM_ATTR || t == GK_TERM_ATTR_OVER ||
                t == GK_TERM_FEATURES);
  return ok;
}

int gk_flow_set_scoring(gk_flow *f, int kind, gk_when when, const gk_formula *formula,
                        int reason, unsigned flags) {
  int st = check_open(f, "set scoring");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (kind < 0 || kind >= r->n_kinds || (when != GK_WHEN_CLOSED && when != GK_WHEN_FINAL) ||
      (formula && (reason < 0 || reason >= r->n_reasons)) || (flags & ~GK_SCORE_KEEP_FIGURES)) {
    flow_err(f, "set_scoring: bad kind %d, when %d, reason %d or flags", kind, (int)when, reason);
    return GK_EINVAL;
  }
  scoring_rule *sr = &f->scoring[kind][when];
  if (!formula) {
    memset(sr, 0, sizeof *sr);
    return GK_OK;
  }
  if (formula->n_terms < 0 || formula->n_terms > GK_MAX_TERMS) {
    flow_err(f, "set_scoring: %d terms (at most %d)", formula->n_terms, GK_MAX_TERMS);
    return GK_EINVAL;
  }
  for (int i = 0; i < formula->n_terms; i++) {
    int t = formula->terms[i].term, a = formula->terms[i].arg;
    bool ok = term_ok(r, t, a, false);
    int w = formula->terms[i].only_with;
    ok = ok && w >= 0 && w <= r->n_figure_kinds;
    if (!ok) {
      flow_err(f, "set_scoring: term %d is malformed (term %d, arg %d)", i + 1, t, a);
      return GK_EINVAL;
    }
  }
  sr->on = true;
  sr->formula = *formula;
  sr->reason = reason;
  sr->flags = flags;
  return GK_OK;
}

int gk_flow_gain_on_close(gk_flow *f, int kind, int attr, int counter) {
  int st = check_open(f, "add a gain");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (kind < 0 || kind >= r->n_kinds || attr < 0 || attr >= r->n_attrs || counter < 0 ||
      counter >= r->n_counters || f->n_gains >= GK_MAX_COUNTERS) {
    flow_err(f, "gain_on_close: bad kind %d, attribute %d or counter %d (or too many)", kind, attr,
             counter);
    return GK_EINVAL;
  }
  f->gain[f->n_gains].kind = kind;
  f->gain[f->n_gains].attr = attr;
  f->gain[f->n_gains].counter = counter;
  f->n_gains++;
  return GK_OK;
}

int gk_flow_final_majority(gk_flow *f, int counter, int32_t points, int reason) {
  int st = check_open(f, "add a majority");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (counter < 0 || counter >= r->n_counters || reason < 0 || reason >= r->n_reasons ||
      f->n_majorities >= GK_MAX_COUNTERS) {
    flow_err(f, "final_majority: bad counter %d or reason %d (or too many)", counter, reason);
    return GK_EINVAL;
  }
  f->majority[f->n_majorities].counter = counter;
  f->majority[f->n_majorities].points = points;
  f->majority[f->n_majorities].reason = reason;
  f->n_majorities++;
  return GK_OK;
}

int gk_flow_extra_part(gk_flow *f, const gk_extra_rule *rule) {
  int st = check_open(f, "add an extra part");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || (rule->trigger != GK_EXTRA_EXTENDS && rule->trigger != GK_EXTRA_CLOSES) ||
      rule->stack < 0 || rule->stack >= r->n_stacks ||
      (rule->trigger == GK_EXTRA_EXTENDS && (rule->figure < 0 || rule->figure >= r->n_figure_kinds)) ||
      (rule->trigger == GK_EXTRA_CLOSES && (rule->attr < -1 || rule->attr >= r->n_attrs)) ||
      f->n_extras >= 4) {
    flow_err(f, "extra_part: malformed rule (or more than 4)");
    return GK_EINVAL;
  }
  f->extra[f->n_extras++] = *rule;
  return GK_OK;
}

int gk_flow_set_line(gk_flow *f, const gk_line_rule *rule) {
  int st = check_open(f, "declare line markers");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->figure < 0 || rule->figure >= r->n_figure_kinds ||
      (rule->axis != 0 && rule->axis != 1) || (rule->dir != 1 && rule->dir != -1) ||
      rule->bonus_reason < 0 || (rule->bonus_reason >= r->n_reasons && r->n_reasons > 0) ||
      rule->order < GK_LINE_ORDER_PLACED || rule->order > GK_LINE_ORDER_CHOOSE ||
      (rule->order == GK_LINE_ORDER_CHOOSE &&
       (rule->order_action < 0 || rule->order_action >= f->n_actions)) ||
      rule->n_start < 0 || rule->n_start > GK_LINE_MAX_START) {
    flow_err(f, "line markers: malformed rule (figure, axis, dir, reason, order or action)");
    return GK_EINVAL;
  }
  if (f->has_line) {
    flow_err(f, "line markers: declared twice");
    return GK_EINVAL;
  }
  f->line = *rule;
  f->has_line = true;
  return GK_OK;
}

int gk_flow_set_hand(gk_flow *f, const gk_hand_rule *rule) {
  int st = check_open(f, "declare a tile in hand");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->tile < 0 || rule->tile >= r->n_tiles || rule->token < 0 ||
      rule->token >= r->n_figure_kinds ||
      (rule->end_round && (rule->decline_action < 0 || rule->decline_action >= f->n_actions))) {
    flow_err(f, "hand: malformed rule (tile, token figure or decline action)");
    return GK_EINVAL;
  }
  if (f->has_hand) {
    flow_err(f, "hand: declared twice");
    return GK_EINVAL;
  }
  f->hand = *rule;
  f->has_hand = true;
  return GK_OK;
}

int gk_flow_relocate(gk_flow *f, const gk_relocate_rule *rule) {
  int st = check_open(f, "declare a relocation");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->figure < 0 || rule->figure >= r->n_figure_kinds ||
      (rule->reach != GK_REACH_CONNECTED && rule->reach != GK_REACH_AROUND) || !rule->kinds ||
      rule->action < 0 || rule->action >= f->n_actions || f->n_relocs >= 4) {
    flow_err(f, "relocate: malformed rule (figure, reach, kinds or action) or more than 4");
    return GK_EINVAL;
  }
  f->reloc[f->n_relocs++] = *rule;
  return GK_OK;
}

int gk_flow_figure_scoring(gk_flow *f, int figure, gk_when when, const gk_formula *formula,
                           int reason) {
  int st = check_open(f, "declare a figure scoring");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = figure >= 0 && figure < r->n_figure_kinds && when == GK_WHEN_FINAL && formula &&
            formula->n_terms >= 0 && formula->n_terms <= GK_MAX_TERMS && reason >= 0 &&
            reason < r->n_reasons && f->n_figure_scores < 4;
  for (int i = 0; ok && i < formula->n_terms; i++)
    ok = term_ok(r, formula->terms[i].term, formula->terms[i].arg, false) &&
         formula->terms[i].only_with == 0;
  if (!ok) {
    flow_err(f, "figure_scoring: malformed (figure, when, reason or a term) or more than 4");
    return GK_EINVAL;
  }
  f->figure_score[f->n_figure_scores].figure = figure;
  f->figure_score[f->n_figure_scores].rule =
      (scoring_rule){.on = true, .formula = *formula, .reason = reason};
  f->n_figure_scores++;
  return GK_OK;
}

static bool formula_ok(const gk_rules *r, const gk_formula *fm) {
  bool ok = fm->n_terms >= 0 && fm->n_terms <= GK_MAX_TERMS;
  for (int i = 0; ok && i < fm->n_terms; i++)
    ok = term_ok(r, fm->terms[i].term, fm->terms[i].arg, false) && fm->terms[i].only_with >= 0 &&
         fm->terms[i].only_with <= r->n_figure_kinds;
  return ok;
}

int gk_flow_meet_scoring(gk_flow *f, const gk_meet_rule *rule) {
  int st = check_open(f, "declare a meeting scoring");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->figure < 0 || rule->figure >= r->n_figure_kinds || rule->reason < 0 ||
      rule->reason >= r->n_reasons || !formula_ok(r, &rule->placed) ||
      !formula_ok(r, &rule->joined) || f->n_meets >= 4) {
    flow_err(f, "meet_scoring: malformed rule (figure, reason or a term) or more than 4");
    return GK_EINVAL;
  }
  f->meet[f->n_meets].figure = rule->figure;
  f->meet[f->n_meets].reason = rule->reason;
  f->meet[f->n_meets].placed = (scoring_rule){.on = true, .formula = rule->placed, .reason = rule->reason};
  f->meet[f->n_meets].joined = (scoring_rule){.on = true, .formula = rule->joined, .reason = rule->reason};
  f->n_meets++;
  return GK_OK;
}

int gk_flow_set_stack(gk_flow *f, int stack) {
  int st = check_open(f, "set the stack");
  if (st) return st;
  if (stack < 0 || stack >= f->rules->n_stacks) {
    flow_err(f, "set_stack: no stack %d", stack);
    return GK_EINVAL;
  }
  f->stack = stack;
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
  int st = check_open(f, "add a phase");
  if (st) return st;
  if (!gk_name_ok(name) || gk_flow_find_phase(f, name) >= 0) {
    flow_err(f, "add_phase: bad or duplicate phase name '%s'", name ? name : "?");
    return GK_EINVAL;
  }
  if (after < 0 || after >= f->n_phases || !f->phase_name[after].s[0] ||
      after == GK_PHASE_GAME_OVER) {
    flow_err(f, "add_phase: no phase %d to follow", after);
    return GK_EINVAL;
  }
  if (f->n_phases >= GK_MAX_PHASES) {
    flow_err(f, "add_phase: too many phases");
    return GK_EINVAL;
  }
  int id = f->n_phases++;
  strcpy(f->phase_name[id].s, name);
  f->next_phase[id] = f->next_phase[after];
  f->next_phase[after] = id;
  return id;
}

int gk_flow_add_action(gk_flow *f, const char *name) {
  int st = check_open(f, "add an action");
  if (st) return st;
  if (!gk_name_ok(name) || gk_flow_find_action(f, name) >= 0 || f->n_actions >= 32) {
    flow_err(f, "add_action: bad, duplicate or too many action names ('%s')", name ? name : "?");
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

static int gather_tile_attrs(gk_flow *f);
static void gather_figure_tables(gk_flow *f);

int gk_flow_freeze(gk_flow *f) {
  if (!f) return GK_EINVAL;
  int st = gk_rules_freeze(f->rules);
  if (st) {
    flow_err(f, "%s", gk_rules_error(f->rules));
    return st;
  }
  if (!f->frozen) {
    st = gather_tile_attrs(f);
    if (st) return st;
    gather_figure_tables(f);
  }
  f->frozen = true;
  return GK_OK;
}

/* }================================================================== */

/* {==================================================================
** Declarations: systems of features, tile filters
** =================================================================== */

int gk_flow_system_scoring(gk_flow *f, const gk_system_rule *rule) {
  int st = check_open(f, "add a system scoring");
  if (st) return st;
  const gk_rules *r = f->rules;
  bool ok = rule && rule->kinds != 0 && (r->n_kinds >= 64 || (rule->kinds >> r->n_kinds) == 0) &&
            rule->figure >= 0 && rule->figure < r->n_figure_kinds && rule->reason >= 0 &&
            rule->reason < r->n_reasons && rule->n_terms >= 0 && rule->n_terms <= GK_MAX_TERMS;
  for (int i = 0; ok && i < rule->n_terms; i++)
    ok = term_ok(r, rule->terms[i].term, rule->terms[i].arg, true) &&
         rule->terms[i].if_attr >= 0 && rule->terms[i].if_attr <= r->n_attrs;
  if (!ok || f->n_systems >= GK_MAX_SYSTEMS) {
    flow_err(f, "system_scoring: malformed rule (kinds, figure, reason or a term) or more than %d",
             GK_MAX_SYSTEMS);
    return GK_EINVAL;
  }
  f->system[f->n_systems++] = *rule;
  return GK_OK;
}

/* Per tile type: the attributes it carries on some segment, and the
** segments each figure kind may stand on. */
static int gather_tile_attrs(gk_flow *f) {
  int n = gk_rules_tile_count(f->rules);
  if (n <= 0) return GK_OK;
  size_t segs_size = sizeof(uint16_t) * GK_MAX_FIGURE_KINDS * (size_t)n;
  uint64_t *bits = gk_mem(&f->rules->alloc, NULL, 0, sizeof(uint64_t) * (size_t)n);
  uint16_t *segs = gk_mem(&f->rules->alloc, NULL, 0, segs_size);
  if (!bits || !segs) {
    gk_mem(&f->rules->alloc, bits, sizeof(uint64_t) * (size_t)n, 0);
    gk_mem(&f->rules->alloc, segs, segs_size, 0);
    flow_err(f, "out of memory");
    return GK_ENOMEM;
  }
  for (int t = 0; t < n; t++) {
    const gk_tile_def *d = gk_rules_tile(f->rules, t);
    bits[t] = 0;
    for (int s = 0; s < d->n_segments; s++)
      for (int a = 0; a < d->segments[s].n_attrs; a++)
        if (d->segments[s].attrs[a].value != 0) bits[t] |= 1ull << d->segments[s].attrs[a].attr;
    for (int k = 0; k < GK_MAX_FIGURE_KINDS; k++) {
      uint16_t m = 0;
      for (int s = 0; s < d->n_segments && !f->figure[k].corner; s++)
        if ((f->figure[k].on_kinds >> d->segments[s].kind) & 1) m |= (uint16_t)(1u << s);
      segs[(size_t)t * GK_MAX_FIGURE_KINDS + (size_t)k] = m;
    }
  }
  f->tile_attrs = bits;
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
  for (int k = 0; k < GK_MAX_FIGURE_KINDS; k++) {
    f->strength[k] = f->figure[k].strength;
    f->group[k] = f->figure[k].group;
    if (f->figure[k].on_kinds) f->placed_kinds |= 1u << k;
    if (f->figure[k].strength_attr) f->strength_attr_kinds |= 1u << k;
  }
}

static bool tile_passes(const gk_flow *f, int type, const gk_tile_filter *filter) {
  if (!filter->tags && !filter->attrs) return true;
  if (type < 0 || type >= f->n_tile_types) return false;
  return (gk_rules_tile(f->rules, type)->tags & filter->tags) || (f->tile_attrs[type] & filter->attrs);
}

int gk_flow_tile_matches(const gk_flow *f, int type, const gk_tile_filter *filter) {
  if (!f || !filter || !f->frozen || type < 0 || type >= gk_rules_tile_count(f->rules))
    return GK_EINVAL;
  return tile_passes(f, type, filter) ? 1 : 0;
}

int gk_flow_recall(gk_flow *f, const gk_recall_rule *rule) {
  int st = check_open(f, "declare a recall");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->phase < GK_PHASE_CUSTOM || rule->phase >= f->n_phases ||
      rule->action < 0 || rule->action >= f->n_actions || !rule->figures ||
      (r->n_figure_kinds < 32 && (rule->figures >> r->n_figure_kinds)) || !rule->kinds ||
      (r->n_kinds < 64 && (rule->kinds >> r->n_kinds)) ||
      (r->n_tags < 64 && (rule->tiles.tags >> r->n_tags)) ||
      (r->n_attrs < 64 && (rule->tiles.attrs >> r->n_attrs))) {
    flow_err(f, "recall: malformed rule (a custom phase, an action, figure kinds, feature kinds "
                "and tile tags or attributes that exist)");
    return GK_EINVAL;
  }
  for (int i = 0; i < f->n_recalls; i++)
    if (f->recall[i].phase == rule->phase) {
      flow_err(f, "recall: phase '%s' already offers a recall", f->phase_name[rule->phase].s);
      return GK_EINVAL;
    }
  if (f->n_recalls >= GK_MAX_RECALLS) {
    flow_err(f, "recall: more than %d rules", GK_MAX_RECALLS);
    return GK_EINVAL;
  }
  f->recall[f->n_recalls++] = *rule;
  return GK_OK;
}

/* }================================================================== */

int gk_move_equal(const gk_move *a, const gk_move *b) {
  if (a->type != b->type) return 0;
  switch (a->type) {
    case GK_MOVE_PLACE:
      return a->tile == b->tile && a->x == b->x && a->y == b->y && a->rot == b->rot;
    case GK_MOVE_DEPLOY:
      return a->figure_kind == b->figure_kind && a->at.where == b->at.where &&
             a->at.a == b->at.a && a->at.b == b->at.b;
    case GK_MOVE_ACTION:
      return a->action == b->action && memcmp(a->arg, b->arg, sizeof a->arg) == 0;
    default:
      return 1;
  }
}

/* {==================================================================
** Play: creation and copies
** =================================================================== */

gk_play *gk_play_new(const gk_flow *flow, gk_game *game, const gk_hooks *hooks) {
  if (!flow || !flow->frozen || !game || game->rules != flow->rules) return NULL;
  gk_play *p = gk_mem(&game->alloc, NULL, 0, sizeof *p);
  if (!p) return NULL;
  memset(p, 0, sizeof *p);
  p->flow = flow;
  p->game = game;
  if (hooks) p->hooks = *hooks;
  p->phase = GK_PHASE_BEGIN_TURN;
  p->part = 1;
  p->stack = flow->stack;
  p->tile = -1;
  p->placed = -1;
  p->extra_stack = -1;
  p->drawn_fits = -1;
  p->agent_rng = game->rng[0] | 1;
  p->cap_moves = 128;
  p->moves = gk_mem(&game->alloc, NULL, 0, sizeof(gk_move) * (size_t)p->cap_moves);
  if (!p->moves) {
    gk_mem(&game->alloc, p, sizeof *p, 0);
    return NULL;
  }
  return p;
}

void gk_play_free(gk_play *p) {
  if (!p) return;
  gk_allocator a = p->game->alloc;
  gk_mem(&a, p->moves, sizeof(gk_move) * (size_t)p->cap_moves, 0);
  gk_mem(&a, p->place, sizeof(gk_placement) * (size_t)p->cap_place, 0);
  gk_mem(&a, p->blob_keep, p->blob_keep_cap, 0);
  gk_mem(&a, p->backup, p->backup_bytes, 0);
  if (!p->game_released) gk_game_free(p->game);
  gk_mem(&a, p, sizeof *p, 0);
}

gk_game *gk_play_release(gk_play *p) {
  if (!p) return NULL;
  gk_game *g = p->game;
  p->game_released = true;
  gk_play_free(p);
  return g;
}

gk_play *gk_play_clone(const gk_play *src) {
  if (!src) return NULL;
  gk_game *g = gk_game_clone(src->game);
  if (!g) return NULL;
  gk_play *p = gk_mem(&g->alloc, NULL, 0, sizeof *p);
  gk_move *moves = gk_mem(&g->alloc, NULL, 0, sizeof(gk_move) * (size_t)src->cap_moves);
  if (!p || !moves) {
    gk_mem(&g->alloc, p, p ? sizeof *p : 0, 0);
    gk_mem(&g->alloc, moves, moves ? sizeof(gk_move) * (size_t)src->cap_moves : 0, 0);
    gk_game_free(g);
    return NULL;
  }
  *p = *src;
  p->game = g;
  p->blob_keep = NULL;
  p->blob_keep_cap = 0;
  p->backup = NULL;
  p->backup_bytes = 0;
  p->moves = moves;
  p->place = NULL;
  p->cap_place = 0;
  if (src->cap_place) {
    p->place = gk_mem(&g->alloc, NULL, 0, sizeof(gk_placement) * (size_t)src->cap_place);
    if (!p->place) {
      p->moves_in_place = false;
      p->n_moves = 0;
      gk_play_free(p);
      return NULL;
    }
    p->cap_place = src->cap_place;
    memcpy(p->place, src->place, sizeof(gk_placement) * (size_t)src->cap_place);
  }
  /* a lazy list has no entries in moves[] (n_moves may pass cap_moves) */
  if (!src->moves_in_place && !src->moves_lazy)
    memcpy(moves, src->moves, sizeof(gk_move) * (size_t)src->n_moves);
  return p;
}

/* Swaps everything but the identity of the two objects, so that pointers
** to dst and to its game stay valid. */
static void swap_state(gk_play *a, gk_play *b) {
  gk_game tmpg = *a->game;
  *a->game = *b->game;
  *b->game = tmpg;
  gk_game *ga = a->game, *gb = b->game;
  gk_play tmp = *a;
  *a = *b;
  *b = tmp;
  a->game = ga;
  b->game = gb;
}

int gk_play_copy_from(gk_play *dst, const gk_play *src) {
  if (!dst || !src || dst->flow != src->flow) return GK_EINVAL;
  gk_play *c = gk_play_clone(src);
  if (!c) {
    gk_play_set_error(dst, "out of memory copying a game");
    return GK_ENOMEM;
  }
  gk_hooks keep = dst->hooks;
  gk_hook_filters keep_filters = dst->filters;
  swap_state(dst, c);
  dst->hooks = keep;
  dst->filters = keep_filters;
  gk_play_free(c);
  return GK_OK;
}

gk_game *gk_play_game(gk_play *p) { return p ? p->game : NULL; }
const gk_flow *gk_play_flow(const gk_play *p) { return p ? p->flow : NULL; }
const char *gk_play_error(const gk_play *p) { return p ? p->err : "no game"; }
void gk_play_set_hooks(gk_play *p, const gk_hooks *h) {
  if (p) {
    if (h) p->hooks = *h;
    else memset(&p->hooks, 0, sizeof p->hooks);
  }
}
int gk_play_phase(const gk_play *p) { return p ? p->phase : GK_EINVAL; }
int gk_play_over(const gk_play *p) { return p && p->phase == GK_PHASE_GAME_OVER; }
int gk_play_player(const gk_play *p) { return p ? p->player : GK_EINVAL; }
int gk_play_turn(const gk_play *p) { return p ? p->turn : GK_EINVAL; }
int gk_play_part(const gk_play *p) { return p ? p->part : GK_EINVAL; }
int gk_play_tile(const gk_play *p) { return p ? p->tile : GK_EINVAL; }
int gk_play_placed(const gk_play *p) { return p ? p->placed : GK_EINVAL; }

int gk_play_closed(const gk_play *p, int32_t *out, int cap) {
  if (!p || cap < 0 || (cap > 0 && !out)) return GK_EINVAL;
  int n = 0;
  for (int i = 0; i < p->n_closed; i++) {
    /* roots now: a closed feature may have merged since the report */
    int32_t root = gk_find(p->game, p->closed[i]);
    bool seen = false;
    for (int j = 0; j < i && !seen; j++) seen = gk_find(p->game, p->closed[j]) == root;
    if (seen || p->closed_done[i]) continue;
    if (n < cap) out[n] = root;
    n++;
  }
  return n;
}

void gk_play_end_game(gk_play *p) {
  if (p) p->ending = true;
}

void gk_play_set_hook_filters(gk_play *p, const gk_hook_filters *filters) {
  if (!p) return;
  if (filters) p->filters = *filters;
  else memset(&p->filters, 0, sizeof p->filters);
}

void gk_play_seed_agent(gk_play *p, uint64_t seed) {
  if (p) p->agent_rng = seed * 0x9E3779B97F4A7C15ull | 1;
}

/* }================================================================== */

/* {==================================================================
** Hooks
** =================================================================== */

static bool has_hook(const gk_play *p, int hook) {
  return (p->hooks.present >> hook) & 1;
}

static int keep_blobs(gk_play *p);

static int call_hook(gk_play *p, gk_hook_call *c) {
  /* Only hooks write blobs: a guarded move keeps them just before its
  ** first hook, and a move that calls none keeps nothing. */
  if (p->guarded && !p->blobs_kept) {
    if (keep_blobs(p)) {
      gk_play_set_error(p, "out of memory");
      return GK_ENOMEM;
    }
    p->blobs_kept = true;
  }
  int st = p->hooks.call(p->hooks.ud, p, c);
  if (st < 0 && !p->err[0]) gk_play_set_error(p, "a hook failed");
  return st < 0 ? st : GK_OK;
}

static int notify(gk_play *p, int hook, int32_t value) {
  if (!has_hook(p, hook)) return GK_OK;
  if (hook == GK_HOOK_TILE_PLACED &&
      !tile_passes(p->flow, p->game->tiles[p->report.tile].type, &p->filters.placed_tiles))
    return GK_OK;
  gk_hook_call c = {.hook = hook, .phase = p->phase, .feature = -1, .value = value};
  if (hook == GK_HOOK_TILE_PLACED) c.report = &p->report;
  return call_hook(p, &c);
}

/* }================================================================== */

/* {==================================================================
** Systems of features
** =================================================================== */

/* A list of feature roots that starts on the stack and grows on the heap. */
typedef struct root_list {
  int32_t *v;
  int32_t n, cap;
  int32_t local[64];
} root_list;

static void roots_init(root_list *l) {
  l->v = l->local;
  l->n = 0;
  l->cap = 64;
}

static void roots_free(gk_game *g, root_list *l) {
  if (l->v != l->local) gk_mem(&g->alloc, l->v, sizeof(int32_t) * (size_t)l->cap, 0);
  roots_init(l);
}

static int roots_push(gk_game *g, root_list *l, int32_t r) {
  if (l->n == l->cap) {
    int32_t cap = l->cap * 2;
    int32_t *v = gk_mem(&g->alloc, NULL, 0, sizeof(int32_t) * (size_t)cap);
    if (!v) return GK_ENOMEM;
    memcpy(v, l->v, sizeof(int32_t) * (size_t)l->n);
    if (l->v != l->local) gk_mem(&g->alloc, l->v, sizeof(int32_t) * (size_t)l->cap, 0);
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = r;
  return GK_OK;
}

/* Does the feature hold a figure of one of these groups (figure kind
** `kind` when groups is 0)? */
static bool root_holds(const gk_play *p, int32_t root, unsigned groups, int kind) {
  const gk_game *g = p->game;
  for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
    if (groups ? (p->flow->figure[g->figures[f].kind].group & groups) != 0
               : g->figures[f].kind == kind)
      return true;
  return false;
}

/* The system of `kinds` around root, root first, breadth first, into l.
** With stop_groups (or stop_kind >= 0) it stops at the first feature
** holding such a figure and returns 1; 0 when the whole system is in l. */
static int gather_system(gk_play *p, int32_t root, uint64_t kinds, root_list *l,
                         unsigned stop_groups, int stop_kind) {
  gk_game *g = p->game;
  bool stopping = stop_groups != 0 || stop_kind >= 0;
  int st = roots_push(g, l, root);
  if (st) return st;
  for (int32_t i = 0; i < l->n; i++) {
    int32_t r = l->v[i];
    if (stopping && root_holds(p, r, stop_groups, stop_kind)) return 1;
    /* The features touching r, straight from its members' segment
    ** adjacency: no sorted copy, since the order in l does not matter. */
    int32_t m = r;
    do {
      const gk_tilerec *t = &g->tiles[g->node_tile[m]];
      for (uint16_t adj = g->rules->templates[t->type].adjacent[g->node_seg[m]];
           adj && st == GK_OK; adj &= (uint16_t)(adj - 1)) {
        int32_t ar = gk_find(g, t->first_node + __builtin_ctz(adj));
        bool seen = !((kinds >> g->node_kind[ar]) & 1); /* not of these kinds: skip */
        for (int32_t j = 0; j < l->n && !seen; j++) seen = l->v[j] == ar;
        if (!seen) st = roots_push(g, l, ar);
      }
      if (st) return st;
      m = g->next[m];
    } while (m != r);
  }
  return 0;
}

/* What the last walk of a system found: the other segments of a tile
** usually lie in the same system, which is then walked once per listing. */
typedef struct system_memo {
  uint64_t kinds;
  unsigned groups;
  bool held;
  int n; /* roots kept; 0: nothing */
  int32_t roots[64];
} system_memo;

/* Is a figure of these groups anywhere in the system around root? (Out
** of memory counts as yes: the figure is then simply not offered.) With
** a memo, a root of the system walked last gets that walk's answer. */
static bool system_holds(gk_play *p, int32_t root, uint64_t kinds, unsigned groups, int kind,
                         system_memo *memo) {
  if (memo && memo->n && memo->kinds == kinds && memo->groups == groups)
    for (int i = 0; i < memo->n; i++)
      if (memo->roots[i] == root) return memo->held;
  /* Most of the time no such figure stands on any feature of these kinds
  ** yet: one look over the figures spares the walk. */
  const gk_game *g = p->game;
  bool any = false;
  for (int f = 0; f < g->n_figures && !any; f++) {
    const gk_figrec *fr = &g->figures[f];
    any = fr->where == GK_AT_NODE && ((kinds >> g->node_kind[fr->a]) & 1) &&
          (groups ? (p->flow->figure[fr->kind].group & groups) != 0 : fr->kind == kind);
  }
  if (!any) return false;
  root_list l;
  roots_init(&l);
  int st = gather_system(p, root, kinds, &l, groups, kind);
  /* stopped early or not, every root in l is of root's system */
  if (memo && st >= 0 && l.n <= (int32_t)(sizeof memo->roots / sizeof memo->roots[0])) {
    *memo = (system_memo){.kinds = kinds, .groups = groups, .held = st != 0, .n = (int)l.n};
    memcpy(memo->roots, l.v, sizeof(int32_t) * (size_t)l.n);
  }
  roots_free(p->game, &l);
  return st != 0;
}

/* Does the feature's merged value of one of these attributes differ from
** 0? (mask 0: yes) */
static bool attrs_hold(const gk_game *g, int32_t root, uint64_t mask) {
  if (!mask) return true;
  const int32_t *attrs = &g->attrs[(size_t)root * (size_t)g->rules->n_attrs];
  for (int a = 0; a < g->rules->n_attrs; a++)
    if (((mask >> a) & 1) && attrs[a] != 0) return true;
  return false;
}

static int64_t system_attr(const gk_game *g, const root_list *l, int attr) {
  int64_t sum = 0;
  for (int32_t i = 0; i < l->n; i++) sum += g->attrs[(size_t)l->v[i] * (size_t)g->rules->n_attrs + (size_t)attr];
  return sum;
}

static int32_t system_points(const gk_game *g, const gk_system_rule *fm, const root_list *l) {
  int64_t total = 0;
  for (int i = 0; i < fm->n_terms; i++) {
    int if_attr = fm->terms[i].if_attr, arg = fm->terms[i].arg;
    int64_t pts = fm->terms[i].points;
    if (if_attr && system_attr(g, l, if_attr - 1) == 0) continue;
    switch (fm->terms[i].term) {
      case GK_TERM_CONST: total += pts; break;
      case GK_TERM_ATTR: total += pts * system_attr(g, l, arg); break;
      case GK_TERM_ATTR_OVER: {
        int64_t over = system_attr(g, l, arg & 0xff) - system_attr(g, l, arg >> 8);
        if (over > 0) total += pts * over;
        break;
      }
      case GK_TERM_FEATURES:
        for (int32_t k = 0; k < l->n; k++) total += g->node_kind[l->v[k]] == arg ? pts : 0;
        break;
      default: break;
    }
  }
  return total > INT32_MAX ? INT32_MAX : total < INT32_MIN ? INT32_MIN : (int32_t)total;
}

/* One declared system rule over the board: each system holding its
** figure, once, in ascending order of the first root holding one. */
static int score_system_rule(gk_play *p, const gk_system_rule *sr, uint8_t *done) {
  gk_game *g = p->game;
  for (int32_t n = 0; n < g->n_nodes; n++) {
    if (g->parent[n] != n || done[n] || !((sr->kinds >> g->node_kind[n]) & 1) ||
        !root_holds(p, n, 0, sr->figure))
      continue;
    root_list l;
    roots_init(&l);
    int st = gather_system(p, n, sr->kinds, &l, 0, -1);
    if (st < 0) {
      roots_free(g, &l);
      gk_play_set_error(p, "out of memory scoring a system");
      return st;
    }
    int32_t count[GK_MAX_PLAYERS] = {0}, best = 0;
    for (int32_t i = 0; i < l.n; i++) {
      done[l.v[i]] = 1;
      for (int32_t f = g->root[l.v[i]].fig_head; f >= 0; f = g->figures[f].next) {
        int owner = g->figures[f].owner;
        if (g->figures[f].kind != sr->figure || owner < 0 || owner >= GK_MAX_PLAYERS) continue;
        if (++count[owner] > best) best = count[owner];
      }
    }
    int32_t points = best > 0 ? system_points(g, sr, &l) : 0;
    roots_free(g, &l);
    if (points == 0) continue;
    for (int pl = 0; pl < g->n_players; pl++) {
      if (count[pl] != best) continue;
      st = gk_score(g, pl, points, sr->reason, n);
      if (st) {
        gk_play_set_error(p, "%s", gk_game_error(g));
        return st;
      }
    }
  }
  return GK_OK;
}

static int score_systems(gk_play *p) {
  gk_game *g = p->game;
  uint8_t *done = gk_mem(&g->alloc, NULL, 0, (size_t)g->n_nodes + 1);
  if (!done) {
    gk_play_set_error(p, "out of memory scoring systems");
    return GK_ENOMEM;
  }
  int st = GK_OK;
  for (int i = 0; i < p->flow->n_systems && st == GK_OK; i++) {
    memset(done, 0, (size_t)g->n_nodes + 1);
    st = score_system_rule(p, &p->flow->system[i], done);
  }
  gk_mem(&g->alloc, done, (size_t)g->n_nodes + 1, 0);
  return st;
}

/* }================================================================== */

/* {==================================================================
** Scoring
** =================================================================== */

static int32_t count_adjacent(gk_play *p, int32_t root, int kind, bool closed_only) {
  int32_t local[64];
  int n = gk_feature_adjacent(p->game, root, local, 64);
  int32_t *adj = local;
  if (n > 64) {
    adj = gk_mem(&p->game->alloc, NULL, 0, sizeof(int32_t) * (size_t)n);
    if (!adj) return 0;
    gk_feature_adjacent(p->game, root, adj, n);
  }
  int32_t count = 0;
  for (int i = 0; i < n; i++)
    if (p->game->node_kind[adj[i]] == kind && (!closed_only || gk_root_closed(p->game, adj[i])))
      count++;
  if (adj != local) gk_mem(&p->game->alloc, adj, sizeof(int32_t) * (size_t)n, 0);
  return count;
}

/* The formula's terms for one leader: with_figures is the set of figure
** kinds that leader has on the feature (bit per kind); -1 means the terms
** that apply to everyone, 0 skips the conditional ones. */
static int32_t formula_sum(gk_play *p, int32_t root, const scoring_rule *sr, bool conditional,
                           uint32_t with_figures) {
  gk_game *g = p->game;
  int64_t total = 0;
  for (int i = 0; i < sr->formula.n_terms; i++) {
    int only = sr->formula.terms[i].only_with;
    if (conditional ? (only == 0 || !((with_figures >> (only - 1)) & 1)) : only != 0) continue;
    int32_t pts = sr->formula.terms[i].points;
    int arg = sr->formula.terms[i].arg;
    const int32_t *attrs = &g->attrs[(size_t)root * (size_t)g->rules->n_attrs];
    switch (sr->formula.terms[i].term) {
      case GK_TERM_CONST: total += pts; break;
      case GK_TERM_TILE: total += (int64_t)pts * gk_count_tiles(g, root); break;
      case GK_TERM_ATTR:
        total += (int64_t)pts * g->attrs[(size_t)root * (size_t)g->rules->n_attrs + (size_t)arg];
        break;
      case GK_TERM_BLOCK:
        total += (int64_t)pts * (1 + g->tiles[g->node_tile[root]].neighbours);
        break;
      case GK_TERM_ADJACENT: total += (int64_t)pts * count_adjacent(p, root, arg, false); break;
      case GK_TERM_ADJACENT_CLOSED: total += (int64_t)pts * count_adjacent(p, root, arg, true); break;
      case GK_TERM_ATTR_OVER: {
        int32_t over = attrs[arg & 0xff] - attrs[arg >> 8];
        if (over > 0) total += (int64_t)pts * over;
        break;
      }
      case GK_TERM_FEATURES: total += g->node_kind[root] == arg ? pts : 0; break;
    }
  }
  return total > INT32_MAX ? INT32_MAX : total < INT32_MIN ? INT32_MIN : (int32_t)total;
}

int32_t gk_play_formula_points(const gk_play *cp, int32_t root, gk_when when) {
  gk_play *p = (gk_play *)cp;
  if (!p || root < 0 || root >= p->game->n_nodes || (when != GK_WHEN_CLOSED && when != GK_WHEN_FINAL))
    return 0;
  root = gk_find(p->game, root);
  const scoring_rule *sr = &p->flow->scoring[p->game->node_kind[root]][when];
  return sr->on ? formula_sum(p, root, sr, false, 0) : 0;
}

static int score_feature(gk_play *p, int32_t node, gk_when when, uint32_t *leaders_out);

int gk_play_score_feature(gk_play *p, int32_t node, gk_when when) {
  if (!p || node < 0 || node >= p->game->n_nodes) return GK_EINVAL;
  return score_feature(p, node, when, NULL);
}

static int score_feature(gk_play *p, int32_t node, gk_when when, uint32_t *leaders_out) {
  gk_game *g = p->game;
  if (leaders_out) *leaders_out = 0;
  int32_t root = gk_find(g, node);
  const scoring_rule *sr = &p->flow->scoring[g->node_kind[root]][when];
  bool points_hook = has_hook(p, GK_HOOK_FEATURE_POINTS) &&
                     attrs_hold(g, root, p->filters.points_attrs);
  if (!sr->on && !points_hook && !has_hook(p, GK_HOOK_FEATURE_SCORED)) return 0;
  uint32_t leaders = 0;
  if (g->root[root].fig_head >= 0) { /* most features close with nobody on them */
    int32_t by_kind[GK_MAX_FIGURE_KINDS];
    const int32_t *strength = p->flow->strength;
    if (p->flow->strength_attr_kinds) {
      /* Kinds whose strength is an attribute of the feature count that. */
      memcpy(by_kind, strength, sizeof by_kind);
      for (uint32_t m = p->flow->strength_attr_kinds; m; m &= m - 1) {
        int k = __builtin_ctz(m), a = p->flow->figure[k].strength_attr;
        int32_t v = g->attrs[(size_t)root * (size_t)g->rules->n_attrs + (size_t)(a - 1)];
        by_kind[k] = v > 0 ? v : 0;
      }
      strength = by_kind;
    }
    gk_majority(g, root, strength, NULL, &leaders);
  }
  int32_t points = sr->on ? formula_sum(p, root, sr, false, 0) : 0;
  if (points_hook) {
    gk_hook_call c = {.hook = GK_HOOK_FEATURE_POINTS, .phase = p->phase, .feature = root,
                      .when = when, .value = points, .leaders = leaders};
    int st = call_hook(p, &c);
    if (st) return st;
    points = c.value;
    leaders = c.leaders;
  }
  if (leaders_out) *leaders_out = leaders;
  int reason = sr->on ? sr->reason : 0;
  /* Terms that count only for a leader with a given figure there. */
  uint32_t with[GK_MAX_PLAYERS] = {0};
  bool conditional = false;
  if (sr->on)
    for (int i = 0; i < sr->formula.n_terms; i++) conditional |= sr->formula.terms[i].only_with != 0;
  if (conditional)
    for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
      if (g->figures[f].owner >= 0) with[g->figures[f].owner] |= 1u << g->figures[f].kind;
  if (g->rules->n_reasons > 0)
    for (int pl = 0; pl < g->n_players; pl++)
      if ((leaders >> pl) & 1) {
        int32_t pts = points;
        if (conditional && with[pl]) pts += formula_sum(p, root, sr, true, with[pl]);
        if (!pts) continue;
        int st = gk_score(g, pl, pts, reason, root);
        if (st) return st;
      }
  if (has_hook(p, GK_HOOK_FEATURE_SCORED)) {
    gk_hook_call c = {.hook = GK_HOOK_FEATURE_SCORED, .phase = p->phase, .feature = root,
                      .when = when, .value = points, .leaders = leaders};
    int st = call_hook(p, &c);
    if (st) return st;
  }
  return points;
}

/* Counters the active player gains for completing this feature. */
static int gain_on_close(gk_play *p, int32_t root) {
  gk_game *g = p->game;
  for (int i = 0; i < p->flow->n_gains; i++) {
    if (p->flow->gain[i].kind != g->node_kind[root]) continue;
    int32_t v = g->attrs[(size_t)root * (size_t)g->rules->n_attrs + (size_t)p->flow->gain[i].attr];
    if (v == 0) continue;
    int st = gk_counter_add(g, p->player, p->flow->gain[i].counter, v);
    if (st) return st;
  }
  return GK_OK;
}

/* A figure that needs its owner's company goes home once alone. */
static int return_orphans(gk_play *p, int32_t root) {
  gk_game *g = p->game;
  root = gk_find(g, root);
  bool again = true;
  while (again) {
    again = false;
    for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next) {
      const gk_figure_rule *fr = &p->flow->figure[g->figures[f].kind];
      if (!fr->needs_own) continue;
      bool company = false;
      for (int32_t o = g->root[root].fig_head; o >= 0 && !company; o = g->figures[o].next)
        company = o != f && g->figures[o].owner == g->figures[f].owner &&
                  (p->flow->figure[g->figures[o].kind].group & fr->needs_own);
      if (!company) {
        int st = gk_figure_return(g, f);
        if (st) return st;
        again = true;
        break;
      }
    }
  }
  return GK_OK;
}

int gk_play_return_figures(gk_play *p, int32_t node, int at_end) {
  if (!p || node < 0 || node >= p->game->n_nodes) return GK_EINVAL;
  gk_game *g = p->game;
  int32_t root = gk_find(g, node);
  if (g->root[root].fig_head < 0) return GK_OK;
  int figs[256];
  int n = gk_feature_figures(g, root, figs, 256);
  for (int i = 0; i < n && i < 256; i++) {
    const gk_figure_rule *fr = &p->flow->figure[g->figures[figs[i]].kind];
    if (fr->stays && !at_end) continue;
    int st = gk_figure_return(g, figs[i]);
    if (st) return st;
  }
  return return_orphans(p, root);
}

/* {------------------------------------------------------------------
** Line markers (gk_line_rule)
** ------------------------------------------------------------------- */

/* Where a figure stands, as a cell; false if it is not on the board. */
static bool figure_cell(const gk_game *g, int32_t f, int32_t *x, int32_t *y) {
  const gk_figrec *fr = &g->figures[f];
  switch (fr->where) {
    case GK_AT_NODE: {
      const gk_tilerec *t = &g->tiles[g->node_tile[fr->a]];
      *x = t->x, *y = t->y;
      return true;
    }
    case GK_AT_TILE: *x = g->tiles[fr->a].x, *y = g->tiles[fr->a].y; return true;
    case GK_AT_CELL:
    case GK_AT_CORNER: *x = fr->a, *y = fr->b; return true;
    default: return false;
  }
}

/* How far along the advance a cell is: bigger is further ahead. */
static int64_t line_progress(const gk_line_rule *lr, int32_t x, int32_t y) {
  return (int64_t)(lr->axis == 0 ? x : y) * lr->dir;
}

/* The rearmost marker (first in figure order among the furthest behind),
** or -1 when none stands on the board. */
static int32_t rearmost_marker(const gk_play *p, int64_t *progress) {
  const gk_game *g = p->game;
  const gk_line_rule *lr = &p->flow->line;
  int32_t best = -1;
  for (int32_t f = 0; f < g->n_figures; f++) {
    int32_t x, y;
    if (g->figures[f].kind != lr->figure || !figure_cell(g, f, &x, &y)) continue;
    int64_t pr = line_progress(lr, x, y);
    if (best < 0 || pr < *progress) best = f, *progress = pr;
  }
  return best;
}

/* Markers standing in the line of cell (x, y). */
static int markers_in_line(const gk_play *p, int32_t x, int32_t y) {
  const gk_game *g = p->game;
  const gk_line_rule *lr = &p->flow->line;
  int64_t want = line_progress(lr, x, y);
  int n = 0;
  for (int32_t f = 0; f < g->n_figures; f++) {
    int32_t fx, fy;
    if (g->figures[f].kind == lr->figure && figure_cell(g, f, &fx, &fy) &&
        line_progress(lr, fx, fy) == want)
      n++;
  }
  return n;
}

static int line_bonus(gk_play *p, int32_t root, uint32_t leaders) {
  gk_game *g = p->game;
  const gk_line_rule *lr = &p->flow->line;
  if (!lr->bonus || !leaders) return GK_OK;
  if (!lr->bonus_per_player) {
    for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next) {
      int owner = g->figures[f].owner;
      int32_t x, y;
      if (owner < 0 || !((leaders >> owner) & 1) || !figure_cell(g, f, &x, &y)) continue;
      int n = markers_in_line(p, x, y);
      if (n == 0) continue;
      int st = gk_score(g, owner, lr->bonus * n, lr->bonus_reason, root);
      if (st) return st;
    }
    return GK_OK;
  }
  /* once per leader and marker whose line holds one of its figures */
  for (int pl = 0; pl < g->n_players; pl++) {
    if (!((leaders >> pl) & 1)) continue;
    int n = 0;
    for (int32_t m = 0; m < g->n_figures; m++) {
      int32_t mx, my;
      if (g->figures[m].kind != lr->figure || !figure_cell(g, m, &mx, &my)) continue;
      bool here = false;
      for (int32_t f = g->root[root].fig_head; f >= 0 && !here; f = g->figures[f].next) {
        int32_t x, y;
        here = g->figures[f].owner == pl && figure_cell(g, f, &x, &y) &&
               line_progress(lr, x, y) == line_progress(lr, mx, my);
      }
      n += here;
    }
    if (n == 0) continue;
    int st = gk_score(g, pl, lr->bonus * n, lr->bonus_reason, root);
    if (st) return st;
  }
  return GK_OK;
}

/* Steps 3 and 4: the rearmost marker one line forward, then the sweep. */
static int line_advance(gk_play *p) {
  gk_game *g = p->game;
  const gk_line_rule *lr = &p->flow->line;
  int64_t behind = 0;
  int32_t m = rearmost_marker(p, &behind);
  if (m < 0) return GK_OK;
  int32_t mx, my;
  figure_cell(g, m, &mx, &my);
  /* the nearest tile of the next line, along the line */
  int32_t target = -1;
  int64_t dist = 0;
  for (int32_t t = 0; t < g->n_tiles; t++) {
    const gk_tilerec *tr = &g->tiles[t];
    if (line_progress(lr, tr->x, tr->y) != behind + 1) continue;
    int64_t d = lr->axis == 0 ? (int64_t)tr->y - my : (int64_t)tr->x - mx;
    if (d < 0) d = -d;
    if (target < 0 || d < dist) target = t, dist = d;
  }
  if (target < 0) return GK_OK; /* no tile beyond: nobody moves */
  int st = gk_figure_move(g, m, (gk_location){GK_AT_CELL, g->tiles[target].x, g->tiles[target].y});
  if (st) return st;
  rearmost_marker(p, &behind);
  for (int32_t f = 0; f < g->n_figures; f++) {
    const gk_figrec *fr = &g->figures[f];
    if (fr->owner < 0 || fr->where != GK_AT_NODE || !((lr->sweep_kinds >> g->node_kind[fr->a]) & 1))
      continue;
    const gk_tilerec *t = &g->tiles[g->node_tile[fr->a]];
    if (line_progress(lr, t->x, t->y) >= behind) continue;
    st = gk_figure_return(g, f);
    if (st) return st;
  }
  return GK_OK;
}

/* Does a player's figure stand on the feature? */
static bool occupied(const gk_game *g, int32_t root) {
  for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
    if (g->figures[f].owner >= 0) return true;
  return false;
}

/* A closed feature's place in the scoring order (smaller first) and a
** tile and segment naming it: the placed tile's port-closed features by
** segment, then the others (surrounded ones) by their tile's position
** in the 3x3 block around the placed tile, in reading order. */
static int line_order_key(const gk_play *p, int32_t root, int32_t *x, int32_t *y, int *seg) {
  const gk_game *g = p->game;
  const gk_tilerec *pt = &g->tiles[p->placed];
  if (g->rules->kind_completion[g->node_kind[root]] == GK_CLOSE_PORTS) {
    int ns = g->rules->tiles[pt->type].def.n_segments;
    for (int s = 0; s < ns; s++)
      if (gk_find(g, pt->first_node + s) == root) {
        *x = pt->x, *y = pt->y, *seg = s;
        return s;
      }
  }
  const gk_tilerec *t = &g->tiles[g->node_tile[root]];
  *x = t->x, *y = t->y, *seg = g->node_seg[root];
  int32_t dx = t->x - pt->x, dy = t->y - pt->y;
  int block = (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1) ? (int)((dy + 1) * 3 + (dx + 1)) : 9;
  return GK_MAX_SEGMENTS + block * GK_MAX_SEGMENTS + *seg;
}

static int reserve_moves(gk_play *p, int need);

typedef struct line_pending {
  int index;   /* in p->closed */
  int32_t root;
  int key;
  int32_t x, y;
  int seg;
} line_pending;

/* The occupied closed features still to score, in order. */
static int line_pending_list(gk_play *p, line_pending *out) {
  gk_game *g = p->game;
  int n = 0;
  if (p->placed < 0) return 0;
  for (int i = 0; i < p->n_closed; i++) {
    if (p->closed_done[i]) continue;
    int32_t root = gk_find(g, p->closed[i]);
    bool seen = false;
    for (int j = 0; j < n && !seen; j++) seen = out[j].root == root;
    if (seen || !occupied(g, root)) continue;
    line_pending c = {.index = i, .root = root};
    c.key = line_order_key(p, root, &c.x, &c.y, &c.seg);
    if (p->flow->line.order == GK_LINE_ORDER_ACTIVE_FIRST) {
      int first = g->n_players;
      for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
        if (g->figures[f].owner >= 0) {
          int d = (g->figures[f].owner - p->player + g->n_players) % g->n_players;
          if (d < first) first = d;
        }
      c.key += first * 1000000;
    }
    int k = n++;
    while (k > 0 && out[k - 1].key > c.key) out[k] = out[k - 1], k--;
    out[k] = c;
  }
  return n;
}

/* Steps 1-4 for one feature; every closed entry of it is done. */
static int line_score_one(gk_play *p, int32_t root) {
  gk_game *g = p->game;
  uint32_t leaders = 0;
  int st = score_feature(p, root, GK_WHEN_CLOSED, &leaders);
  if (st >= 0) st = line_bonus(p, root, leaders);
  if (st >= 0) st = gain_on_close(p, root);
  if (st >= 0) st = gk_play_return_figures(p, root, 0);
  if (st >= 0) st = line_advance(p);
  if (st < 0) return st;
  for (int i = 0; i < p->n_closed; i++)
    if (gk_find(g, p->closed[i]) == root) p->closed_done[i] = 1;
  return GK_OK;
}

/* The score phase with line markers: 1 when it waits for the active
** player to choose what scores next (moves listed), 0 when every occupied
** feature is done, or a negative status. */
static int line_score(gk_play *p) {
  line_pending list[GK_REPORT_MAX];
  for (;;) {
    int n = line_pending_list(p, list);
    if (n == 0) return 0;
    if (n >= 2 && p->flow->line.order == GK_LINE_ORDER_CHOOSE) {
      int st = reserve_moves(p, n);
      if (st) return st;
      for (int i = 0; i < n; i++)
        p->moves[i] = (gk_move){.type = GK_MOVE_ACTION, .action = p->flow->line.order_action,
                                .arg = {list[i].x, list[i].y, list[i].seg + 1, 0}};
      p->n_moves = n;
      return 1;
    }
    int st = line_score_one(p, list[0].root);
    if (st < 0) return st;
  }
}

/* A CHOOSE move: score the feature it names; the phase asks again. */
static int line_apply_choice(gk_play *p, const gk_move *m) {
  line_pending list[GK_REPORT_MAX];
  int n = line_pending_list(p, list);
  for (int i = 0; i < n; i++)
    if (list[i].x == m->arg[0] && list[i].y == m->arg[1] && list[i].seg + 1 == m->arg[2])
      return line_score_one(p, list[i].root);
  gk_play_set_error(p, "no feature to score at %d,%d segment %d", m->arg[0], m->arg[1], m->arg[2]);
  return GK_EILLEGAL;
}

/* Markers go to their start cells at the first turn finding them all in
** the supply. */
static int line_start(gk_play *p) {
  gk_game *g = p->game;
  const gk_line_rule *lr = &p->flow->line;
  if (lr->n_start == 0 || gk_supply(g, -1, lr->figure) < lr->n_start) return GK_OK;
  for (int i = 0; i < lr->n_start; i++) {
    int f = gk_figure_deploy(g, -1, lr->figure,
                             (gk_location){GK_AT_CELL, lr->start[i][0], lr->start[i][1]});
    if (f < 0) {
      gk_play_set_error(p, "%s", gk_game_error(g));
      return f;
    }
  }
  return GK_OK;
}

/* }------------------------------------------------------------------ */

/* {------------------------------------------------------------------
** Tiles in hand (gk_hand_rule)
** ------------------------------------------------------------------- */

static bool holds_hand_tile(const gk_play *p, int player) {
  return gk_supply(p->game, player, p->flow->hand.token) > 0;
}

/* The hand tile's placements into holes, appended to the moves. */
static int hand_placements(gk_play *p) {
  gk_game *g = p->game;
  gk_cell local[64], *cells = local;
  int n = gk_holes(g, local, 64); /* one walk, unless there are many */
  if (n <= 0) return n;
  if (n > 64) {
    cells = gk_mem(&g->alloc, NULL, 0, sizeof(gk_cell) * (size_t)n);
    if (!cells) return GK_ENOMEM;
    gk_holes(g, cells, n);
  }
  int tile = p->flow->hand.tile, listed = 0;
  unsigned rots = gk_rules_unique_rotations(g->rules, tile);
  int st = reserve_moves(p, p->n_moves + 4 * n + 1);
  for (int i = 0; i < n && !st; i++)
    for (int rot = 0; rot < 4; rot++)
      if (((rots >> rot) & 1) && gk_can_place(g, tile, cells[i].x, cells[i].y, rot) == 1) {
        p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_PLACE, .tile = tile,
                                           .x = cells[i].x, .y = cells[i].y, .rot = rot};
        listed++;
      }
  if (cells != local) gk_mem(&g->alloc, cells, sizeof(gk_cell) * (size_t)n, 0);
  return st ? st : listed;
}

/* The draw phase's moves for the hand tile (none: draw as usual). */
static int hand_moves(gk_play *p) {
  gk_game *g = p->game;
  const gk_hand_rule *h = &p->flow->hand;
  if (gk_stack_size(g, p->stack) > 0) {
    int st = holds_hand_tile(p, p->player) ? hand_placements(p) : GK_OK;
    return st < 0 ? st : GK_OK;
  }
  /* the end round: only in a turn's first part, while a hole is left */
  if (!h->end_round || p->part > 1) return GK_OK;
  bool anyone = false;
  for (int pl = 0; pl < g->n_players && !anyone; pl++) anyone = holds_hand_tile(p, pl);
  if (!anyone || gk_holes(g, NULL, 0) <= 0) return GK_OK;
  int st = GK_OK;
  if (holds_hand_tile(p, p->player)) {
    st = hand_placements(p);
    if (st > 0)
      p->moves[p->n_moves++] =
          (gk_move){.type = GK_MOVE_ACTION, .action = h->decline_action, .arg = {0, 0, 0, 0}};
  } else {
    st = reserve_moves(p, p->n_moves + 1);
    if (!st) p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_PASS}; /* wait for the holders */
  }
  return st < 0 ? st : GK_OK;
}

/* Does the end round keep the game going once the stack is empty? */
static bool hand_round_pending(const gk_play *p) {
  if (!p->flow->has_hand || !p->flow->hand.end_round) return false;
  for (int pl = 0; pl < p->game->n_players; pl++)
    if (holds_hand_tile(p, pl)) return true;
  return false;
}

/* }------------------------------------------------------------------ */

/* {------------------------------------------------------------------
** Corner figures (gk_figure_rule.corner)
** ------------------------------------------------------------------- */

static bool deployable(const gk_play *p, int kind, int32_t node);

/* Appends the deploys of a corner figure kind on the placed tile. */
static void corner_deploys(gk_play *p, int kind) {
  gk_game *g = p->game;
  const gk_tilerec *t = &g->tiles[p->placed];
  if (t->neighbours < 3) return; /* no corner has its three other tiles */
  /* the placed tile's corners as vertices, and which cell of each vertex
  ** (gk_corner_nodes order NW, NE, SW, SE) the placed tile is */
  static const int vdx[4] = {0, 1, 0, 1}, vdy[4] = {0, 0, 1, 1}, cell_of_tile[4] = {3, 2, 1, 0};
  /* The 8 cells around that hold tiles, N NE E SE S SW W NW (the window
  ** reaches one cell beyond a placed tile), and the three each corner
  ** needs besides the placed tile: NW, N, W; N, NE, E; W, SW, S; E, SE, S. */
  static const unsigned needs[4] = {0xC1, 0x07, 0x70, 0x1C};
  const int32_t ci = gk_cell_index(g, t->x, t->y), w = g->w;
  const int32_t step[8] = {-w, -w + 1, 1, w + 1, w, w - 1, -1, -w - 1};
  unsigned around = 0;
  for (int d = 0; d < 8; d++) around |= (unsigned)(g->cells[ci + step[d]].tile >= 0) << d;
  int32_t used[4];
  int n_used = 0;
  for (int c = 0; c < 4; c++) {
    if ((around & needs[c]) != needs[c]) continue;
    int32_t vx = t->x + vdx[c], vy = t->y + vdy[c];
    int32_t nodes[8];
    if (gk_corner_nodes(g, vx, vy, nodes) != 4) continue;
    int32_t root = nodes[0] >= 0 ? gk_find(g, nodes[0]) : -1;
    bool one = root >= 0;
    for (int i = 1; i < 8 && one; i++) one = nodes[i] >= 0 && gk_find(g, nodes[i]) == root;
    if (!one) continue;
    int32_t mine = nodes[2 * cell_of_tile[c]];
    if (!deployable(p, kind, mine)) continue;
    bool seen = false;
    for (int i = 0; i < n_used && !seen; i++) seen = used[i] == mine;
    if (seen) continue;
    used[n_used++] = mine;
    p->moves[p->n_moves++] =
        (gk_move){.type = GK_MOVE_DEPLOY, .figure_kind = kind, .at = {GK_AT_NODE, mine, 0}};
  }
}

/* }------------------------------------------------------------------ */

/* {------------------------------------------------------------------
** Figures that move on after scoring (gk_relocate_rule)
** ------------------------------------------------------------------- */

/* Reach sets: far more room than a board's features around one feature
** can need (a feature touches at most a few dozen others). */
enum { REACH_MAX = 512 };

typedef struct root_set {
  int n;
  int32_t r[REACH_MAX];
} root_set;

static void root_add(root_set *s, int32_t root) {
  for (int i = 0; i < s->n; i++)
    if (s->r[i] == root) return;
  if (s->n < REACH_MAX) s->r[s->n++] = root;
}

/* Roots of the nodes facing the ports of a feature's segments. */
static void facing_roots(const gk_game *g, int32_t root, root_set *out, bool wildcard_only) {
  const gk_rules *r = g->rules;
  int32_t n = root;
  do {
    const gk_tilerec *t = &g->tiles[g->node_tile[n]];
    const uint8_t *ps = gk_port_seg(r, t->type, t->rot);
    for (int q = 0; q < GK_PORT_COUNT; q++) {
      if (ps[q] != g->node_seg[n]) continue;
      int side = q / 3, i = q % 3;
      int32_t m = gk_node_at_port(g, t->x + (side == 1) - (side == 3), t->y + (side == 2) - (side == 0),
                                  ((side + 2) % 4) * 3 + (2 - i));
      if (m < 0) continue;
      if (wildcard_only && !(r->kind_flags[g->node_kind[m]] & GK_KIND_WILDCARD)) continue;
      root_add(out, gk_find(g, m));
    }
    n = g->next[n];
  } while (n != root);
}

/* Non-wildcard features touching a wildcard segment's feature. */
static void wildcard_inner(const gk_game *g, int32_t hub, root_set *out) {
  int32_t a[REACH_MAX];
  int n = gk_feature_adjacent(g, hub, a, REACH_MAX);
  for (int i = 0; i < n && i < REACH_MAX; i++)
    if (!(g->rules->kind_flags[g->node_kind[a[i]]] & GK_KIND_WILDCARD)) root_add(out, a[i]);
}

/* Where a relocating figure on `root` may reach (any kind; filtered
** later): what touches its feature; through a wildcard segment it
** touches, whatever faces that segment (out of an abbey); through a
** wildcard segment its ports face, what touches that segment (into an
** abbey), never across to the far side. */
static void reach_connected(gk_game *g, int32_t root, root_set *out) {
  const gk_rules *r = g->rules;
  root_set hubs = {0};
  int32_t a[REACH_MAX];
  int n = gk_feature_adjacent(g, root, a, REACH_MAX);
  for (int i = 0; i < n && i < REACH_MAX; i++) {
    if (!(r->kind_flags[g->node_kind[a[i]]] & GK_KIND_WILDCARD)) {
      root_add(out, a[i]);
      continue;
    }
    wildcard_inner(g, a[i], out);
    facing_roots(g, a[i], out, false);
  }
  facing_roots(g, root, &hubs, true);
  for (int h = 0; h < hubs.n; h++) wildcard_inner(g, hubs.r[h], out);
}

static void reach_around(gk_game *g, int32_t node, root_set *out) {
  const gk_tilerec *t = &g->tiles[g->node_tile[node]];
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      int ti = gk_tile_at(g, t->x + dx, t->y + dy);
      if (ti < 0) continue;
      const gk_tilerec *o = &g->tiles[ti];
      int ns = g->rules->tiles[o->type].def.n_segments;
      for (int s = 0; s < ns; s++) root_add(out, gk_find(g, o->first_node + s));
    }
}

/* Does a closed feature of this part hold a figure that may move on? */
static bool relocating_on_closed(const gk_play *p) {
  const gk_game *g = p->game;
  for (int i = 0; i < p->n_closed; i++) {
    int32_t root = gk_find(g, p->closed[i]);
    for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
      for (int k = 0; k < p->flow->n_relocs; k++)
        if (p->flow->reloc[k].figure == g->figures[f].kind) return true;
  }
  return false;
}

/* The figure that decides next (-1: none waits) and its rule. */
static int32_t relocation_waiting(const gk_play *p, const gk_relocate_rule **rule) {
  const gk_game *g = p->game;
  int32_t best = -1;
  int best_order = 0;
  for (int32_t f = 0; f < g->n_figures; f++) {
    const gk_figrec *fr = &g->figures[f];
    if (fr->where != GK_AT_NODE || fr->owner < 0) continue;
    for (int i = 0; i < p->flow->n_relocs; i++) {
      if (p->flow->reloc[i].figure != fr->kind) continue;
      if (!gk_root_closed(g, gk_find(g, fr->a))) break;
      int order = (fr->owner - p->player + g->n_players) % g->n_players;
      if (best < 0 || order < best_order) best = f, best_order = order, *rule = &p->flow->reloc[i];
      break;
    }
  }
  return best;
}

/* The after-scoring phase's moves for the next waiting figure. */
static int relocation_moves(gk_play *p) {
  gk_game *g = p->game;
  const gk_relocate_rule *rule = NULL;
  int32_t f = relocation_waiting(p, &rule);
  if (f < 0) return GK_OK;
  int32_t node = g->figures[f].a, root = gk_find(g, node);
  int32_t owner = g->figures[f].owner + 1;
  root_set reach = {0};
  if (rule->reach == GK_REACH_AROUND) reach_around(g, node, &reach);
  else reach_connected(g, root, &reach);
  int st = reserve_moves(p, p->n_moves + 1);
  if (st) return st;
  p->moves[p->n_moves++] =
      (gk_move){.type = GK_MOVE_ACTION, .action = rule->action, .arg = {owner, 0, 0, 0}};
  for (int i = 0; i < reach.n; i++) {
    int32_t to = reach.r[i];
    if (to == root || !((rule->kinds >> g->node_kind[to]) & 1) || gk_root_closed(g, to) ||
        g->root[to].figures > 0)
      continue;
    int32_t m = to;
    do {
      st = reserve_moves(p, p->n_moves + 1);
      if (st) return st;
      const gk_tilerec *t = &g->tiles[g->node_tile[m]];
      p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_ACTION, .action = rule->action,
                                         .arg = {owner, t->x, t->y, g->node_seg[m] + 1}};
      m = g->next[m];
    } while (m != to);
  }
  return GK_OK;
}

/* A listed relocation move: back to the supply or onto the named segment. */
static int relocation_apply(gk_play *p, const gk_move *m) {
  gk_game *g = p->game;
  const gk_relocate_rule *rule = NULL;
  int32_t f = relocation_waiting(p, &rule);
  if (f < 0) return GK_EILLEGAL;
  int st;
  if (m->arg[3] == 0) {
    st = gk_figure_return(g, f);
  } else {
    int tile = gk_tile_at(g, m->arg[1], m->arg[2]);
    int32_t node = tile >= 0 ? gk_node(g, tile, m->arg[3] - 1) : -1;
    st = node >= 0 ? gk_figure_move(g, f, (gk_location){GK_AT_NODE, node, 0}) : GK_EILLEGAL;
  }
  if (st < 0) gk_play_set_error(p, "%s", gk_game_error(g));
  return st;
}

/* }------------------------------------------------------------------ */

/* {------------------------------------------------------------------
** Figures called back to the supply (gk_recall_rule)
** ------------------------------------------------------------------- */

/* The recall rule of this phase, or NULL. */
static const gk_recall_rule *recall_of_phase(const gk_play *p) {
  for (int i = 0; i < p->flow->n_recalls; i++)
    if (p->flow->recall[i].phase == p->phase) return &p->flow->recall[i];
  return NULL;
}

/* A feature's anchor: its first node in reading order (smallest y, then
** x, then segment), as {x, y, segment + 1}. */
static void feature_anchor(const gk_game *g, int32_t root, int32_t out[3]) {
  int32_t n = root;
  bool first = true;
  do {
    const gk_tilerec *t = &g->tiles[g->node_tile[n]];
    int32_t seg = g->node_seg[n] + 1;
    if (first || t->y < out[1] || (t->y == out[1] && (t->x < out[0] ||
                                                      (t->x == out[0] && seg < out[2])))) {
      out[0] = t->x, out[1] = t->y, out[2] = seg;
      first = false;
    }
    n = g->next[n];
  } while (n != root);
}

/* The root under a figure the rule lets the player take back, or -1. */
static int32_t recallable_root(const gk_play *p, const gk_recall_rule *rule, int32_t f) {
  const gk_game *g = p->game;
  const gk_figrec *fr = &g->figures[f];
  if (fr->owner != p->player || fr->where != GK_AT_NODE || !((rule->figures >> fr->kind) & 1))
    return -1;
  int32_t root = gk_find(g, fr->a);
  return ((rule->kinds >> g->node_kind[root]) & 1) ? root : -1;
}

/* The phase's recall moves, if the tile placed this part passes: one per
** feature holding a figure the player may take back, then a pass. */
static int recall_moves(gk_play *p) {
  const gk_recall_rule *rule = recall_of_phase(p);
  if (!rule) return GK_OK;
  gk_game *g = p->game;
  bool any_tile = !rule->tiles.tags && !rule->tiles.attrs;
  if (!any_tile && (p->placed < 0 || !tile_passes(p->flow, g->tiles[p->placed].type, &rule->tiles)))
    return GK_OK;
  int first = p->n_moves;
  for (int32_t f = 0; f < g->n_figures; f++) {
    int32_t root = recallable_root(p, rule, f);
    if (root < 0) continue;
    int32_t a[3];
    feature_anchor(g, root, a);
    bool listed = false;
    for (int i = first; i < p->n_moves && !listed; i++)
      listed = memcmp(p->moves[i].arg, a, sizeof a) == 0;
    if (listed) continue;
    int st = reserve_moves(p, p->n_moves + 1);
    if (st) return st;
    p->moves[p->n_moves++] =
        (gk_move){.type = GK_MOVE_ACTION, .action = rule->action, .arg = {a[0], a[1], a[2], 0}};
  }
  int st = reserve_moves(p, p->n_moves + 1);
  if (st) return st;
  p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_PASS};
  return GK_OK;
}

/* Is m this phase's recall move? */
static bool is_recall(const gk_play *p, const gk_move *m) {
  const gk_recall_rule *rule = m->type == GK_MOVE_ACTION ? recall_of_phase(p) : NULL;
  return rule && rule->action == m->action;
}

/* Returns the player's first figure the rule allows on the feature whose
** anchor the move names; nothing changes if there is none. */
static int recall_apply(gk_play *p, const gk_move *m) {
  const gk_recall_rule *rule = recall_of_phase(p);
  gk_game *g = p->game;
  for (int32_t f = 0; f < g->n_figures; f++) {
    int32_t root = recallable_root(p, rule, f);
    if (root < 0) continue;
    int32_t a[3];
    feature_anchor(g, root, a);
    if (a[0] != m->arg[0] || a[1] != m->arg[1] || a[2] != m->arg[2] || m->arg[3] != 0) continue;
    int st = gk_figure_return(g, f);
    if (st < 0) gk_play_set_error(p, "%s", gk_game_error(g));
    return st;
  }
  gk_play_set_error(p,
                    "%s: no figure of yours that may come back stands on the feature at %d %d %d",
                    gk_flow_action_name(p->flow, m->action), m->arg[0], m->arg[1], m->arg[2]);
  return GK_EILLEGAL;
}

/* }------------------------------------------------------------------ */

/* {------------------------------------------------------------------
** Scoring when figures meet (gk_meet_rule)
** ------------------------------------------------------------------- */

static int meet_score_one(gk_play *p, int32_t root, int m) {
  gk_game *g = p->game;
  const gk_flow *fl = p->flow;
  bool present = false, fresh = false, counted = false;
  uint32_t with[GK_MAX_PLAYERS] = {0};
  const int32_t *by_kind = fl->strength;
  for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next) {
    const gk_figrec *fr = &g->figures[f];
    if (fr->kind == fl->meet[m].figure) {
      present = true;
      fresh = fresh || g->node_tile[fr->a] == p->placed;
    }
    counted = counted || by_kind[fr->kind] > 0;
    if (fr->owner >= 0) with[fr->owner] |= 1u << fr->kind;
  }
  if (!present || !counted) return GK_OK;
  const scoring_rule *sr = fresh ? &fl->meet[m].placed : &fl->meet[m].joined;
  uint32_t leaders = 0;
  gk_majority(g, root, by_kind, NULL, &leaders);
  int32_t base = formula_sum(p, root, sr, false, 0);
  for (int pl = 0; pl < g->n_players; pl++) {
    if (!((leaders >> pl) & 1)) continue;
    int32_t pts = base + (with[pl] ? formula_sum(p, root, sr, true, with[pl]) : 0);
    if (pts <= 0) continue;
    int st = gk_score(g, pl, pts, sr->reason, root);
    if (st) return st;
  }
  return gk_play_return_figures(p, root, 0);
}

/* Is some figure of this kind out of its supply? A meeting needs one on
** the board, so this cheap look spares the walk most turns. */
static bool some_deployed(const gk_game *g, int kind) {
  const gk_figure_spec *fs = &g->rules->figure_spec[kind];
  size_t nfk = (size_t)g->rules->n_figure_kinds;
  if (g->supply[kind] < fs->neutral) return true; /* the neutral row first */
  for (int pl = 0; pl < g->n_players; pl++)
    if (g->supply[(size_t)(pl + 1) * nfk + (size_t)kind] < fs->per_player) return true;
  return false;
}

static int meet_scoring(gk_play *p) {
  gk_game *g = p->game;
  if (p->placed < 0) return GK_OK;
  bool any = false;
  for (int m = 0; m < p->flow->n_meets && !any; m++) any = some_deployed(g, p->flow->meet[m].figure);
  if (!any) return GK_OK;
  const gk_tilerec *t = &g->tiles[p->placed];
  int ns = g->rules->tiles[t->type].def.n_segments;
  int32_t done[GK_MAX_SEGMENTS];
  int n_done = 0;
  for (int s = 0; s < ns; s++) {
    int32_t root = gk_find(g, t->first_node + s);
    bool seen = false;
    for (int i = 0; i < n_done && !seen; i++) seen = done[i] == root;
    if (seen || g->root[root].figures < 2) continue;
    done[n_done++] = root;
    for (int m = 0; m < p->flow->n_meets; m++) {
      int st = meet_score_one(p, root, m);
      if (st < 0) return st;
    }
  }
  return GK_OK;
}

/* }------------------------------------------------------------------ */

static int final_scoring(gk_play *p) {
  gk_game *g = p->game;
  if (p->flow->n_systems > 0) {
    int st = score_systems(p);
    if (st) return st;
  }
  /* the figures that score by themselves, found before the features'
  ** final scoring may send them home */
  enum { SCORERS_MAX = 256 }; /* figures of a few kinds, a handful each */
  int32_t scorer[SCORERS_MAX][2];
  int n_scorers = 0;
  for (int i = 0; i < p->flow->n_figure_scores; i++)
    for (int32_t f = 0; f < g->n_figures; f++)
      if (g->figures[f].kind == p->flow->figure_score[i].figure && g->figures[f].where == GK_AT_NODE &&
          g->figures[f].owner >= 0) {
        if (n_scorers == SCORERS_MAX) {
          gk_play_set_error(p, "figure scoring: more than %d figures", SCORERS_MAX);
          return GK_EINVAL;
        }
        scorer[n_scorers][0] = f, scorer[n_scorers][1] = i, n_scorers++;
      }
  int32_t scorer_root[SCORERS_MAX];
  for (int i = 0; i < n_scorers; i++) scorer_root[i] = gk_find(g, g->figures[scorer[i][0]].a);
  /* The roots holding figures, in ascending node order; scoring merges
  ** nothing, so the set stays put while we walk it. */
  int32_t local[128], *roots = local;
  int n_roots = 0;
  if (g->n_figures > 128) {
    roots = gk_mem(&g->alloc, NULL, 0, sizeof(int32_t) * (size_t)g->n_figures);
    if (!roots) {
      gk_play_set_error(p, "out of memory");
      return GK_ENOMEM;
    }
  }
  for (int32_t f = 0; f < g->n_figures; f++) {
    if (g->figures[f].where != GK_AT_NODE) continue;
    int32_t root = gk_find(g, g->figures[f].a);
    int k = n_roots;
    while (k > 0 && roots[k - 1] > root) k--;
    if (k > 0 && roots[k - 1] == root) continue;
    memmove(roots + k + 1, roots + k, sizeof(int32_t) * (size_t)(n_roots - k));
    roots[k] = root;
    n_roots++;
  }
  int st_roots = GK_OK;
  for (int i = 0; i < n_roots && st_roots >= 0; i++) {
    int32_t n = roots[i];
    const scoring_rule *sr = &p->flow->scoring[g->node_kind[n]][GK_WHEN_FINAL];
    if (!sr->on || g->root[n].figures == 0 || gk_root_closed(g, n)) continue;
    int st = gk_play_score_feature(p, n, GK_WHEN_FINAL);
    if (st >= 0 && !(sr->flags & GK_SCORE_KEEP_FIGURES)) st = gk_play_return_figures(p, n, 1);
    if (st < 0) st_roots = st;
  }
  if (roots != local) gk_mem(&g->alloc, roots, sizeof(int32_t) * (size_t)g->n_figures, 0);
  if (st_roots < 0) return st_roots;
  for (int i = 0; i < p->flow->n_majorities; i++) {
    int c = p->flow->majority[i].counter;
    int32_t best = 0;
    for (int pl = 0; pl < g->n_players; pl++)
      if (g->counter[pl][c] > best) best = g->counter[pl][c];
    if (best <= 0) continue;
    for (int pl = 0; pl < g->n_players; pl++)
      if (g->counter[pl][c] == best) {
        int st = gk_score(g, pl, p->flow->majority[i].points, p->flow->majority[i].reason, -1);
        if (st) return st;
      }
  }
  for (int i = 0; i < n_scorers; i++) {
    const scoring_rule *sr = &p->flow->figure_score[scorer[i][1]].rule;
    int32_t pts = formula_sum(p, scorer_root[i], sr, false, 0);
    if (!pts) continue;
    int st = gk_score(g, g->figures[scorer[i][0]].owner, pts, sr->reason, scorer_root[i]);
    if (st) return st;
  }
  return notify(p, GK_HOOK_FINAL_SCORING, 0);
}

/* }================================================================== */

/* {==================================================================
** Moves of each phase
** =================================================================== */

static int reserve_moves(gk_play *p, int need) {
  void *m = p->moves;
  if (gk_grow(&p->game->alloc, &m, &p->cap_moves, need, sizeof(gk_move))) {
    gk_play_set_error(p, "out of memory listing moves");
    return GK_ENOMEM;
  }
  p->moves = m;
  return GK_OK;
}

static int filter(gk_play *p, int hook) {
  if (!has_hook(p, hook) || p->n_moves == 0) return GK_OK;
  if (hook == GK_HOOK_ALLOW_DEPLOYS && p->hooks.deploy_kinds != 0) {
    bool wanted = false;
    for (int i = 0; i < p->n_moves && !wanted; i++)
      wanted = p->moves[i].type == GK_MOVE_DEPLOY &&
               ((p->hooks.deploy_kinds >> p->moves[i].figure_kind) & 1u);
    if (!wanted) return GK_OK;
  }
  gk_hook_call c = {.hook = hook, .phase = p->phase, .feature = -1, .moves = p->moves,
                    .n_moves = p->n_moves, .cap_moves = p->n_moves};
  int st = call_hook(p, &c);
  if (st) return st;
  if (c.n_moves < 0 || c.n_moves > p->n_moves) {
    gk_play_set_error(p, "a filter returned %d moves out of %d", c.n_moves, p->n_moves);
    return GK_EINVAL;
  }
  p->n_moves = c.n_moves;
  return GK_OK;
}

/* Does this phase have a collector? */
static bool collects(const gk_play *p, int phase) {
  if (!has_hook(p, GK_HOOK_COLLECT)) return false;
  return p->hooks.collect_phases == 0 || ((p->hooks.collect_phases >> phase) & 1);
}

static int collect(gk_play *p) {
  if (!collects(p, p->phase)) return GK_OK;
  if ((p->filters.collect_filtered >> p->phase) & 1) {
    if (p->placed < 0 ||
        !tile_passes(p->flow, p->game->tiles[p->placed].type, &p->filters.collect_tiles))
      return GK_OK;
  }
  enum { EXTRA = 256 };
  int st = reserve_moves(p, p->n_moves + EXTRA);
  if (st) return st;
  gk_hook_call c = {.hook = GK_HOOK_COLLECT, .phase = p->phase, .feature = -1, .moves = p->moves,
                    .n_moves = p->n_moves, .cap_moves = p->n_moves + EXTRA};
  st = call_hook(p, &c);
  if (st) return st;
  if (c.n_moves < p->n_moves || c.n_moves > p->n_moves + EXTRA) {
    gk_play_set_error(p, "a collector left %d moves", c.n_moves);
    return GK_EINVAL;
  }
  p->n_moves = c.n_moves;
  return GK_OK;
}

/* Writes the placements the lazy list stands for. */
static int materialize(gk_play *p) {
  if (!p->moves_lazy) return GK_OK;
  gk_game *g = p->game;
  /* Room for every rotation of every frontier cell lets the kernel take
  ** its branch-free path, in one call. */
  int room = 4 * g->n_frontier;
  int st = reserve_moves(p, room + 1);
  if (st) return st;
  if (room > p->cap_place) {
    void *m = p->place;
    if (gk_grow(&g->alloc, &m, &p->cap_place, room, sizeof(gk_placement))) {
      gk_play_set_error(p, "out of memory listing placements");
      return GK_ENOMEM;
    }
    p->place = m;
  }
  int n = gk_legal_placements(g, p->tile, p->place, p->cap_place);
  if (n < 0) return n;
  p->n_moves = n;
  p->moves_lazy = false;
  p->moves_in_place = true;
  return GK_OK;
}

static int list_placements(gk_play *p) {
  int n = p->drawn_fits >= 0 ? p->drawn_fits : gk_count_placements(p->game, p->tile);
  p->drawn_fits = -1;
  if (n < 0) return n;
  p->n_moves = n;
  p->moves_lazy = true;
  if (!has_hook(p, GK_HOOK_ALLOW_PLACEMENTS)) return GK_OK;
  int st = materialize(p);
  if (st) return st;
  for (int i = 0; i < p->n_moves; i++) p->moves[i] = move_at(p, i);
  p->moves_in_place = false;
  return filter(p, GK_HOOK_ALLOW_PLACEMENTS);
}

/* Who already stands on a feature, as occupancy groups: anyone's, and
** the moving player's own. */
typedef struct company {
  int32_t root;
  unsigned groups, own;
} company;

static company company_at(const gk_play *p, int32_t root) {
  const gk_game *g = p->game;
  company c = {root, 0, 0};
  for (int32_t f = g->root[c.root].fig_head; f >= 0; f = g->figures[f].next) {
    unsigned grp = p->flow->group[g->figures[f].kind];
    c.groups |= grp;
    if (g->figures[f].owner == p->player) c.own |= grp;
  }
  return c;
}

static bool deployable_among(const gk_play *p, const gk_figure_rule *fr, const company *c,
                             system_memo *memo) {
  if ((c->groups & fr->blocked_by) || (fr->needs_own && !(c->own & fr->needs_own))) return false;
  if (fr->blocked_by && ((fr->blocked_across >> p->game->node_kind[c->root]) & 1))
    return !system_holds((gk_play *)p, c->root, fr->blocked_across, fr->blocked_by, -1, memo);
  return true;
}

/* May this player put a figure of this kind on the feature of node? */
static bool deployable(const gk_play *p, int kind, int32_t node) {
  const gk_figure_rule *fr = &p->flow->figure[kind];
  if (!((fr->on_kinds >> p->game->node_kind[node]) & 1)) return false;
  company c = company_at(p, gk_find(p->game, node));
  return deployable_among(p, fr, &c, NULL);
}

static int list_deploys(gk_play *p) {
  gk_game *g = p->game;
  const gk_rules *r = g->rules;
  p->n_moves = 0;
  if (p->placed >= 0) {
    const gk_tilerec *t = &g->tiles[p->placed];
    int st = reserve_moves(p, (GK_MAX_SEGMENTS + 4) * r->n_figure_kinds + 1);
    if (st) return st;
    const int16_t *supply = g->supply + (size_t)(p->player + 1) * (size_t)r->n_figure_kinds;
    /* Who stands on each segment's feature, looked up once for all the
    ** kinds the player still has. */
    const uint16_t *segs_of = p->flow->deploy_segs + (size_t)t->type * GK_MAX_FIGURE_KINDS;
    uint32_t kinds = 0;
    unsigned wanted = 0;
    for (uint32_t m = p->flow->placed_kinds; m; m &= m - 1) {
      int k = __builtin_ctz(m);
      if (supply[k] <= 0) continue;
      kinds |= 1u << k;
      wanted |= segs_of[k];
    }
    company on_segment[GK_MAX_SEGMENTS];
    system_memo memo;
    memo.n = 0;
    /* The placement's report knows each segment's feature, while no
    ** other tile has come since (nothing else unites features). */
    const gk_place_report *rep = &p->report;
    bool known = rep->tile == p->placed && g->n_tiles == p->placed + 1;
    for (unsigned m = wanted; m; m &= m - 1) {
      int s = __builtin_ctz(m);
      on_segment[s] = company_at(p, known ? rep->feature[rep->feature_of[s]]
                                          : gk_find(g, t->first_node + s));
    }
    for (; kinds; kinds &= kinds - 1) {
      int k = __builtin_ctz(kinds);
      const gk_figure_rule *fr = &p->flow->figure[k];
      if (fr->corner) {
        corner_deploys(p, k);
        continue;
      }
      for (unsigned m = segs_of[k]; m; m &= m - 1) {
        int s = __builtin_ctz(m);
        if (deployable_among(p, fr, &on_segment[s], &memo))
          p->moves[p->n_moves++] = (gk_move){
              .type = GK_MOVE_DEPLOY, .figure_kind = k, .at = {GK_AT_NODE, t->first_node + s, 0}};
      }
    }
  }
  int st = filter(p, GK_HOOK_ALLOW_DEPLOYS);
  if (st) return st;
  return collect(p);
}

/* }================================================================== */

/* {==================================================================
** Running the phases
** =================================================================== */

static int next_of(const gk_play *p, int phase) { return p->flow->next_phase[phase]; }

static int start_part(gk_play *p) {
  p->tile = -1;
  p->placed = -1;
  p->n_closed = 0;
  if (p->flow->has_line) memset(p->closed_done, 0, sizeof p->closed_done);
  p->meet_done = false;
  return GK_OK;
}

/* Draws until a tile fits somewhere, discarding the others (logged as
** the kernel's gk_stack_draw_placeable does), and remembers how many
** placements it has. */
static int draw_placeable(gk_play *p) {
  for (;;) {
    int t = gk_stack_draw(p->game, p->stack);
    if (t < 0) return t;
    int n = gk_count_placements(p->game, t);
    if (n > 0) {
      p->drawn_fits = n;
      return t;
    }
    int st = gk_discard(p->game, t);
    if (st) return st;
  }
}

/* Runs phases until one waits for a move (with moves listed) or the game
** is over. */
static int advance(gk_play *p) {
  gk_game *g = p->game;
  for (;;) {
    p->n_moves = 0;
    p->moves_in_place = false;
    p->moves_lazy = false;
    int st = GK_OK;
    switch (p->phase) {
      case GK_PHASE_BEGIN_TURN:
        st = gk_game_set_turn(g, p->turn, p->player);
        if (!st) st = start_part(p);
        if (!st) st = notify(p, GK_HOOK_TURN_BEGIN, 0);
        /* after the hook: a house rule may put some markers down itself */
        if (!st && p->flow->has_line) st = line_start(p);
        if (st) return st;
        p->phase = next_of(p, p->phase);
        continue;
      case GK_PHASE_DRAW: {
        if (p->tile >= 0) { /* a hook already chose the tile */
          p->phase = next_of(p, p->phase);
          continue;
        }
        if (p->flow->has_hand) {
          st = hand_moves(p);
          if (st) return st;
        }
        if (p->n_moves > 0 || collects(p, GK_PHASE_DRAW)) {
          st = collect(p);
          if (st) return st;
          if (p->n_moves > 0) {
            st = reserve_moves(p, p->n_moves + 1);
            if (st) return st;
            if (gk_stack_size(g, p->stack) > 0)
              p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_DRAW};
            return GK_OK;
          }
        }
        int t = draw_placeable(p);
        if (t == GK_EEMPTY) {
          /* an extra part finds nothing left: the turn just ends */
          p->phase = p->part > 1 ? GK_PHASE_END_TURN : GK_PHASE_GAME_END;
          continue;
        }
        if (t < 0) {
          gk_play_set_error(p, "%s", gk_game_error(g));
          return t;
        }
        p->tile = t;
        st = notify(p, GK_HOOK_TILE_DRAWN, t);
        if (st) return st;
        p->phase = next_of(p, p->phase);
        continue;
      }
      case GK_PHASE_PLACE_TILE:
        if (p->tile < 0 || p->placed >= 0) {
          p->phase = next_of(p, p->phase);
          continue;
        }
        st = list_placements(p);
        if (st) return st;
        if (p->n_moves > 0) return GK_OK;
        /* every placement vetoed: the tile leaves the game */
        st = gk_discard(g, p->tile);
        if (st) return st;
        p->tile = -1;
        p->phase = GK_PHASE_DRAW;
        continue;
      case GK_PHASE_PLACE_FIGURE:
        st = list_deploys(p);
        if (st) return st;
        if (p->n_moves > 0) {
          st = reserve_moves(p, p->n_moves + 1);
          if (st) return st;
          p->moves[p->n_moves++] = (gk_move){.type = GK_MOVE_PASS};
          return GK_OK;
        }
        p->phase = next_of(p, p->phase);
        continue;
      case GK_PHASE_SCORE:
        if (p->flow->n_relocs) p->relocation_due = p->relocation_due || relocating_on_closed(p);
        if (p->flow->has_line) {
          st = line_score(p);
          if (st < 0) return st;
          if (st > 0) return GK_OK;
        }
        for (int i = 0; i < p->n_closed; i++) {
          if (p->closed_done[i]) continue;
          int32_t root = gk_find(g, p->closed[i]);
          bool seen = false;
          for (int j = 0; j < i && !seen; j++) seen = gk_find(g, p->closed[j]) == root;
          if (seen) continue;
          st = gk_play_score_feature(p, root, GK_WHEN_CLOSED);
          if (st >= 0) st = gain_on_close(p, root);
          if (st >= 0) st = gk_play_return_figures(p, root, 0);
          if (st < 0) return st;
        }
        p->n_closed = 0;
        p->phase = next_of(p, p->phase);
        continue;
      case GK_PHASE_AFTER_SCORING:
        if (p->flow->n_meets && !p->meet_done) {
          st = meet_scoring(p);
          if (st) return st;
          p->meet_done = true; /* once, though the phase may wait for moves */
        }
        if (p->relocation_due) {
          st = relocation_moves(p);
          if (st) return st;
          if (p->n_moves > 0) return GK_OK;
          p->relocation_due = false;
        }
        p->phase = next_of(p, p->phase);
        continue;
      case GK_PHASE_END_PART: {
        /* a declared rule may have granted it; a hook has the last word */
        int32_t extra = p->extra_used ? -1 : p->extra_stack;
        p->extra_stack = -1;
        if (has_hook(p, GK_HOOK_EXTRA_PART)) {
          gk_hook_call c = {.hook = GK_HOOK_EXTRA_PART, .phase = p->phase, .feature = -1,
                            .value = extra};
          st = call_hook(p, &c);
          if (st) return st;
          extra = c.value;
        }
        if (extra >= 0 && extra < g->rules->n_stacks && gk_stack_size(g, extra) > 0) {
          p->extra_used = true;
          p->part++;
          p->stack = extra;
          start_part(p);
          p->phase = GK_PHASE_DRAW;
          continue;
        }
        p->phase = next_of(p, p->phase);
        continue;
      }
      case GK_PHASE_END_TURN:
        st = notify(p, GK_HOOK_TURN_END, 0);
        if (st) return st;
        p->player = (p->player + 1) % g->n_players;
        p->turn++;
        p->part = 1;
        p->extra_used = false;
        p->extra_stack = -1;
        p->stack = p->flow->stack;
        if (p->ending || (gk_stack_size(g, p->stack) == 0 && !collects(p, GK_PHASE_DRAW) &&
                          !hand_round_pending(p))) {
          p->phase = GK_PHASE_GAME_END;
          continue;
        }
        p->phase = GK_PHASE_BEGIN_TURN;
        continue;
      case GK_PHASE_GAME_END:
        /* what scores from here on scores after the last turn */
        st = gk_game_set_turn(g, p->turn, p->player);
        if (st) return st;
        p->phase = next_of(p, p->phase);
        continue;
      case GK_PHASE_FINAL_SCORING:
        st = final_scoring(p);
        if (st) return st;
        p->phase = GK_PHASE_GAME_OVER;
        continue;
      case GK_PHASE_GAME_OVER:
        return GK_OK;
      default: /* a custom phase: moves come from its recall and collectors */
        st = recall_moves(p);
        if (!st) st = collect(p);
        if (st) return st;
        if (p->n_moves > 0) return GK_OK;
        st = notify(p, GK_HOOK_PHASE, 0);
        if (st) return st;
        p->phase = next_of(p, p->phase);
        if (p->phase < 0) p->phase = GK_PHASE_GAME_OVER;
        continue;
    }
  }
}

int gk_play_set_first_player(gk_play *p, int player) {
  if (!p) return GK_EINVAL;
  if (p->turn != 0 || p->phase != GK_PHASE_BEGIN_TURN || !gk_valid_player(p->game, player)) {
    gk_play_set_error(p, "the first player can only be chosen before the first turn");
    return GK_EINVAL;
  }
  p->player = player;
  return GK_OK;
}

int gk_play_start(gk_play *p) {
  if (!p) return GK_EINVAL;
  return advance(p);
}

int gk_play_moves(gk_play *p, gk_move *out, int cap) {
  if (!p) return GK_EINVAL;
  if (cap < 0 || (cap > 0 && !out)) {
    gk_play_set_error(p, "moves: bad output buffer");
    return GK_EINVAL;
  }
  if (cap > 0 && p->moves_lazy) {
    int st = materialize(p);
    if (st) return st;
  }
  for (int i = 0; i < p->n_moves && i < cap; i++) out[i] = move_at(p, i);
  return p->n_moves;
}

/* Does the tile just placed earn an extra part under a declared rule? */
static void check_extra_rules(gk_play *p) {
  gk_game *g = p->game;
  const gk_place_report *rep = &p->report;
  for (int i = 0; i < p->flow->n_extras && p->extra_stack < 0; i++) {
    const gk_extra_rule *x = &p->flow->extra[i];
    if (x->trigger == GK_EXTRA_EXTENDS) {
      for (int k = 0; k < rep->n_features; k++) {
        int32_t root = rep->feature[k];
        if (!(rep->flags[k] & GK_FEAT_EXTENDED) || !((x->kinds >> g->node_kind[root]) & 1)) continue;
        for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next)
          if (g->figures[f].kind == x->figure && g->figures[f].owner == p->player) {
            p->extra_stack = x->stack;
            break;
          }
        if (p->extra_stack >= 0) break;
      }
    } else {
      for (int k = 0; k < rep->n_closed; k++) {
        int32_t root = gk_find(g, rep->closed[k]);
        if (!((x->kinds >> g->node_kind[root]) & 1)) continue;
        if (x->attr >= 0 && g->attrs[(size_t)root * (size_t)g->rules->n_attrs + (size_t)x->attr] <= 0)
          continue;
        p->extra_stack = x->stack;
        break;
      }
    }
  }
}

/* Plays a move known to be legal in the current phase. */
static int play_move(gk_play *p, const gk_move *m) {
  gk_game *g = p->game;
  int st;
  switch (m->type) {
    case GK_MOVE_PLACE: {
      bool from_hand = p->phase == GK_PHASE_DRAW;
      if (from_hand) p->tile = m->tile; /* played from hand */
      if (p->from_listing) {
        /* the kernel listed it, so the checks of gk_place_tile would only
        ** repeat the listing's */
        assert(gk_can_place(g, m->tile, m->x, m->y, m->rot) == 1);
        st = gk_board_place(g, m->tile, m->x, m->y, m->rot, false, &p->report);
      } else {
        st = gk_place_tile(g, m->tile, m->x, m->y, m->rot, &p->report);
      }
      if (st) {
        gk_play_set_error(p, "%s", gk_game_error(g));
        return st;
      }
      p->placed = p->report.tile;
      if (from_hand && p->flow->has_hand && m->tile == p->flow->hand.tile &&
          holds_hand_tile(p, p->player)) {
        /* the token leaves the hand with the tile */
        st = gk_figure_deploy(g, p->player, p->flow->hand.token,
                              (gk_location){GK_AT_TILE, p->placed, 0});
        if (st < 0) {
          gk_play_set_error(p, "%s", gk_game_error(g));
          return st;
        }
      }
      p->n_closed = p->report.n_closed;
      if (p->part == 1 && !p->extra_used && p->extra_stack < 0) check_extra_rules(p);
      memcpy(p->closed, p->report.closed, sizeof(int32_t) * (size_t)p->report.n_closed);
      p->phase = GK_PHASE_PLACE_TILE;
      st = notify(p, GK_HOOK_TILE_PLACED, 0);
      if (st) return st;
      break;
    }
    case GK_MOVE_DEPLOY: {
      int f = gk_figure_deploy(g, p->player, m->figure_kind, m->at);
      if (f < 0) {
        gk_play_set_error(p, "%s", gk_game_error(g));
        return f;
      }
      if (has_hook(p, GK_HOOK_FIGURE_PLACED)) {
        gk_hook_call c = {.hook = GK_HOOK_FIGURE_PLACED, .phase = p->phase, .feature = -1,
                          .value = f, .move = m};
        st = call_hook(p, &c);
        if (st) return st;
      }
      break;
    }
    case GK_MOVE_PASS:
    case GK_MOVE_DRAW:
      break;
    default: {
      if (p->phase == GK_PHASE_DRAW && m->type == GK_MOVE_ACTION && p->flow->has_hand &&
          p->flow->hand.end_round && m->action == p->flow->hand.decline_action &&
          holds_hand_tile(p, p->player)) {
        /* declined for good: the token leaves the game */
        st = gk_figure_deploy(g, p->player, p->flow->hand.token, (gk_location){GK_AT_OUT, 0, 0});
        if (st < 0) {
          gk_play_set_error(p, "%s", gk_game_error(g));
          return st;
        }
        break;
      }
      if (p->phase == GK_PHASE_AFTER_SCORING && m->type == GK_MOVE_ACTION && p->flow->n_relocs) {
        const gk_relocate_rule *rule = NULL;
        if (relocation_waiting(p, &rule) >= 0 && rule->action == m->action) {
          st = relocation_apply(p, m);
          if (st < 0) return st;
          return advance(p); /* the next waiting figure, if any */
        }
      }
      if (p->phase == GK_PHASE_SCORE && m->type == GK_MOVE_ACTION && p->flow->has_line &&
          m->action == p->flow->line.order_action) {
        st = line_apply_choice(p, m);
        if (st < 0) return st;
        return advance(p); /* the rest, or the next choice */
      }
      if (is_recall(p, m)) {
        st = recall_apply(p, m);
        if (st < 0) return st;
        break; /* on to the next phase */
      }
      if (!has_hook(p, GK_HOOK_APPLY)) {
        gk_play_set_error(p, "no hook plays this move");
        return GK_EILLEGAL;
      }
      gk_hook_call c = {.hook = GK_HOOK_APPLY, .phase = p->phase, .feature = -1, .move = m};
      st = call_hook(p, &c);
      if (st) return st;
      if (c.value == 1) return advance(p); /* same phase, asked again */
    }
  }
  if (m->type == GK_MOVE_DRAW) {
    /* the ordinary draw, chosen over the alternatives */
    int t = draw_placeable(p);
    if (t < 0 && t != GK_EEMPTY) return t;
    if (t == GK_EEMPTY) {
      p->phase = GK_PHASE_GAME_END;
      return advance(p);
    }
    p->tile = t;
    st = notify(p, GK_HOOK_TILE_DRAWN, t);
    if (st) return st;
  }
  p->phase = next_of(p, p->phase);
  return advance(p);
}

/* Copies every blob's bytes aside (one buffer, slot after slot). */
static int keep_blobs(gk_play *p) {
  const gk_game *g = p->game;
  size_t need = 0;
  for (int b = 0; b < GK_MAX_BLOBS; b++) need += g->blob_len[b];
  if (need > p->blob_keep_cap) {
    void *nb = gk_mem(&p->game->alloc, p->blob_keep, p->blob_keep_cap, need);
    if (!nb) return GK_ENOMEM;
    p->blob_keep = nb;
    p->blob_keep_cap = need;
  }
  size_t at = 0;
  for (int b = 0; b < GK_MAX_BLOBS; b++) {
    p->blob_kept_len[b] = g->blob_len[b];
    if (g->blob_len[b]) memcpy((char *)p->blob_keep + at, g->blob[b], g->blob_len[b]);
    at += g->blob_len[b];
  }
  return GK_OK;
}

/* The game as it was when its log held `mark` events: replay them into a
** fresh game, put the kept blobs back, and copy the result in place so
** that pointers to the game stay good. */
static int rebuild(gk_play *p, int mark, bool kept) {
  gk_game *g = p->game;
  gk_game *fresh = gk_game_new_like(g);
  if (!fresh) return GK_ENOMEM;
  int st = gk_replay(fresh, g->log, mark);
  size_t at = 0;
  for (int b = 0; b < GK_MAX_BLOBS && st >= 0; b++) {
    /* no hook ran: the blobs are still those before the move */
    size_t len = kept ? p->blob_kept_len[b] : g->blob_len[b];
    const void *from = kept ? (const void *)((char *)p->blob_keep + at) : g->blob[b];
    void *copy = NULL;
    if (len) {
      copy = gk_mem(&fresh->alloc, NULL, 0, len);
      if (!copy) {
        st = GK_ENOMEM;
        break;
      }
      memcpy(copy, from, len);
    }
    gk_mem(&fresh->alloc, fresh->blob[b], fresh->blob_len[b], 0);
    fresh->blob[b] = copy;
    fresh->blob_len[b] = len;
    at += len;
  }
  if (st >= 0) st = gk_game_copy(g, fresh);
  gk_game_free(fresh);
  return st < 0 ? st : GK_OK;
}

int gk_play_apply(gk_play *p, const gk_move *m) {
  if (!p || !m) return GK_EINVAL;
  p->err[0] = 0;
  if (p->moves_lazy) {
    int st = materialize(p);
    if (st) return st;
  }
  for (int i = 0; i < p->n_moves; i++) {
    gk_move cand = move_at(p, i);
    if (gk_move_equal(&cand, m)) return gk_play_apply_index(p, i);
  }
  if (p->phase == GK_PHASE_GAME_OVER) gk_play_set_error(p, "the game is over");
  else gk_play_set_error(p, "not a legal move in phase %s", gk_flow_phase_name(p->flow, p->phase));
  return GK_EILLEGAL;
}

/* Copies the play's position from src to dst, the used part of its
** arrays only (but closed_done): a few hundred bytes rather than the
** whole struct. Left out: the message (the caller sets it) and the kept
** blobs' lengths (the caller keeps them). The fields past the report are copied whole, so
** fields added at the end are kept too. */
_Static_assert(offsetof(gk_play, err) < offsetof(gk_play, closed) &&
                   offsetof(gk_play, closed) < offsetof(gk_play, closed_done) &&
                   offsetof(gk_play, closed_done) < offsetof(gk_play, report) &&
                   offsetof(gk_play, report) < offsetof(gk_play, agent_rng) &&
                   offsetof(gk_play, agent_rng) < offsetof(gk_play, blob_kept_len),
               "play_snapshot copies gk_play in this order");
_Static_assert(offsetof(gk_place_report, feature) < offsetof(gk_place_report, flags) &&
                   offsetof(gk_place_report, flags) < offsetof(gk_place_report, n_merges) &&
                   offsetof(gk_place_report, n_closed) < offsetof(gk_place_report, closed) &&
                   offsetof(gk_place_report, closed) + sizeof(int32_t[GK_REPORT_MAX]) ==
                       sizeof(gk_place_report),
               "play_snapshot copies gk_place_report in this order");
static void copy_range(void *dst, const void *src, size_t from, size_t to) {
  memcpy((char *)dst + from, (const char *)src + from, to - from);
}

static void play_snapshot(gk_play *dst, const gk_play *src) {
  size_t n = (size_t)src->n_closed, nr = (size_t)src->report.n_closed;
  size_t nf = (size_t)src->report.n_features;
  copy_range(dst, src, 0, offsetof(gk_play, err));
  copy_range(dst, src, offsetof(gk_play, err) + sizeof src->err, offsetof(gk_play, closed));
  memcpy(dst->closed, src->closed, sizeof(int32_t) * n);
  /* whole: a placement sets n_closed without clearing these */
  memcpy(dst->closed_done, src->closed_done, sizeof src->closed_done);
  gk_place_report *dr = &dst->report;
  const gk_place_report *sr = &src->report;
  copy_range(dr, sr, 0, offsetof(gk_place_report, feature));
  memcpy(dr->feature, sr->feature, sizeof sr->feature[0] * nf);
  memcpy(dr->flags, sr->flags, sizeof sr->flags[0] * nf);
  copy_range(dr, sr, offsetof(gk_place_report, n_merges), offsetof(gk_place_report, closed));
  memcpy(dr->closed, sr->closed, sizeof(int32_t) * nr);
  copy_range(dst, src, offsetof(gk_play, agent_rng), offsetof(gk_play, blob_kept_len));
  copy_range(dst, src, offsetof(gk_play, blob_kept_len) + sizeof src->blob_kept_len, sizeof(gk_play));
}

int gk_play_apply_index(gk_play *p, int i) {
  if (!p) return GK_EINVAL;
  p->err[0] = 0;
  if (i < 0 || i >= p->n_moves) {
    gk_play_set_error(p, "no move %d (there are %d)", i, p->n_moves);
    return GK_EILLEGAL;
  }
  gk_move move = move_at(p, i); /* the move rewrites the list */
  p->from_listing = p->moves_lazy || p->moves_in_place;
  if (!p->hooks.present) {
    /* Without hooks nothing below can fail but memory, and the kernel
    ** reserves before it changes anything. */
    return play_move(p, &move);
  }
  /* A hook may fail half-way. The game's log records every change, so
  ** the game before the move is a fresh game replaying the log up to
  ** here; only the scripts' blobs, whose contents the log leaves out, are
  ** kept aside, just before the move's first hook (call_hook). That
  ** costs nothing on the usual path, where hooks succeed. */
  int log_mark = p->game->n_log;
  /* and the list of legal moves, which the move rewrites */
  size_t list_bytes = p->moves_lazy       ? 0 /* derived from the game, restored below */
                      : p->moves_in_place ? sizeof(gk_placement) * (size_t)p->n_moves
                                          : sizeof(gk_move) * (size_t)p->n_moves;
  if (list_bytes > p->backup_bytes) {
    void *nb = gk_mem(&p->game->alloc, p->backup, p->backup_bytes, list_bytes);
    if (!nb) {
      gk_play_set_error(p, "out of memory");
      return GK_ENOMEM;
    }
    p->backup = nb;
    p->backup_bytes = list_bytes;
  }
  if (list_bytes) memcpy(p->backup, p->moves_in_place ? (void *)p->place : (void *)p->moves, list_bytes);
  gk_play saved;
  play_snapshot(&saved, p);
  p->guarded = true;
  p->blobs_kept = false;
  int st = play_move(p, &move);
  bool kept = p->blobs_kept;
  p->guarded = false;
  if (st < 0) {
    char why[GK_ERR_MAX];
    memcpy(why, p->err, sizeof why);
    /* the position fields come back; the move list buffers stay ours */
    gk_move *moves = p->moves;
    int cap_moves = p->cap_moves;
    gk_placement *place = p->place;
    int32_t cap_place = p->cap_place;
    gk_game *game = p->game;
    /* the blobs kept during the move, in a buffer that may have moved */
    void *blob_keep = p->blob_keep;
    size_t blob_keep_cap = p->blob_keep_cap;
    play_snapshot(p, &saved);
    p->blob_keep = blob_keep;
    p->blob_keep_cap = blob_keep_cap;
    p->moves = moves;
    p->cap_moves = cap_moves;
    p->place = place;
    p->cap_place = cap_place;
    p->game = game;
    void *backup = p->backup;
    if (rebuild(p, log_mark, kept)) {
      gk_play_set_error(p, "out of memory restoring a game after: %s", why);
      return GK_ENOMEM;
    }
    /* the old list, into buffers that are big enough: they only grow */
    if (list_bytes) {
      if (p->moves_in_place) {
        if ((size_t)p->cap_place * sizeof(gk_placement) < list_bytes) {
          gk_play_set_error(p, "placement list shrank");
          return GK_ENOMEM;
        }
        memcpy(p->place, backup, list_bytes);
      } else {
        if ((size_t)p->cap_moves * sizeof(gk_move) < list_bytes) {
          gk_play_set_error(p, "move list shrank");
          return GK_ENOMEM;
        }
        memcpy(p->moves, backup, list_bytes);
      }
    }
    memcpy(p->err, why, sizeof why);
  }
  return st < 0 ? st : GK_OK;
}

static uint32_t agent_below(gk_play *p, uint32_t n) {
  /* xorshift64*: the agent's own stream */
  uint64_t x = p->agent_rng;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  p->agent_rng = x;
  return (uint32_t)(((x * 0x2545F4914F6CDD1Dull) >> 32) * (uint64_t)n >> 32);
}

int gk_play_random_index(gk_play *p) {
  if (!p) return GK_EINVAL;
  if (p->phase == GK_PHASE_GAME_OVER || p->n_moves == 0) return GK_EILLEGAL;
  return (int)agent_below(p, (uint32_t)p->n_moves);
}

int gk_play_random_move(gk_play *p) {
  int i = gk_play_random_index(p);
  return i < 0 ? i : gk_play_apply_index(p, i);
}

int gk_play_random_game(gk_play *p) {
  if (!p) return GK_EINVAL;
  while (p->phase != GK_PHASE_GAME_OVER) {
    int st = gk_play_random_move(p);
    if (st < 0) return st;
  }
  return GK_OK;
}
