/*
** cap_score_meeting.c: scoring when figures meet (gk_score_meeting_rule): a feature of the
** tile just placed holding a rule's figure and counting figures scores
** at once (a barn joining farmers).
**
** Owns caps.score_meeting and the play's score_meeting_done. Invariant: the meetings of a
** part are scored once, at the start of its after-scoring phase.
*/
#include "flow/flow_internal.h"

int gk_flow_add_score_meeting(gk_flow *f, const gk_score_meeting_rule *rule) {
  int st = fl_check_open(f, "declare a meeting scoring");
  if (st) return st;
  const gk_rules *r = f->rules;
  if (!rule || rule->figure < 0 || rule->figure >= r->n_figure_kinds || rule->reason < 0 ||
      rule->reason >= r->n_reasons || !fl_formula_ok(r, &rule->placed) ||
      !fl_formula_ok(r, &rule->joined) || f->caps.score_meeting.n >= GK_MAX_SCORE_MEETINGS) {
    fl_flow_error(f, "score_meeting: malformed rule (figure, reason or a term) or more than %d",
                  GK_MAX_SCORE_MEETINGS);
    return GK_EINVAL;
  }
  f->caps.score_meeting.rule[f->caps.score_meeting.n].figure = rule->figure;
  f->caps.score_meeting.rule[f->caps.score_meeting.n].reason = rule->reason;
  f->caps.score_meeting.rule[f->caps.score_meeting.n].placed =
      (fl_scoring){.on = true, .formula = rule->placed, .reason = rule->reason};
  f->caps.score_meeting.rule[f->caps.score_meeting.n].joined =
      (fl_scoring){.on = true, .formula = rule->joined, .reason = rule->reason};
  f->caps.score_meeting.n++;
  return GK_OK;
}

static int score_meeting_one(gk_play *p, int32_t root, int m) {
  gk_game *g = p->game;
  const gk_flow *fl = p->flow;
  bool present = false, fresh = false, counted = false;
  uint32_t with[GK_MAX_PLAYERS] = {0};
  const int32_t *by_kind = fl->strength;
  for (int32_t f = g->root[root].fig_head; f >= 0; f = g->figures[f].next) {
    const gk_figrec *fr = &g->figures[f];
    if (fr->kind == fl->caps.score_meeting.rule[m].figure) {
      present = true;
      fresh = fresh || g->node_tile[fr->a] == p->placed;
    }
    counted = counted || by_kind[fr->kind] > 0;
    if (fr->owner >= 0) with[fr->owner] |= 1u << fr->kind;
  }
  if (!present || !counted) return GK_OK;
  const fl_scoring *sr = fresh ? &fl->caps.score_meeting.rule[m].placed : &fl->caps.score_meeting.rule[m].joined;
  uint32_t leaders = 0;
  gk_majority(g, root, by_kind, NULL, &leaders);
  int32_t base = fl_formula_sum(p, root, sr, false, 0);
  if (fl_formula_status(p)) return GK_EINVAL;
  for (int pl = 0; pl < g->n_players; pl++) {
    if (!((leaders >> pl) & 1)) continue;
    int64_t pts = (int64_t)base + (with[pl] ? fl_formula_sum(p, root, sr, true, with[pl]) : 0);
    if (fl_formula_status(p)) return GK_EINVAL;
    if (pts < 0) continue; /* 0 is written: scored, for nothing */
    int st = fl_score(p, pl, pts, sr->reason, root);
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

static int score_meetings_now(gk_play *p) {
  gk_game *g = p->game;
  if (p->placed < 0) return GK_OK;
  bool any = false;
  for (int m = 0; m < p->flow->caps.score_meeting.n && !any; m++)
    any = some_deployed(g, p->flow->caps.score_meeting.rule[m].figure);
  if (!any) return GK_OK;
  /* The new tile's features, in the order of their first segments: the
  ** placement's report names them (a feature each, where the segments
  ** would name one several times), or else its segments do. */
  const gk_place_report *rep = &p->report;
  const bool known = rep->tile == p->placed;
  const gk_tilerec *t = &g->tiles[p->placed];
  int ns = known ? rep->n_features : g->rules->tiles[t->type].def.n_segments;
  int32_t done[GK_MAX_SEGMENTS];
  int n_done = 0;
  for (int s = 0; s < ns; s++) {
    int32_t root = gki_find(g, known ? rep->feature[s] : t->first_node + s);
    bool seen = false;
    for (int i = 0; i < n_done && !seen; i++) seen = done[i] == root;
    if (seen || g->root[root].figures < 2) continue;
    done[n_done++] = root;
    for (int m = 0; m < p->flow->caps.score_meeting.n; m++) {
      int st = score_meeting_one(p, root, m);
      if (st < 0) return st;
    }
  }
  return GK_OK;
}

static bool score_meeting_declared(const gk_flow *f) { return f->caps.score_meeting.n > 0; }

static void score_meeting_part_start(gk_play *p) { p->caps.score_meeting.done = false; }

/* Once a part, though the phase may wait for moves afterwards. */
static int score_meeting_after_scoring(gk_play *p) {
  if (p->caps.score_meeting.done) return 0;
  int st = score_meetings_now(p);
  if (st) return st;
  p->caps.score_meeting.done = true;
  return 0;
}

const fl_capability fl_cap_score_meeting = {
    .name = "score_meeting",
    .declared = score_meeting_declared,
    .part_start = score_meeting_part_start,
    .after_scoring = score_meeting_after_scoring,
};
